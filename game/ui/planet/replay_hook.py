"""Every Battle Planet match a person plays is kept as a replay, written as it goes
(the Planet side of `game.ui.replay_hook.LiveReplay`).

`PlanetLiveReplay` opens the replay file (``<data folder>/replays/``) at the match
screen's first frame and attaches a `PlanetRecorder` to the session: every choice and
every roll (both throws: the person's and the computer's, thought out in its worker
thread, or both people's in hot-seat) goes through it, each record flushed as it is
written; the file is closed when the match ends. A resumed match goes on with its
replay: the autosave names the file and how many records it had then (`fields`);
those records go into a new file that the match goes on writing (a crash may have left
records past the save, or a stream without its end) and the old file goes. A replay
that cannot be written is given up with a line in the log: it never ends the match.
Computer-only matches (the demo, the attract mode, the viewer) are not recorded.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

from game.match.planet_recording import PlanetRecorder, planet_header
from game.match.recording import SeatInfo
from game.persist import paths
from game.persist.replay_file import (
    ReplayError,
    ReplayWriter,
    new_name,
    read_replay,
    replays_dir,
)

if TYPE_CHECKING:
    from game.match.planet_play import PlanetMatch

log = logging.getLogger(__name__)


def seat_infos(match: PlanetMatch) -> list[SeatInfo]:
    """Who sat where, for the header (the computer's seed as `PlanetMatch` seeds it)."""
    setup = match.setup
    return [
        SeatInfo("human", 0, True)
        if setup.humans[p]
        else SeatInfo(setup.level, setup.seed * 2 + p + 1)
        for p in (0, 1)
    ]


class PlanetLiveReplay:
    def __init__(self) -> None:
        self.writer: ReplayWriter | None = None
        self.recorder: PlanetRecorder | None = None
        self.started = False
        self.count = 0  # records in the file (the autosave keeps it)

    @property
    def name(self) -> str | None:
        return self.writer.path.name if self.writer is not None else None

    def fields(self) -> dict[str, Any]:
        """What the autosave keeps of the replay (`replay`, `replay_records`)."""
        return {"replay": self.name, "replay_records": self.count}

    def tick(self, match: PlanetMatch) -> None:
        """Start recording at the first frame; close the file once the match is over."""
        if not self.started:
            self.started = True
            if any(match.setup.humans):
                self._start(match)
        if self.writer is not None and self.recorder is not None and self.recorder.ended:
            self.close()

    def _start(self, match: PlanetMatch) -> None:
        setup = match.setup
        header = planet_header(
            match.catalog,
            setup.kits,
            setup.settings,
            setup.seed,
            seat_infos(match),
            setup.deck_names,
        )
        try:
            folder = replays_dir(paths.data_dir())
            self.writer = ReplayWriter(folder / new_name("planet", setup.seed), header)
        except (ReplayError, OSError) as e:
            log.warning("no replay for this match: %s", e)
            return
        self._attach(match)

    def _attach(self, match: PlanetMatch) -> None:
        self.recorder = PlanetRecorder(self._write)
        match.session.recorder = self.recorder

    def resume(self, match: PlanetMatch, name: object, count: object) -> None:
        """Go on with the replay `name` of the resumed match from its first `count`
        records (where the autosave stood). One not there, or unreadable, is given up
        (an older save has neither: its match goes on unrecorded)."""
        self.started = True
        if not isinstance(name, str) or "/" in name or "\\" in name or not name:
            return
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            return
        folder = replays_dir(paths.data_dir())
        old = folder / name
        try:
            replay = read_replay(old)
            if replay.header.get("game") != "planet":
                raise ReplayError("game", str(replay.header.get("game"))[:30])
            if len(replay.records) < count:
                raise ReplayError("record", f"{len(replay.records)} records, the save has {count}")
            header = dict(replay.header)
            writer = ReplayWriter(folder / new_name("planet", int(header["seed"])), header)
            for record in replay.records[:count]:
                writer.write(record)
        except (ReplayError, OSError, ValueError) as e:
            log.warning("the replay of the resumed match cannot go on: %s", e)
            return
        self.writer = writer
        self.count = count
        with contextlib.suppress(OSError):
            if old != writer.path:
                old.unlink()
        self._attach(match)

    def _write(self, record: dict[str, object]) -> None:
        if self.writer is None:
            return
        try:
            self.writer.write(record)
            self.count += 1
        except (ReplayError, OSError) as e:
            log.warning("the replay stops here: %s", e)
            self.writer = None

    def close(self) -> None:
        if self.writer is not None:
            try:
                self.writer.close()
            except (ReplayError, OSError) as e:
                log.warning("the replay could not be closed: %s", e)
            self.writer = None


__all__ = ["PlanetLiveReplay", "seat_infos"]
