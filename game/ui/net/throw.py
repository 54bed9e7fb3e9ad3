"""A throw at a network table: the public table the host sent with the question
(`game.games.net_kit.ThrowTable`), seen from above, and the seat's slingshot in its band
(`hand_throw.BandSlingshot`, the very hand of the game's own screens, with its pull
curve). The throw goes to the host as its parameters; the host resolves it, once.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game import physics
from game.games.net_kit import throw_params
from game.match.zone import Zone
from game.physics.tuning import SPHERE_RADIUS

from .. import aim_guide, slingshot
from .. import widgets as w
from ..hand_throw import BandSlingshot, bound_keys
from ..table_view import TableView

if TYPE_CHECKING:
    from game.games.net_kit import ThrowTable

FEELS = {"classic": slingshot.MATCH, "planet": slingshot.PLANET_FEEL}
FELT = (24, 70, 52)
BAND = (44, 100, 80)
TARGET = (206, 170, 70)
STANDING = (200, 80, 70)
SPHERE = (235, 235, 240)


class TableDrawing:
    """`table` seen from above in `area`, turned so that the band `zone` (x0, y0, x1, y1,
    table mm) is near the screen's bottom: what a seat throws on, and what a resolved
    throw's path is drawn on (`game.ui.net.path`)."""

    pointer: tuple[int, int] | None = None  # the last place the mouse moved to

    def __init__(
        self, table: ThrowTable, area: pygame.Rect, zone: tuple[float, float, float, float]
    ) -> None:
        self.table = table
        self.view = TableView(table.width, table.height, area)
        x0, y0, x1, y1 = zone
        self.zone = Zone(x0, y0, x1, y1)
        self.flipped = y0 > table.height / 2  # the far band: turned to face the thrower
        if self.flipped:
            view = self.view
            view.scale = -view.scale
            view.ox = area.centerx + table.width / 2 * -view.scale
            view.oy = area.centery - table.height / 2 * -view.scale

    @property
    def radius(self) -> int:
        """A sphere's radius on the screen."""
        return max(3, round(abs(self.view.scale) * SPHERE_RADIUS))

    def point(self, event: pygame.event.Event) -> None:
        """Where the mouse is, from the events this drawing is shown (the screen's own
        events, not a query of a mouse that a headless run may not have)."""
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos

    def draw_table(self, surface: pygame.Surface, pointer: tuple[int, int] | None = None) -> None:
        """The felt, the band, each target's outline with its place (where the place fits
        inside it; the one under the `pointer` is named beside it too), the Bakugan
        standing."""
        view = self.view
        rect = view.rect if view.scale > 0 else _turned(view)
        pygame.draw.rect(surface, FELT, rect, border_radius=12)
        z = self.zone
        band = [(z.x0, z.y0), (z.x1, z.y0), (z.x1, z.y1), (z.x0, z.y1)]
        pygame.draw.polygon(surface, BAND, [view.px(p) for p in band])
        places = self.table.places
        hovered: tuple[str, pygame.Rect] | None = None
        for i, outline in enumerate(self.table.targets):
            points = [view.px(p) for p in outline]
            if len(points) < 3:
                continue
            pygame.draw.polygon(surface, TARGET, points, 3)
            if i >= len(places):
                continue
            box = pygame.Rect(points[0], (0, 0)).unionall([pygame.Rect(p, (0, 0)) for p in points])
            inner = box.inflate(-4, -4)
            size = w.fitted_size(places[i], inner, 18)
            if w.font(size).size(places[i])[0] <= inner.w:  # a core too small: no "…"
                w.fit_text(surface, places[i], inner, 18, w.INK, "center")
            if pointer is not None and box.collidepoint(pointer):
                hovered = (places[i], box)
        for spot in self.table.standing:
            pygame.draw.circle(surface, STANDING, view.px(spot), self.radius)
        if hovered is not None:
            _name_beside(surface, *hovered)


