"""The challenge arena: a table with blocks, bumpers, moving pieces and resting spheres.

An addition beside the match table (`world.py` / `throw.py`, left exactly as they are):
the throw challenges need more than one moving sphere (knock a rival sphere off its
card), static polygons (blocks), bumpers that bounce at full restitution, and pieces
that move along a path or rotate. So this module prepares its own pymunk space per arena
and runs its own loop, with the same units, tuning and judging rules as the match table
(an arena with only cards and cushions rolls a throw exactly as `resolve_throw` does):

- Friction: pivot and gear joints to the static body for every sphere (Coulomb, in C),
  plus the same `space.damping`.
- Spin: the sideways push of a spinning sphere is a per-sphere force set before each
  step (one C call per pushing sphere and step; forces reset after every step). The
  match table's single-sphere trick (the push as `space.gravity`) cannot be used once
  several spheres move, and is left untouched there.
- Moving pieces are kinematic bodies whose motion is a function of simulated time: a
  shot released at clock step ``start_step`` sees every piece where the clock puts
  it. Velocities are set exactly at the steps where a piece turns a corner of its path
  (and the pose re-synced there), so between corners pymunk integrates in C.
- The thrown sphere is caught by a magnetic area as on the match table; a moving card
  carries its magnet (and the Bakugan standing on it) along.
- The static world of an ArenaSpec is built once (cached per spec, per thread); for
  each shot everything that moves - kinematic pieces, moving cards, fresh sphere bodies
  and joints - is added in a fixed order and removed afterwards. So the same spec, throw
  and start step give the bit-identical result in any process on one machine, whatever
  was simulated before (tests compare cached, fresh and public-API runs). Sphere bodies
  are never reused: Chipmunk keeps a bias velocity in a body from its last step.
- A speed above MAX_SPEED after any contact (a bumper or a moving piece can add some)
  is clamped back, so the no-tunnelling argument of `tuning.MAX_SPEED` still holds.
"""

from __future__ import annotations

import bisect
import itertools
import math
from array import array
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import pymunk

from game.physics.cache import PreparedCache
from game.physics.table import CUSHION_ID, CardSpec, Point, rect_distance
from game.physics.throw import OFF_CARD, OFF_TABLE, Landing, Throw, Trajectory
from game.physics.tuning import (
    CAPTURE_ANGULAR_DECEL,
    CUSHION_ELASTICITY,
    CUSHION_FRICTION,
    CUSHION_RADIUS,
    DAMPING,
    DT,
    EDGE_SENSOR_DEPTH,
    GRAVITY,
    MAGNET_ERROR_BIAS,
    MAGNET_PULL_ACCEL,
    MAGNET_PULL_SPEED,
    MAX_MASS,
    MAX_RADIUS,
    MAX_SPEED,
    MAX_STEPS,
    MIN_MASS,
    MIN_RADIUS,
    MIN_THROW_DISTANCE,
    OBSTACLE_ELASTICITY,
    OBSTACLE_FRICTION,
    OBSTACLE_RADIUS,
    OPEN_SPEED,
    PUSH_EVERY,
    REST_CHECK_EVERY,
    REST_CHECK_MAX,
    REST_SPEED,
    ROLLING_MU,
    SOLVER_ITERATIONS,
    SPHERE_ELASTICITY,
    SPHERE_FRICTION,
    SPIN_ANGULAR_DECEL,
    SPIN_CURVE,
    SPIN_MIN_SPEED,
    SPIN_OMEGA,
)

SIDES: tuple[str, ...] = ("near", "far", "left", "right")
"""Table edges: near is y = 0 (the thrower's side), far is y = height, left x = 0."""

BLOCK_ELASTICITY: float = CUSHION_ELASTICITY
BUMPER_BOUNCE: float = 1.0
"""Restitution of a sphere on a bumper (the pair's product; at most 1: nothing adds
energy, so the speed cap's reasoning holds)."""
POST_BOUNCE: float = SPHERE_ELASTICITY * OBSTACLE_ELASTICITY
"""Restitution of a sphere on a post: the same as on a standing Bakugan (0.72)."""
MAX_PIECE_SPEED: float = 600.0
"""mm/s: the fastest any point of a moving piece may go (checked by the level format)."""

Pose = tuple[float, float, float]  # x, y, angle (radians)


def _finite(*values: float) -> bool:
    return all(math.isfinite(v) for v in values)


