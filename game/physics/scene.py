"""What the engine simulates, as plain frozen data: a Scene (no pymunk here).

Every front end describes its table as a Scene: the match table (`TableSpec`, in
`throw.py`), a challenge arena (`ArenaSpec`, in `shot.py`), and any next game directly.

- `cushions`: the table edges with a cushion (``near`` is y = 0, ``far`` y = height,
  ``left`` x = 0, ``right`` x = width); the other edges are open: a sphere whose centre
  crosses one has left the table.
- `pieces` and `standing`: `Solid`s, things a sphere bounces off and cannot move:
  still (part of the static world), moving (a kinematic body following a `Motion`), or
  riding a moving target. The two lists differ only in where they are built (pieces
  before the targets' magnetic areas, standing after them): the order of insertion is
  part of the bit-exact result.
- `targets`: `Placement`s of `Target`s (Gate Cards, BakuCores), still or moving; a
  moving target carries its magnetic area and what stands on it.
- `loose`: spheres lying still that others may push (a rival sphere, a standing
  Bakugan that can be knocked away): dynamic bodies with table friction.
- `touches`: also report when a sphere's disc touches or leaves a target's polygon
  (a judge by contact needs it; it costs a sensor per target).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from game.physics.geometry import Bounds, PhysicsError, Point, Pose, bounds_of, finite, place, real
from game.physics.motion import Motion, pose_at
from game.physics.targets import Target
from game.physics.tuning import (
    MAX_MASS,
    MAX_RADIUS,
    MIN_MASS,
    MIN_RADIUS,
    OBSTACLE_ELASTICITY,
    OBSTACLE_FRICTION,
    SPHERE_RADIUS,
)

CUSHION_SIDES: tuple[str, ...] = ("near", "right", "far", "left")
"""Every table edge, in the order their cushions are built."""

CUSHION_ID: str = "cushion"
"""The id every cushion is reported by; no piece may use it."""


@dataclass(frozen=True, slots=True)
class Solid:
    """A piece spheres bounce off: a circle of `radius` at `offset`, or the convex
    polygon `vertices` (counter-clockwise), both in its holder's frame: the table's
    for a still piece, its own (centred on its pose) for a moving one, the target's
    for one riding target `on`.

    `motion` makes it a moving piece placed at `base` (its pose at clock time 0 before
    the motion). `elasticity` and `friction` are the shape's (pymunk multiplies them
    with the sphere's).
    """

    id: Hashable
    radius: float = 0.0
    offset: Point = (0.0, 0.0)
    vertices: tuple[Point, ...] = ()
    elasticity: float = OBSTACLE_ELASTICITY
    friction: float = OBSTACLE_FRICTION
    motion: Motion | None = None
    base: Pose = (0.0, 0.0, 0.0)
    on: int | None = None

    def __post_init__(self) -> None:
        if self.vertices:
            if len(self.vertices) < 3:
                raise PhysicsError(f"solid {self.id!r}: a polygon needs 3 or more vertices")
        elif not (finite(self.radius) and self.radius > 0):
            raise PhysicsError(f"solid {self.id!r}: radius must be positive")
        if self.motion is not None and self.on is not None:
            raise PhysicsError(f"solid {self.id!r}: a piece either moves or rides a target")

    def pose(self, t: float) -> Pose:
        """Where a moving piece's own frame is at time t."""
        return pose_at(self.motion, self.base, t)


T_co = TypeVar("T_co", bound=Target, covariant=True)


@dataclass(frozen=True, slots=True)
class Placement(Generic[T_co]):
    """A target on the table; with a `motion`, it moves (from its own centre and angle).
    A challenge's Gate Card is one (`pieces.ArenaCard`)."""

    target: T_co
    motion: Motion | None = None

    @property
    def id(self) -> Hashable:
        return self.target.id

    @property
    def moves(self) -> bool:
        return self.motion is not None and (self.motion.moves or self.motion.turn != 0.0)

    def pose(self, t: float) -> Pose:
        return pose_at(self.motion, (*self.target.center, self.target.angle), t)

    def at(self, t: float) -> T_co:
        """The target where the clock puts it at time t."""
        if not self.moves:
            return self.target
        x, y, a = self.pose(t)
        return self.target.placed((x, y), a)


