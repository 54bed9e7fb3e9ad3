"""Recording a match as it is played: its inputs, as replay records.

A `SessionRecorder` is attached to a session (`MatchSession.recorder`); the session
tells it every choice (`act`) and every throw it rolls (origin, direction, speed, spin,
and the digest of the result), whoever made them: a person at the screen, a bot, a
test. It hands each record to a `sink` (in the app: `game.persist.replay_file.
ReplayWriter.write`, which writes and flushes the line at once), so this module does no
file I/O and knows no file format beyond the records' fields (docs/replays.md).

The header (`game.match.replay_header.header`, the same for every game) names what a
re-run needs and what must not have changed; the classic one adds the kits and the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from game import physics
from game.match.replay_header import Record, SeatInfo, Sink, header, stable_hash
from game.rules.classic import Action, Catalog, Kit, MatchState


def catalog_hash(catalog: Catalog) -> str:
    return stable_hash(catalog)


def classic_header(
    catalog: Catalog,
    kits: Sequence[Kit],
    state: MatchState,
    seed: int,
    seats: Sequence[SeatInfo],
    table: tuple[float, float],
    sphere_radius: dict[str, float],
) -> Record:
    return header(
        "classic",
        catalog_hash(catalog),
        seed,
        state.settings.to_json(),
        seats,
        kits=[k.to_json() for k in kits],
        table=[table[0], table[1]],
        sphere_radius=dict(sphere_radius),
    )


def throw_record(
    player: int, bakugan: str, throw: physics.Throw, result: physics.ThrowResult
) -> Record:
    """A throw's inputs, exact (JSON keeps a float's every bit), and its result's digest."""
    record: Record = {
        "t": "throw",
        "p": player,
        "b": bakugan,
        "origin": [throw.origin[0], throw.origin[1]],
        "angle": throw.angle,
        "speed": throw.speed,
        "spin": throw.spin,
        "radius": throw.radius,
        "mass": throw.mass,
        "digest": result.digest(),
    }
    if throw.sphere_id != "sphere":
        record["sphere"] = str(throw.sphere_id)
    return record


class InputListener(Protocol):
    """What a session tells about its inputs (`MatchSession.recorder`): the recorder
    below, or the viewer's check that each throw rolls as recorded."""

    @property
    def ended(self) -> bool: ...

    def act(self, action: Action) -> None: ...

    def throw(
        self, player: int, bakugan: str, throw: physics.Throw, result: physics.ThrowResult
    ) -> None: ...

    def note(self, **fields: Any) -> None: ...

    def end(self, winner: int | None, turns: int) -> None: ...


class SessionRecorder:
    """Turns a session's inputs into records for `sink`. `note` adds what a record
    should keep besides (a bot's search stopped by the clock)."""

    def __init__(self, sink: Sink) -> None:
        self.sink = sink
        self.records = 0
        self.ended = False

    def _put(self, record: Record) -> None:
        self.sink(record)
        self.records += 1

    def act(self, action: Action) -> None:
        self._put({"t": "act", "a": str(action)})

    def throw(
        self, player: int, bakugan: str, throw: physics.Throw, result: physics.ThrowResult
    ) -> None:
        self._put(throw_record(player, bakugan, throw, result))

    def note(self, **fields: Any) -> None:
        self._put({"t": "note", **fields})

    def end(self, winner: int | None, turns: int) -> None:
        if not self.ended:
            self.ended = True
            self._put({"t": "end", "winner": winner, "turns": turns})
