"""The match camera: what part of the table the screen shows, and how it moves there.

The table is much bigger than what a player needs to see at one moment, so the screen
frames it by what is going on:

- the field: the Gate Cards set so far and the places next to them, big enough to read
  (a card at least 90 px tall at 1280 x 720 for every players' count and the Big Game);
- a throw: the thrower's whole line and the cards set, with room behind the sphere to
  pull (`THROW_ROOM` px to the screen's edge at least);
- the roll: the field and the rolling sphere, wherever it goes;
- a battle: the card it is fought on and the places around it, up close.

Each frame is a target; the camera eases toward it (scale in log space, so zooming
feels even) and sets the `TableView` the scene draws and reads the mouse through.
Plain geometry: no game rules, no drawing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from game.match.classic.layout import TableLayout
from game.physics.tuning import CARD_LENGTH, CARD_WIDTH

from ..table_view import TableView

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 in table mm
Slot = tuple[int, int]
Point = tuple[float, float]

FIELD_MARGIN = 14.0  # mm around the framed places
MAX_SCALE = 2.2  # px per mm: closer than this the art gets coarse
THROW_ROOM = 130  # px from the sphere to the screen's edge behind it, at least
EASE = 7.0  # per second: how fast the camera closes on its target


@dataclass(frozen=True, slots=True)
class Frame:
    """A view of the table: `scale` px per mm with the table point `centre` at screen
    point `at`."""

    scale: float
    centre: Point
    at: Point

    def origin(self) -> Point:
        """Where the table's origin lies on screen."""
        return (self.at[0] - self.centre[0] * self.scale, self.at[1] + self.centre[1] * self.scale)


def union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def around(p: Point, radius: float) -> Box:
    return (p[0] - radius, p[1] - radius, p[0] + radius, p[1] + radius)


def slots_box(layout: TableLayout, slots: Iterable[Slot], spread: int = 0) -> Box | None:
    """The cards of `slots` (each grown by `spread` places on every side)."""
    box: Box | None = None
    for c, r in slots:
        cx, cy = layout.slot_center((c, r)) if _on_grid(layout, (c, r)) else _off_grid(layout, c, r)
        hw = CARD_WIDTH * (0.5 + spread)
        hl = CARD_LENGTH * (0.5 + spread)
        card = (cx - hw, cy - hl, cx + hw, cy + hl)
        box = card if box is None else union(box, card)
    return box


def _on_grid(layout: TableLayout, slot: Slot) -> bool:
    cols, rows = layout.grid
    return 0 <= slot[0] < cols and 0 <= slot[1] < rows


def _off_grid(layout: TableLayout, col: int, row: int) -> Point:
    """The centre a slot off the grid would have (the grid's spacing continued)."""
    cols, rows = layout.grid
    x = layout.width / 2 + (col - (cols - 1) / 2) * CARD_WIDTH
    y = layout.height / 2 + (row - (rows - 1) / 2) * CARD_LENGTH
    return (x, y)


