"""Bakugan Attack! replays: every action of a game (its chance outcomes too) as records,
and the re-run that checks them.

Attack has no throws on the table yet (its dice are the game's own seeded draws), so a
record is an action in the notation `parse_action` reads; the ``end`` record keeps the
points, and a re-run whose points differ has drifted.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game.match.recording import Record, SeatInfo, header, stable_hash
from game.match.replaying import RerunError, check_build
from game.rules.attack import Action, AttackState, Deck, Settings
from game.rules.attack.actions import parse_action


def deck_hash(deck: Deck) -> str:
    return stable_hash(deck)


def attack_header(deck: Deck, settings: Settings, seed: int, seats: Sequence[SeatInfo]) -> Record:
    return header("attack", deck_hash(deck), seed, settings.to_json(), seats)


class AttackRecorder:
    """A `game.ai.attack.sim.GameHook` that writes each action to `sink`; `close` is
    called after the end record."""

    def __init__(self, sink: Callable[[Record], None], close: Callable[[], None]) -> None:
        self.sink = sink
        self.close = close

    def action(self, action: Action) -> None:
        self.sink({"t": "act", "a": str(action)})

    def end(self, state: AttackState) -> None:
        result = state.result()
        first = [p for p in range(state.n) if result is not None and result.places[p] == 0]
        self.sink(
            {
                "t": "end",
                "winner": first[0] if len(first) == 1 else None,  # None: a shared first place
                "points": list(state.points),
                "rounds": state.rounds_played,
            }
        )
        self.close()


@dataclass(slots=True)
class AttackRerun:
    state: AttackState
    log: list[str] = field(default_factory=list)
    drift: tuple[int, str] | None = None
    steps: int = 0

    @property
    def identical(self) -> bool:
        return self.drift is None


def rerun_attack(
    header: dict[str, Any], records: Sequence[dict[str, Any]], deck: Deck
) -> AttackRerun:
    """Re-run an Attack replay; raises only `RerunError`."""
    if header.get("game") != "attack":
        raise RerunError("game", f"game {str(header.get('game'))[:30]!r}")
    check_build(header, deck_hash(deck))
    try:
        settings = Settings.from_json(header["settings"])
        state, events = AttackState.new(deck, settings, seed=header["seed"])
    except Exception as e:
        raise RerunError("inputs", f"{type(e).__name__}: {e}"[:160]) from None
    run = AttackRerun(state, [str(e) for e in events])
    for index, record in enumerate(records):
        kind = record.get("t")
        if kind == "act":
            try:
                events = state.apply(parse_action(str(record.get("a"))))
            except Exception as e:
                why = f"record {index + 1}: {type(e).__name__}: {e}"[:160]
                raise RerunError("inputs", why) from None
            run.log.extend(str(e) for e in events)
        elif kind == "end":
            if record.get("points") != list(state.points):
                run.drift = (
                    index,
                    f"the end: points {record.get('points')!r}, re-run {state.points}",
                )
                break
        elif kind != "note":
            raise RerunError(
                "record", f"record {index + 1}: kind {str(kind)[:20]!r} is not Attack's"
            )
        run.steps += 1
    return run
