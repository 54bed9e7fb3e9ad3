"""Battle Planet replays: a match's choices and its rolls (both throws released together)
as records, and the re-run that checks them.

A roll record keeps both players' throws exactly (origin, direction, speed, spin,
radius, mass) and the digest of the judged run (`outcome_digest`: how long it ran, where
each sphere ended, the landings, both recorded paths). The header keeps the kits (the
decks), the settings and the seed. A re-run writes its records with the recorder that
wrote the replay, into the shared comparer (`replay_check.RecordCheck`): a roll whose
digest differs, or an end whose winner or turns do, has drifted at that record.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from game import physics
from game.match.planet.session import Entry, PlanetSession, RollDone
from game.match.replay_check import RecordCheck, replay_records, why
from game.match.replay_header import Record, SeatInfo, header, stable_hash
from game.match.rerun import RerunError, RerunResult, check_build, recorded_throw
from game.rules.planet import Action, Catalog, Kit, PlanetState, Settings
from game.rules.planet.actions import parse_action


def outcome_digest(outcome: physics.Outcome) -> str:
    """SHA-256 of a judged run, floats by their exact bits: equal iff bit-identical."""
    h = hashlib.sha256()
    run = outcome.run
    h.update(struct.pack("=qq?", run.start_step, run.steps, run.rested))
    for landing in outcome.landings:
        h.update(repr((landing.card, landing.reason, landing.touched)).encode())
        h.update(struct.pack("=?2d", landing.partial, *landing.position))
    for s in run.spheres:
        h.update(repr((s.id, s.exit_step, s.captured)).encode())
        h.update(struct.pack("=3d", s.position[0], s.position[1], s.angle))
        h.update(s.track)
    for speed in outcome.speeds:
        h.update(struct.pack("=d", speed))
    return h.hexdigest()


def kit_json(kit: Kit) -> dict[str, list[str]]:
    return {"characters": list(kit.characters), "cores": list(kit.cores), "deck": list(kit.deck)}


def kit_of(data: Any) -> Kit:
    """The kit of `kit_json` (ValueError naming the field)."""
    if not isinstance(data, dict):
        raise ValueError("kit: expected an object")
    parts = []
    for key in ("characters", "cores", "deck"):
        ids = data.get(key)
        if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
            raise ValueError(f"kit.{key}: expected a list of ids")
        parts.append(tuple(ids))
    return Kit(*parts)


def catalog_hash(catalog: Catalog) -> str:
    return stable_hash(catalog)


def planet_header(
    catalog: Catalog,
    kits: Sequence[Kit],
    settings: Settings,
    seed: int,
    seats: Sequence[SeatInfo],
    deck_names: Sequence[str] | None = None,
) -> Record:
    """`deck_names`: what each deck is called on screen (a preset's id or a saved deck's
    name), for the viewer's headers; a replay without them still plays."""
    extra: dict[str, Any] = {"kits": [kit_json(k) for k in kits]}
    if deck_names is not None:
        extra["deck_names"] = [str(n) for n in deck_names]
    return header("planet", catalog_hash(catalog), seed, settings.to_json(), seats, **extra)


def _throw_json(t: physics.Throw) -> dict[str, Any]:
    return {
        "origin": [t.origin[0], t.origin[1]],
        "angle": t.angle,
        "speed": t.speed,
        "spin": t.spin,
        "radius": t.radius,
        "mass": t.mass,
    }


class PlanetRecorder:
    """Writes a Planet session's inputs to `sink` as they happen: call `act` and `roll`
    after the session applied them (`record_match` does, for a bot match)."""

    def __init__(self, sink: Callable[[Record], None]) -> None:
        self.sink = sink
        self.ended = False

    def act(self, action: Action) -> None:
        self.sink({"t": "act", "a": str(action)})

    def roll(self, done: RollDone) -> None:
        self.sink(
            {
                "t": "roll",
                "throws": [_throw_json(t) for t in done.throws],
                "digest": outcome_digest(done.outcome),
            }
        )

    def end(self, state: PlanetState) -> None:
        if not self.ended:
            self.ended = True
            self.sink({"t": "end", "winner": state.winner, "turns": state.turn})


@dataclass(slots=True)
class PlanetRerun(RerunResult):
    session: PlanetSession
    log: list[str] = field(default_factory=list)
    drift: tuple[int, str] | None = None
    steps: int = 0


def throw_of(data: Any, player: int) -> physics.Throw:
    """The `physics.Throw` of player `player`'s half of a roll record."""
    return recorded_throw(data, f"p{player}")


def planet_session(header: dict[str, Any], catalog: Catalog) -> PlanetSession:
    try:
        settings = Settings.from_json(header["settings"])
        kits = [kit_of(k) for k in header["kits"]]
        return PlanetSession(catalog, kits, settings, seed=header["seed"])
    except Exception as e:
        raise RerunError("inputs", why(e)[:160]) from None


Step = Callable[[int, PlanetSession, list[Entry]], None]
"""Told after each record is applied: its index, the session, what it brought."""


def rerun_planet(
    header: dict[str, Any],
    records: Sequence[dict[str, Any]],
    catalog: Catalog,
    each: Step | None = None,
) -> PlanetRerun:
    """Re-run a Battle Planet replay; raises only `RerunError`. `each` (the viewer's
    index of turns and battles) is told every record's entries as it goes."""
    if header.get("game") != "planet":
        raise RerunError("game", f"game {str(header.get('game'))[:30]!r}")
    check_build(header, catalog_hash(catalog))
    session = planet_session(header, catalog)
    run = PlanetRerun(session, [str(e) for e in session.timeline])
    check = RecordCheck(records)
    session.recorder = PlanetRecorder(check.take)

    def applied(index: int, entries: list[Entry]) -> None:
        run.log.extend(str(e) for e in entries)
        run.steps += 1
        if each is not None:
            each(index, session, entries)

    run.drift = replay_records(records, check, partial(apply_record, session), applied)
    return run


def apply_record(session: PlanetSession, index: int, record: dict[str, Any]) -> list[Entry]:
    """Apply one record's inputs to `session` (a choice, both throws of a roll); what
    it brought. Bad data raises."""
    kind = record.get("t")
    if kind == "act":
        return session.act(parse_action(str(record.get("a"))))
    if kind == "roll":
        throws = record.get("throws")
        if not isinstance(throws, list) or len(throws) != 2:
            raise ValueError("a roll: expected both players' throws")
        return session.roll([throw_of(t, p) for p, t in enumerate(throws)])
    if kind in ("end", "note"):  # the end is the recorder's: compared
        return []
    raise RerunError("record", f"record {index + 1}: kind {str(kind)[:20]!r}")
