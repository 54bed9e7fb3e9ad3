"""Throwing by hand: a slingshot with the mouse, or aim and charge with the keyboard.

Mouse: move along your throw line, press on the sphere, drag back and release: the
throw goes the other way, harder the longer the pull. The wheel (or Q / E) sets spin.
Keyboard: A / D move along the line, Left / Right aim, hold Space to charge, release to
throw. With aim assist on, the first part of the path is previewed through the same
physics the throw will use.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from game import physics
from game.match.layout import Zone

from . import widgets as w

if TYPE_CHECKING:
    from .match_scene import MatchScene

MAX_PULL = 180.0  # px of pull for full power
MAX_HAND_SPEED = 2400.0  # mm/s at full power (the physics caps at MAX_SPEED)
PREVIEW_SECONDS = 0.7


THROW_ACTIONS = ("aim_left", "aim_right", "move_left", "move_right", "spin_left", "spin_right")


def bound_keys(names: Mapping[str, str]) -> dict[int, str]:
    """Key code -> throwing action, from the player's bindings (key names as pygame spells
    them); a name pygame does not know falls back to the default binding."""
    from game.persist.settings import DEFAULT_KEYS

    out: dict[int, str] = {}
    for action in (*THROW_ACTIONS, "throw_charge"):
        for name in (names.get(action, ""), DEFAULT_KEYS[action]):
            try:
                out[pygame.key.key_code(name)] = action
                break
            except (ValueError, pygame.error):
                continue
    return out


class ThrowInput:
    def __init__(self, scene: MatchScene, player: int, zone: Zone) -> None:
        self.scene = scene
        self.player = player
        self.zone = zone
        self.x = (zone.x0 + zone.x1) / 2
        self.y = zone.y1 - 50 if player == 0 else zone.y0 + 50
        self.angle = math.pi / 2 if player == 0 else -math.pi / 2
        self.power = 0.0
        self.spin = 0.0
        self.dragging = False
        self.drag_to: tuple[int, int] | None = None
        self.charging = False
        self.message = ""
        self.message_t = 0.0
        self._preview: list[tuple[int, int]] = []
        self.keys = bound_keys(scene.app.settings.keys)
        self._preview_key: tuple[float, ...] | None = None

    # ------------------------------------------------------------------ geometry

    def origin(self) -> physics.Point:
        return (self.x, self.y)

    def current(self) -> physics.Throw:
        speed = max(0.0, min(self.power, 1.0)) * MAX_HAND_SPEED
        return physics.Throw(self.origin(), self.angle, speed, self.spin)

    def refuse(self, message: str) -> None:
        self.message = message
        self.message_t = 2.0
        self.power = 0.0

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> physics.Throw | None:
        from .match_scene import to_screen, to_table

        if event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self.drag_to = event.pos
                sx, sy = to_screen(self.origin())
                dx, dy = sx - event.pos[0], sy - event.pos[1]
                pull = math.hypot(dx, dy)
                if pull > 4:
                    self.angle = math.atan2(-dy, dx)  # screen y points down
                self.power = min(pull / MAX_PULL, 1.0)
            else:
                tx, _ = to_table(event.pos)
                self.x = min(max(tx, self.zone.x0 + 20), self.zone.x1 - 20)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sx, sy = to_screen(self.origin())
            if math.hypot(event.pos[0] - sx, event.pos[1] - sy) < 40:
                self.dragging = True
                self.drag_to = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            if self.power > 0.05:
                return self.current()
            self.power = 0.0
        elif event.type == pygame.MOUSEWHEEL:
            self.spin = max(-1.0, min(1.0, self.spin + 0.1 * event.y))
        elif event.type == pygame.KEYDOWN:
            action = self.keys.get(event.key)
            if action == "aim_left":
                self.angle += 0.04
            elif action == "aim_right":
                self.angle -= 0.04
            elif action == "move_left":
                self.x = max(self.zone.x0 + 20, self.x - 15)
            elif action == "move_right":
                self.x = min(self.zone.x1 - 20, self.x + 15)
            elif action == "spin_left":
                self.spin = min(1.0, self.spin + 0.1)
            elif action == "spin_right":
                self.spin = max(-1.0, self.spin - 0.1)
            elif action == "throw_charge":
                self.charging = True
                self.power = 0.0
        elif event.type == pygame.KEYUP and self.keys.get(event.key) == "throw_charge":
            was_charging, self.charging = self.charging, False
            if was_charging and self.power > 0.05:
                return self.current()
        return None

    def update(self, dt: float) -> None:
        if self.charging:
            self.power = min(1.0, self.power + dt / 1.4)
        if self.message_t > 0:
            self.message_t -= dt

    # ------------------------------------------------------------------ drawing

    def _path(self) -> list[tuple[int, int]]:
        from .match_scene import to_screen

        key = (round(self.x, 1), round(self.angle, 3), round(self.power, 2), round(self.spin, 2))
        if key != self._preview_key:
            self._preview_key = key
            throw = self.current()
            table = self.scene.session.table()
            if throw.speed < 1 or physics.check_origin(table, throw.origin, throw.radius):
                self._preview = []
            else:
                traj = physics.resolve_throw(table, throw).trajectory
                end = min(PREVIEW_SECONDS, traj.duration)
                self._preview = [to_screen(traj.at(end * k / 24)[:2]) for k in range(25)]
        return self._preview

    def draw(self, surface: pygame.Surface) -> None:
        from . import art
        from .match_scene import PLAYER_COLOURS, to_screen

        sx, sy = to_screen(self.origin())
        bakugan = self.scene.session.awaiting_throw()
        attr = None
        if bakugan is not None:
            d = self.scene.catalog.bakugan[bakugan[1]]
            attr = d.attribute.value if d.attribute else None
        # Aim line.
        length = 60 + 140 * self.power
        ex = sx + math.cos(self.angle) * length
        ey = sy - math.sin(self.angle) * length
        pygame.draw.line(surface, PLAYER_COLOURS[self.player], (sx, sy), (int(ex), int(ey)), 3)
        if getattr(self.scene, "aim_assist", self.scene.app.aim_assist) and self.power > 0.05:
            pts = self._path()
            for i, p in enumerate(pts[::2]):
                pygame.draw.circle(surface, (255, 255, 255), p, 2 if i % 2 else 3)
        if self.dragging and self.drag_to is not None:
            pygame.draw.line(surface, (230, 230, 230), (sx, sy), self.drag_to, 2)
        img = art.closed_sphere(attr, 11, self.spin * 2)
        surface.blit(img, img.get_rect(center=(sx, sy)))
        # Power meter and spin readout.
        meter = pygame.Rect(380, 690 if self.player == 0 else 20, 200, 14)
        pygame.draw.rect(surface, (30, 30, 40), meter, border_radius=6)
        fill = meter.copy()
        fill.w = int(meter.w * self.power)
        colour = (
            (90, 220, 120)
            if self.power < 0.7
            else (255, 180, 60)
            if self.power < 0.9
            else (255, 80, 60)
        )
        pygame.draw.rect(surface, colour, fill, border_radius=6)
        label = self.scene.tr("throw.meter", power=int(self.power * 100), spin=f"{self.spin:+.1f}")
        w.text(surface, label, (meter.right + 10, meter.centery), 20, w.INK, "midleft")
        if self.message_t > 0:
            w.text(
                surface,
                self.message,
                (sx, sy - 40 if self.player == 0 else sy + 40),
                22,
                (255, 140, 120),
                "center",
                shadow=True,
            )
