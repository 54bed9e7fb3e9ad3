"""Playing a Battle Planet replay back through the match a screen plays: the viewer's
side (headless; the screen is `game.ui.planet.replay`).

A `PlanetReplayMatch` is a `PlanetMatch` whose two seats do not decide: each hands out
what was recorded (`PlanetFeed`), a choice, or its half of a roll record (both throws
released together, as in the match). The session is told to check each roll's judged
run against the recorded digest (`RollCheck`): a roll that came out otherwise is a drift.

`index_replay` re-runs a replay once, headless, and keeps where a viewer may jump (the
start of each turn, each roll: a Planet battle is a roll and what it decided) with the
match as it stood there; `view_of` is what one seat saw (or everything, for a spectator);
`planet_match_line` is the people's side of a finished replay for the record screen.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from game import physics
from game.match.planet.play import MatchSetup, PlanetMatch, Task
from game.match.planet.recording import (
    PlanetRecorder,
    PlanetRerun,
    catalog_hash,
    planet_session,
    rerun_planet,
    throw_of,
)
from game.match.planet.session import Entry, PlanetSession, RollDone
from game.match.replay_check import RecordCheck
from game.match.replay_feed import InputFeed
from game.match.replay_stats import MatchLine, PeoplesPlay, people_line
from game.match.rerun import RerunError, check_build
from game.match.zone import Zone
from game.rules.planet import Action, Catalog, Observation, PlanetState
from game.rules.planet import events as ev
from game.rules.planet.actions import parse_action

INPUTS = ("act", "roll")


class PlanetFeed(InputFeed):
    """The recorded choices and rolls in order, and how far the playback is."""

    inputs = INPUTS

    def __init__(self, records: Sequence[dict[str, Any]], start: int = 0) -> None:
        super().__init__(records, start)
        self.roll: dict[str, Any] | None = None  # a roll record half handed out
        self.handed: set[int] = set()

    @property
    def done(self) -> bool:
        return self.roll is None and self._skip() >= len(self.records)

    @property
    def rolling(self) -> bool:
        """One player's throw of a roll is out, the other's not yet."""
        return self.roll is not None

    def next_player(self) -> int | None:
        """The player of the next recorded choice (None: the next record is no choice)."""
        i = self._skip()
        if self.roll is not None or i >= len(self.records) or self.records[i].get("t") != "act":
            return None
        try:
            player = parse_action(str(self.records[i].get("a"))).player
        except Exception:
            return None
        return player if isinstance(player, int) else None

    def choice(self) -> Action:
        return parse_action(str(self.take("act").get("a")))

    def throw(self, player: int) -> physics.Throw:
        """`player`'s throw of the roll (the first of the two takes the record)."""
        if self.roll is None:
            self.roll = self.take("roll")
            self.handed = set()
        throws = self.roll.get("throws")
        if not isinstance(throws, list) or len(throws) != 2 or player in self.handed:
            raise RerunError("inputs", f"record {self.index}: not both players' throws")
        self.handed.add(player)
        if len(self.handed) == 2:
            self.roll = None
        try:
            return throw_of(throws[player], player)
        except (KeyError, TypeError, ValueError) as e:
            raise RerunError("inputs", f"record {self.index}: {e}"[:160]) from None


class ReplaySeat:
    """A seat that plays what was recorded (`PlanetSeat`)."""

    def __init__(self, feed: PlanetFeed, player: int) -> None:
        self.feed = feed
        self.player = player
        self.intended = None

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        return self.feed.choice()

    def throw(self, obs: Observation, scene: physics.Scene, zone: Zone) -> physics.Throw:
        return self.feed.throw(self.player)


class RollCheck:
    """Listens to the session while a replay plays back: the recorder that writes
    replays, writing into the shared comparer from where the feed stands, so that each
    choice, each roll (its judged run's digest) and the end are compared with the file's;
    the first difference sets `drift`."""

    def __init__(self, feed: PlanetFeed) -> None:
        self.feed = feed
        self.compare = RecordCheck(feed.records, feed.index)
        self.recorder = PlanetRecorder(self.compare.take)

    @property
    def drift(self) -> str | None:
        return None if self.compare.drift is None else str(self.compare.drift)

    def act(self, action: Action) -> None:
        self.recorder.act(action)

    def roll(self, done: RollDone) -> None:
        self.recorder.roll(done)

    def end(self, state: PlanetState) -> None:
        self.recorder.end(state)


class PlanetReplayMatch(PlanetMatch):
    """The match a replay shows: both seats hand out the records; `people` says who was
    a person (the headers say so), though nobody is asked for anything."""

    def __init__(
        self,
        catalog: Catalog,
        setup: MatchSetup,
        session: PlanetSession,
        feed: PlanetFeed,
        people: tuple[bool, bool],
    ) -> None:
        super().__init__(catalog, dataclasses.replace(setup, humans=(True, True)), None)
        self.setup = dataclasses.replace(setup, humans=(False, False))
        self.session = session
        self.feed = feed
        self.people = people
        self.check = RollCheck(feed)
        session.recorder = self.check
        self.seats = [ReplaySeat(feed, 0), ReplaySeat(feed, 1)]
        self.before_roll: PlanetState | None = None  # the match as the last roll began

    def is_person(self, player: int) -> bool:
        return self.people[player]

    def people_to_act(self) -> tuple[int, ...]:
        return ()

    def computers_to_act(self) -> tuple[int, ...]:
        return tuple(p for p in self.session.to_act() if self.legal_actions(p))

    def throws_awaited(self) -> tuple[int, ...]:
        return ()

    def computer_task(self) -> Task | None:
        if self.feed.done and not self.feed.rolling:
            return None
        if self.session.awaiting_roll() is not None:
            return super().computer_task()
        acting = self.computers_to_act()
        if not acting:
            return None
        nxt = self.feed.next_player()
        player = nxt if nxt in acting else acting[0]  # another: its seat's take refuses
        obs = self.session.observation(player)
        return Task(player, "choose", obs, list(self.session.legal_actions(player)), None, None)

    def commit(self, task: Task, answer: Action | physics.Throw) -> list[Entry]:
        if isinstance(answer, physics.Throw) and len(self._throws) == 1:
            self.before_roll = self.state.clone()
        return super().commit(task, answer)


