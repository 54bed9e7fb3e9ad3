"""A person's roll at the Battle Planet table: the classic slingshot, from his band.

Mouse: move along the band, press on the sphere, drag back and release (`slingshot.pull`
measures the pull against the room in the window). Keys (the player's throwing keys):
move along the line, aim, hold the charge key and release. A controller sends the same
keys. The released throw goes to the match, which keeps it hidden until the other
player's is in: then both spheres fly at once.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

from game import physics
from game.match.zone import Zone

from .. import aim_guide, slingshot
from .. import widgets as w
from ..hand_throw import bound_keys, throw_line
from ..table_view import TableView

Bounds = Callable[[], slingshot.Bounds]
PREVIEW_EVERY = 0.08
"""seconds at least between two previews (each is a simulation of its own)"""
PLANET_HAND_SPEED = 1500.0
"""mm/s at full power. The classic table's 2400 sends a sphere across this one and off
it at half power; here the middle of the pull reaches the Matrix (a computer's roll to
the first core is about 1000 mm/s) and a full pull rolls past it."""


class PlanetAim:
    """One person's aim for the coming roll."""

    def __init__(
        self,
        view: TableView,
        player: int,
        zone: Zone,
        centre: physics.Point,
        keys: dict[int, str] | None = None,
        bounds: Bounds | None = None,
    ) -> None:
        self.view = view
        self.player = player
        self.zone = zone
        table = physics.TableSpec(width=view.width, height=view.height)
        self.line = physics.ThrowLine.of(zone.box, table)
        self.horizontal, self.lo, self.hi, self.at, _ = throw_line(view.width, view.height, zone)
        self.along = (self.lo + self.hi) / 2
        self.turn = self.line.facing
        ox, oy = self.origin()
        self.angle = math.atan2(centre[1] - oy, centre[0] - ox)
        self.power = 0.0
        self.spin = 0.0
        self.dragging = False
        self.drag_to: tuple[int, int] | None = None
        self.charging = False
        self.keys = keys if keys is not None else bound_keys({})
        self.bounds = bounds or (lambda: slingshot.DEFAULT_BOUNDS)
        self._preview_key: tuple[tuple[float, ...], str] | None = None
        self._preview: list[physics.Point] = []
        self._preview_wait = 0.0

    def origin(self) -> physics.Point:
        return self.line.point(self.along, self.at)

    def sphere_px(self) -> tuple[int, int]:
        return self.view.px(self.origin())

    def back(self) -> tuple[float, float]:
        """On screen, the unit vector a straight pull goes (away from the aim)."""
        return (-math.cos(self.angle), math.sin(self.angle))

    def current(self) -> physics.Throw:
        speed = max(0.0, min(self.power, 1.0)) * PLANET_HAND_SPEED
        return physics.Throw(self.origin(), self.angle, speed, self.spin)

    def cancel(self) -> None:
        self.dragging = False
        self.drag_to = None
        self.charging = False
        self.power = 0.0

    def _move(self, along: float) -> None:
        self.along = min(max(along, self.lo), self.hi)

    def handle(self, event: pygame.event.Event) -> physics.Throw | None:
        """The released throw, when this event releases one."""
        if event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self.drag_to = event.pos
                angle, self.power = slingshot.pull(
                    self.view.fpx(self.origin()), event.pos, self.bounds()
                )
                if angle is not None:
                    self.angle = angle
            elif self.view.rect.collidepoint(event.pos):
                tx, ty = self.view.mm(event.pos)
                self._move(tx if self.horizontal else ty)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sx, sy = self.sphere_px()
            if math.hypot(event.pos[0] - sx, event.pos[1] - sy) < 36:
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
                step = 15.0 if action == "move_right" else -15.0
                self._move(self.along + step)
            elif action == "spin_left":
                self.spin = min(1.0, self.spin + 0.1)
            elif action == "spin_right":
                self.spin = max(-1.0, self.spin - 0.1)
            elif action == "throw_charge":
                self.charging = True
                self.power = 0.0
        elif event.type == pygame.KEYUP and self.keys.get(event.key) == "throw_charge":
            was, self.charging = self.charging, False
            if was and self.power > 0.05:
                return self.current()
        return None

    def update(self, dt: float) -> None:
        self._preview_wait = max(0.0, self._preview_wait - dt)
        if self.charging:
            self.power = min(1.0, self.power + dt / 1.4)

    def preview(self, scene: physics.Scene, level: str) -> list[physics.Point]:
        """The aim guide's dots (table mm) for this throw at `level` (`aim_guide`),
        through the same physics, on a space of its own: the computer may be planning on
        the table's."""
        key = (round(self.along), round(self.angle, 3), round(self.power, 2), round(self.spin, 1))
        if (key, level) == self._preview_key or self._preview_wait > 0:
            return self._preview
        self._preview_wait = PREVIEW_EVERY
        self._preview_key = (key, level)
        throw = self.current()
        self._preview = []
        if throw.speed < 1 or physics.check_release(scene, [throw]) is not None:
            return self._preview
        outcome = physics.simulate(scene, [throw], judge=physics.PLANET, fresh=True)
        self._preview = aim_guide.guide(outcome.track(throw.sphere_id), level)
        return self._preview

    def draw(
        self,
        surface: pygame.Surface,
        sphere: pygame.Surface,
        colour: tuple[int, int, int],
        label: str,
        path: Sequence[tuple[int, int]] = (),
        guide: str = "off",
    ) -> None:
        sx, sy = self.sphere_px()
        aim_guide.draw(surface, path, guide, self.view.length(14.0))
        length = 50 + 130 * self.power
        end = (sx + math.cos(self.angle) * length, sy - math.sin(self.angle) * length)
        pygame.draw.line(surface, colour, (sx, sy), end, 3)
        if self.dragging and self.drag_to is not None:
            pygame.draw.line(surface, (230, 230, 230), (sx, sy), self.drag_to, 2)
        surface.blit(sphere, sphere.get_rect(center=(sx, sy)))
        band = self.view.zone_rect(self.zone.box).clip(self.view.rect)
        meter = pygame.Rect(0, 0, 140, 10)
        meter.midleft = (band.x + 10, band.centery + (14 if self.player == 1 else -14))
        pygame.draw.rect(surface, (30, 30, 40), meter.inflate(4, 4), border_radius=5)
        fill = meter.copy()
        fill.w = int(meter.w * self.power)
        pygame.draw.rect(surface, (90, 220, 120) if self.power < 0.8 else (255, 120, 60), fill)
        tag = pygame.Rect(meter.right + 10, meter.y - 6, band.right - meter.right - 20, 22)
        w.fit_text(surface, label, tag, 17, w.INK, "midleft", shadow=True)


__all__ = ["PlanetAim"]