# --- motion --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Motion:
    """Where a moving piece is at simulated time t (seconds on the level's clock).

    ``path`` (two or more points, table coordinates) is followed at ``speed`` mm/s:
    ``closed`` goes from the last point back to the first, otherwise the piece goes
    back along the path. ``turn`` rotates the piece (rad/s, counter-clockwise).
    ``phase`` (s) is added to the clock. Without a path the piece stays where it is.
    """

    path: tuple[Point, ...] = ()
    speed: float = 0.0
    closed: bool = False
    turn: float = 0.0
    phase: float = 0.0
    legs: tuple[tuple[float, float, float, float, float], ...] = field(
        init=False, repr=False, compare=False
    )
    """(x0, y0, dx/dt, dy/dt, t0) per leg; leg i lasts from t0 to the next leg's t0."""
    starts: tuple[float, ...] = field(init=False, repr=False, compare=False)
    period: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        path = tuple((float(x), float(y)) for x, y in self.path)
        object.__setattr__(self, "path", path)
        for name in ("speed", "turn", "phase"):
            object.__setattr__(self, name, float(getattr(self, name)))
        object.__setattr__(self, "closed", bool(self.closed))
        if not _finite(self.speed, self.turn, self.phase, *(c for p in path for c in p)):
            raise ValueError("motion: values must be finite")
        legs: list[tuple[float, float, float, float, float]] = []
        period = 0.0
        if path:
            if len(path) < 2:
                raise ValueError("motion: a path needs at least two points")
            if self.speed <= 0:
                raise ValueError("motion: a path needs a positive speed")
            points = list(path)
            if self.closed:
                points.append(path[0])
            else:
                points.extend(reversed(path[:-1]))
            t = 0.0
            for (x0, y0), (x1, y1) in itertools.pairwise(points):
                length = math.hypot(x1 - x0, y1 - y0)
                if length <= 0:
                    continue
                dur = length / self.speed
                legs.append((x0, y0, (x1 - x0) / dur, (y1 - y0) / dur, t))
                t += dur
            if not legs:
                raise ValueError("motion: the path's points are all the same")
            period = t
        object.__setattr__(self, "legs", tuple(legs))
        object.__setattr__(self, "starts", tuple(leg[4] for leg in legs))
        object.__setattr__(self, "period", period)

    @property
    def moves(self) -> bool:
        return bool(self.legs)

    def _leg(self, t: float) -> tuple[int, float]:
        """(leg index, time into the period) at clock time t."""
        u = (t + self.phase) % self.period
        i = bisect.bisect_right(self.starts, u) - 1
        return max(i, 0), u

    def position(self, t: float, base: Point) -> Point:
        if not self.legs:
            return base
        i, u = self._leg(t)
        x0, y0, vx, vy, t0 = self.legs[i]
        return (x0 + vx * (u - t0), y0 + vy * (u - t0))

    def angle(self, t: float, base: float) -> float:
        return base + self.turn * (t + self.phase) if self.turn else base

    def sync_steps(self, first: int, last: int) -> list[int]:
        """Clock steps in first..last at which the velocity over the next step differs
        from the one before: the step a corner falls in, and the one after it."""
        if not self.legs or self.period <= 0:
            return []
        out: set[int] = set()
        t_first = first * DT + self.phase
        t_last = (last + 1) * DT + self.phase
        k = math.floor(t_first / self.period)
        while k * self.period <= t_last:
            for start in self.starts:
                tb = k * self.period + start
                if t_first <= tb <= t_last:
                    a = math.floor((tb - self.phase) / DT)
                    out.add(a)
                    out.add(a + 1)
            k += 1
        return sorted(s for s in out if first <= s <= last)


STILL = Motion()


def pose_at(motion: Motion | None, base: Pose, t: float) -> Pose:
    """The pose (x, y, angle) of a piece placed at `base` with `motion` at time t."""
    if motion is None:
        return base
    x, y = motion.position(t, (base[0], base[1]))
    return (x, y, motion.angle(t, base[2]))


# --- pieces --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Block:
    """A solid rectangle (static, or kinematic with a motion): `size` = (width, height)
    along its own x and y, turned by `angle` about its centre."""

    id: Hashable
    center: Point
    size: tuple[float, float]
    angle: float = 0.0
    motion: Motion | None = None
    bounce: float = SPHERE_ELASTICITY * BLOCK_ELASTICITY

    def __post_init__(self) -> None:
        w, h = (float(v) for v in self.size)
        object.__setattr__(self, "size", (w, h))
        object.__setattr__(self, "center", (float(self.center[0]), float(self.center[1])))
        if not (_finite(w, h, *self.center, self.angle) and w > 0 and h > 0):
            raise ValueError(f"block {self.id!r}: size must be positive and finite")

    def pose(self, t: float) -> Pose:
        return pose_at(self.motion, (*self.center, self.angle), t)

    def corners(self, t: float = 0.0) -> list[Point]:
        x, y, a = self.pose(t)
        c, s = math.cos(a), math.sin(a)
        hw, hh = self.size[0] / 2, self.size[1] / 2
        return [(x + c * u - s * v, y + s * u + c * v) for u, v in _box(hw, hh)]


def _box(hw: float, hh: float) -> list[Point]:
    return [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]


@dataclass(frozen=True, slots=True)
class Round:
    """A solid circle: a bumper (restitution up to 1) or a post."""

    id: Hashable
    center: Point
    radius: float = OBSTACLE_RADIUS
    bounce: float = POST_BOUNCE
    motion: Motion | None = None
    bumper: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "center", (float(self.center[0]), float(self.center[1])))
        if not (_finite(*self.center, self.radius) and self.radius > 0):
            raise ValueError(f"round piece {self.id!r}: radius must be positive")
        if not 0.0 <= self.bounce <= 1.0:
            raise ValueError(f"round piece {self.id!r}: bounce must be within 0..1")

    def pose(self, t: float) -> Pose:
        return pose_at(self.motion, (*self.center, 0.0), t)


Piece = Block | Round


@dataclass(frozen=True, slots=True)
class ArenaCard:
    """A Gate Card (its resting place and size in `spec`), possibly moving."""

    spec: CardSpec
    motion: Motion | None = None

    @property
    def id(self) -> Hashable:
        return self.spec.id

    @property
    def moves(self) -> bool:
        return self.motion is not None and (self.motion.moves or self.motion.turn != 0.0)

    def pose(self, t: float) -> Pose:
        return pose_at(self.motion, (*self.spec.center, self.spec.angle), t)

    def at(self, t: float) -> CardSpec:
        """The card where the clock puts it at time t."""
        if not self.moves:
            return self.spec
        x, y, a = self.pose(t)
        s = self.spec
        return CardSpec(s.id, (x, y), a, s.width, s.length, s.magnet_radius)


@dataclass(frozen=True, slots=True)
class Standing:
    """An opened Bakugan standing on the table (a static circle). With `on` naming a
    moving card, `position` is in that card's frame (offset from its centre, before
    the card's turn) and the Bakugan rides along."""

    id: Hashable
    position: Point
    radius: float = OBSTACLE_RADIUS
    on: Hashable | None = None


