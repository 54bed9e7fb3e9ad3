"""Bakugan Attack! replays: every action of a game (its chance outcomes too) as records,
the re-run that checks them, the match that plays them back, and the people's line
for the record screen.

Attack has no throws on the table yet (its dice are the game's own seeded draws), so a
record is an action in the notation `parse_action` reads; the ``end`` record keeps the
winner, the points and the rounds. A re-run writes its records with the recorder that
wrote the replay, into the shared comparer (`replay_check.RecordCheck`): a record whose
field differs (a winner changed by hand) is a drift, named with its record and field.

`ReplayMatch` is an `AttackMatch` whose every seat and chance hands out the recorded
actions (the viewer, `game.ui.attack.replay`, plays it on the table screen);
`marks` lists where a viewer may jump (each deal, each round) and the records that
are Attack's "throws" (a die rolled, a round judged: collision, catch or none);
`match_line` is the people's side of a finished replay (`replay_stats.MatchLine`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.match.attack.session import HUMAN, AttackMatch
from game.match.replay_check import Budget, RecordCheck, why
from game.match.replay_header import Record, SeatInfo, header, stable_hash
from game.match.replay_stats import MatchLine, PeoplesPlay, people_line
from game.match.rerun import RerunError, RerunResult, check_build
from game.rules.attack import Action, AttackState, Deck, Event, PlayCard, Roll, Settings
from game.rules.attack import events as ev
from game.rules.attack.actions import Deal, Pick, parse_action


def deck_hash(deck: Deck) -> str:
    return stable_hash(deck)


def attack_header(deck: Deck, settings: Settings, seed: int, seats: Sequence[SeatInfo]) -> Record:
    return header("attack", deck_hash(deck), seed, settings.to_json(), seats)


class AttackRecorder:
    """A `game.match.attack.sim.GameHook` that writes each action to `sink`; `close` is
    called after the end record."""

    def __init__(self, sink: Callable[[Record], None], close: Callable[[], None]) -> None:
        self.sink = sink
        self.close = close

    @property
    def name(self) -> str | None:
        return None

    @property
    def count(self) -> int:
        return 0

    def action(self, action: Action) -> None:
        self.sink({"t": "act", "a": str(action)})

    def end(self, state: AttackState) -> None:
        self.sink(end_record(state))
        self.close()


def end_record(state: AttackState) -> Record:
    """The ``end`` record of a game that is over: the winner (None: a shared first
    place), the points, the rounds played."""
    result = state.result()
    first = [p for p in range(state.n) if result is not None and result.places[p] == 0]
    return {
        "t": "end",
        "winner": first[0] if len(first) == 1 else None,
        "points": list(state.points),
        "rounds": state.rounds_played,
    }


def _ignore() -> None:
    pass


@dataclass(slots=True)
class AttackRerun(RerunResult):
    state: AttackState
    log: list[str] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)
    drift: tuple[int, str] | None = None
    steps: int = 0


def rerun_attack(
    header: dict[str, Any], records: Sequence[dict[str, Any]], deck: Deck
) -> AttackRerun:
    """Re-run an Attack replay; raises only `RerunError`."""
    state, events = _start_state(header, deck)
    run = AttackRerun(state, [str(e) for e in events], list(events))
    check = RecordCheck(records)
    recorder = AttackRecorder(check.take, _ignore)
    budget = Budget()
    for index, record in enumerate(records):
        budget.step(index, record)
        kind = record.get("t")
        if kind == "act":
            try:
                action = parse_action(str(record.get("a")))
                events = state.apply(action)
            except Exception as e:
                raise RerunError("inputs", f"record {index + 1}: {why(e)}"[:160]) from None
            recorder.action(action)
            if state.is_over():
                recorder.end(state)
            run.log.extend(str(e) for e in events)
            run.events.extend(events)
        elif kind not in ("end", "note"):
            raise RerunError(
                "record", f"record {index + 1}: kind {str(kind)[:20]!r} is not Attack's"
            )
        check.reached(index)
        if check.drift is not None:
            run.drift = (check.drift.index, str(check.drift))
            if check.drift.index > index:
                run.steps += 1
            break
        run.steps += 1
    return run


# ----------------------------------------------------------------------- playing back


def _start_state(header: dict[str, Any], deck: Deck) -> tuple[AttackState, list[Event]]:
    if header.get("game") != "attack":
        raise RerunError("game", f"game {str(header.get('game'))[:30]!r}")
    check_build(header, deck_hash(deck), physics=False)  # no throw in its records
    return _new_state(header, deck)


def _new_state(header: dict[str, Any], deck: Deck) -> tuple[AttackState, list[Event]]:
    try:
        settings = Settings.from_json(header["settings"])
        return AttackState.new(deck, settings, seed=header["seed"])
    except Exception as e:
        raise RerunError("inputs", why(e)[:160]) from None


class AttackFeed:
    """The recorded actions in order, and how far the playback is (`index`: the next
    record to hand out; notes are passed over)."""

    def __init__(self, records: Sequence[dict[str, Any]], start: int = 0) -> None:
        self.records = list(records)
        self.index = start

    def _skip(self) -> int:
        while self.index < len(self.records) and self.records[self.index].get("t") == "note":
            self.index += 1
        return self.index

    @property
    def done(self) -> bool:
        """No action left (the end record, or the file's end: an unfinished replay)."""
        i = self._skip()
        return i >= len(self.records) or self.records[i].get("t") != "act"

    @property
    def end(self) -> dict[str, Any] | None:
        return next((r for r in self.records if r.get("t") == "end"), None)

    def peek(self) -> Action | None:
        if self.done:
            return None
        i = self.index
        try:
            return parse_action(str(self.records[i].get("a")))
        except Exception as e:
            raise RerunError("inputs", f"record {i + 1}: {why(e)}"[:160]) from None

    def take(self) -> Action:
        action = self.peek()
        if action is None:
            raise RerunError("inputs", "the replay has no more records")
        self.index += 1
        return action


class ReplayMatch(AttackMatch):
    """A match whose seats and chance play what was recorded. The seats keep their
    recorded names (a level, or "human") for the screen, but nobody is asked: every
    card, die, pick and deal comes from the feed. Raises `RerunError` for a replay this
    build cannot play, or one that drifts before `start`."""

    def __init__(
        self, deck: Deck, header: dict[str, Any], records: Sequence[dict[str, Any]], start: int = 0
    ) -> None:
        state, events = _start_state(header, deck)
        seats = header.get("seats")
        if not isinstance(seats, list) or len(seats) != state.n:
            raise RerunError("inputs", f"seats: {str(seats)[:60]}")
        super().__init__(deck, {}, [HUMAN] * state.n, state, int(header["seed"]))
        self.seats = tuple(
            str(s.get("name")) if isinstance(s, dict) else "?" for s in seats
        )  # shown as recorded
        self.people = tuple(isinstance(s, dict) and s.get("human") is True for s in seats)
        self.events.extend(events)
        self.feed = AttackFeed(records)
        self.compare = RecordCheck(self.feed.records)  # every record the playback makes
        self.recorder = AttackRecorder(self.compare.take, _ignore)  # (the match tells it)
        while self.feed.index < min(start, len(self.feed.records)) and not self.feed.done:
            index = self.feed.index
            try:
                self.act(self._next())
            except RerunError:
                raise
            except Exception as e:
                raise RerunError("drift", f"record {index + 1}: {e}"[:160]) from None
        self.feed.index = max(self.feed.index, min(start, len(self.feed.records)))

    def _next(self) -> Action:
        action = self.feed.peek()
        if action is None:
            raise RerunError("inputs", "the replay has no more records")
        return action

    def act(self, action: Action) -> list[Event]:
        """Apply the next recorded action; the feed moves on only once the rules took
        it (a refused one stays the next record: where the replay drifted)."""
        events = super().act(action)  # (the recorder is told: the comparer compares)
        self.feed.take()
        return events

    def human(self, player: int) -> bool:
        return False  # nobody is asked: the records play

    @property
    def humans(self) -> tuple[bool, ...]:
        return (False,) * self.players

    def die_face(self) -> int:
        action = self.feed.peek()
        if not isinstance(action, Roll):
            raise RerunError("drift", f"record {self.feed.index + 1}: {action}: a die was due")
        return action.face

    def apply_chance(self) -> list[Event]:
        action = self._next()
        if not isinstance(action, Roll | Pick | Deal):
            raise RerunError("drift", f"record {self.feed.index + 1}: {action}: chance was due")
        return self.act(action)

    def bot_to_act(self) -> int | None:
        action = self.feed.peek()
        return action.player if isinstance(action, PlayCard) else None

    def bot_decision(self, player: int) -> Callable[[], Action]:
        return self._next  # the seat's record (taken when the screen asks for it)

    def mismatch(self) -> str | None:
        """Why the next record cannot be what the game waits for (a drift), or None."""
        action = self.feed.peek()
        if action is None or self.state.is_over():
            return None
        chance = self.chance_due() or self.die_due() is not None
        if chance != (not isinstance(action, PlayCard)):
            return f"record {self.feed.index + 1}: {action}: not what the game waits for"
        return None

    def end_drift(self) -> str | None:
        """The records played so far (the end's winner, points and rounds with them)
        against the file's, by the shared comparer: the first difference, or None."""
        return None if self.compare.drift is None else str(self.compare.drift)


@dataclass(frozen=True, slots=True)
class Mark:
    """A place in a replay: `index` the record to play next there; `kind` "deal" (the
    deal about to be dealt), "round" (its first card about to be played) or "throw" (a
    die rolled or a round judged by that record); `number` the deal or round."""

    index: int
    kind: str
    number: int


THROWN = (ev.Collided, ev.Caught, ev.NobodyCaught)


def marks(header: dict[str, Any], records: Sequence[dict[str, Any]], deck: Deck) -> list[Mark]:
    """Every deal, round and "throw" of an Attack replay (re-run headless once; up to a
    drift or a bad record)."""
    try:
        state, _ = _start_state(header, deck)
    except RerunError:
        return []
    out: list[Mark] = []
    for index, record in enumerate(records):
        if record.get("t") != "act":
            continue
        try:
            action = parse_action(str(record.get("a")))
            events = state.apply(action)
        except Exception:
            break
        if isinstance(action, Roll) or any(isinstance(e, THROWN) for e in events):
            out.append(Mark(index, "throw", state.round_no))
        for e in events:
            if isinstance(e, ev.Dealt):
                out.append(Mark(index, "deal", e.deal))
            elif isinstance(e, ev.RoundStarted):
                out.append(Mark(index + 1, "round", e.round))
    return out


# ----------------------------------------------------------------------- the record


def match_line(
    header: dict[str, Any], records: Sequence[dict[str, Any]], deck: Deck
) -> MatchLine | None:
    """The people's side of one finished Attack replay (`people_line`). Won: a person
    among the winners; captures: the cards the people caught; thrown: the cards they
    played (so the favourite is the card a person played most); throws and opened stay
    0 (Attack has no throw that opens on a card)."""
    return people_line(
        header, records, "attack", lambda: rerun_attack(header, records, deck), _count
    )


def _count(run: AttackRerun, people: frozenset[int]) -> PeoplesPlay:
    result = run.state.result()
    winners = {p for p in range(run.state.n) if result is not None and result.places[p] == 0}
    play = PeoplesPlay(won=bool(winners & people))
    for e in run.events:
        if isinstance(e, ev.Caught) and e.player in people:
            play.captures += 1
        elif isinstance(e, ev.CardPlayed) and e.player in people:
            play.thrown[e.card] += 1
    return play
