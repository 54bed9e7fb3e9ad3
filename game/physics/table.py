"""The table as plain frozen data: its size, its Gate Cards and the opened Bakugan standing.

Coordinates are millimetres: x runs across the table (0..width), y from player 0's side
(y = 0) to player 1's side (y = height). Gate Cards lie flat: they are areas, not
colliders. Standing (opened) Bakugan are obstacles that a thrown sphere bounces off.

Nothing here imports pymunk: the geometry helpers are plain math, so `game.content` and
`game.ai` may use them without building a space.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field

from game.physics.geometry import (
    PhysicsError,
    Point,
    as_point,
    check_hashable,
    real,
    rect_distance,
    show,
)
from game.physics.scene import CUSHION_ID
from game.physics.targets import CardSpec
from game.physics.tuning import (
    CARD_LENGTH,
    CARD_WIDTH,
    CUSHION_RADIUS,
    MAGNET_RADIUS,
    MAX_TABLE_SIZE,
    MIN_THROW_DISTANCE,
    OBSTACLE_RADIUS,
)

GRID_COLS: int = 5
GRID_ROWS: int = 4
HAND_INSET: float = 24.0
"""mm from a band's inner edge back to the line the thrower's sphere waits on (a
person's and a computer's alike): clear of the two-card-length rule with room to spare."""
HAND_MARGIN: float = 20.0
"""mm inside a band's ends that the waiting sphere keeps."""


@dataclass(frozen=True, slots=True)
class Obstacle:
    """An opened Bakugan standing on the table: a static circle that never moves."""

    id: Hashable
    position: Point
    radius: float = OBSTACLE_RADIUS

    def __post_init__(self) -> None:
        check_hashable(self.id, "obstacle id")
        object.__setattr__(self, "position", as_point(self.position, f"obstacle {self.id!r}"))
        object.__setattr__(self, "radius", real(self.radius, f"obstacle {self.id!r} radius"))
        if not 0 < self.radius <= MAX_TABLE_SIZE:
            raise PhysicsError(f"obstacle {self.id!r}: radius must be positive")
        if self.id == CUSHION_ID:
            raise PhysicsError(f"obstacle id {CUSHION_ID!r} is reserved for cushions")


@dataclass(frozen=True, slots=True)
class TableSpec:
    """The whole table. Hashable (prepared spaces are cached per table)."""

    width: float = 800.0
    height: float = 1000.0
    cushions: bool = False
    cards: tuple[CardSpec, ...] = ()
    standing: tuple[Obstacle, ...] = ()
    card_bounds: tuple[float, float, float, float] = field(init=False, repr=False, compare=False)
    """(min x, min y, max x, max y) over every card's corners: a quick reject for the
    distance tests (everything outside it by d is at least d from every card)."""

    def __post_init__(self) -> None:
        width = real(self.width, "table width")
        height = real(self.height, "table height")
        if not (0 < width <= MAX_TABLE_SIZE and 0 < height <= MAX_TABLE_SIZE):
            raise PhysicsError(
                f"table size must be positive and at most {MAX_TABLE_SIZE:g} mm a side,"
                f" got {width:g} x {height:g}"
            )
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)
        if not isinstance(self.cushions, bool):
            raise PhysicsError(f"table cushions must be true or false, got {show(self.cushions)}")
        for name in ("cards", "standing"):
            if not isinstance(getattr(self, name), tuple | list):
                raise PhysicsError(f"table {name} must be a tuple, got {show(getattr(self, name))}")
        cards = tuple(self.cards)
        standing = tuple(self.standing)
        for card in cards:
            if not isinstance(card, CardSpec):
                raise PhysicsError(f"cards must be CardSpec, got {show(card)}")
        for obstacle in standing:
            if not isinstance(obstacle, Obstacle):
                raise PhysicsError(f"standing must be Obstacle, got {show(obstacle)}")
        _unique([c.id for c in cards], "card")
        _unique([o.id for o in standing], "standing Bakugan")
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "standing", standing)
        corners = [p for card in cards for p in card.corners()]
        bounds = (
            min((p[0] for p in corners), default=math.inf),
            min((p[1] for p in corners), default=math.inf),
            max((p[0] for p in corners), default=-math.inf),
            max((p[1] for p in corners), default=-math.inf),
        )
        object.__setattr__(self, "card_bounds", bounds)

    def far_from_cards(self, point: Point, distance: float) -> bool:
        """True if `point` is provably at least `distance` from every card (a quick
        test on the cards' bounding box; False means "maybe closer")."""
        x0, y0, x1, y1 = self.card_bounds
        x, y = point
        return x <= x0 - distance or x >= x1 + distance or y <= y0 - distance or y >= y1 + distance

    def contains(self, point: Point) -> bool:
        """True if `point` is on the table (edges included)."""
        return 0.0 <= point[0] <= self.width and 0.0 <= point[1] <= self.height

    def card(self, card_id: Hashable) -> CardSpec:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)


