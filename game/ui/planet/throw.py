"""A person's roll at the Battle Planet table: the slingshot of every game, from his band.

Mouse: move along the band, press on the sphere, drag back and release (`slingshot`:
the pull goes on past the window's edge, the mouse captured; Battle Planet's curve,
`physics.pull.PLANET`, turns it into a speed). Keys (the player's throwing keys): move
along the line, aim (Shift: finely), hold the charge key (or the fine one) and release.
A controller sends the same keys. The released throw goes to the match, which keeps it
hidden until the other player's is in: then both spheres fly at once.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from game import physics
from game.match.planet.session import PlanetSession
from game.match.zone import Zone
from game.physics.tuning import SPHERE_RADIUS

from .. import aim_guide, slingshot
from .. import widgets as w
from ..hand_throw import BandSlingshot, bound_keys
from ..table_view import TableView

PREVIEW_EVERY = 0.08
"""seconds at least between two previews (each is a simulation of its own)"""


class PlanetAim(BandSlingshot):
    """One person's aim for the coming roll (`slingshot.PLANET_FEEL`), aimed at
    `centre` as it starts."""

    def __init__(
        self,
        view: TableView,
        player: int,
        zone: Zone,
        centre: physics.Point,
        keys: dict[int, str] | None = None,
    ) -> None:
        keys = keys if keys is not None else bound_keys({})
        super().__init__(slingshot.PLANET_FEEL, keys, view, player, zone, centre)
        self._preview_key: tuple[tuple[float, ...], str] | None = None
        self._preview: list[physics.Point] = []
        self._preview_wait = 0.0

    @classmethod
    def at_nearest_core(
        cls, view: TableView, player: int, session: PlanetSession, keys: dict[int, str]
    ) -> PlanetAim:
        """The aim as a roll starts: at the core nearest the player's band, straight at
        a core, never at the seam between two (the Matrix's middle often is one)."""
        x0, y0, x1, y1 = session.zone(player).box
        band = ((x0 + x1) / 2, (y0 + y1) / 2)
        near = [session.layout.core_centre(h) for h in session.cores()]
        toward = min(near, key=lambda c: math.dist(c, band), default=session.layout.centre)
        return cls(view, player, session.zone(player), toward, keys)

    def hover(self, pos: tuple[int, int]) -> None:
        if self.view.rect.collidepoint(pos):  # the sphere follows a pointer on the table
            super().hover(pos)

    def update(self, dt: float) -> None:
        self._preview_wait = max(0.0, self._preview_wait - dt)
        super().update(dt)

    def preview(self, scene: physics.Scene, level: str) -> list[physics.Point]:
        """The aim guide's dots (table mm) for this throw at `level` (`aim_guide`),
        through the same physics, on a space of its own: the computer may be planning on
        the table's."""
        key = (round(self.along), round(self.angle, 3), round(self.pulled, 1), round(self.spin, 1))
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
        aim_guide.draw(surface, path, guide, self.view.length(SPHERE_RADIUS))
        length = 50 + 130 * self.power
        end = (sx + math.cos(self.angle) * length, sy - math.sin(self.angle) * length)
        pygame.draw.line(surface, colour, (sx, sy), end, 3)
        self.draw_pull(surface, colour)
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
