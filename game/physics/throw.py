"""Throwing a sphere: the Throw, its ThrowResult, and `resolve_throw`.

One throw is simulated from release to rest at the fixed step DT and judged:

- a sphere slower than OPEN_SPEED with its centre inside a card's magnetic area is
  pulled to the card's centre and opens there (``partial=False``);
- one that comes to rest overlapping a card (centre on it, or disc over its rectangle)
  opens on it (``partial=True``): the card containing the centre, else the nearest
  centre among the overlapped cards;
- one that rests off every card misses (``reason="off_card"``); one whose centre leaves
  the table misses at once (``reason="off_table"``);
- at MAX_SIM_TIME whatever still moves is judged where it lies (``timed_out=True``).

The same table and throw give the bit-identical result in any process on one machine.
"""

from __future__ import annotations

import hashlib
import math
import struct
from array import array
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field

from game.physics.cache import PreparedCache
from game.physics.table import (
    CardSpec,
    Point,
    TableSpec,
    as_point,
    check_hashable,
    check_origin,
    real,
    rect_distance,
)
from game.physics.tuning import (
    DT,
    MAX_MASS,
    MAX_RADIUS,
    MAX_SPEED,
    MIN_MASS,
    MIN_RADIUS,
    SPHERE_RADIUS,
)
from game.physics.world import PreparedTable, RawOutcome, ball_spec, contact_other

_SAMPLE = struct.Struct("=3d")

OFF_CARD = "off_card"
OFF_TABLE = "off_table"


@dataclass(frozen=True, slots=True)
class Throw:
    """A sphere released at `origin` toward `angle` at `speed` with `spin`.

    `angle` is in radians: 0 points along +x, pi/2 along +y (toward player 1). `speed` is
    in mm/s and is clamped to MAX_SPEED when resolved. `spin` in -1..1 curves the path:
    positive to the left of the direction of travel (counter-clockwise), negative to
    the right.
    """

    origin: Point
    angle: float
    speed: float
    spin: float = 0.0
    radius: float = SPHERE_RADIUS
    mass: float = 1.0
    sphere_id: Hashable = "sphere"

    def __post_init__(self) -> None:
        """Every field checked here, at the boundary: a throw that exists can be
        simulated. ValueError names the field (None, a string, NaN, a huge mass...)."""
        object.__setattr__(self, "origin", as_point(self.origin, "throw origin"))
        for name in ("angle", "speed", "spin", "radius", "mass"):
            object.__setattr__(self, name, real(getattr(self, name), f"throw {name}"))
        check_hashable(self.sphere_id, "sphere_id")
        if self.speed < 0:
            raise ValueError(f"throw speed must be >= 0, got {self.speed}")
        if not -1.0 <= self.spin <= 1.0:
            raise ValueError(f"throw spin must be within -1..1, got {self.spin}")
        if not MIN_RADIUS <= self.radius <= MAX_RADIUS:
            raise ValueError(
                f"sphere radius must be within {MIN_RADIUS:g}..{MAX_RADIUS:g} mm, got {self.radius}"
            )
        if not MIN_MASS <= self.mass <= MAX_MASS:
            raise ValueError(
                f"sphere mass must be within {MIN_MASS:g}..{MAX_MASS:g}, got {self.mass:g}"
            )


@dataclass(frozen=True, slots=True)
class Landing:
    """Where the sphere ended: on a card (`card` is its id) or a miss (`reason`)."""

    card: Hashable | None
    partial: bool
    reason: str | None
    position: Point

    @property
    def opened(self) -> bool:
        return self.card is not None


@dataclass(frozen=True, slots=True)
class Contact:
    """The sphere first touched `other` (a standing Bakugan's id, or "cushion")."""

    time: float
    other: Hashable
    impulse: float
    position: Point


@dataclass(frozen=True, slots=True)
class Trajectory:
    """The thrown sphere's (x, y, angle) at t = 0 and after every step, packed as doubles.

    Sample i is the state at time i * DT. Empty when the throw was resolved with
    ``record=False``.
    """

    data: bytes = b""

    def __len__(self) -> int:
        return len(self.data) // _SAMPLE.size

    def __getitem__(self, i: int) -> tuple[float, float, float]:
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"trajectory sample {i} out of range 0..{n - 1}")
        x, y, a = _SAMPLE.unpack_from(self.data, i * _SAMPLE.size)
        return (x, y, a)

    def __iter__(self) -> Iterator[tuple[float, float, float]]:
        for i in range(len(self)):
            yield self[i]

    @property
    def duration(self) -> float:
        return max(len(self) - 1, 0) * DT

    def at(self, t: float) -> tuple[float, float, float]:
        """The state at time `t`, interpolated between steps (for drawing at any rate)."""
        n = len(self)
        if n == 0:
            raise IndexError("empty trajectory")
        f = t / DT
        if f <= 0:
            return self[0]
        if f >= n - 1:
            return self[n - 1]
        i = int(f)
        u = f - i
        x0, y0, a0 = self[i]
        x1, y1, a1 = self[i + 1]
        return (x0 + (x1 - x0) * u, y0 + (y1 - y0) * u, a0 + (a1 - a0) * u)

    def as_array(self) -> array[float]:
        """A flat array('d') x0, y0, a0, x1, y1, a1, ..."""
        out = array("d")
        out.frombytes(self.data)
        return out