def view_of(state: PlanetState, seat: int | None) -> Observation:
    """What `seat` saw; None: a spectator's view, everything face up (both hands, both
    Energy faces, every Character and core). Its `viewer` is -1: nobody's own."""
    if seat is not None:
        return state.observation(seat)
    a, b = state.observation(0), state.observation(1)
    matrix = tuple(
        dataclasses.replace(x, core=x.core or y.core)
        for x, y in zip(a.matrix, b.matrix, strict=True)
    )
    sides = (
        dataclasses.replace(a.sides[0], choice=None),
        dataclasses.replace(b.sides[1], choice=None),
    )
    return dataclasses.replace(a, viewer=-1, sides=sides, matrix=matrix)


# ----------------------------------------------------------------------- the index


@dataclass(frozen=True, slots=True)
class Mark:
    """A place to jump to: the record that starts it, "turn" or "battle", its number."""

    index: int
    kind: str
    number: int


@dataclass(slots=True)
class PlanetIndex:
    marks: list[Mark] = field(default_factory=list)
    starts: dict[int, tuple[PlanetState, int]] = field(default_factory=dict)
    """record index -> the match before it and how long its timeline was"""
    timeline: list[Entry] = field(default_factory=list)
    drift: tuple[int, str] | None = None


def index_replay(
    header: dict[str, Any], records: Sequence[dict[str, Any]], catalog: Catalog
) -> PlanetIndex:
    """Every turn and roll start of a Planet replay, re-run headless once (up to a drift
    or a bad record); raises `RerunError` only for a header this build cannot play."""
    out = PlanetIndex()
    rolls = 0

    def each(index: int, session: PlanetSession, entries: list[Entry]) -> None:
        nonlocal rolls
        out.timeline = session.timeline  # (kept whole even if a later record is bad)
        after = index + 1
        nxt = records[after].get("t") if after < len(records) else None
        turn = next((e.turn for e in entries if isinstance(e, ev.TurnStarted)), None)
        if turn is not None:
            out.marks.append(Mark(after, "turn", turn))
        if nxt == "roll":
            rolls += 1
            out.marks.append(Mark(after, "battle", rolls))
        if turn is not None or nxt == "roll":
            out.starts[after] = (session.state.clone(), len(session.timeline))

    if header.get("game") != "planet":
        raise RerunError("game", f"game {str(header.get('game'))[:30]!r}")
    check_build(header, catalog_hash(catalog))
    planet_session(header, catalog)  # (a header it cannot play: raised here)
    try:
        run = rerun_planet(header, records, catalog, each)
    except RerunError as e:
        out.drift = (-1, e.detail)  # a bad record: the marks up to it
        return out
    out.timeline = list(run.session.timeline)
    out.drift = run.drift
    return out


def session_at(
    header: dict[str, Any], catalog: Catalog, index: PlanetIndex, at: int
) -> PlanetSession:
    """The session before record `at`: a mark's (or the start's) kept match."""
    if at == 0 or at not in index.starts:
        return planet_session(header, catalog)
    state, length = index.starts[at]
    session = PlanetSession.resume(catalog, state.clone())
    session.timeline = list(index.timeline[:length])
    return session


# ----------------------------------------------------------------------- the record


def planet_match_line(
    header: dict[str, Any], records: Sequence[dict[str, Any]], catalog: Catalog
) -> MatchLine | None:
    """The people's side of one finished Planet replay (`people_line`). `throws`: the
    people's throws; `opened`: those that opened on a core; `captures`: the battles
    their Bakugan won (the Victor); `thrown`: the Bakugan they rolled."""
    return people_line(
        header, records, "planet", lambda: rerun_planet(header, records, catalog), _count, 2
    )


def _count(run: PlanetRerun, people: frozenset[int]) -> PeoplesPlay:
    play = PeoplesPlay(won=run.session.state.winner in people)
    for entry in run.session.timeline:
        if isinstance(entry, RollDone):
            for p in people:
                play.throws += 1
                play.opened += entry.rolls[p].core is not None
                play.thrown[entry.bakugan[p]] += 1
        elif isinstance(entry, ev.BattleWon) and entry.player in people:
            play.captures += 1
    return play


__all__ = [
    "Mark",
    "PlanetFeed",
    "PlanetIndex",
    "PlanetReplayMatch",
    "ReplaySeat",
    "RollCheck",
    "index_replay",
    "planet_match_line",
    "session_at",
    "view_of",
]