class NetThrow(TableDrawing):
    """The slingshot on `table` in `area`, the sphere aimed at the table's middle; the
    seat's band below it (the table turned so that the thrower's band is near). With a
    `track` (the game's `NetKit.track` of the throw's context), the aim guide dots the
    pulled throw's path at the player's `guide` level, as the local match does."""

    def __init__(
        self,
        table: ThrowTable,
        area: pygame.Rect,
        keys: dict[str, str],
        track: Callable[[physics.Throw], Any] | None = None,
        guide: str = "off",
    ) -> None:
        super().__init__(table, area, table.zone)
        feel = FEELS.get(table.curve, slingshot.MATCH)
        toward = (table.width / 2, table.height / 2)
        self.hand = TurnedSlingshot(feel, bound_keys(keys), self.view, 0, self.zone, toward)
        self.hand.turned = self.flipped
        self.track, self.guide = track, guide
        self._dots: tuple[object, list[physics.Point]] = (None, [])

    def guide_dots(self) -> list[physics.Point]:
        """The aim guide's dots (table mm) for the throw as pulled now: [] with no guide,
        no track or a pull too short to throw."""
        hand = self.hand
        if self.track is None or not aim_guide.shows(self.guide) or not hand.throws():
            return []
        throw = hand.current()
        ox, oy = throw.origin
        key = (
            round(ox, 1),
            round(oy, 1),
            round(throw.angle, 3),
            round(throw.speed),
            round(throw.spin, 2),
        )
        if key != self._dots[0]:
            try:
                path = self.track(throw)
            except (physics.PhysicsError, ValueError, KeyError, TypeError):
                path = None  # a table this build cannot rebuild: no guide, no crash
            self._dots = (key, aim_guide.guide(path, self.guide) if path is not None else [])
        return self._dots[1]

    def handle(self, event: pygame.event.Event) -> physics.Throw | None:
        """The throw, when this event lets the sphere go with power enough."""
        self.point(event)
        if event.type == pygame.MOUSEMOTION and not self.hand.dragging:
            self.hand.hover(event.pos)
        if event.type == pygame.KEYDOWN:
            self.hand.key(self.hand.keys.get(event.key), event)
        return self.hand.handle(event)

    def update(self, dt: float) -> None:
        """The held keys' charge and repeats (a charge let go throws in `handle`, as a
        release does: a pull in progress is no throw yet)."""
        self.hand.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface, None if self.hand.dragging else self.pointer)
        hand = self.hand
        sx, sy = hand.sphere_px()
        ox, oy = hand.origin()
        reach = 220.0 + 500.0 * hand.power
        tip = self.view.fpx((ox + math.cos(hand.angle) * reach, oy + math.sin(hand.angle) * reach))
        pygame.draw.line(surface, w.ACCENT, (sx, sy), tip, 2)
        pygame.draw.circle(surface, SPHERE, (round(sx), round(sy)), self.radius)
        dots = [self.view.px(p) for p in self.guide_dots()]
        aim_guide.draw(surface, dots, self.guide, self.radius)
        hand.draw_pull(surface, w.ACCENT)


class TurnedSlingshot(BandSlingshot):
    """The band's slingshot on a table that may be seen turned (the far band near): a
    pull on the screen then points the other way on the table."""

    turned = False

    def _pulled_to(self, vector: tuple[float, float]) -> None:
        super()._pulled_to((-vector[0], -vector[1]) if self.turned else vector)


def _name_beside(surface: pygame.Surface, place: str, box: pygame.Rect) -> None:
    """A target's place in a tag above it (the target under the pointer)."""
    tag = pygame.Rect(0, 0, 24 + 14 * len(place), 30)
    tag.midbottom = (box.centerx, box.top - 4)
    tag.clamp_ip(surface.get_rect())
    w.panel(surface, tag, 235)
    w.fit_text(surface, place, tag.inflate(-8, -4), 22, w.ACCENT, "center")


def _turned(view: TableView) -> pygame.Rect:
    """The table's rectangle on screen in a turned view (a negative scale)."""
    a = view.px((0.0, 0.0))
    b = view.px((view.width, view.height))
    return pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]), abs(a[1] - b[1]))


def throw_message(seat: int, ask: int, throw: physics.Throw) -> dict[str, object]:
    """The answer a window sends for its throw (the wire's ``throw`` message)."""
    params = throw_params(throw.origin, throw.angle, throw.speed, throw.spin)
    return {"type": "throw", "seat": seat, "ask": ask, "throw": params}
