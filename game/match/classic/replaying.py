"""Re-running a replay's inputs: the same match again, or where it drifted.

`rerun_classic` builds the session the header describes (the settings, the seed, the
kits, the table), then feeds it every record in order: a choice is parsed and applied,
a throw is rolled on the table again. The session's recorder is the one that wrote
the replay, writing into the shared comparer (`replay_check.RecordCheck`): every record
it would write (the choice's text, whose throw and which Bakugan, the throw's digest,
the end's winner and turns) is compared with the file's, and the first field that
differs is a *drift*: another result for the same inputs (another machine's floating
point, a changed engine) or a record changed by hand. The re-run stops there rather
than show another match under the replay's name.

Before any of that the header is checked against this build: the content hash (other
cards) and the physics tuning hash and pymunk version (other physics) each refuse the
replay with their own reason. Whatever the records hold, this raises nothing but
`RerunError` (reason codes of `game.persist.replay_file.REASONS`); `replay_check.Budget`
caps the throws rolled again and the time.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from game import physics
from game.match.classic.recording import SessionRecorder, catalog_hash
from game.match.classic.session import Entry, MatchSession
from game.match.replay_check import RecordCheck, replay_records, why
from game.match.rerun import RerunError, RerunResult, check_build, recorded_throw
from game.rules.classic import Catalog, Kit, Settings
from game.rules.classic.actions import parse_action


@dataclass(slots=True)
class Step:
    """One record re-run: its index among the records, its kind, and what followed
    (the entries the session recorded for it)."""

    index: int
    kind: str
    entries: list[Entry]


@dataclass(slots=True)
class Rerun(RerunResult):
    """The re-run match: its session at the end, every step, and the first drift
    (the index of the record and what differed), if any."""

    session: MatchSession
    steps: list[Step] = field(default_factory=list)
    drift: tuple[int, str] | None = None
    opening: int = 0  # the session's timeline entries before the first record

    def log(self) -> list[str]:
        """Every entry of the re-run as text (what a fresh process must repeat)."""
        out = [str(e) for e in self.session.timeline[: self.opening]]
        for step in self.steps:
            out.extend(str(e) for e in step.entries)
        return out


def classic_session(header: dict[str, Any], catalog: Catalog) -> MatchSession:
    """The session a classic replay's header describes, before its first record."""
    try:
        settings = Settings.from_json(header["settings"])
        settings.check()
        kits = [Kit.from_json(k) for k in header["kits"]]
        table = header["table"]
        size = (_number(table[0], "table"), _number(table[1], "table"))
        radii = {str(k): _number(v, "sphere_radius") for k, v in header["sphere_radius"].items()}
        return MatchSession(
            catalog, kits, settings, seed=header["seed"], table_size=size, sphere_radius=radii
        )
    except RerunError:
        raise
    except Exception as e:  # a kit, a setting or a table the game refuses
        raise RerunError("inputs", why(e)[:160]) from None


def _number(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise RerunError("inputs", f"{where}: {str(value)[:30]!r} is not a finite number")
    return float(value)


def throw_of(record: dict[str, Any]) -> physics.Throw:
    """The `physics.Throw` of a throw record (ValueError naming the field)."""
    return recorded_throw(record, record.get("sphere", "sphere"))


def watch(session: MatchSession, records: Sequence[dict[str, Any]], start: int = 0) -> RecordCheck:
    """Compare every record `session` would write from here with `records` (from
    `start`): its recorder becomes the one that writes replays, into the comparer."""
    check = RecordCheck(records, start)
    session.recorder = SessionRecorder(check.take)
    return check


def rerun_classic(
    header: dict[str, Any],
    records: Sequence[dict[str, Any]],
    catalog: Catalog,
    on_step: Callable[[Step], None] | None = None,
) -> Rerun:
    """Re-run a classic replay; raises only `RerunError` (a drift is no error: it is
    `Rerun.drift`)."""
    if header.get("game") != "classic":
        raise RerunError("game", f"game {str(header.get('game'))[:30]!r}")
    check_build(header, catalog_hash(catalog))
    session = classic_session(header, catalog)
    run = Rerun(session)
    run.opening = len(session.timeline)
    check = watch(session, records)

    def applied(index: int, step: Step) -> None:
        run.steps.append(step)
        if on_step is not None:
            on_step(step)

    run.drift = replay_records(records, check, partial(apply_record, session), applied)
    return run


def apply_record(session: MatchSession, index: int, record: dict[str, Any]) -> Step:
    """Apply one record's inputs to `session` (a choice, a throw of whoever's throw is
    due: whose it was and the result are the comparer's to check); bad data raises."""
    kind = record.get("t")
    if kind == "act":
        text = record.get("a")
        if not isinstance(text, str):
            raise RerunError("record", f"record {index + 1}: an action needs its text")
        return Step(index, "act", session.act(parse_action(text)))
    if kind == "throw":
        waiting = session.awaiting_throw()
        if waiting is None:
            raise RerunError("inputs", f"record {index + 1}: no throw is due")
        return Step(index, "throw", session.throw(waiting[0], throw_of(record)))
    if kind in ("end", "note"):  # the end is written by the re-run's recorder: compared
        return Step(index, str(kind), [])
    raise RerunError("record", f"record {index + 1}: kind {str(kind)[:20]!r} is not classic's")
