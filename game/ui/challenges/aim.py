"""The challenges' slingshot: where in the level's throw zone, which way, how hard, what
spin (`slingshot.Slingshot` with the challenges' `slingshot.CHALLENGE` feel)."""

from __future__ import annotations

import math
from collections.abc import Mapping

import pygame

from game.challenges import LevelDef

from .. import slingshot
from ..hand_throw import bound_keys
from ..table_view import TableView

Point = tuple[float, float]

MAX_HAND_SPEED = slingshot.CHALLENGE.full_speed  # mm/s at full power


class Aim(slingshot.Slingshot):
    """The slingshot for challenges: where in the zone, which way, how hard, what spin.

    Mouse: move over the throw zone to place the sphere, press on it, pull back and let
    go. Wheel or Q / E: spin. Keys: A / D and W / S move it, Left / Right aim (with
    Shift: finely), hold Space to charge (F: the fine charge), release to throw. All
    but W / S are the player's throwing keys (`keys`, as `game.ui.hand_throw.bound_keys`
    gives them).
    """

    def __init__(
        self,
        level: LevelDef,
        view: TableView,
        keys: Mapping[int, str] | None = None,
    ) -> None:
        super().__init__(slingshot.CHALLENGE, keys if keys is not None else bound_keys({}))
        self.level = level
        self.view = view
        x0, y0, x1, y1 = level.zone
        self.x = (x0 + x1) / 2
        self.y = (y0 + y1) / 2
        centre_y = level.height / 2
        self.angle = math.pi / 2 if (y0 + y1) / 2 < centre_y else -math.pi / 2
        self.radius = 14.0

    def clamp(self) -> None:
        x0, y0, x1, y1 = self.level.zone
        r = self.radius + 1.0
        self.x = min(max(self.x, x0 + r), x1 - r)
        self.y = min(max(self.y, y0 + r), y1 - r)

    def origin(self) -> Point:
        return (self.x, self.y)

    def sphere_px(self) -> tuple[float, float]:
        return self.view.fpx(self.origin())

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the sphere is let go (a throw is made)."""
        thrown = self.feed(event)
        if event.type == pygame.KEYDOWN:
            self.clamp()
        return thrown

    def hover(self, pos: tuple[int, int]) -> None:
        x0, y0, x1, y1 = self.level.zone
        mx, my = self.view.mm(pos)
        if x0 - 60 <= mx <= x1 + 60 and y0 - 60 <= my <= y1 + 60:
            self.x, self.y = mx, my
            self.clamp()

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        fine = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        step = 2.0 if fine else 8.0
        turn = 0.004 if fine else 0.02  # radians: Shift aims finely
        if action == "aim_left":
            self.angle += turn
        elif action == "aim_right":
            self.angle -= turn
        elif action == "move_left":
            self.x -= step
        elif action == "move_right":
            self.x += step
        elif event.key == pygame.K_w:
            self.y += step
        elif event.key == pygame.K_s:
            self.y -= step