@dataclass(frozen=True, slots=True)
class Rival:
    """A closed sphere lying on the table: the thrown sphere may knock it away."""

    id: Hashable
    position: Point
    radius: float = 14.0
    mass: float = 1.0
    angle: float = 0.0

    def __post_init__(self) -> None:
        if not MIN_RADIUS <= self.radius <= MAX_RADIUS:
            raise ValueError(f"rival {self.id!r}: radius must be {MIN_RADIUS}..{MAX_RADIUS}")
        if not (math.isfinite(self.mass) and MIN_MASS <= self.mass <= MAX_MASS):
            raise ValueError(f"rival {self.id!r}: mass must be within {MIN_MASS:g}..{MAX_MASS:g}")


@dataclass(frozen=True, slots=True)
class ArenaSpec:
    """Everything on a challenge table at the moment of a shot (frozen, hashable)."""

    width: float
    height: float
    cushions: frozenset[str] = frozenset()
    cards: tuple[ArenaCard, ...] = ()
    pieces: tuple[Piece, ...] = ()
    standing: tuple[Standing, ...] = ()
    rivals: tuple[Rival, ...] = ()

    def __post_init__(self) -> None:
        if not (_finite(self.width, self.height) and self.width > 0 and self.height > 0):
            raise ValueError("arena size must be positive")
        bad = set(self.cushions) - set(SIDES)
        if bad:
            raise ValueError(f"unknown cushion sides {sorted(bad)}")
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise ValueError("duplicate card ids")
        solid = (
            [p.id for p in self.pieces]
            + [s.id for s in self.standing]
            + [r.id for r in self.rivals]
        )
        if len(set(solid)) != len(solid) or CUSHION_ID in solid:
            raise ValueError("piece, standing and rival ids must be unique (and not 'cushion')")

    def contains(self, point: Point) -> bool:
        return 0.0 <= point[0] <= self.width and 0.0 <= point[1] <= self.height

    def card(self, card_id: Hashable) -> ArenaCard:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def cards_at(self, t: float) -> tuple[CardSpec, ...]:
        return tuple(c.at(t) for c in self.cards)

    @property
    def moving(self) -> bool:
        return any(c.moves for c in self.cards) or any(p.motion is not None for p in self.pieces)


# --- geometry shared with the level checks -------------------------------------------


def circle_hits_box(center: Point, radius: float, corners: list[Point]) -> bool:
    """True if the disc overlaps the convex polygon `corners` (counter-clockwise)."""
    return polygon_distance(corners, center) < radius


def polygon_distance(corners: list[Point], p: Point) -> float:
    """Distance from `p` to a convex polygon (0 inside)."""
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


def segment_distance(p: Point, a: Point, b: Point) -> float:
    ex, ey = b[0] - a[0], b[1] - a[1]
    length2 = ex * ex + ey * ey
    u = 0.0 if length2 == 0 else ((p[0] - a[0]) * ex + (p[1] - a[1]) * ey) / length2
    u = min(max(u, 0.0), 1.0)
    return math.hypot(p[0] - a[0] - u * ex, p[1] - a[1] - u * ey)


# --- results -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ArenaContact:
    """Sphere `sphere` first touched `other` (a piece, a standing Bakugan, a rival or
    "cushion") at `time` s after release, closing at `speed` mm/s."""

    time: float
    sphere: Hashable
    other: Hashable
    speed: float
    position: Point


@dataclass(frozen=True, slots=True)
class RivalRest:
    """Where a rival sphere ended (`position` None: it left the table)."""

    id: Hashable
    position: Point | None
    angle: float


@dataclass(frozen=True, slots=True)
class ShotResult:
    """One shot in the arena, from release to rest (or the time cap).

    `landing` judges the thrown sphere as the match table does; `carrier` names the
    moving card it stands on (`local` is then its offset in that card's frame).
    `tracks` holds (x, y, angle) per step for the thrown sphere and every rival (in the
    arena's order); a sphere that left the table has no samples after that.
    """

    landing: Landing
    rivals: tuple[RivalRest, ...]
    start_step: int
    steps: int
    timed_out: bool
    contacts: tuple[ArenaContact, ...]
    tracks: tuple[tuple[Hashable, Trajectory], ...] = ()
    speed: float = 0.0
    speed_clamped: bool = False
    sphere_id: Hashable = "sphere"
    carrier: Hashable | None = None
    local: Point = (0.0, 0.0)

    @property
    def time_to_rest(self) -> float:
        return self.steps * DT

    @property
    def end_step(self) -> int:
        return self.start_step + self.steps

    def track(self, ident: Hashable) -> Trajectory:
        for key, traj in self.tracks:
            if key == ident:
                return traj
        raise KeyError(ident)


# --- origin rule ---------------------------------------------------------------------


