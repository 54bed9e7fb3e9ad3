"""A replay's recorded inputs handed out in order, as a playback takes them: what the
classic and the Battle Planet feeds share (`match.classic.replay_seats.ReplayFeed`,
`match.planet.replay.PlanetFeed`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from game.match.rerun import RerunError


class InputFeed:
    """The recorded inputs (the records whose ``t`` is one of the game's `inputs`) in
    order, and how far the playback is (`index`: the next record to hand out; the
    records of other kinds are passed over)."""

    inputs: ClassVar[tuple[str, ...]]

    def __init__(self, records: Sequence[dict[str, Any]], start: int = 0) -> None:
        self.records = list(records)
        self.index = start  # the next record to hand out

    def _skip(self) -> int:
        while self.index < len(self.records) and self.records[self.index].get("t") not in (
            self.inputs
        ):
            self.index += 1
        return self.index

    def take(self, kind: str) -> dict[str, Any]:
        """The next input, which must be a record of `kind` (else `RerunError`)."""
        i = self._skip()
        if i >= len(self.records):
            raise RerunError("inputs", "the replay has no more records")
        record = self.records[i]
        if record.get("t") != kind:
            raise RerunError("inputs", f"record {i + 1}: a {record.get('t')}, not a {kind}")
        self.index += 1
        return record
