"""Throwing one sphere on the match table: `resolve_throw`, its ThrowResult.

One throw is simulated by the engine from release to rest at the fixed step DT and
judged by the classic judge (`judge.RestJudge`):

- a sphere slower than OPEN_SPEED with its centre inside a card's magnetic area is
  pulled to the card's centre and opens there (``partial=False``);
- one that comes to rest overlapping a card (centre on it, or disc over its rectangle)
  opens on it (``partial=True``): the card containing the centre, else the nearest
  centre among the overlapped cards;
- one that rests off every card misses (``reason="off_card"``); one whose centre leaves
  the table misses at once (``reason="off_table"``);
- at MAX_SIM_TIME whatever still moves is judged where it lies (``timed_out=True``).

The same table and throw give the bit-identical result in any process on one machine.
The TableSpec is turned into the engine's Scene once, when its space is prepared.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Hashable
from dataclasses import dataclass, field

from game.physics import loop
from game.physics.cache import PreparedCache
from game.physics.engine import Engine, release_of
from game.physics.geometry import PhysicsError, Point
from game.physics.judge import CLASSIC, OFF_CARD, OFF_TABLE, Landing, rest_landing
from game.physics.outcome import Run
from game.physics.release import Throw, Trajectory
from game.physics.scene import CUSHION_SIDES, Placement, Scene, Solid
from game.physics.table import TableSpec, check_origin
from game.physics.tuning import DT, MAX_SPEED


@dataclass(frozen=True, slots=True)
class Contact:
    """The sphere first touched `other` (a standing Bakugan's id, or "cushion")."""

    time: float
    other: Hashable
    impulse: float
    position: Point


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


def scene_of(table: TableSpec) -> Scene:
    """The engine's Scene for a match table: cushions on every edge or none, the
    standing Bakugan as still circles, the cards as still targets."""
    pieces = tuple(
        Solid(
            o.id,
            radius=o.radius,
            offset=o.position,
        )
        for o in table.standing
    )
    return Scene(
        width=table.width,
        height=table.height,
        cushions=frozenset(CUSHION_SIDES) if table.cushions else frozenset(),
        pieces=pieces,
        targets=tuple(Placement(card) for card in table.cards),
    )


def prepare(table: TableSpec, *, handlers: bool = True) -> Engine:
    """A new engine for `table` (`handlers=False`: no callbacks, the benchmark's raw
    baseline)."""
    return Engine(scene_of(table), handlers=handlers)


_CACHE: PreparedCache[TableSpec, Engine] = PreparedCache(prepare)


def clear_cache() -> None:
    """Forget the prepared spaces (of this thread)."""
    _CACHE.clear()


def prepared(table: TableSpec) -> Engine:
    """The cached engine for `table` (built on first use)."""
    return _CACHE.get(table)


def resolve_throw(
    table: TableSpec, throw: Throw, record: bool = True, *, fresh: bool = False
) -> ThrowResult:
    """Simulate `throw` on `table` until the sphere rests, leaves, or time runs out.

    Raises `PhysicsError` with the reason if the throw may not start at its origin (off
    the table, closer than two card lengths to a Gate Card, or overlapping a cushion or
    a standing Bakugan). `fresh=True` builds a new space instead of reusing the cached
    one (the result is the same; tests use it to prove that).
    """
    if not isinstance(table, TableSpec):
        raise PhysicsError(f"table must be a TableSpec, got {type(table).__name__}")
    if not isinstance(throw, Throw):
        raise PhysicsError(f"throw must be a Throw, got {type(throw).__name__}")
    reason = check_origin(table, throw.origin, throw.radius)
    if reason is not None:
        raise PhysicsError(reason)
    speed = throw.speed
    clamped = speed > MAX_SPEED
    if clamped:
        speed = MAX_SPEED
    release = release_of(
        throw.sphere_id, throw.origin, throw.angle, speed, throw.spin, throw.radius, throw.mass
    )
    engine = prepare(table) if fresh else _CACHE.get(table)
    try:
        run = loop.run(engine, (release,), 0, record)
    except BaseException:
        # A space a throw failed in may hold what the failure left (a NaN velocity on
        # its static body): it is never used again.
        _CACHE.discard(table, engine)
        raise
    return _dress(run, speed, clamped)


def _dress(run: Run, speed: float, clamped: bool) -> ThrowResult:
    sphere = run.spheres[0]
    solid_ids = run.scene.solid_ids
    contacts = tuple(
        Contact(c.step * DT, solid_ids[c.solid], c.impulse, c.position)
        for c in run.contacts
        if c.solid is not None
    )
    return ThrowResult(
        landing=CLASSIC(run)[0],
        time_to_rest=run.steps * DT,
        steps=run.steps,
        timed_out=not run.rested,
        contacts=contacts,
        trajectory=Trajectory(sphere.track),
        speed=speed,
        speed_clamped=clamped,
        sphere_id=sphere.id,
    )


def judge_rest(table: TableSpec, position: Point, radius: float) -> Landing:
    """The landing of a sphere lying still at `position` (no magnet involved)."""
    return rest_landing(table.cards, table.contains(position), position, radius, table.card_bounds)


__all__ = [
    "OFF_CARD",
    "OFF_TABLE",
    "Contact",
    "Landing",
    "Throw",
    "ThrowResult",
    "Trajectory",
    "clear_cache",
    "judge_rest",
    "prepare",
    "prepared",
    "resolve_throw",
    "scene_of",
]
