"""Every match a person plays is kept as a replay, written as it goes.

`LiveReplay` opens the replay file (``<data folder>/replays/``) when the match screen
first updates, attaches a `SessionRecorder` to the session (every choice and throw,
the person's and the computers', goes through it) and closes the file when the match
ends. A resumed match goes on with its replay (the autosave names the file and how many
records it had then): those records go into a new file that the match goes on writing
(a crash may have left records past the save, or a stream without its end), and the old
file goes. A replay that cannot be written is given up with a line in the log: it never
ends the match.
Computer-only matches (the attract mode, the viewer itself) are not recorded.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

from game.match.recording import SeatInfo, SessionRecorder, classic_header
from game.persist import paths
from game.persist.replay_file import (
    ReplayError,
    ReplayWriter,
    new_name,
    read_replay,
    replays_dir,
)

if TYPE_CHECKING:
    from .match_scene import MatchScene

log = logging.getLogger(__name__)


class LiveReplay:
    def __init__(self) -> None:
        self.writer: ReplayWriter | None = None
        self.started = False
        self.count = 0  # records in the file (the autosave keeps it: `replay_records`)

    @property
    def name(self) -> str | None:
        """The replay file's name, for the autosave."""
        return self.writer.path.name if self.writer is not None else None

    def tick(self, scene: MatchScene) -> None:
        """Start recording at the first frame; close the file once the match is over."""
        if not self.started:
            self.started = True
            if any(scene.humans):
                self._start(scene)
        recorder = scene.session.recorder
        if self.writer is not None and recorder is not None and recorder.ended:
            self.close()

    def _start(self, scene: MatchScene) -> None:
        session = scene.session
        seats = [
            SeatInfo("human", 0, True) if human else SeatInfo(scene.levels[p], scene.seed + p)
            for p, human in enumerate(scene.humans)
        ]
        header = classic_header(
            scene.catalog,
            scene.kits,
            session.state,
            scene.seed,
            seats,
            (session.width, session.height),
            session.sphere_radius,
        )
        try:
            folder = replays_dir(paths.data_dir())
            self.writer = ReplayWriter(folder / new_name("classic", scene.seed), header)
        except (ReplayError, OSError) as e:
            log.warning("no replay for this match: %s", e)
            return
        session.recorder = SessionRecorder(self._write)

    def resume(self, scene: MatchScene, name: object, count: object) -> None:
        """Go on with the replay `name` of the resumed match: its first `count` records
        (where the autosave stood; a crash may have left more, or a cut last member) go
        into a new file with the same header, which the match then goes on writing, and
        the old file is removed. A replay that is not there, or unreadable, is given up."""
        self.started = True
        if not isinstance(name, str) or "/" in name or "\\" in name or not name:
            return
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            return
        folder = replays_dir(paths.data_dir())
        old = folder / name
        try:
            replay = read_replay(old)
            if len(replay.records) < count:
                raise ReplayError("record", f"{len(replay.records)} records, the save has {count}")
            header = dict(replay.header)
            writer = ReplayWriter(folder / new_name("classic", int(header["seed"])), header)
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
        scene.session.recorder = SessionRecorder(self._write)

    def _write(self, record: dict[str, object]) -> None:
        if self.writer is None:
            return
        try:
            self.writer.write(record)
            self.count += 1
        except ReplayError as e:
            log.warning("the replay stops here: %s", e)
            self.writer = None

    def close(self) -> None:
        if self.writer is not None:
            try:
                self.writer.close()
            except ReplayError as e:
                log.warning("the replay could not be closed: %s", e)
            self.writer = None