@dataclass(frozen=True, slots=True)
class ThrowResult:
    """The outcome of one throw.

    `steps` is how many DT steps were simulated and `time_to_rest` = steps * DT: when
    the sphere came to rest (tested at least every REST_CHECK_EVERY steps near rest),
    left the table, or the MAX_SIM_TIME cap ran out (`timed_out`). `contacts` lists
    first touches of standing Bakugan and cushions in time order (for sounds), with
    the normal impulse the sphere received. `trajectory` holds every step unless the
    throw was resolved with ``record=False``.
    """

    landing: Landing
    time_to_rest: float
    steps: int
    timed_out: bool
    contacts: tuple[Contact, ...]
    trajectory: Trajectory = field(default_factory=Trajectory)
    speed: float = 0.0
    """The speed actually used (after clamping to MAX_SPEED)."""
    speed_clamped: bool = False
    sphere_id: Hashable = "sphere"

    def digest(self) -> str:
        """SHA-256 over every field, floats by their exact bits: equal iff bit-identical."""
        h = hashlib.sha256()
        h.update(repr(self.landing.card).encode())
        h.update(repr(self.landing.reason).encode())
        h.update(struct.pack("=?2d", self.landing.partial, *self.landing.position))
        h.update(
            struct.pack(
                "=dq?d?",
                self.time_to_rest,
                self.steps,
                self.timed_out,
                self.speed,
                self.speed_clamped,
            )
        )
        for c in self.contacts:
            h.update(repr(c.other).encode())
            h.update(struct.pack("=4d", c.time, c.impulse, *c.position))
        h.update(self.trajectory.data)
        return h.hexdigest()


# --- resolution ----------------------------------------------------------------------


_CACHE: PreparedCache[TableSpec, PreparedTable] = PreparedCache(PreparedTable)


def clear_cache() -> None:
    """Forget the prepared spaces (of this thread)."""
    _CACHE.clear()


def _prepared(table: TableSpec) -> PreparedTable:
    return _CACHE.get(table)


def resolve_throw(
    table: TableSpec, throw: Throw, record: bool = True, *, fresh: bool = False
) -> ThrowResult:
    """Simulate `throw` on `table` until the sphere rests, leaves, or time runs out.

    Raises ValueError with the reason if the throw may not start at its origin (off
    the table, closer than two card lengths to a Gate Card, or overlapping a cushion or
    a standing Bakugan). `fresh=True` builds a new space instead of reusing the cached
    one (the result is the same; tests use it to prove that).
    """
    if not isinstance(table, TableSpec):
        raise ValueError(f"table must be a TableSpec, got {type(table).__name__}")
    if not isinstance(throw, Throw):
        raise ValueError(f"throw must be a Throw, got {type(throw).__name__}")
    reason = check_origin(table, throw.origin, throw.radius)
    if reason is not None:
        raise ValueError(reason)
    speed = throw.speed
    clamped = speed > MAX_SPEED
    if clamped:
        speed = MAX_SPEED
    spec = ball_spec(throw.origin, throw.angle, speed, throw.spin, throw.radius, throw.mass)
    prepared = PreparedTable(table) if fresh else _prepared(table)
    try:
        raw = prepared.run(spec, record)
    except BaseException:
        # A space a throw failed in may hold what the failure left (a NaN velocity on
        # its static body): it is never used again.
        _CACHE.discard(table, prepared)
        raise
    return _dress(table, throw, raw, speed, clamped)


def _dress(
    table: TableSpec, throw: Throw, raw: RawOutcome, speed: float, clamped: bool
) -> ThrowResult:
    if raw.exited:
        landing = Landing(None, False, OFF_TABLE, raw.position)
    elif raw.captured >= 0:
        landing = Landing(table.cards[raw.captured].id, False, None, raw.position)
    else:
        landing = judge_rest(table, raw.position, throw.radius)
    contacts = tuple(
        Contact(c.step * DT, contact_other(table, c.index), c.impulse, c.position)
        for c in raw.contacts
    )
    return ThrowResult(
        landing=landing,
        time_to_rest=raw.steps * DT,
        steps=raw.steps,
        timed_out=not (raw.rested or raw.exited),
        contacts=contacts,
        trajectory=Trajectory(raw.trajectory),
        speed=speed,
        speed_clamped=clamped,
        sphere_id=throw.sphere_id,
    )


def judge_rest(table: TableSpec, position: Point, radius: float) -> Landing:
    """The landing of a sphere lying still at `position` (no magnet involved)."""
    if not table.contains(position):
        return Landing(None, False, OFF_TABLE, position)
    if table.far_from_cards(position, radius):
        return Landing(None, False, OFF_CARD, position)
    x, y = position
    best: CardSpec | None = None
    best_key = (True, math.inf)  # (not containing the centre, distance to the centre)
    for card in table.cards:
        d = rect_distance(card.frame, x, y)
        if d < radius:
            key = (d > 0.0, math.dist(position, card.center))
            if key < best_key:
                best, best_key = card, key
    if best is None:
        return Landing(None, False, OFF_CARD, position)
    return Landing(best.id, True, None, position)
