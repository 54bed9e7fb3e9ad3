"""Playing a replay back through the same seats a match has: the viewer's side.

A `ReplaySeat` is a seat (`session.Seat`) that does not decide: it hands out the next
recorded choice or throw, from a `ReplayFeed` all seats of the match share. Whatever
drives a match with bots (`run_match`, the match screen) therefore plays a replay the
way the match was played, animations and breakdowns included.

`marks` lists where a viewer may jump: the record that starts each turn (round) and
each battle; `session_at` re-runs the records before one headless, so the viewer can
start there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game import physics
from game.match.classic.recording import SessionRecorder
from game.match.classic.replaying import apply_record, classic_session, throw_of, watch
from game.match.classic.session import MatchSession
from game.match.replay_check import RecordCheck
from game.match.replay_feed import InputFeed
from game.match.rerun import RerunError
from game.match.zone import Zone
from game.rules.classic import Action, Catalog
from game.rules.classic.actions import parse_action
from game.rules.classic.events import BattleStarted, TurnStarted
from game.rules.classic.observation import Observation


class ReplayFeed(InputFeed):
    """The recorded choices and throws in order, and how far the playback is."""

    inputs = ("act", "throw")

    @property
    def done(self) -> bool:
        return self._skip() >= len(self.records)


class ThrowCheck:
    """Listens to the session (`MatchSession.recorder`) while a replay plays back: the
    recorder that writes replays, writing into the shared comparer from where the feed
    stands, so that every record the playback makes (a choice, a throw and its result,
    the end) is compared with the file's; the first difference sets `drift`."""

    def __init__(self, feed: ReplayFeed) -> None:
        self.feed = feed
        self.compare = RecordCheck(feed.records, feed.index)
        self.recorder = SessionRecorder(self.compare.take)

    @property
    def ended(self) -> bool:
        return self.recorder.ended

    @property
    def drift(self) -> str | None:
        return None if self.compare.drift is None else str(self.compare.drift)

    def act(self, action: Action) -> None:
        self.recorder.act(action)

    def throw(
        self, player: int, bakugan: str, throw: physics.Throw, result: physics.ThrowResult
    ) -> None:
        self.recorder.throw(player, bakugan, throw, result)

    def note(self, **fields: Any) -> None:
        pass

    def end(self, winner: int | None, turns: int) -> None:
        self.recorder.end(winner, turns)


class ReplaySeat:
    """A seat that plays what was recorded."""

    name = "replay"
    policy = None
    intended = None

    def __init__(self, feed: ReplayFeed) -> None:
        self.feed = feed

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        return parse_action(str(self.feed.take("act").get("a")))

    def throw(
        self, obs: Observation, bakugan: str, table: physics.TableSpec, zone: Zone
    ) -> physics.Throw:
        return throw_of(self.feed.take("throw"))


@dataclass(frozen=True, slots=True)
class Mark:
    """A place to jump to: the record index that starts it, its kind ("turn" or
    "battle") and its number (turn number, or the battle's count from 1)."""

    index: int
    kind: str
    number: int


def marks(
    header: dict[str, Any], records: Sequence[dict[str, Any]], catalog: Catalog
) -> list[Mark]:
    """Every turn and battle start of a classic replay (re-run headless once)."""
    session = classic_session(header, catalog)
    check = watch(session, records)
    out: list[Mark] = []
    battles = 0
    for index, record in enumerate(records):
        try:
            step = apply_record(session, index, record)
        except Exception:
            break  # a bad record: the marks up to it
        if check.drift_at(index) is not None:
            break  # a drift: the marks up to it
        for entry in step.entries:
            if isinstance(entry, TurnStarted):
                out.append(Mark(index + 1, "turn", entry.turn))
            elif isinstance(entry, BattleStarted):
                battles += 1
                out.append(Mark(index, "battle", battles))
    return out


def session_at(
    header: dict[str, Any], records: Sequence[dict[str, Any]], catalog: Catalog, upto: int
) -> MatchSession:
    """The session after the first `upto` records (raises `RerunError`)."""
    session = classic_session(header, catalog)
    check = watch(session, records)
    for index, record in enumerate(records[:upto]):
        try:
            apply_record(session, index, record)
        except RerunError:
            raise
        except Exception as e:
            raise RerunError("drift", f"record {index + 1}: {e}"[:160]) from None
        drift = check.drift_at(index)
        if drift is not None:
            raise RerunError("drift", str(drift)[:160])
    session.recorder = None
    return session
