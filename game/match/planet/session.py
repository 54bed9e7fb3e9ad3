"""The Battle Planet match session: the rules core, the table of BakuCores and both
players' throws, joined headless.

Like the classic session (`session.py`) it never blocks and draws nothing: a screen or a
bot hands it choices (`act`) and, when the rules wait for the roll, both players' throws
at once (`roll`). Those are released on the table at the same simulated moment (the
seed: «Бросок оба игрока делают одновременно»), judged by contact (`physics.PLANET`),
and turned into the rules core's chance actions, p0's and then p1's `Roll`: opened on
the core that took it, opened without a core (it touched one and rolled off), or not
opened. Everything goes onto one `timeline`: the rules events, a `RollDone` with both
throws, their judged landings and both recorded trajectories (what a screen animates),
and a `TableChanged` whenever the cores lying on the table change.

The table follows the rules state: the cores lying there are the Matrix's cores that no
Bakugan holds. A core a Bakugan opened on goes with it (the rules: it holds that core,
"attached") and leaves the table; it comes back to its own place when the rules return
it (the Bakugan closes, a Team Attack, a card). The rolled spheres leave the table after
each roll: an open Bakugan stands on its Character card, in front of its player, and a
closed one goes back there too.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game import physics
from game.match.planet.layout import PlanetLayout, planet_layout
from game.match.zone import Zone
from game.rules.planet import (
    CHANCE,
    Action,
    Catalog,
    Event,
    Hex,
    Kit,
    Observation,
    Phase,
    PlanetState,
    Roll,
    Settings,
)
from game.rules.planet.hexgrid import hex_str


class PlanetListener(Protocol):
    """What a Planet session tells about its inputs (`PlanetSession.recorder`)."""

    def act(self, action: Action) -> None: ...

    def roll(self, done: RollDone) -> None: ...

    def end(self, state: PlanetState) -> None: ...


@dataclass(frozen=True, slots=True)
class RollDone:
    """Both players' throws, released together, and how the table judged each."""

    bakugan: tuple[str, str]
    """The Bakugan each player rolled (his `picked`)."""
    throws: tuple[physics.Throw, physics.Throw]
    outcome: physics.Outcome
    """The judged run: landings by player, the contacts, both recorded paths."""
    verdicts: tuple[physics.Verdict, physics.Verdict]
    rolls: tuple[Roll, Roll]
    """What went to the rules core."""
    cores: tuple[Hex, ...]
    """The cores lying on the table when they were thrown."""

    def track(self, player: int) -> physics.Trajectory:
        """Player `player`'s sphere's recorded path (sample i at i * DT seconds)."""
        return self.outcome.track(self.throws[player].sphere_id)

    @property
    def seconds(self) -> float:
        """Simulated time until both spheres were still."""
        return self.outcome.run.steps * physics.DT

    def __str__(self) -> str:
        parts = []
        for p in (0, 1):
            roll = self.rolls[p]
            if roll.core is not None:
                where = f"on {hex_str(roll.core)}"
            else:
                where = f"{'open' if roll.opened else 'closed'}, {self.outcome.landings[p].reason}"
            parts.append(f"p{p} {self.bakugan[p]} {where}")
        return f"rolled together ({self.seconds:.2f} s): " + "; ".join(parts)


@dataclass(frozen=True, slots=True)
class TableChanged:
    """The cores lying on the table changed: `taken` left it with a Bakugan, `laid` came
    onto it (placed in the Matrix, or back in their places); `cores` lie there now."""

    cores: tuple[Hex, ...]
    taken: tuple[Hex, ...]
    laid: tuple[Hex, ...]

    def __str__(self) -> str:
        def hexes(hs: tuple[Hex, ...]) -> str:
            return " ".join(hex_str(h) for h in hs) or "-"

        return f"table: taken {hexes(self.taken)}, laid {hexes(self.laid)}"


Entry = Event | RollDone | TableChanged


class ThrowRefused(ValueError):
    """Throws that break the rules of throwing (not now, outside the band, too close)."""


def lying_cores(state: PlanetState) -> tuple[Hex, ...]:
    """The Matrix's cores no Bakugan holds, in the order they were placed."""
    return tuple(h for h, core in state.matrix.items() if not core.held_by)


def roll_of(player: int, landing: physics.Landing) -> Roll:
    """The rules core's chance action for a judged landing."""
    card = landing.card
    if card is not None:
        assert isinstance(card, tuple), f"a core's id is its hex, got {card!r}"
        return Roll(player, True, (int(card[0]), int(card[1])))
    return Roll(player, landing.opened)


