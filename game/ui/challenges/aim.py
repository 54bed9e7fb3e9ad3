"""The challenges' slingshot: where in the level's throw zone, which way, how hard, what
spin (the pull measured as the match measures it, `slingshot.pull`)."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import pygame

from game.challenges import LevelDef
from game.physics import MAX_SPEED

from .. import slingshot
from ..table_view import TableView
from ..throwing import bound_keys

Point = tuple[float, float]

MAX_HAND_SPEED = MAX_SPEED  # mm/s at full power


class Aim:
    """The slingshot for challenges: where in the zone, which way, how hard, what spin.

    Mouse: move over the throw zone to place the sphere, press on it, pull back and let
    go. Wheel or Q / E: spin. Keys: A / D and W / S move it, Left / Right aim (with
    Shift: finely), hold Space to charge, release to throw. All but W / S are the
    player's throwing keys (`keys`, as `game.ui.throwing.bound_keys` gives them).
    """

    def __init__(
        self,
        level: LevelDef,
        view: TableView,
        keys: Mapping[int, str] | None = None,
        bounds: Callable[[], slingshot.Bounds] | None = None,
    ) -> None:
        self.level = level
        self.view = view
        self.bounds = bounds or (lambda: slingshot.DEFAULT_BOUNDS)  # the window, logical
        self.keys = dict(keys) if keys is not None else bound_keys({})
        x0, y0, x1, y1 = level.zone
        self.x = (x0 + x1) / 2
        self.y = (y0 + y1) / 2
        centre_y = level.height / 2
        self.angle = math.pi / 2 if (y0 + y1) / 2 < centre_y else -math.pi / 2
        self.power = 0.0
        self.spin = 0.0
        self.dragging = False
        self.drag_to: tuple[int, int] | None = None
        self.charging = False
        self.radius = 14.0

    def clamp(self) -> None:
        x0, y0, x1, y1 = self.level.zone
        r = self.radius + 1.0
        self.x = min(max(self.x, x0 + r), x1 - r)
        self.y = min(max(self.y, y0 + r), y1 - r)

    def origin(self) -> Point:
        return (self.x, self.y)

    def speed(self) -> float:
        return max(0.0, min(self.power, 1.0)) * MAX_HAND_SPEED

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the sphere is let go (a throw is made)."""
        v = self.view
        if event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self.drag_to = event.pos
                # The match's slingshot: full power at a straight pull to the window's edge.
                angle, self.power = slingshot.pull(v.fpx(self.origin()), event.pos, self.bounds())
                if angle is not None:
                    self.angle = angle
            else:
                x0, y0, x1, y1 = self.level.zone
                mx, my = v.mm(event.pos)
                if x0 - 60 <= mx <= x1 + 60 and y0 - 60 <= my <= y1 + 60:
                    self.x, self.y = mx, my
                    self.clamp()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sx, sy = v.px(self.origin())
            if math.hypot(event.pos[0] - sx, event.pos[1] - sy) < 40:
                self.dragging = True
                self.drag_to = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            if self.power > 0.04:
                return True
            self.power = 0.0
        elif event.type == pygame.MOUSEWHEEL:
            self.spin = max(-1.0, min(1.0, round(self.spin + 0.1 * event.y, 2)))
        elif event.type == pygame.KEYDOWN:
            fine = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            step = 2.0 if fine else 8.0
            turn = 0.004 if fine else 0.02  # radians: Shift aims finely
            action = self.keys.get(event.key)
            if action == "aim_left":
                self.angle += turn
            elif action == "aim_right":
                self.angle -= turn
            elif action == "move_left":
                self.x -= step
            elif action == "move_right":
                self.x += step
            elif action == "spin_left":
                self.spin = min(1.0, round(self.spin + 0.1, 2))
            elif action == "spin_right":
                self.spin = max(-1.0, round(self.spin - 0.1, 2))
            elif action == "throw_charge":
                self.charging = True
                self.power = 0.0
            elif event.key == pygame.K_w:
                self.y += step
            elif event.key == pygame.K_s:
                self.y -= step
            self.clamp()
        elif (
            event.type == pygame.KEYUP
            and self.keys.get(event.key) == "throw_charge"
            and self.charging
        ):
            self.charging = False
            if self.power > 0.04:
                return True
        return False

    def update(self, dt: float) -> None:
        if self.charging:
            self.power = min(1.0, self.power + dt / 1.5)
