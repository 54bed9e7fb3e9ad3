"""A shot in a challenge arena: `resolve_shot`, its ShotResult.

The ArenaSpec is turned into the engine's Scene once, when its space is prepared: the
cushioned sides, the blocks and bumpers (still or moving), the cards (a moving card
carries its magnet and what stands on it), the standing Bakugan and the rival spheres
(loose: the thrown one may knock them away). The shot is released at the level clock's
step `start_step`, so every moving piece is where the clock puts it; the thrown sphere
is judged by the classic judge, as on the match table (an arena with only cards and
cushions rolls a throw exactly as `resolve_throw` does).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from game.physics import loop
from game.physics.cache import PreparedCache
from game.physics.engine import Engine, loose_releases, release_of
from game.physics.geometry import PhysicsError, Point
from game.physics.judge import CLASSIC, OFF_CARD, OFF_TABLE, Landing, rest_landing
from game.physics.outcome import Run, RunContact
from game.physics.pieces import ArenaSpec, Block, box, check_shot
from game.physics.release import Throw, Trajectory
from game.physics.scene import Loose, Scene, Solid
from game.physics.targets import CardSpec
from game.physics.tuning import (
    DT,
    MAX_SPEED,
    OBSTACLE_FRICTION,
    SPHERE_ELASTICITY,
)


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


# --- the arena as a Scene -------------------------------------------------------------


def scene_of(arena: ArenaSpec) -> Scene:
    """The engine's Scene for `arena` (see the module)."""
    pieces: list[Solid] = []
    for piece in arena.pieces:
        elasticity = piece.bounce / SPHERE_ELASTICITY
        if isinstance(piece, Block):
            if piece.motion is None:
                vertices = tuple(piece.corners(0.0))
            else:
                vertices = tuple(box(piece.size[0] / 2, piece.size[1] / 2))
            base = (*piece.center, piece.angle)
            pieces.append(
                Solid(
                    piece.id,
                    vertices=vertices,
                    elasticity=elasticity,
                    friction=OBSTACLE_FRICTION,
                    motion=piece.motion,
                    base=base,
                )
            )
        else:
            offset = piece.center if piece.motion is None else (0.0, 0.0)
            pieces.append(
                Solid(
                    piece.id,
                    radius=piece.radius,
                    offset=offset,
                    elasticity=elasticity,
                    friction=OBSTACLE_FRICTION,
                    motion=piece.motion,
                    base=(*piece.center, 0.0),
                )
            )
    index = {c.id: i for i, c in enumerate(arena.cards)}
    standing: list[Solid] = []
    for st in arena.standing:
        i = index.get(st.on) if st.on is not None else None
        on = i if i is not None and arena.cards[i].moves else None
        standing.append(
            Solid(
                st.id,
                radius=st.radius,
                offset=st.position,
                on=on,
            )
        )
    return Scene(
        width=arena.width,
        height=arena.height,
        cushions=frozenset(arena.cushions),
        pieces=tuple(pieces),
        targets=arena.cards,
        standing=tuple(standing),
        loose=tuple(Loose(r.id, r.position, r.radius, r.mass, r.angle) for r in arena.rivals),
    )


def prepare(arena: ArenaSpec) -> Engine:
    return Engine(scene_of(arena))


_CACHE: PreparedCache[ArenaSpec, Engine] = PreparedCache(prepare)


def clear_arena_cache() -> None:
    """Forget the prepared arenas (of this thread)."""
    _CACHE.clear()


# --- one shot --------------------------------------------------------------------------


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

    Raises `PhysicsError` with the reason if the throw may not start there (off the table,
    closer than two card lengths to a Gate Card, or overlapping something). `fresh`
    builds a new space instead of the cached one (same result; tests prove it).
    """
    if start_step < 0:
        raise PhysicsError(f"start step must be >= 0, got {start_step}")
    reason = check_shot(arena, throw, start_step)
    if reason is not None:
        raise PhysicsError(reason)
    speed = min(throw.speed, MAX_SPEED)
    engine = prepare(arena) if fresh else _CACHE.get(arena)
    thrown = release_of(
        throw.sphere_id, throw.origin, throw.angle, speed, throw.spin, throw.radius, throw.mass
    )
    try:
        run = loop.run(engine, [thrown, *loose_releases(engine.scene)], start_step, record)
    except BaseException:
        _CACHE.discard(arena, engine)  # never reuse a space a shot failed in
        raise
    return _dress(arena, throw, run, speed)


def _legacy_order(contact: RunContact) -> tuple[int, int, int]:
    """Contacts of one step as the arena always listed them: by sphere, then solids in
    reverse build order, then spheres."""
    if contact.solid is not None:
        return (contact.step, contact.sphere, -1 - contact.solid)
    assert contact.sphere_other is not None
    return (contact.step, contact.sphere, contact.sphere_other)


def _dress(arena: ArenaSpec, throw: Throw, run: Run, speed: float) -> ShotResult:
    landing = CLASSIC(run)[0]
    carrier: Hashable | None = None
    local: Point = (0.0, 0.0)
    if landing.card is not None:
        card = arena.card(landing.card)
        if card.moves:
            carrier = card.id
            local = card.at(run.end_time).local(landing.position)
    rivals = tuple(
        RivalRest(s.id, None, 0.0) if s.exited else RivalRest(s.id, s.position, s.angle)
        for s in run.spheres[1:]
    )
    contacts = tuple(
        ArenaContact(c.step * DT, run.spheres[c.sphere].id, run.other(c), c.closing, c.position)
        for c in sorted(run.contacts, key=_legacy_order)
    )
    tracks = tuple((s.id, Trajectory(s.track)) for s in run.spheres)
    return ShotResult(
        landing=landing,
        rivals=rivals,
        start_step=run.start_step,
        steps=run.steps,
        timed_out=not run.rested,
        contacts=contacts,
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
    return rest_landing(cards, arena.contains(position), position, radius)


__all__ = [
    "OFF_CARD",
    "OFF_TABLE",
    "ArenaContact",
    "RivalRest",
    "ShotResult",
    "clear_arena_cache",
    "judge_cards",
    "prepare",
    "resolve_shot",
    "scene_of",
]
