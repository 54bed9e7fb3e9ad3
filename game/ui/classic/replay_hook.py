"""Every match a person plays is kept as a replay, written as it goes.

`LiveReplay` opens the replay file (``<data folder>/replays/``) when the match screen
first updates, attaches a `SessionRecorder` to the session (every choice and throw,
the person's and the computers', goes through it) and closes the file when the match
ends. A resumed match goes on with its replay (the autosave names the file and how many
records it had then): those records go into a new file that the match goes on writing
(a crash may have left records past the save, or a stream without its end), and the old
file goes. A replay that cannot be written is given up with a line in the log: it never
ends the match (the file itself is `live_file.LiveFile`, the same for every game).
Computer-only matches (the attract mode, the viewer itself) are not recorded.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.match.classic.recording import SessionRecorder, classic_header
from game.match.replay_header import seat_infos
from game.persist.replay_file import ReplayWriter

from ..live_file import LiveFile

if TYPE_CHECKING:
    from .match import MatchScene


class LiveReplay:
    def __init__(self) -> None:
        self.file = LiveFile("classic")
        self.started = False

    @property
    def name(self) -> str | None:
        """The replay file's name, for the autosave."""
        return self.file.name

    @property
    def count(self) -> int:
        """Records in the file (the autosave keeps it: `replay_records`)."""
        return self.file.count

    @property
    def writer(self) -> ReplayWriter | None:
        return self.file.writer

    def tick(self, scene: MatchScene) -> None:
        """Start recording at the first frame; close the file once the match is over."""
        if not self.started:
            self.started = True
            if any(scene.humans):
                self._start(scene)
        recorder = scene.session.recorder
        if self.file.writer is not None and recorder is not None and recorder.ended:
            self.close()

    def _start(self, scene: MatchScene) -> None:
        session = scene.session
        seats = seat_infos(
            scene.seed, [None if human else scene.levels[p] for p, human in enumerate(scene.humans)]
        )
        header = classic_header(
            scene.catalog,
            scene.kits,
            session.state,
            scene.seed,
            seats,
            (session.width, session.height),
            session.sphere_radius,
        )
        if self.file.open(header, scene.seed):
            session.recorder = SessionRecorder(self.file.write)

    def resume(self, scene: MatchScene, name: object, count: object) -> None:
        """Go on with the replay `name` of the resumed match from its first `count`
        records (`LiveFile.resume`); one not there, or unreadable, is given up."""
        self.started = True
        if self.file.resume(name, count):
            scene.session.recorder = SessionRecorder(self.file.write)

    def close(self) -> None:
        self.file.close()