@dataclass(frozen=True, slots=True)
class Loose:
    """A sphere lying still that a thrown one may push away."""

    id: Hashable
    position: Point
    radius: float = SPHERE_RADIUS
    mass: float = 1.0
    angle: float = 0.0

    def __post_init__(self) -> None:
        real(self.position[0], f"{self.id!r} x")
        real(self.position[1], f"{self.id!r} y")
        if not MIN_RADIUS <= self.radius <= MAX_RADIUS:
            raise PhysicsError(f"sphere {self.id!r}: radius must be {MIN_RADIUS}..{MAX_RADIUS}")
        if not (finite(self.mass) and MIN_MASS <= self.mass <= MAX_MASS):
            raise PhysicsError(
                f"sphere {self.id!r}: mass must be within {MIN_MASS:g}..{MAX_MASS:g}"
            )


@dataclass(frozen=True, slots=True)
class Scene:
    """Everything on a table when spheres are released (frozen, hashable)."""

    width: float
    height: float
    cushions: frozenset[str] = frozenset()
    pieces: tuple[Solid, ...] = ()
    targets: tuple[Placement[Target], ...] = ()
    standing: tuple[Solid, ...] = ()
    loose: tuple[Loose, ...] = ()
    touches: bool = False
    solid_ids: tuple[Hashable, ...] = field(init=False, repr=False, compare=False)
    """The id of each solid shape in the order built: a cushion per cushioned side,
    then the pieces, then the standing (a contact names its solid by this index)."""
    still_targets: tuple[Target, ...] = field(init=False, repr=False, compare=False)
    """The targets where they lie at clock time 0."""
    bounds: Bounds | None = field(init=False, repr=False, compare=False)
    """The bounding box of every target's polygon (None if a target moves): a quick
    reject for the landing tests."""

    def __post_init__(self) -> None:
        if not (finite(self.width, self.height) and self.width > 0 and self.height > 0):
            raise PhysicsError("table size must be positive")
        bad = set(self.cushions) - set(CUSHION_SIDES)
        if bad:
            raise PhysicsError(f"unknown cushion sides {sorted(bad)}")
        moving = {i for i, p in enumerate(self.targets) if p.moves}
        for solid in (*self.pieces, *self.standing):
            if solid.on is not None and solid.on not in moving:
                raise PhysicsError(
                    f"solid {solid.id!r} rides target {solid.on}, which does not move"
                )
        ids = [s.id for s in (*self.pieces, *self.standing)] + [b.id for b in self.loose]
        if CUSHION_ID in ids:
            raise PhysicsError(f"the id {CUSHION_ID!r} is kept for cushions")
        cushions = [CUSHION_ID for side in CUSHION_SIDES if side in self.cushions]
        solid_ids = (*cushions, *(s.id for s in self.pieces), *(s.id for s in self.standing))
        object.__setattr__(self, "solid_ids", solid_ids)
        object.__setattr__(self, "still_targets", tuple(p.target for p in self.targets))
        bounds = None
        if not moving:
            bounds = bounds_of(p for place in self.targets for p in place.target.corners())
        object.__setattr__(self, "bounds", bounds)

    def contains(self, point: Point) -> bool:
        """True if `point` is on the table (edges included)."""
        return 0.0 <= point[0] <= self.width and 0.0 <= point[1] <= self.height

    def targets_at(self, t: float) -> tuple[Target, ...]:
        """Every target where the clock puts it at time t."""
        return tuple(p.at(t) for p in self.targets)

    def solid_at(self, solid: Solid, t: float) -> tuple[Point, float] | list[Point]:
        """A solid where the clock puts it at time t: (centre, radius) of a circle, or
        the polygon's corners on the table."""
        if solid.motion is not None:
            pose = solid.pose(t)
        elif solid.on is not None:
            pose = self.targets[solid.on].pose(t)
        else:
            pose = (0.0, 0.0, 0.0)
        if solid.vertices:
            return place(pose, solid.vertices)
        (x, y) = place(pose, [solid.offset])[0]
        return ((x, y), solid.radius)


__all__ = ["CUSHION_ID", "CUSHION_SIDES", "Loose", "Placement", "Scene", "Solid"]