def check_shot(arena: ArenaSpec, throw: Throw, start_step: int = 0) -> str | None:
    """Why `throw` may not start where it does at clock step `start_step`, or None."""
    x, y = throw.origin
    r = throw.radius
    if not arena.contains((x, y)):
        return f"throw origin ({x:.1f}, {y:.1f}) is off the table"
    t = start_step * DT
    for card in arena.cards_at(t):
        d = rect_distance(card.frame, x, y)
        if d < MIN_THROW_DISTANCE:
            return (
                f"throw origin ({x:.1f}, {y:.1f}) is {d:.1f} mm from Gate Card {card.id!r}: "
                f"a throw must start at least {MIN_THROW_DISTANCE:g} mm from every Gate Card"
            )
    margin = {
        "near": y,
        "far": arena.height - y,
        "left": x,
        "right": arena.width - x,
    }
    for side in arena.cushions:
        if margin[side] < r:
            return f"the sphere at ({x:.1f}, {y:.1f}) overlaps the {side} cushion"
    for piece in arena.pieces:
        if _overlaps_piece(piece, t, (x, y), r):
            return f"the sphere at ({x:.1f}, {y:.1f}) overlaps {piece.id!r}"
    cards = {c.id: c for c in arena.cards}
    for s in arena.standing:
        p = standing_position(s, cards, t)
        if math.dist(p, (x, y)) < s.radius + r:
            return f"the sphere at ({x:.1f}, {y:.1f}) overlaps the standing Bakugan {s.id!r}"
    for rival in arena.rivals:
        if math.dist(rival.position, (x, y)) < rival.radius + r:
            return f"the sphere at ({x:.1f}, {y:.1f}) overlaps the sphere {rival.id!r}"
    return None


def _overlaps_piece(piece: Piece, t: float, p: Point, r: float) -> bool:
    if isinstance(piece, Round):
        px, py, _ = piece.pose(t)
        return math.dist((px, py), p) < piece.radius + r
    return circle_hits_box(p, r, piece.corners(t))


def standing_position(s: Standing, cards: dict[Hashable, ArenaCard], t: float) -> Point:
    """Where a standing Bakugan is at time t (it rides a moving card)."""
    card = cards.get(s.on) if s.on is not None else None
    if card is None or not card.moves:
        return s.position
    x, y, a = card.pose(t)
    c, si = math.cos(a), math.sin(a)
    u, v = s.position
    return (x + c * u - si * v, y + si * u + c * v)


# --- the space -----------------------------------------------------------------------

_CAT_SOLID = 0b00001  # cushions, pieces, standing Bakugan
_CAT_ZONE = 0b00010  # magnetic areas
_CAT_EDGE = 0b00100  # off-table bands
_CAT_BALL = 0b01000  # spheres' solid circles
_CAT_THROWN = 0b10000  # the thrown sphere's centre point
_CAT_RIVAL = 0b100000  # a rival's centre point

_F_SOLID = pymunk.ShapeFilter(categories=_CAT_SOLID, mask=_CAT_BALL)
_F_ZONE = pymunk.ShapeFilter(categories=_CAT_ZONE, mask=_CAT_THROWN)
_F_EDGE = pymunk.ShapeFilter(categories=_CAT_EDGE, mask=_CAT_THROWN | _CAT_RIVAL)
_F_BALL = pymunk.ShapeFilter(categories=_CAT_BALL, mask=_CAT_SOLID | _CAT_BALL)
_F_THROWN = pymunk.ShapeFilter(categories=_CAT_THROWN, mask=_CAT_ZONE | _CAT_EDGE)
_F_RIVAL = pymunk.ShapeFilter(categories=_CAT_RIVAL, mask=_CAT_EDGE)

SOLID = 3
EDGE = 4
BALL_BASE = 100  # sphere i's solid circle
CENTRE_BASE = 200  # sphere i's centre point
MAGNET_BASE = 10_000  # card i's magnetic area

EV_MAGNET_IN = 0
EV_MAGNET_OUT = 1
EV_EXIT = 2
EV_CONTACT = 3

ArenaEvent = tuple[int, int, int, float, float, float]
"""(kind, sphere or card index, other sphere index or solid index, speed, x, y)."""


try:
    from pymunk._chipmunk_cffi import lib as _lib

    _set_force: Callable[[Any, tuple[float, float]], None] | None = _lib.cpBodySetForce
    _c_step: Callable[[Any, float], None] | None = _lib.cpSpaceStep
except (ImportError, AttributeError):  # pragma: no cover - depends on pymunk internals
    _set_force = None
    _c_step = None

USE_FAST_STEP: bool = _c_step is not None
"""Step with Chipmunk's cpSpaceStep directly (the same C call `Space.step` makes,
without its Python bookkeeping for objects added or removed during a step, which the
arena never does: its callbacks only append to a list). Tests flip it to prove both
give the same results."""


class _Sphere:
    """A sphere's body, shapes and joints for one shot."""

    __slots__ = (
        "body",
        "centre",
        "friction",
        "gear",
        "ident",
        "index",
        "mass",
        "moment",
        "objects",
        "radius",
        "samples",
        "solid",
    )

    def __init__(self, index: int, radius: float, mass: float, thrown: bool) -> None:
        self.index = index
        self.radius = radius
        self.mass = mass
        moment = 0.4 * mass * radius * radius
        body = pymunk.Body(mass, moment)
        solid = pymunk.Circle(body, radius)
        solid.elasticity = SPHERE_ELASTICITY
        solid.friction = SPHERE_FRICTION
        solid.collision_type = BALL_BASE + index
        solid.filter = _F_BALL
        centre = pymunk.Circle(body, 0.0)
        centre.sensor = True
        centre.collision_type = CENTRE_BASE + index
        centre.filter = _F_THROWN if thrown else _F_RIVAL
        self.body = body
        self.solid = solid
        self.centre = centre
        self.moment = moment
        self.ident: Hashable = None
        self.friction: pymunk.Constraint | None = None
        self.gear: pymunk.GearJoint | None = None
        self.objects: list[Any] = []
        self.samples = array("d")

    def reset(
        self,
        static: pymunk.Body,
        ident: Hashable,
        pos: Point,
        vel: Point,
        angle: float,
        omega: float,
    ) -> None:
        self.ident = ident
        body = self.body
        body.position = pos
        body.velocity = vel
        body.angle = angle
        body.angular_velocity = omega
        body.force = (0.0, 0.0)
        body.torque = 0.0
        friction = pymunk.PivotJoint(static, body, (0.0, 0.0), (0.0, 0.0))
        friction.max_bias = 0.0
        friction.max_force = ROLLING_MU * self.mass * GRAVITY
        gear = pymunk.GearJoint(static, body, 0.0, 1.0)
        gear.max_bias = 0.0
        gear.max_force = self.moment * SPIN_ANGULAR_DECEL
        self.friction = friction
        self.gear = gear
        self.objects = [body, self.solid, self.centre, friction, gear]
        self.samples = array("d")


