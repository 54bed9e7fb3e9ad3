"""Plain geometry and input checks shared by every table description (no pymunk here).

Distances from points to rectangles and convex polygons (the landing judges and the
level checks use them), and the boundary checks that turn a bad number into a
`PhysicsError` naming the field.
"""

from __future__ import annotations

import math
import numbers
from collections.abc import Iterable, Sequence

from game.rules.api import GameError

Point = tuple[float, float]
Pose = tuple[float, float, float]
"""x, y, angle (radians, counter-clockwise)."""
Frame = tuple[float, float, float, float, float, float]
"""(cx, cy, cos a, sin a, half width, half length) of a turned rectangle."""
Bounds = tuple[float, float, float, float]
"""(min x, min y, max x, max y)."""


# --- boundary checks -----------------------------------------------------------------


class PhysicsError(GameError, ValueError):
    """What the physics cannot simulate (a throw, a table, a die, a tray), refused at
    the boundary with the field and the problem: the package's own error, a `GameError`
    like every error the app raises on purpose, and a ValueError as it always was."""


def real(value: object, what: str) -> float:
    """`value` as a finite float; `PhysicsError` naming `what` for anything else (None, a
    string, a bool, NaN, an infinity, an int too large for a float)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise PhysicsError(f"{what} must be a number, got {show(value)}")
    try:
        number = float(value)
    except (OverflowError, ValueError, TypeError):
        raise PhysicsError(f"{what} must be a finite number, got {show(value)}") from None
    if not math.isfinite(number):
        raise PhysicsError(f"{what} must be finite, got {number}")
    return number


def show(value: object) -> str:
    """A short repr for an error message (the type's name when it has none: an int of
    5,000 digits)."""
    try:
        text = repr(value)
    except Exception:  # a foreign object's __repr__, or an int too long to write
        return f"<a {type(value).__name__}>"
    return text if len(text) <= 40 else text[:37] + "..."


def as_point(value: Iterable[float], what: str) -> Point:
    if isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise PhysicsError(f"{what} must be a point (x, y), got {show(value)}")
    items = list(value)
    if len(items) != 2:
        raise PhysicsError(f"{what} must be a point (x, y), got {show(value)}")
    return (real(items[0], f"{what} x"), real(items[1], f"{what} y"))


def check_hashable(value: object, what: str) -> None:
    try:
        hash(value)
    except TypeError:
        raise PhysicsError(
            f"{what} must be hashable (a str, int or tuple), got {show(value)}"
        ) from None


def finite(*values: float) -> bool:
    return all(math.isfinite(v) for v in values)


# --- distances -----------------------------------------------------------------------


def rect_distance(frame: Frame, x: float, y: float) -> float:
    """Distance from (x, y) to the rectangle described by `frame` (0 on or inside it)."""
    cx, cy, c, s, hw, hl = frame
    dx = x - cx
    dy = y - cy
    ex = abs(c * dx + s * dy) - hw
    ey = abs(c * dy - s * dx) - hl
    if ex <= 0.0:
        return ey if ey > 0.0 else 0.0
    if ey <= 0.0:
        return ex
    return math.hypot(ex, ey)


def segment_distance(p: Point, a: Point, b: Point) -> float:
    ex, ey = b[0] - a[0], b[1] - a[1]
    length2 = ex * ex + ey * ey
    u = 0.0 if length2 == 0 else ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / length2
    u = min(max(u, 0.0), 1.0)
    return math.hypot(p[0] - a[0] - u * ex, p[1] - a[1] - u * ey)


def polygon_distance(corners: Sequence[Point], p: Point) -> float:
    """Distance from `p` to a convex polygon (corners counter-clockwise; 0 inside)."""
    inside = True
    best = math.inf
    n = len(corners)
    for i in range(n):
        ax, ay = corners[i]
        bx, by = corners[(i + 1) % n]
        ex, ey = bx - ax, by - ay
        if ex * (p[1] - ay) - ey * (p[0] - ax) < 0:
            inside = False
        best = min(best, segment_distance(p, (ax, ay), (bx, by)))
    return 0.0 if inside else best


def first_touch(corners: Sequence[Point], start: Point, end: Point, radius: float) -> float:
    """The fraction of the way from `start` to `end` at which a disc of `radius` moving
    along it first touches the convex polygon `corners` (counter-clockwise): 0 if it
    touches already, 1 if it does not before the end. Where the segment enters the
    polygon grown by `radius`: an edge moved out by it, or the circle around a corner,
    whichever it meets first."""
    if polygon_distance(corners, start) <= radius:
        return 0.0
    sx, sy = start
    dx, dy = end[0] - sx, end[1] - sy
    a2 = dx * dx + dy * dy
    if a2 == 0.0:
        return 1.0
    first = 1.0
    n = len(corners)
    for k in range(n):
        ax, ay = corners[k]
        bx, by = corners[(k + 1) % n]
        ex, ey = bx - ax, by - ay
        length = math.hypot(ex, ey)
        if length > 0.0:
            nx, ny = ey / length, -ex / length  # outward for counter-clockwise corners
            toward = dx * nx + dy * ny
            if toward < 0.0:  # heading into this edge's side
                t = (radius - ((sx - ax) * nx + (sy - ay) * ny)) / toward
                if 0.0 <= t < first:
                    along = ((sx + dx * t - ax) * ex + (sy + dy * t - ay) * ey) / (length * length)
                    if 0.0 <= along <= 1.0:
                        first = t
        fx, fy = sx - ax, sy - ay  # the corner's circle: |start + t d - a| = radius
        b = 2.0 * (fx * dx + fy * dy)
        c = fx * fx + fy * fy - radius * radius
        disc = b * b - 4.0 * a2 * c
        if disc >= 0.0:
            t = (-b - math.sqrt(disc)) / (2.0 * a2)
            if 0.0 <= t < first:
                first = t
    return first


def circle_hits_box(center: Point, radius: float, corners: Sequence[Point]) -> bool:
    """True if the disc overlaps the convex polygon `corners` (counter-clockwise)."""
    return polygon_distance(corners, center) < radius


def bounds_of(points: Iterable[Point]) -> Bounds:
    """The bounding box of `points` (empty: an inverted box nothing is inside)."""
    pts = list(points)
    return (
        min((p[0] for p in pts), default=math.inf),
        min((p[1] for p in pts), default=math.inf),
        max((p[0] for p in pts), default=-math.inf),
        max((p[1] for p in pts), default=-math.inf),
    )


def far_from(bounds: Bounds, point: Point, distance: float) -> bool:
    """True if `point` is provably at least `distance` from everything inside `bounds`
    (a quick test; False means "maybe closer")."""
    x0, y0, x1, y1 = bounds
    x, y = point
    return x <= x0 - distance or x >= x1 + distance or y <= y0 - distance or y >= y1 + distance


def place(pose: Pose, local: Sequence[Point]) -> list[Point]:
    """`local` points (a piece's own frame) where `pose` puts them on the table."""
    x, y, a = pose
    c, s = math.cos(a), math.sin(a)
    return [(x + c * u - s * v, y + s * u + c * v) for u, v in local]


def regular_polygon(sides: int, inradius: float, angle: float = 0.0) -> list[Point]:
    """Corners (counter-clockwise, about the origin) of a regular polygon `inradius`
    from its centre to the middle of each side; with `angle` 0 one side faces +x."""
    if sides < 3:
        raise PhysicsError(f"a polygon needs at least 3 sides, got {sides}")
    circum = inradius / math.cos(math.pi / sides)
    step = 2.0 * math.pi / sides
    first = angle - step / 2.0
    return [
        (circum * math.cos(first + k * step), circum * math.sin(first + k * step))
        for k in range(sides)
    ]


__all__ = [
    "Bounds",
    "Frame",
    "Point",
    "Pose",
    "as_point",
    "bounds_of",
    "check_hashable",
    "circle_hits_box",
    "far_from",
    "finite",
    "first_touch",
    "place",
    "polygon_distance",
    "real",
    "rect_distance",
    "regular_polygon",
    "segment_distance",
    "show",
]
