"""A resolved throw drawn at a network table: the host's ``thrown`` message
(`game.games.net_paths`) played back on the table it was thrown on, each sphere rolling
along its path at the speed it rolled, then resting with what it meant ("opened on
2,1", or why not). Every screen at the table is sent the same path, so every screen
draws the same roll; the thrower's own is how a throw is learned: where it went.

The message comes from the host, but a screen takes nothing on trust that could make
it draw for long or crash: `paths` checks every field and caps the work (`MAX_PATHS`
spheres of `MAX_POINTS` points, coordinates within the table's reach).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.physics.judge import (
    BOUNCED,
    NO_TOUCH,
    OBSTRUCTED,
    OFF_CARD,
    OFF_TABLE,
    SHORT,
    TOO_FAST,
    TWO_CORES,
)

from .. import widgets as w
from .throw import SPHERE, TableDrawing

if TYPE_CHECKING:
    from game.games.net_kit import ThrowTable

MAX_PATHS = 4
MAX_POINTS = 400
REACH = 10_000.0
"""How far from the table's corner (mm) a point may be and still be drawn."""
HOLD = 1.6
"""Seconds the spheres stay at rest, with their words, after the last stops."""
WHY = frozenset({BOUNCED, NO_TOUCH, OBSTRUCTED, OFF_CARD, OFF_TABLE, SHORT, TOO_FAST, TWO_CORES})
"""The landing reasons the screen has words for (`throw.why.*`); another is not named."""
THEIRS = (120, 170, 255)
"""The colour of another seat's path (this screen's own are the accent)."""

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class SpherePath:
    """One sphere's roll: `points` `step` seconds apart, where it came to `rest`, and
    what that meant."""

    seat: int
    points: tuple[Point, ...]
    step: float
    rest: Point
    opened: bool
    place: str | None
    why: str

    @property
    def seconds(self) -> float:
        return (len(self.points) - 1) * self.step

    def at(self, t: float) -> Point:
        """Where the sphere is `t` seconds after its release."""
        if t >= self.seconds:
            return self.rest
        k = max(0.0, t / self.step)
        i = int(k)
        (x0, y0), (x1, y1) = self.points[i], self.points[i + 1]
        f = k - i
        return (x0 + (x1 - x0) * f, y0 + (y1 - y0) * f)


def _point(value: Any) -> Point:
    if not isinstance(value, list) or len(value) != 2:
        raise ValueError("a point is two numbers")
    x, y = value
    if not all(type(v) in (int, float) and math.isfinite(v) and abs(v) <= REACH for v in (x, y)):
        raise ValueError("a point is off the table's reach")
    return (float(x), float(y))


def paths(message: dict[str, Any]) -> list[SpherePath]:
    """The spheres' paths of a ``thrown`` message; ValueError if any field is not what
    the host sends."""
    raw = message.get("paths")
    if not isinstance(raw, list) or not 0 < len(raw) <= MAX_PATHS:
        raise ValueError("paths: 1 to 4 spheres")
    out = []
    for item in raw:
        if not isinstance(item, dict):
            raise ValueError("paths: each an object")
        seat, points, step = item.get("seat"), item.get("points"), item.get("step")
        if type(seat) is not int or not 0 <= seat < 16:
            raise ValueError("paths: seat")
        if not isinstance(points, list) or not 0 < len(points) <= MAX_POINTS:
            raise ValueError("paths: points")
        if not isinstance(step, int | float) or isinstance(step, bool) or not 0.0 < step <= 1.0:
            raise ValueError("paths: step")
        place, why = item.get("place"), item.get("why")
        out.append(
            SpherePath(
                seat,
                tuple(_point(p) for p in points),
                float(step),
                _point(item.get("rest")),
                item.get("opened") is True,
                place[:8] if isinstance(place, str) else None,
                why if isinstance(why, str) and why in WHY else "",
            )
        )
    return out


class PathShow(TableDrawing):
    """The spheres of one resolved throw rolling on `table` (turned to the band
    `zone`), `mine` the seats of this screen (their paths in the accent colour)."""

    def __init__(
        self,
        table: ThrowTable,
        area: pygame.Rect,
        zone: tuple[float, float, float, float],
        rolls: list[SpherePath],
        mine: Collection[int],
    ) -> None:
        super().__init__(table, area, zone)
        self.rolls = rolls
        self.mine = frozenset(mine)
        self.t = 0.0
        self.seconds = max(r.seconds for r in rolls)

    @property
    def done(self) -> bool:
        return self.t >= self.seconds + HOLD

    def update(self, dt: float) -> None:
        self.t += dt

    def skip(self) -> None:
        """To the rest (a second press: to the end)."""
        self.t = self.seconds if self.t < self.seconds else self.seconds + HOLD

    def words(self, tr: Callable[..., str]) -> str:
        """What each sphere's rest meant, once they all rest ("" before)."""
        if self.t < self.seconds:
            return ""
        said = []
        for roll in self.rolls:
            seat = roll.seat + 1
            why = tr(f"throw.why.{roll.why}") if roll.why else ""
            if roll.opened and roll.place is not None:
                said.append(tr("net.ui.threw_open", seat=seat, place=roll.place))
            elif roll.opened:
                said.append(tr("net.ui.threw_open_nowhere", seat=seat, why=why))
            else:
                said.append(tr("net.ui.threw_miss", seat=seat, why=why))
        return " · ".join(said)

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_table(surface, self.pointer)
        view, radius = self.view, self.radius
        for roll in self.rolls:
            colour = w.ACCENT if roll.seat in self.mine else THEIRS
            shown = int(self.t / roll.step) + 1
            trail = [view.px(p) for p in roll.points[:shown]]
            now = roll.at(self.t)
            trail.append(view.px(now))
            if len(trail) >= 2:
                pygame.draw.lines(surface, colour, False, trail, 2)
            spot = view.px(now)
            pygame.draw.circle(surface, SPHERE, spot, radius)
            if self.t >= roll.seconds:
                ring = colour if roll.opened else w.MUTED
                pygame.draw.circle(surface, ring, spot, radius + 5, 3)