def field_box(layout: TableLayout, field: Iterable[Slot]) -> Box:
    """The part of the table the field view shows: the cards set, the places next to
    them (where the next card may go), at least three places each way, within the grid."""
    cols, rows = layout.grid
    placed = list(field)
    if not placed:
        placed = [(cols // 2, rows // 2)]
    c0 = max(0, min(c for c, _ in placed) - 1)
    c1 = min(cols - 1, max(c for c, _ in placed) + 1)
    r0 = max(0, min(r for _, r in placed) - 1)
    r1 = min(rows - 1, max(r for _, r in placed) + 1)
    while c1 - c0 < min(2, cols - 1):  # three places wide at least, inside the grid
        c0, c1 = (c0 - 1, c1) if c0 > 0 else (c0, c1 + 1)
    while r1 - r0 < min(2, rows - 1):
        r0, r1 = (r0 - 1, r1) if r0 > 0 else (r0, r1 + 1)
    box = slots_box(layout, [(c0, r0), (c1, r1)])
    assert box is not None
    m = FIELD_MARGIN
    return (box[0] - m, box[1] - m, box[2] + m, box[3] + m)


def cards_box(layout: TableLayout, field: Iterable[Slot]) -> Box:
    """The cards set (what a throw aims at), with a margin; the middle place when none."""
    placed = list(field)
    cols, rows = layout.grid
    box = slots_box(layout, placed or [(cols // 2, rows // 2)])
    assert box is not None
    m = FIELD_MARGIN
    return (box[0] - m, box[1] - m, box[2] + m, box[3] + m)


def fit(box: Box, area: pygame.Rect, max_scale: float = MAX_SCALE) -> Frame:
    """`box` as big as it fits in `area`, centred."""
    w, h = max(box[2] - box[0], 1.0), max(box[3] - box[1], 1.0)
    scale = min(area.w / w, area.h / h, max_scale)
    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    return Frame(scale, centre, (float(area.centerx), float(area.centery)))


def throw_frame(
    field: Box,
    line: tuple[bool, float, float, float, float],
    screen: pygame.Rect,
    room: int = THROW_ROOM,
    max_scale: float = MAX_SCALE,
) -> Frame:
    """The view for a throw from `line` = (horizontal, lo, hi, at, facing): the line's
    whole length and the field, the line at least `room` px from the screen's edge
    behind it (the pull goes there), the rest of the screen toward the field."""
    horizontal, lo, hi, at, facing = line
    if horizontal:
        along0, along1 = min(lo, field[0]), max(hi, field[2])
        far = field[3] if facing > 0 else field[1]
        span_along, span_across = screen.w, screen.h
    else:
        along0, along1 = min(lo, field[1]), max(hi, field[3])
        far = field[2] if facing > 0 else field[0]
        span_along, span_across = screen.h, screen.w
    depth = max(abs(far - at), 1.0)
    margin = 12
    scale = min(span_along / (along1 - along0 + 24.0), (span_across - room - margin) / depth)
    scale = min(scale, max_scale)
    # The line goes `room` px from the edge behind it, or nearer the middle when the
    # field leaves space over: the spare half goes behind the sphere (a longer pull).
    spare = span_across - room - margin - depth * scale
    offset = room + max(0.0, spare / 2)
    mid_along = (along0 + along1) / 2
    # Screen positions: the sphere's line at `offset` from the edge behind it.
    if horizontal:
        y = screen.bottom - offset if facing > 0 else screen.top + offset
        return Frame(scale, (mid_along, at), (float(screen.centerx), y))
    x = screen.left + offset if facing > 0 else screen.right - offset
    return Frame(scale, (at, mid_along), (x, float(screen.centery)))


class Camera:
    """Eases a `TableView` toward the frame it is aimed at."""

    def __init__(self, view: TableView) -> None:
        self.view = view
        self.target: Frame | None = None
        self.held = False  # a pull in progress: the table must not move under the hand

    def aim(self, frame: Frame, snap: bool = False) -> None:
        self.target = frame
        if snap:
            self._apply(frame.scale, frame.origin())

    def update(self, dt: float) -> None:
        if self.target is None or self.held:
            return
        k = 1.0 - math.exp(-EASE * dt)
        v = self.view
        goal = self.target
        scale = math.exp(math.log(v.scale) + (math.log(goal.scale) - math.log(v.scale)) * k)
        # Keep the target's centre point moving toward its place on screen while zooming.
        cx, cy = v.mm(goal.at)
        cx += (goal.centre[0] - cx) * k
        cy += (goal.centre[1] - cy) * k
        ox = goal.at[0] - cx * scale
        oy = goal.at[1] + cy * scale
        if (
            abs(scale - goal.scale) < 1e-3 * goal.scale
            and math.hypot(ox - goal.origin()[0], oy - goal.origin()[1]) < 0.5
        ):
            scale, (ox, oy) = goal.scale, goal.origin()
        self._apply(scale, (ox, oy))

    def settled(self) -> bool:
        if self.target is None:
            return True
        ox, oy = self.target.origin()
        v = self.view
        return (
            abs(v.scale - self.target.scale) < 1e-6
            and abs(v.ox - ox) < 1e-6
            and abs(v.oy - oy) < 1e-6
        )

    def _apply(self, scale: float, origin: Point) -> None:
        self.view.scale = scale
        self.view.ox, self.view.oy = origin