class _Mover:
    """A kinematic body following a Motion, with its shapes."""

    __slots__ = ("base", "body", "motion", "shapes")

    def __init__(self, motion: Motion, base: Pose) -> None:
        self.body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.motion = motion
        self.base = base
        self.shapes: list[pymunk.Shape] = []

    def sync(self, clock_step: int) -> None:
        """Pose exactly where the clock puts it, and the velocity for the next step."""
        t0 = clock_step * DT
        t1 = (clock_step + 1) * DT
        x0, y0, a0 = pose_at(self.motion, self.base, t0)
        x1, y1, _ = pose_at(self.motion, self.base, t1)
        body = self.body
        body.position = (x0, y0)
        body.angle = a0
        body.velocity = ((x1 - x0) / DT, (y1 - y0) / DT)
        body.angular_velocity = self.motion.turn


@dataclass(frozen=True, slots=True)
class _Raw:
    steps: int
    rested: bool
    exited: bool
    captured: int
    contacts: list[tuple[int, int, int, float, float, float]]
    gone: frozenset[int]
    """Indices of the spheres that left the table."""


class PreparedArena:
    """A pymunk space holding one ArenaSpec's world, reused shot after shot.

    The static world (cushions, still pieces and cards, standing Bakugan, the off-table
    bands) stays in the space. Everything that moves - the kinematic pieces and cards
    with what rides on them, and the spheres - is added in a fixed order for each shot
    and removed after it, so the space's moving part is rebuilt from nothing every
    time: a cached arena gives the bit-identical result of a fresh one (a test checks
    it on every shipped level with moving pieces).
    """

    def __init__(self, spec: ArenaSpec) -> None:
        self.spec = spec
        space = pymunk.Space()
        space.iterations = SOLVER_ITERATIONS
        space.damping = DAMPING
        space.gravity = (0.0, 0.0)
        self.space = space
        static = space.static_body
        self.static = static
        self.events: list[ArenaEvent] = []
        self.solid_ids: list[Hashable] = []
        self.solid_of: dict[pymunk.Shape, int] = {}
        self.movers: list[_Mover] = []
        self.card_movers: list[_Mover | None] = []
        self.start_step = 0
        w, h = spec.width, spec.height
        shapes: list[Any] = []

        def solid(shape: pymunk.Shape, ident: Hashable, elasticity: float) -> pymunk.Shape:
            shape.elasticity = elasticity
            shape.friction = OBSTACLE_FRICTION
            shape.collision_type = SOLID
            shape.filter = _F_SOLID
            self.solid_of[shape] = len(self.solid_ids)
            self.solid_ids.append(ident)
            return shape

        r = CUSHION_RADIUS
        lines = {
            "near": ((-r, -r), (w + r, -r)),
            "right": ((w + r, -r), (w + r, h + r)),
            "far": ((w + r, h + r), (-r, h + r)),
            "left": ((-r, h + r), (-r, -r)),
        }
        for side in ("near", "right", "far", "left"):
            if side in spec.cushions:
                a, b = lines[side]
                seg = solid(pymunk.Segment(static, a, b, r), CUSHION_ID, CUSHION_ELASTICITY)
                seg.friction = CUSHION_FRICTION
                shapes.append(seg)
        for piece in spec.pieces:
            elasticity = piece.bounce / SPHERE_ELASTICITY
            shape: pymunk.Shape
            if piece.motion is None:
                if isinstance(piece, Block):
                    shape = pymunk.Poly(static, piece.corners(0.0))
                else:
                    shape = pymunk.Circle(static, piece.radius, piece.center)
                shapes.append(solid(shape, piece.id, elasticity))
                continue
            base: Pose = (*piece.center, piece.angle if isinstance(piece, Block) else 0.0)
            mover = _Mover(piece.motion, base)
            if isinstance(piece, Block):
                hw, hh = piece.size[0] / 2, piece.size[1] / 2
                shape = pymunk.Poly(mover.body, _box(hw, hh))
            else:
                shape = pymunk.Circle(mover.body, piece.radius)
            mover.shapes.append(solid(shape, piece.id, elasticity))
            self.movers.append(mover)
        for i, card in enumerate(spec.cards):
            carrier: _Mover | None = None
            if card.moves:
                assert card.motion is not None
                carrier = _Mover(card.motion, (*card.spec.center, card.spec.angle))
                self.movers.append(carrier)
            self.card_movers.append(carrier)
            if card.spec.magnet_radius > 0:
                if carrier is None:
                    zone = pymunk.Circle(static, card.spec.magnet_radius, card.spec.center)
                    shapes.append(zone)
                else:
                    zone = pymunk.Circle(carrier.body, card.spec.magnet_radius)
                    carrier.shapes.append(zone)
                zone.sensor = True
                zone.collision_type = MAGNET_BASE + i
                zone.filter = _F_ZONE
        index = {c.id: i for i, c in enumerate(spec.cards)}
        for st in spec.standing:
            carrier = self.card_movers[index[st.on]] if st.on in index else None
            if carrier is not None:
                carrier.shapes.append(
                    solid(
                        pymunk.Circle(carrier.body, st.radius, st.position),
                        st.id,
                        OBSTACLE_ELASTICITY,
                    )
                )
            else:
                circle = pymunk.Circle(static, st.radius, st.position)
                shapes.append(solid(circle, st.id, OBSTACLE_ELASTICITY))
        d = EDGE_SENSOR_DEPTH
        bands = [
            [(-d, -d), (w + d, -d), (w + d, 0.0), (-d, 0.0)],
            [(-d, h), (w + d, h), (w + d, h + d), (-d, h + d)],
            [(-d, 0.0), (0.0, 0.0), (0.0, h), (-d, h)],
            [(w, 0.0), (w + d, 0.0), (w + d, h), (w, h)],
        ]
        for verts in bands:
            band = pymunk.Poly(static, verts)
            band.sensor = True
            band.collision_type = EDGE
            band.filter = _F_EDGE
            shapes.append(band)
        space.add(*shapes)
        self._handlers(1 + len(spec.rivals))
        self.spheres: list[_Sphere] = []

    # --- callbacks -----------------------------------------------------------------

    def _handlers(self, n: int) -> None:
        events = self.events
        space = self.space
        for i in range(n):

            def exit_table(arb: pymunk.Arbiter, sp: pymunk.Space, data: Any, i: int = i) -> None:
                events.append((EV_EXIT, i, -1, 0.0, 0.0, 0.0))

            space.on_collision(CENTRE_BASE + i, EDGE, begin=exit_table)
            space.on_collision(BALL_BASE + i, SOLID, begin=self._contact(i, -1))
            for j in range(i + 1, n):
                space.on_collision(BALL_BASE + i, BALL_BASE + j, begin=self._contact(i, j))
        for c, card in enumerate(self.spec.cards):
            if card.spec.magnet_radius <= 0:
                continue
            entered: ArenaEvent = (EV_MAGNET_IN, c, -1, 0.0, 0.0, 0.0)
            left: ArenaEvent = (EV_MAGNET_OUT, c, -1, 0.0, 0.0, 0.0)

            def begin(
                arb: pymunk.Arbiter, sp: pymunk.Space, data: Any, e: ArenaEvent = entered
            ) -> None:
                events.append(e)

            def separate(
                arb: pymunk.Arbiter, sp: pymunk.Space, data: Any, e: ArenaEvent = left
            ) -> None:
                events.append(e)

            space.on_collision(CENTRE_BASE, MAGNET_BASE + c, begin=begin, separate=separate)

    def _contact(self, i: int, j: int) -> Callable[[pymunk.Arbiter, pymunk.Space, Any], None]:
        events = self.events
        solid_of = self.solid_of

        def begin(arb: pymunk.Arbiter, sp: pymunk.Space, data: Any) -> None:
            a, b = arb.bodies
            va, vb = a.velocity, b.velocity
            nrm = arb.normal
            closing = abs((va.x - vb.x) * nrm.x + (va.y - vb.y) * nrm.y)
            pts = arb.contact_point_set.points
            if pts:
                pa, pb = pts[0].point_a, pts[0].point_b
                px, py = (pa.x + pb.x) / 2, (pa.y + pb.y) / 2
            else:  # pragma: no cover - a begin always has a contact point
                px, py = a.position.x, a.position.y
            other = j if j >= 0 else -1 - solid_of[arb.shapes[1]]
            events.append((EV_CONTACT, i, other, closing, px, py))

        return begin

    # --- one shot --------------------------------------------------------------------

    def _sphere(self, index: int, radius: float, mass: float) -> _Sphere:
        # Never pooled: a body keeps hidden solver state (Chipmunk's bias velocity) from
        # its last step, which would leak one shot into the next.
        return _Sphere(index, radius, mass, index == 0)

    def shoot(self, throw: Throw, speed: float, start_step: int, record: bool) -> _Raw:
        """Put the moving world in place at `start_step`, run the shot, take it out."""
        space = self.space
        static = self.static
        self.start_step = start_step
        self.events.clear()
        for mover in self.movers:
            mover.sync(start_step)
            space.add(mover.body, *mover.shapes)
        thrown = self._sphere(0, throw.radius, throw.mass)
        vel = (speed * math.cos(throw.angle), speed * math.sin(throw.angle))
        thrown.reset(static, throw.sphere_id, throw.origin, vel, 0.0, throw.spin * SPIN_OMEGA)
        spheres = [thrown]
        for k, rival in enumerate(self.spec.rivals):
            s = self._sphere(k + 1, rival.radius, rival.mass)
            s.reset(static, rival.id, rival.position, (0.0, 0.0), rival.angle, 0.0)
            spheres.append(s)
        for s in spheres:
            space.add(*s.objects)
        self.spheres = spheres
        try:
            return self._run(record)
        finally:
            for s in spheres:
                if s.body.space is not None:
                    space.remove(*s.objects)
            for mover in self.movers:
                space.remove(mover.body, *mover.shapes)
            self.events.clear()

    def _run(self, record: bool) -> _Raw:
        space = self.space
        events = self.events
        dt = DT
        spheres = self.spheres
        thrown = spheres[0]
        active: list[_Sphere] = list(spheres)
        syncs: list[tuple[int, _Mover]] = []
        for mover in self.movers:
            for k in mover.motion.sync_steps(self.start_step + 1, self.start_step + MAX_STEPS):
                syncs.append((k - self.start_step, mover))
        syncs.sort(key=lambda item: item[0])
        sync_at = 0
        open2 = OPEN_SPEED * OPEN_SPEED
        rest2 = REST_SPEED * REST_SPEED
        spin_min2 = SPIN_MIN_SPEED * SPIN_MIN_SPEED
        lin_decel = ROLLING_MU * GRAVITY
        drag = -math.log(DAMPING)
        inside: set[int] = set()
        captured = -1
        exited = False
        rested = False
        contacts: list[tuple[int, int, int, float, float, float]] = []
        forces: list[tuple[Any, tuple[float, float], _Sphere]] = []
        next_push = 0
        n = 0
        left: set[int] = set()
        c_step = _c_step if USE_FAST_STEP else None
        handle = space._space
        set_force = _set_force
        first_step = True
        if record:
            for s in active:
                p = s.body.position
                s.samples.extend((p.x, p.y, s.body.angle))

        while True:
            # --- evaluate after step n ---
            moving: list[tuple[_Sphere, float, float, float]] = []
            fastest = 0.0
            for s in active:
                v = s.body.velocity
                vx, vy = v.x, v.y
                if s is thrown and captured >= 0:
                    carrier = self.card_movers[captured]
                    if carrier is not None:
                        cv = carrier.body.velocity
                        vx -= cv.x
                        vy -= cv.y
                s2 = vx * vx + vy * vy
                if s is thrown and captured < 0 and inside and s2 < open2:
                    captured = self._capture(thrown, inside)
                    forces = [f for f in forces if f[2] is not thrown]
                if s2 >= rest2:
                    moving.append((s, vx, vy, s2))
                    fastest = max(fastest, s2)
            if not moving:
                rested = True
                break
            if n >= MAX_STEPS:
                break
            if n >= next_push:
                forces = []
                for s, vx, vy, s2 in moving:
                    if s is thrown and captured >= 0:
                        continue
                    w: float = s.body.angular_velocity
                    if w != 0.0 and s2 > spin_min2:
                        wc = min(max(w, -SPIN_OMEGA), SPIN_OMEGA)
                        push = SPIN_CURVE * wc / math.sqrt(s2) * s.mass
                        forces.append((s.body._body, (-vy * push, vx * push), s))
                next_push = n + PUSH_EVERY
            if captured >= 0 and len(moving) == 1 and moving[0][0] is thrown:
                gap = REST_CHECK_EVERY
            else:
                speed = math.sqrt(fastest)
                gap = int(0.5 * speed / (lin_decel + drag * speed) / dt)
                gap = min(max(gap, REST_CHECK_EVERY), REST_CHECK_MAX)
                if forces and n + gap > next_push:
                    gap = max(next_push - n, 1)
                if inside and captured < 0:
                    v = thrown.body.velocity
                    sp = math.hypot(v.x, v.y)
                    until_open = int(0.8 * (sp - OPEN_SPEED) / (lin_decel + drag * sp) / dt)
                    gap = min(gap, max(until_open, 1))
            end = min(n + gap, MAX_STEPS)
            if sync_at < len(syncs) and syncs[sync_at][0] < end:
                end = max(syncs[sync_at][0], n + 1)

            # --- run the batch ---
            first = n + 1
            for n in range(first, end + 1):  # noqa: B007 - n is read after the loop
                for h, f, s in forces:
                    if set_force is not None:
                        set_force(h, f)
                    else:  # pragma: no cover
                        s.body.force = f
                if c_step is None or first_step:
                    space.step(dt)
                    first_step = False
                else:
                    c_step(handle, dt)
                if record:
                    for s in active:
                        p = s.body.position
                        s.samples.extend((p.x, p.y, s.body.angle))
                if events:
                    break
            while sync_at < len(syncs) and syncs[sync_at][0] <= n:
                k, mover = syncs[sync_at]
                if k == n:
                    mover.sync(self.start_step + n)
                sync_at += 1
            if events:
                gone = self._handle(events, inside, contacts, n, active)
                for s in gone:
                    left.add(s.index)
                    if s is thrown:
                        exited = True
                        inside.clear()
                    space.remove(*s.objects)
                    events.clear()  # separate callbacks fired by the removal
                    active.remove(s)
                if gone:
                    forces = [f for f in forces if f[2] in active]
                next_push = n

        return _Raw(n, rested, exited, captured, contacts, frozenset(left))

    def _handle(
        self,
        events: list[ArenaEvent],
        inside: set[int],
        contacts: list[tuple[int, int, int, float, float, float]],
        n: int,
        active: list[_Sphere],
    ) -> list[_Sphere]:
        gone: list[_Sphere] = []
        touched: set[int] = set()
        fresh: list[tuple[int, int, int, float, float, float]] = []
        for kind, i, other, speed, px, py in events:
            if kind == EV_MAGNET_IN:
                inside.add(i)
            elif kind == EV_MAGNET_OUT:
                inside.discard(i)
            elif kind == EV_EXIT:
                s = self.spheres[i]
                if s in active and s not in gone:
                    gone.append(s)
            else:
                fresh.append((n, i, other, speed, px, py))
                touched.add(i)
                if other >= 0:
                    touched.add(other)
        events.clear()
        fresh.sort(key=lambda c: (c[1], c[2]))
        contacts.extend(fresh)
        for i in sorted(touched):
            body = self.spheres[i].body
            v = body.velocity
            sp = math.hypot(v.x, v.y)
            if sp > MAX_SPEED:
                k = MAX_SPEED / sp
                body.velocity = (v.x * k, v.y * k)
        gone.sort(key=lambda s: s.index)
        return gone

    def _capture(self, s: _Sphere, inside: set[int]) -> int:
        p = s.body.position
        best = min(inside, key=lambda i: (math.dist((p.x, p.y), self._card_centre(i)), i))
        space = self.space
        if s.friction is not None:
            space.remove(s.friction)
            s.objects.remove(s.friction)
            s.friction = None
        carrier = self.card_movers[best]
        if carrier is None:
            centre = self.spec.cards[best].spec.center
            pull = pymunk.PivotJoint(self.static, s.body, centre, (0.0, 0.0))
        else:
            pull = pymunk.PivotJoint(carrier.body, s.body, (0.0, 0.0), (0.0, 0.0))
        pull.max_bias = MAGNET_PULL_SPEED
        pull.max_force = s.mass * MAGNET_PULL_ACCEL
        pull.error_bias = MAGNET_ERROR_BIAS
        space.add(pull)
        s.objects.append(pull)
        assert s.gear is not None
        s.gear.max_force = s.moment * CAPTURE_ANGULAR_DECEL
        return best

    def _card_centre(self, i: int) -> Point:
        carrier = self.card_movers[i]
        if carrier is None:
            return self.spec.cards[i].spec.center
        p = carrier.body.position
        return (p.x, p.y)


