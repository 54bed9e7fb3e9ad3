"""Throwing by hand: a slingshot with the mouse, or aim and charge with the keyboard.

Mouse: move along your throw line, press on the sphere, drag back and release: the
throw goes the other way, harder the longer the pull. The wheel (or Q / E) sets spin.
Keyboard: A / D move along the line, Left / Right aim, hold Space to charge, release to
throw. With aim assist on, the first part of the path is previewed through the same
physics the throw will use.

The throw line runs along the thrower's band: across the screen for a seat at the bottom
or top, up and down for a seat at a side (where A moves up the screen, D down). The
sphere starts toward the field and aims at the middle of the table.
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
        self.view = scene.table_view
        self.player = player
        self.zone = zone
        # The sphere moves along the band's line, 50 mm inside its edge toward the field.
        table = physics.TableSpec(width=self.view.width, height=self.view.height)
        self.line = physics.ThrowLine.of(zone.box, table)
        self.horizontal = self.line.horizontal
        self.lo, self.hi = self.line.lo + 20, self.line.hi - 20
        self.at = self.line.inner - 50 * self.line.facing
        self.along = (self.lo + self.hi) / 2
        # The aim keys turn the line the way the move keys move the sphere on screen:
        # seats facing up or right turn counter-clockwise for "left", the others the
        # other way.
        self.turn = self.line.facing
        mid_x, mid_y = self.view.width / 2, self.view.height / 2
        ox, oy = self.origin()
        self.angle = math.atan2(mid_y - oy, mid_x - ox)  # at the middle of the table
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
        return self.line.point(self.along, self.at)

    def _move(self, along: float) -> None:
        self.along = min(max(along, self.lo), self.hi)

    def toward_field(self) -> tuple[float, float]:
        """A unit step on screen from the sphere toward the field."""
        sx, sy = self.view.px(self.origin())
        cx, cy = self.view.rect.center
        d = math.hypot(cx - sx, cy - sy) or 1.0
        return ((cx - sx) / d, (cy - sy) / d)

    def current(self) -> physics.Throw:
        speed = max(0.0, min(self.power, 1.0)) * MAX_HAND_SPEED
        return physics.Throw(self.origin(), self.angle, speed, self.spin)

    def refuse(self, message: str) -> None:
        self.message = message
        self.message_t = 2.0
        self.power = 0.0

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> physics.Throw | None:
        if event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self.drag_to = event.pos
                sx, sy = self.view.px(self.origin())
                dx, dy = sx - event.pos[0], sy - event.pos[1]
                pull = math.hypot(dx, dy)
                if pull > 4:
                    self.angle = math.atan2(-dy, dx)  # screen y points down
                self.power = min(pull / MAX_PULL, 1.0)
            else:
                tx, ty = self.view.mm(event.pos)
                self._move(tx if self.horizontal else ty)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sx, sy = self.view.px(self.origin())
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
                self.angle += 0.04 * self.turn
            elif action == "aim_right":
                self.angle -= 0.04 * self.turn
            elif action in ("move_left", "move_right"):
                # Left on screen, or up the screen on a side seat's line.
                step = 15.0 if (action == "move_right") == self.horizontal else -15.0
                self._move(self.along + step)
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
        key = (
            round(self.along, 1),
            round(self.angle, 3),
            round(self.power, 2),
            round(self.spin, 2),
        )
        if key != self._preview_key:
            self._preview_key = key
            throw = self.current()
            table = self.scene.session.table()
            if throw.speed < 1 or physics.check_origin(table, throw.origin, throw.radius):
                self._preview = []
            else:
                traj = physics.resolve_throw(table, throw).trajectory
                end = min(PREVIEW_SECONDS, traj.duration)
                self._preview = [self.view.px(traj.at(end * k / 24)[:2]) for k in range(25)]
        return self._preview

    def draw(self, surface: pygame.Surface) -> None:
        from . import art
        from .match_scene import PLAYER_COLOURS

        sx, sy = self.view.px(self.origin())
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
        # The power meter lies along the table's edge nearest the thrower (the bottom
        # edge for a side seat), its readout beside it.
        table = self.view.rect
        top = sy < table.centery and self.horizontal
        meter = pygame.Rect(table.x + 10, table.y + 10 if top else table.bottom - 24, 200, 14)
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
            fx, fy = self.toward_field()
            w.text(
                surface,
                self.message,
                (round(sx + fx * 60), round(sy + fy * 40)),
                22,
                (255, 140, 120),
                "center",
                shadow=True,
            )
