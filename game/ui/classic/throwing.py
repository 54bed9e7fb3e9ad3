"""Throwing by hand: a slingshot with the mouse, or aim and charge with the keyboard.

Mouse: move along your throw line, press on the sphere, drag back and release: the
throw goes the other way, harder the longer the pull (`slingshot`: the pull goes on past
the window's edge, the mouse captured; `physics.pull.CLASSIC` turns it into a speed).
The wheel (or Q / E) sets spin. Keyboard: A / D move along the line, Left / Right aim
(Shift: finely), hold Space to charge (F: the fine charge), release to throw. The aim
guide (`aim_guide`, at the player's level) shows the path through the same physics the
throw will use.

The throw line runs along the thrower's band: across the screen for a seat at the bottom
or top, up and down for a seat at a side (where A moves up the screen, D down). The
sphere starts toward the field and aims at the middle of the table.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game import physics
from game.match.zone import Zone
from game.physics.tuning import SPHERE_RADIUS

from .. import aim_guide, slingshot
from .. import widgets as w
from ..hand_throw import BandSlingshot, bound_keys
from ..seat_colours import PLAYER_COLOURS

if TYPE_CHECKING:
    from .match import MatchScene

__all__ = ["MAX_HAND_SPEED", "ThrowInput"]
MAX_HAND_SPEED = slingshot.MATCH.full_speed  # mm/s at full power


class ThrowInput(BandSlingshot):
    """The match's slingshot (`slingshot.MATCH`): the sphere on the seat's line, aimed
    at the middle of the table."""

    def __init__(self, scene: MatchScene, player: int, zone: Zone) -> None:
        view = scene.table_view
        middle = (view.width / 2, view.height / 2)
        keys = bound_keys(scene.app.settings.keys)
        super().__init__(slingshot.MATCH, keys, view, player, zone, middle)
        self.scene = scene
        self.message = ""
        self.message_t = 0.0
        self._preview: list[physics.Point] = []
        self._preview_key: tuple[tuple[float, ...], str] | None = None

    def toward_field(self) -> tuple[float, float]:
        """A unit step on screen from the sphere toward the field."""
        sx, sy = self.view.px(self.origin())
        cx, cy = self.view.px((self.view.width / 2, self.view.height / 2))
        d = math.hypot(cx - sx, cy - sy) or 1.0
        return ((cx - sx) / d, (cy - sy) / d)

    def refuse(self, message: str) -> None:
        self.message = message
        self.message_t = 2.0
        self.pulled = 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.message_t > 0:
            self.message_t -= dt

    # ------------------------------------------------------------------ drawing

    def guide_dots(self, level: str) -> list[physics.Point]:
        """The aim guide's dots (table mm) for the throw as aimed now, at `level`
        (`aim_guide`), through the same physics the throw will use."""
        key = (
            round(self.along, 1),
            round(self.angle, 3),
            round(self.pulled, 1),
            round(self.spin, 2),
        )
        if (key, level) != self._preview_key:
            self._preview_key = (key, level)
            throw = self.current()
            table = self.scene.session.table()
            if throw.speed < 1 or physics.check_origin(table, throw.origin, throw.radius):
                self._preview = []
            else:
                traj = physics.resolve_throw(table, throw).trajectory
                self._preview = aim_guide.guide(traj, level)
        return self._preview

    def draw(self, surface: pygame.Surface) -> None:
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
        level = getattr(self.scene, "aim_guide", self.scene.app.settings.aim_guide)
        if aim_guide.shows(level) and self.throws():
            dots = [self.view.px(p) for p in self.guide_dots(level)]
            aim_guide.draw(surface, dots, level, self.view.length(SPHERE_RADIUS))
        self.draw_pull(surface, PLAYER_COLOURS[self.player])
        from .table_layer import sphere

        radius = self.view.length(SPHERE_RADIUS)  # as big as it collides
        img = sphere(attr, radius, self.spin * 2)
        at = (round(sx), round(sy))
        surface.blit(img, img.get_rect(center=at))
        outlines = getattr(self.scene, "outlines", None)
        if outlines is not None:
            outlines.circle("moving", "sphere", "aimed", at, img.get_width() / 2)
        # The power meter and the spin beside the sphere, along its line.
        fx, fy = self.toward_field()
        side = (-fy, fx) if self.horizontal else (fy, -fx)
        mx = round(sx + side[0] * 100)
        my = round(sy + side[1] * 100)
        meter = pygame.Rect(0, 0, 120, 12)
        meter.center = (mx, my)
        # The meter and its readout under it stay on the screen together.
        both = pygame.Rect(meter.x - 40, meter.y, meter.w + 80, 36)
        both.clamp_ip(surface.get_rect().inflate(-8, -8))
        meter.topleft = (both.x + 40, both.y)
        pygame.draw.rect(surface, (30, 30, 40), meter.inflate(4, 4), border_radius=6)
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
        tag = pygame.Rect(meter.x - 40, meter.bottom + 4, meter.w + 80, 20)
        w.fit_text(surface, label, tag, 18, w.INK, "center", shadow=True)
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
