"""Targets: flat polygons on the table with a magnetic area (no pymunk here).

A target lies flat: spheres roll over it, they never bounce off it. Its magnetic area is
the circle of `magnet_radius` around its centre (a sphere slower than OPEN_SPEED with
its centre inside is pulled to the centre); the polygon is what a judge measures a
resting sphere against, and what a sphere's disc can touch.

- `CardSpec`: a Gate Card, a rectangle (62 x 88 mm).
- `CoreSpec`: a BakuCore of Battle Planet, a regular hexagon (about 38 mm across the
  flats).

Both satisfy `Target`, which is all the engine and the judges use: a next kind of
target is one more class with these few members.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Protocol, Self

from game.physics.geometry import (
    Frame,
    PhysicsError,
    Point,
    as_point,
    check_hashable,
    polygon_distance,
    real,
    rect_distance,
    regular_polygon,
)
from game.physics.tuning import CARD_LENGTH, CARD_WIDTH, MAGNET_RADIUS, MAX_TABLE_SIZE

CORE_ACROSS_FLATS: float = 38.0
"""mm: a BakuCore, flat side to flat side."""

CORE_MAGNET_RADIUS: float = CORE_ACROSS_FLATS / 2
"""A core's magnetic area reaches its flats: a sphere whose centre is over the core
and slow enough is held on it. (Battle Planet's own tuning belongs to its issue.)"""


class Target(Protocol):
    """What the engine and the judges need of a flat target."""

    @property
    def id(self) -> Hashable: ...
    @property
    def center(self) -> Point: ...
    @property
    def angle(self) -> float: ...
    @property
    def magnet_radius(self) -> float: ...

    def corners(self) -> Sequence[Point]:
        """The polygon in table coordinates, counter-clockwise."""
        ...

    def outline(self) -> Sequence[Point]:
        """The polygon in the target's own frame (centre at the origin, unturned)."""
        ...

    def distance(self, point: Point) -> float:
        """Distance from `point` to the polygon (0 on or inside it)."""
        ...

    def contains(self, point: Point) -> bool: ...

    def local(self, point: Point) -> Point:
        """`point` in the target's own frame."""
        ...

    def placed(self, center: Point, angle: float) -> Self:
        """The same target moved to `center`, turned to `angle`."""
        ...


def _to_local(center: Point, angle: float, point: Point) -> Point:
    c, s = (1.0, 0.0) if angle == 0.0 else (math.cos(angle), math.sin(angle))
    dx = point[0] - center[0]
    dy = point[1] - center[1]
    return (c * dx + s * dy, c * dy - s * dx)


@dataclass(frozen=True, slots=True)
class CardSpec:
    """A Gate Card lying on the table: `width` across its own x, `length` along its y.

    `angle` (radians) turns the card counter-clockwise about its centre. The magnetic
    area is the circle of `magnet_radius` around the centre.
    """

    id: Hashable
    center: Point
    angle: float = 0.0
    width: float = CARD_WIDTH
    length: float = CARD_LENGTH
    magnet_radius: float = MAGNET_RADIUS
    frame: Frame = field(init=False, repr=False, compare=False)
    """(cx, cy, cos a, sin a, width/2, length/2), precomputed for the geometry tests."""

    def __post_init__(self) -> None:
        check_hashable(self.id, "card id")
        object.__setattr__(self, "center", as_point(self.center, f"card {self.id!r} center"))
        for name in ("angle", "width", "length", "magnet_radius"):
            value = real(getattr(self, name), f"card {self.id!r} {name}")
            object.__setattr__(self, name, value)
        if self.width <= 0 or self.length <= 0:
            raise PhysicsError(f"card {self.id!r}: width and length must be positive")
        if max(self.width, self.length, self.magnet_radius) > MAX_TABLE_SIZE:
            raise PhysicsError(f"card {self.id!r}: larger than a table ({MAX_TABLE_SIZE:g} mm)")
        if self.magnet_radius < 0:
            raise PhysicsError(f"card {self.id!r}: magnet_radius must be >= 0")
        c, s = (1.0, 0.0) if self.angle == 0.0 else (math.cos(self.angle), math.sin(self.angle))
        frame = (self.center[0], self.center[1], c, s, self.width / 2, self.length / 2)
        object.__setattr__(self, "frame", frame)

    def local(self, point: Point) -> Point:
        """`point` in the card's own frame (origin at its centre, unrotated)."""
        cx, cy, c, s, _, _ = self.frame
        dx = point[0] - cx
        dy = point[1] - cy
        return (c * dx + s * dy, c * dy - s * dx)

    def contains(self, point: Point) -> bool:
        """True if `point` lies on the card (edges included)."""
        lx, ly = self.local(point)
        return abs(lx) <= self.frame[4] and abs(ly) <= self.frame[5]

    def distance(self, point: Point) -> float:
        """Distance from `point` to the card's rectangle (0 on or inside it)."""
        return rect_distance(self.frame, point[0], point[1])

    def outline(self) -> tuple[Point, Point, Point, Point]:
        hw = self.width / 2
        hl = self.length / 2
        return ((-hw, -hl), (hw, -hl), (hw, hl), (-hw, hl))

    def corners(self) -> tuple[Point, Point, Point, Point]:
        """The rectangle's corners in table coordinates, counter-clockwise."""
        c = math.cos(self.angle)
        s = math.sin(self.angle)
        cx, cy = self.center
        out = [(cx + c * x - s * y, cy + s * x + c * y) for x, y in self.outline()]
        return (out[0], out[1], out[2], out[3])

    def placed(self, center: Point, angle: float) -> CardSpec:
        return CardSpec(self.id, center, angle, self.width, self.length, self.magnet_radius)


@dataclass(frozen=True, slots=True)
class CoreSpec:
    """A BakuCore lying on the table: a regular hexagon `across_flats` wide, turned by
    `angle` (at 0 two flats face +x and -x). The magnetic area is the circle of
    `magnet_radius` around the centre."""

    id: Hashable
    center: Point
    angle: float = 0.0
    across_flats: float = CORE_ACROSS_FLATS
    magnet_radius: float = CORE_MAGNET_RADIUS
    shape: tuple[Point, ...] = field(init=False, repr=False, compare=False)
    """The hexagon's corners in its own frame."""

    def __post_init__(self) -> None:
        check_hashable(self.id, "core id")
        object.__setattr__(self, "center", as_point(self.center, f"core {self.id!r} center"))
        for name in ("angle", "across_flats", "magnet_radius"):
            value = real(getattr(self, name), f"core {self.id!r} {name}")
            object.__setattr__(self, name, value)
        if not 0 < self.across_flats <= MAX_TABLE_SIZE:
            raise PhysicsError(f"core {self.id!r}: across_flats must be positive")
        if not 0 <= self.magnet_radius <= MAX_TABLE_SIZE:
            raise PhysicsError(f"core {self.id!r}: magnet_radius must be >= 0")
        object.__setattr__(self, "shape", tuple(regular_polygon(6, self.across_flats / 2)))

    @property
    def circumradius(self) -> float:
        """Centre to corner."""
        return self.across_flats / math.sqrt(3.0)

    def outline(self) -> tuple[Point, ...]:
        return self.shape

    def corners(self) -> tuple[Point, ...]:
        c = math.cos(self.angle)
        s = math.sin(self.angle)
        cx, cy = self.center
        return tuple((cx + c * x - s * y, cy + s * x + c * y) for x, y in self.shape)

    def local(self, point: Point) -> Point:
        return _to_local(self.center, self.angle, point)

    def distance(self, point: Point) -> float:
        return polygon_distance(self.shape, self.local(point))

    def contains(self, point: Point) -> bool:
        return self.distance(point) == 0.0

    def placed(self, center: Point, angle: float) -> CoreSpec:
        return CoreSpec(self.id, center, angle, self.across_flats, self.magnet_radius)


def hex_neighbour(core: CoreSpec, side: int, ident: Hashable) -> CoreSpec:
    """The core touching `core` flat to flat across its side `side` (0..5, counter-
    clockwise from the side facing +x at angle 0), parallel to it (the Battle Planet
    placement rule)."""
    direction = core.angle + side * math.pi / 3
    d = core.across_flats
    x, y = core.center
    return CoreSpec(
        ident,
        (x + d * math.cos(direction), y + d * math.sin(direction)),
        core.angle,
        core.across_flats,
        core.magnet_radius,
    )


__all__ = [
    "CORE_ACROSS_FLATS",
    "CORE_MAGNET_RADIUS",
    "CardSpec",
    "CoreSpec",
    "Target",
    "hex_neighbour",
]