_CACHE: PreparedCache[ArenaSpec, PreparedArena] = PreparedCache(PreparedArena)


def clear_arena_cache() -> None:
    """Forget the prepared arenas (of this thread)."""
    _CACHE.clear()


def _prepared(spec: ArenaSpec) -> PreparedArena:
    return _CACHE.get(spec)


def resolve_shot(
    arena: ArenaSpec,
    throw: Throw,
    start_step: int = 0,
    record: bool = True,
    *,
    fresh: bool = False,
) -> ShotResult:
    """Simulate `throw` released at clock step `start_step` until every sphere rests,
    leaves the table, or MAX_SIM_TIME runs out.

    Raises ValueError with the reason if the throw may not start there (off the table,
    closer than two card lengths to a Gate Card, or overlapping something). `fresh`
    builds a new space instead of the cached one (same result; tests prove it).
    """
    if start_step < 0:
        raise ValueError(f"start step must be >= 0, got {start_step}")
    reason = check_shot(arena, throw, start_step)
    if reason is not None:
        raise ValueError(reason)
    speed = min(throw.speed, MAX_SPEED)
    world = PreparedArena(arena) if fresh else _prepared(arena)
    try:
        raw = world.shoot(throw, speed, start_step, record)
    except BaseException:
        _CACHE.discard(arena, world)  # never reuse a space a shot failed in
        raise
    return _dress(arena, throw, world, raw, speed, start_step)


