"""Where a missed sphere went, marked on the table: a ring where it rests off every
target, or, where it left the table, a ring on the table's edge and an arrow on the
table leading into it the way the sphere went out (so the mark needs no room past the
edge). The same mark in every game that throws (the classic match, the throw
challenges, Battle Planet's spheres off the table); why it missed (`why`: off the
table, short of the cards, back off them, past them, or beside them) is said in words by the game's
own call.

Geometry first (`where`, `why`, from the recorded path in table mm), then the drawing
in screen px (`draw`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import pygame

Point = tuple[float, float]

COLOUR = (255, 120, 100)
ARROW = 26  # px of arrow, on the table, leading to the ring
REACH = 8  # px the ring reaches past the sphere's radius, at most
EXTENT = 30 + REACH + 2 + ARROW
"""px from its point the farthest part of a mark lies (a sphere of 30 px at most)"""
BACK = 0.05  # s of path before its end that gives the way it went out
OFF_TABLE, SHORT, BACK_OFF, PAST, BESIDE = "off_table", "short", "back", "past", "beside"
"""Why a miss missed (`why`)"""
SAMPLE = 1 / 30  # s between two points of a path read for how far it got


class Track(Protocol):
    @property
    def duration(self) -> float: ...

    def at(self, t: float) -> tuple[float, float, float]: ...


@dataclass(frozen=True, slots=True)
class Gone:
    """A miss's mark: the sphere's last place (`rest`, table mm), the point of the
    table's edge where it left (`edge`) and the unit way it went (`out`), both None
    when it rests on the table."""

    rest: Point
    edge: Point | None = None
    out: Point | None = None


def where(track: Track, left_table: bool, width: float, height: float) -> Gone:
    """The mark of a miss whose recorded path is `track` on a `width` x `height` table;
    `left_table`: its centre crossed the table's edge (the path ends there)."""
    x, y, _ = track.at(track.duration)
    if not left_table or track.duration <= 0:
        return Gone((x, y))
    px, py, _ = track.at(max(0.0, track.duration - BACK))
    d = math.hypot(x - px, y - py) or 1.0
    edge = (min(max(x, 0.0), width), min(max(y, 0.0), height))
    return Gone((x, y), edge, ((x - px) / d, (y - py) / d))


def why(gone: Gone, track: Track, cards: Sequence[Sequence[Point]]) -> str | None:
    """Why the miss `gone` (of the recorded path `track`) missed, as the eye reads it
    along its throw (the way it set off) against the cards' corners `cards`: it left
    the table (OFF_TABLE), it rests nearer the thrower than every card's nearest corner
    (SHORT; BACK_OFF when it had got that far and came back: a knock, a bounce),
    farther than every card's farthest one (PAST), or at a depth some card spans, on
    none (BESIDE). None: no card to tell it by."""
    if gone.edge is not None:
        return OFF_TABLE
    if not cards:
        return None
    ox, oy, _ = track.at(0.0)
    x1, y1, _ = track.at(min(BACK, track.duration))
    d = math.hypot(x1 - ox, y1 - oy)
    if d == 0.0:
        return None
    ux, uy = (x1 - ox) / d, (y1 - oy) / d
    depths = [(x - ox) * ux + (y - oy) * uy for card in cards for x, y in card]
    rest = (gone.rest[0] - ox) * ux + (gone.rest[1] - oy) * uy
    if rest < min(depths):
        steps = math.ceil(track.duration / SAMPLE)
        path = (track.at(min(k * SAMPLE, track.duration)) for k in range(steps + 1))
        reached = max((x - ox) * ux + (y - oy) * uy for x, y, _ in path)
        return BACK_OFF if reached >= min(depths) else SHORT
    if rest > max(depths):
        return PAST
    return BESIDE


def ring_px(radius: int, pulse: float = 1.0) -> int:
    """The ring's radius round a sphere of `radius` px (`pulse` 0..1 swells it)."""
    return radius + 4 + round(4 * pulse)


def tail(gone: Gone, radius: int, scale: float) -> Point:
    """Where the arrow of a mark that left the table begins (table mm), for a sphere
    of `radius` px at `scale` px per mm: the arrow lies on the table, leading in."""
    assert gone.edge is not None and gone.out is not None
    back = (ring_px(radius) + 2 + ARROW) / scale
    return (gone.edge[0] - gone.out[0] * back, gone.edge[1] - gone.out[1] * back)


def draw(
    surface: pygame.Surface,
    gone: Gone,
    to_px: object,
    radius: int,
    pulse: float,
) -> None:
    """The mark: `to_px` maps table mm to screen px, `radius` is the sphere's on
    screen, `pulse` (0..1) swells the ring so the eye finds it."""
    assert callable(to_px)
    ring = ring_px(radius, pulse)
    if gone.edge is None or gone.out is None:
        pygame.draw.circle(surface, COLOUR, to_px(gone.rest), ring, 3)
        return
    ex, ey = to_px(gone.edge)
    pygame.draw.circle(surface, COLOUR, (ex, ey), ring, 3)
    # the way it went, on screen (table y grows up the screen), into the ring
    dx, dy = gone.out[0], -gone.out[1]
    tip = (ex - dx * (ring + 2), ey - dy * (ring + 2))
    base = (tip[0] - dx * ARROW, tip[1] - dy * ARROW)
    pygame.draw.line(surface, COLOUR, base, tip, 4)
    side = (-dy * 9, dx * 9)
    back = (tip[0] - dx * 14, tip[1] - dy * 14)
    head = [tip, (back[0] + side[0], back[1] + side[1]), (back[0] - side[0], back[1] - side[1])]
    pygame.draw.polygon(surface, COLOUR, head)


__all__ = [
    "ARROW",
    "BACK_OFF",
    "BESIDE",
    "EXTENT",
    "OFF_TABLE",
    "PAST",
    "REACH",
    "SHORT",
    "Gone",
    "draw",
    "ring_px",
    "tail",
    "where",
    "why",
]
