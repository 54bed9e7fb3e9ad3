"""Checking a re-run against its replay, record by record: the one comparer of every
game's re-run, and the cap on the work a replay may cause.

A re-run (classic, Attack, Battle Planet, and each game's viewer) gives its session the
recorded inputs and hangs its game's own recorder on it, the one that wrote the replay,
with `RecordCheck.take` as the recorder's sink. Every record the re-run would have
written is so compared with the one in the file, field by field, whatever the game: a
choice's text, whose throw it was and which Bakugan, a throw's or a roll's digest, the
end's winner, turns, points and rounds. The first field that differs is the drift,
named with its record: ``record 57 (end): winner: recorded 2, re-run 0``. What no
re-run can compute (a ``note``: the bot's clock tripped) is passed over.

A replay is untrusted input (a friend's file): `Budget` caps what re-running it may
cost, in throws rolled on the table again (`MAX_THROWS`) and in time (`MAX_SECONDS`),
so that no file keeps the game busy; the reader caps its bytes, lines and records
(`game.persist.replay_file`). A re-run over either cap stops with `RerunError`
(`game.match.rerun`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from game.match.rerun import RerunError
from game.rules.api import GameError

MAX_THROWS = 1_000
"""Throws (or Planet rolls) one re-run may roll again: a 4-player Big Game has about 80."""
MAX_SECONDS = 60.0
"""Wall-clock time of one re-run, a safety net: the longest real match takes about 2 s."""


def why(error: BaseException) -> str:
    """An error's text for a line: the game's own errors and the value checks say what
    is wrong in words; anything else keeps its type's name (a bug, never a file)."""
    if isinstance(error, GameError | ValueError):
        return str(error)
    return f"{type(error).__name__}: {error}"


class _Missing:
    def __repr__(self) -> str:
        return "nothing"


MISSING: Any = _Missing()


def same(a: Any, b: Any) -> bool:
    """Equal as JSON values: true is not 1; 1 and 1.0 are the same number."""
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, int | float) and isinstance(b, int | float):
        return a == b
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return type(a) is type(b) and bool(a == b)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 48 else text[:45] + "..."


@dataclass(frozen=True, slots=True)
class Drift:
    """Where a re-run left its replay: the record (`index`, from 0), its kind, and the
    field that differs (empty: the record itself is not what the re-run writes there)
    with the recorded value and the re-run's."""

    index: int
    kind: str
    field: str
    recorded: object
    rerun: object

    def __str__(self) -> str:
        where = f"record {self.index + 1} ({self.kind})"
        if self.field == "digest":  # (64 hex digits say nothing to a player)
            return f"{where}: digest: the {self.kind} came out otherwise"
        if self.field:
            return (
                f"{where}: {self.field}: recorded {_short(self.recorded)},"
                f" re-run {_short(self.rerun)}"
            )
        if self.rerun is MISSING:
            return f"{where}: the re-run's match has not ended here"
        return f"{where}: the re-run writes a {self.rerun} record here"


def compare(index: int, recorded: dict[str, Any], rerun: dict[str, Any]) -> Drift | None:
    """The first field of `rerun` (a record the re-run would write) that differs from
    `recorded`, in the re-run's order of fields, then any the replay has besides."""
    kind = str(recorded.get("t"))
    if not same(recorded.get("t"), rerun.get("t")):
        return Drift(index, kind, "", recorded.get("t"), rerun.get("t"))
    for key in [*rerun, *(k for k in recorded if k not in rerun)]:
        mine, theirs = recorded.get(key, MISSING), rerun.get(key, MISSING)
        if not same(mine, theirs):
            return Drift(index, kind, key, mine, theirs)
    return None


UNCOMPUTED = ("note",)
"""Kinds of record no re-run writes (what a bot's clock did): never compared."""


class RecordCheck:
    """The comparer: `take` is the sink of the re-run's recorder, and each record it is
    given is compared with the next one of the replay (from `start`), notes passed
    over. `drift` is the first difference (then nothing more is compared). A replay
    that ends first (unfinished: a crash cut it) leaves the rest of the re-run unchecked."""

    def __init__(self, records: Sequence[dict[str, Any]], start: int = 0) -> None:
        self.records = records
        self.next = start  # the next record of the replay to compare
        self.drift: Drift | None = None

    def _skip(self) -> int:
        while self.next < len(self.records) and self.records[self.next].get("t") in UNCOMPUTED:
            self.next += 1
        return self.next

    def take(self, record: dict[str, Any]) -> None:
        if self.drift is not None:
            return
        index = self._skip()
        if index >= len(self.records):
            return
        self.next = index + 1
        self.drift = compare(index, self.records[index], record)

    def reached(self, index: int) -> None:
        """The re-run has applied record `index`: if it is one the re-run writes itself
        (the end), the re-run must have written it by now."""
        record = self.records[index]
        kind = record.get("t")
        if self.drift is None and kind == "end" and self.next <= index:
            self.drift = Drift(index, "end", "", kind, MISSING)

    def drift_at(self, index: int) -> Drift | None:
        """The drift, if it lies at or before record `index`."""
        return self.drift if self.drift is not None and self.drift.index <= index else None


INPUTS_ROLLED = ("throw", "roll")


class Budget:
    """What one re-run may still cost: `step` before each record counts the throws it
    rolls again and looks at the clock; over either cap it raises `RerunError`."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.deadline = clock() + MAX_SECONDS
        self.throws = 0

    def step(self, index: int, record: dict[str, Any]) -> None:
        if record.get("t") in INPUTS_ROLLED:
            self.throws += 1
            if self.throws > MAX_THROWS:
                raise RerunError(
                    "too_large", f"record {index + 1}: more than {MAX_THROWS} throws to roll"
                )
        if self.clock() >= self.deadline:
            raise RerunError(
                "too_long", f"record {index + 1}: still re-running after {MAX_SECONDS:g} s"
            )


T = TypeVar("T")


def replay_records(
    records: Sequence[dict[str, Any]],
    check: RecordCheck,
    apply: Callable[[int, dict[str, Any]], T],
    applied: Callable[[int, T], None],
) -> tuple[int, str] | None:
    """Re-run the records in order, within one `Budget`: `apply(index, record)` plays
    one on the session (bad data raises: any error but a `RerunError` becomes one of
    ``inputs``, naming the record), the comparer `check` (the sink of the session's
    recorder) compares what the re-run wrote, and `applied(index, what_apply_gave)` is
    told of every record up to the first drift. Returns that drift (the index of its
    record and what differs), or None: the re-run is identical."""
    budget = Budget()
    for index, record in enumerate(records):
        budget.step(index, record)
        try:
            result = apply(index, record)
        except RerunError:
            raise
        except Exception as e:  # an action the rules refuse, a throw off the table
            raise RerunError("inputs", f"record {index + 1}: {why(e)}"[:160]) from None
        check.reached(index)
        drift = check.drift_at(index)
        if drift is not None:
            return (drift.index, str(drift))
        applied(index, result)
        if check.drift is not None:  # the next record (the end) is not the re-run's
            return (check.drift.index, str(check.drift))
    return None


__all__ = [
    "MAX_SECONDS",
    "MAX_THROWS",
    "Budget",
    "Drift",
    "RecordCheck",
    "compare",
    "replay_records",
    "same",
    "why",
]