def _unique(ids: list[Hashable], what: str) -> None:
    seen: set[Hashable] = set()
    for item in ids:
        if item in seen:
            raise PhysicsError(f"duplicate {what} id {item!r}")
        seen.add(item)


# --- the grid ------------------------------------------------------------------------


def slot_center(
    col: int,
    row: int,
    table: TableSpec | None = None,
    grid: tuple[int, int] = (GRID_COLS, GRID_ROWS),
) -> Point:
    """Centre of grid slot (col, row) of a `grid` (columns, rows; the two-player 5 x 4
    by default) centred on the table.

    Cards touch edge to edge: centres are 62 mm apart in x and 88 mm apart in y. Row 0
    is nearest player 0 (low y), column 0 at low x.
    """
    if not (isinstance(col, int) and isinstance(row, int)):
        raise TypeError(f"slot must be ints, got ({col!r}, {row!r})")
    cols, rows = grid
    if not (0 <= col < cols and 0 <= row < rows):
        raise PhysicsError(f"slot ({col}, {row}) is outside the {cols} x {rows} grid")
    t = table if table is not None else TableSpec()
    x = t.width / 2 + (col - (cols - 1) / 2) * CARD_WIDTH
    y = t.height / 2 + (row - (rows - 1) / 2) * CARD_LENGTH
    return (x, y)


def slot_card(
    col: int,
    row: int,
    table: TableSpec | None = None,
    *,
    card_id: Hashable | None = None,
    magnet_radius: float = MAGNET_RADIUS,
    grid: tuple[int, int] = (GRID_COLS, GRID_ROWS),
) -> CardSpec:
    """A Gate Card lying in slot (col, row) of `grid`; its id is `(col, row)` unless given."""
    return CardSpec(
        id=(col, row) if card_id is None else card_id,
        center=slot_center(col, row, table, grid),
        magnet_radius=magnet_radius,
    )


def grid_table(
    slots: Iterable[tuple[int, int]],
    *,
    width: float = 800.0,
    height: float = 1000.0,
    cushions: bool = False,
    standing: Iterable[Obstacle] = (),
    magnet_radius: float = MAGNET_RADIUS,
) -> TableSpec:
    """A table with cards (ids `(col, row)`) in the given slots, in the order given."""
    base = TableSpec(width=width, height=height, cushions=cushions)
    cards = tuple(slot_card(c, r, base, magnet_radius=magnet_radius) for c, r in slots)
    return TableSpec(
        width=width, height=height, cushions=cushions, cards=cards, standing=tuple(standing)
    )


def standing_on(card: CardSpec, obstacle_id: Hashable, radius: float = OBSTACLE_RADIUS) -> Obstacle:
    """An opened Bakugan standing on `card`'s centre."""
    return Obstacle(id=obstacle_id, position=card.center, radius=radius)