def _dress(
    arena: ArenaSpec,
    throw: Throw,
    world: PreparedArena,
    raw: _Raw,
    speed: float,
    start_step: int,
) -> ShotResult:
    end_t = (start_step + raw.steps) * DT
    thrown = world.spheres[0]
    carrier: Hashable | None = None
    local: Point = (0.0, 0.0)
    if raw.exited:
        p = thrown.body.position
        landing = Landing(None, False, OFF_TABLE, (p.x, p.y))
    else:
        p = thrown.body.position
        pos = (p.x, p.y)
        cards = arena.cards_at(end_t)
        if raw.captured >= 0:
            landing = Landing(cards[raw.captured].id, False, None, pos)
        else:
            landing = judge_cards(arena, cards, pos, throw.radius)
        if landing.card is not None:
            card = arena.card(landing.card)
            if card.moves:
                carrier = card.id
                local = cards[arena.cards.index(card)].local(pos)
    rivals: list[RivalRest] = []
    for s in world.spheres[1:]:
        if s.index in raw.gone:
            rivals.append(RivalRest(s.ident, None, 0.0))
        else:
            q = s.body.position
            rivals.append(RivalRest(s.ident, (q.x, q.y), s.body.angle))
    ids = [s.ident for s in world.spheres]
    contacts: list[ArenaContact] = []
    for step, i, other, closing, px, py in raw.contacts:
        if other >= 0:
            what: Hashable = ids[other]
        else:
            what = world.solid_ids[-1 - other]
        contacts.append(ArenaContact(step * DT, ids[i], what, closing, (px, py)))
    tracks = tuple((s.ident, Trajectory(s.samples.tobytes())) for s in world.spheres)
    return ShotResult(
        landing=landing,
        rivals=tuple(rivals),
        start_step=start_step,
        steps=raw.steps,
        timed_out=not raw.rested,
        contacts=tuple(contacts),
        tracks=tracks if any(len(t) for _, t in tracks) else (),
        speed=speed,
        speed_clamped=throw.speed > MAX_SPEED,
        sphere_id=throw.sphere_id,
        carrier=carrier,
        local=local,
    )