class PlanetSession:
    recorder: PlanetListener | None = None
    """Told every choice and roll, for the replay (`game.match.planet.recording`)."""

    def __init__(
        self,
        catalog: Catalog,
        kits: Sequence[Kit],
        settings: Settings | None = None,
        seed: int = 0,
    ) -> None:
        self.catalog = catalog
        self.state, events = PlanetState.new(catalog, kits, settings, seed)
        self.timeline: list[Entry] = list(events)
        self._layout: PlanetLayout | None = None
        self._scene: physics.Scene | None = None
        self._cores = lying_cores(self.state)

    @classmethod
    def resume(cls, catalog: Catalog, state: PlanetState) -> PlanetSession:
        """A session going on from `state` (an autosave): its timeline starts empty."""
        session = cls.__new__(cls)
        session.catalog = catalog
        session.state = state
        session.timeline = []
        session._layout = None
        session._scene = None
        session._cores = lying_cores(state)
        return session

    # --------------------------------------------------------------- reading

    @property
    def over(self) -> bool:
        return self.state.is_over()

    @property
    def layout(self) -> PlanetLayout:
        """The table: fixed once the Matrix is complete (before, it fits the cores
        placed so far)."""
        places = tuple(self.state.matrix)
        if self._layout is None or self._layout.places != places:
            self._layout = planet_layout(places)
            self._scene = None
        return self._layout

    def cores(self) -> tuple[Hex, ...]:
        """The cores lying on the table now."""
        return self._cores

    def scene(self) -> physics.Scene:
        """The physics table matching the rules state (the same object while nothing
        on it changes: the engine keeps its prepared space)."""
        layout = self.layout
        if self._scene is None:
            self._scene = layout.scene(self._cores)
        return self._scene

    def zone(self, player: int) -> Zone:
        """Where `player` releases his throw: his edge band, two card lengths from the
        nearest core."""
        return self.layout.zone(player)

    def awaiting_roll(self) -> tuple[str, str] | None:
        """The Bakugan both players roll, when the rules wait for the roll."""
        state = self.state
        if state.is_over() or state.phase is not Phase.ROLL or state.choices:
            return None
        return (state.sides[0].picked or "", state.sides[1].picked or "")

    def to_act(self) -> tuple[int, ...]:
        """The players who may choose now (both, in steps they take at once); empty
        while the roll is awaited (see `awaiting_roll`) or the match is over."""
        return tuple(p for p in self.state.current_players() if p != CHANCE)

    def throwers(self) -> tuple[int, ...]:
        """The players whose throws the roll waits for: both, or ()."""
        return (0, 1) if self.awaiting_roll() is not None else ()

    def legal_actions(self, player: int) -> list[Action]:
        return [] if player == CHANCE else self.state.legal_actions(player)

    def observation(self, player: int) -> Observation:
        return self.state.observation(player)

    # --------------------------------------------------------------- acting

    def act(self, action: Action) -> list[Entry]:
        """A player's choice (the roll's outcome comes from the table: `roll`)."""
        if isinstance(action, Roll):
            raise ThrowRefused("a roll's outcome comes from the table: use roll()")
        events = self.state.apply(action)
        if self.recorder is not None:
            self.recorder.act(action)
        return self._record(events)

    def check_throws(self, throws: Sequence[physics.Throw]) -> str | None:
        """Why these throws (player 0's, player 1's) may not be released now, or None."""
        if self.awaiting_roll() is None:
            return "nobody rolls now"
        if len(throws) != 2:
            return f"both players roll at once: 2 throws, got {len(throws)}"
        for p, throw in enumerate(throws):
            if not self.zone(p).contains(throw.origin):
                return f"p{p} must release the throw from his own band of the table"
        return physics.check_release(self.scene(), self._named(throws))

    def roll(self, throws: Sequence[physics.Throw]) -> list[Entry]:
        """Release player 0's and player 1's throws at the same moment, judge them and
        apply the rolls. Raises ThrowRefused with the reason for throws not allowed."""
        problem = self.check_throws(throws)
        if problem is not None:
            raise ThrowRefused(problem)
        named = self._named(throws)
        outcome = physics.simulate(self.scene(), named, judge=physics.PLANET)
        return self.apply_roll(named, outcome)

    def apply_roll(self, throws: Sequence[physics.Throw], outcome: physics.Outcome) -> list[Entry]:
        """Apply an already judged roll (from `roll`, or a replay)."""
        picked = self.awaiting_roll()
        assert picked is not None
        run = outcome.run
        verdicts = (physics.PLANET.verdict(run, 0), physics.PLANET.verdict(run, 1))
        rolls = (roll_of(0, outcome.landings[0]), roll_of(1, outcome.landings[1]))
        done = RollDone(picked, (throws[0], throws[1]), outcome, verdicts, rolls, self._cores)
        self.timeline.append(done)
        if self.recorder is not None:
            self.recorder.roll(done)
        events = self.state.apply(rolls[0]) + self.state.apply(rolls[1])
        return [done, *self._record(events)]

    @staticmethod
    def _named(throws: Sequence[physics.Throw]) -> list[physics.Throw]:
        """Each player's sphere by his name (p0, p1): the ids the tracks are found by."""
        return [dataclasses.replace(t, sphere_id=f"p{p}") for p, t in enumerate(throws)]

    def _record(self, events: list[Event]) -> list[Entry]:
        self.timeline.extend(events)
        if self.recorder is not None and self.state.is_over():
            self.recorder.end(self.state)
        out: list[Entry] = list(events)
        now = lying_cores(self.state)
        if now != self._cores:
            before = set(self._cores)
            change = TableChanged(
                now,
                tuple(h for h in self._cores if h not in now),
                tuple(h for h in now if h not in before),
            )
            self._cores = now
            self._scene = None
            self.timeline.append(change)
            out.append(change)
        return out


__all__ = [
    "Entry",
    "PlanetSession",
    "RollDone",
    "TableChanged",
    "ThrowRefused",
    "lying_cores",
    "roll_of",
]