# --- a thrower's band -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThrowLine:
    """A thrower's band (a rectangle along one table edge) seen in its own terms: it
    runs `along` one table axis (x for a seat at the bottom or top edge, y for one at a
    side) between `lo` and `hi`; across it, `edge` is the table-edge side of the band and
    `inner` the side toward the field (`facing` is +1 when the field lies toward higher
    coordinates)."""

    horizontal: bool
    lo: float
    hi: float
    edge: float
    inner: float

    @staticmethod
    def of(zone: tuple[float, float, float, float], table: TableSpec) -> ThrowLine:
        """The line of the band `zone` (x0, y0, x1, y1) of `table`: it runs along its
        longer side."""
        x0, y0, x1, y1 = zone
        horizontal = x1 - x0 >= y1 - y0
        lo, hi, a, b = (x0, x1, y0, y1) if horizontal else (y0, y1, x0, x1)
        extent = table.height if horizontal else table.width
        edge, inner = (a, b) if b < extent / 2 else (b, a)
        return ThrowLine(horizontal, lo, hi, edge, inner)

    @property
    def facing(self) -> float:
        return 1.0 if self.inner >= self.edge else -1.0

    def along(self, p: Point) -> float:
        return p[0] if self.horizontal else p[1]

    def across(self, p: Point) -> float:
        return p[1] if self.horizontal else p[0]

    def point(self, along: float, across: float) -> Point:
        return (along, across) if self.horizontal else (across, along)

    @property
    def hand(self) -> float:
        """The across coordinate of the line the thrower's sphere waits on."""
        return self.inner - HAND_INSET * self.facing

    def hand_point(self, along: float) -> Point:
        """Where on that line the sphere waits nearest `along` (within the band's ends,
        `HAND_MARGIN` inside them)."""
        at = min(max(along, self.lo + HAND_MARGIN), self.hi - HAND_MARGIN)
        return self.point(at, self.hand)


# --- the origin rule -----------------------------------------------------------------


def check_origin(table: TableSpec, origin: Point, radius: float = 0.0) -> str | None:
    """Why a throw may not start at `origin`, or None if it may.

    The origin must be on the table and at least two card lengths (176 mm) from every
    Gate Card's rectangle. With `radius` > 0 the sphere placed there must also not
    overlap a cushion or a standing Bakugan.
    """
    try:
        x, y = as_point(origin, "throw origin")
    except (TypeError, ValueError) as exc:
        return f"throw origin is not a point: {exc}"
    if not table.contains((x, y)):
        return (
            f"throw origin ({x:.1f}, {y:.1f}) is off the table "
            f"(0..{table.width:g} x 0..{table.height:g})"
        )
    nearest: CardSpec | None = None
    nearest_d = math.inf
    if not table.far_from_cards((x, y), MIN_THROW_DISTANCE):
        for card in table.cards:
            d = rect_distance(card.frame, x, y)
            if d < nearest_d:
                nearest, nearest_d = card, d
    if nearest is not None and nearest_d < MIN_THROW_DISTANCE:
        return (
            f"throw origin ({x:.1f}, {y:.1f}) is {nearest_d:.1f} mm from Gate Card "
            f"{nearest.id!r}: a throw must start at least {MIN_THROW_DISTANCE:g} mm "
            f"(two card lengths) from every Gate Card"
        )
    if radius > 0:
        if table.cushions:
            margin = min(x, y, table.width - x, table.height - y)
            if margin < radius:
                return (
                    f"a sphere of radius {radius:g} at ({x:.1f}, {y:.1f}) overlaps the "
                    f"cushion ({margin:.1f} mm from the edge)"
                )
        for obstacle in table.standing:
            gap = math.dist((x, y), obstacle.position) - obstacle.radius - radius
            if gap < 0:
                return (
                    f"a sphere of radius {radius:g} at ({x:.1f}, {y:.1f}) overlaps the "
                    f"standing Bakugan {obstacle.id!r}"
                )
    return None


__all__ = [
    "CUSHION_ID",
    "CUSHION_RADIUS",
    "GRID_COLS",
    "GRID_ROWS",
    "HAND_INSET",
    "HAND_MARGIN",
    "CardSpec",
    "Obstacle",
    "Point",
    "TableSpec",
    "ThrowLine",
    "check_origin",
    "grid_table",
    "rect_distance",
    "slot_card",
    "slot_center",
    "standing_on",
]