def judge_cards(
    arena: ArenaSpec, cards: tuple[CardSpec, ...], position: Point, radius: float
) -> Landing:
    """The landing of a sphere lying still at `position` among `cards` (as placed)."""
    if not arena.contains(position):
        return Landing(None, False, OFF_TABLE, position)
    best: CardSpec | None = None
    best_key = (True, math.inf)
    for card in cards:
        d = rect_distance(card.frame, position[0], position[1])
        if d < radius:
            key = (d > 0.0, math.dist(position, card.center))
            if key < best_key:
                best, best_key = card, key
    if best is None:
        return Landing(None, False, OFF_CARD, position)
    return Landing(best.id, True, None, position)


__all__ = [
    "BUMPER_BOUNCE",
    "MAX_PIECE_SPEED",
    "POST_BOUNCE",
    "SIDES",
    "ArenaCard",
    "ArenaContact",
    "ArenaSpec",
    "Block",
    "Motion",
    "Piece",
    "PreparedArena",
    "Rival",
    "RivalRest",
    "Round",
    "ShotResult",
    "Standing",
    "check_shot",
    "circle_hits_box",
    "clear_arena_cache",
    "judge_cards",
    "polygon_distance",
    "pose_at",
    "resolve_shot",
    "segment_distance",
    "standing_position",
]
