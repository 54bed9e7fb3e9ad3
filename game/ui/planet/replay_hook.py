"""Every Battle Planet match a person plays is kept as a replay, written as it goes
(the Planet side of `game.ui.classic.replay_hook.LiveReplay`).

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

from typing import TYPE_CHECKING, Any

from game.match.planet.recording import PlanetRecorder, planet_header
from game.match.replay_header import seat_infos
from game.persist.replay_file import ReplayWriter

from ..live_file import LiveFile

if TYPE_CHECKING:
    from game.match.planet.play import PlanetMatch


class PlanetLiveReplay:
    def __init__(self) -> None:
        self.file = LiveFile("planet")
        self.recorder: PlanetRecorder | None = None
        self.started = False

    @property
    def name(self) -> str | None:
        return self.file.name

    @property
    def count(self) -> int:
        return self.file.count

    @property
    def writer(self) -> ReplayWriter | None:
        return self.file.writer

    def fields(self) -> dict[str, Any]:
        """What the autosave keeps of the replay (`replay`, `replay_records`)."""
        return self.file.fields()

    def tick(self, match: PlanetMatch) -> None:
        """Start recording at the first frame; close the file once the match is over."""
        if not self.started:
            self.started = True
            if any(match.setup.humans):
                self._start(match)
        if self.file.writer is not None and self.recorder is not None and self.recorder.ended:
            self.close()

    def _start(self, match: PlanetMatch) -> None:
        setup = match.setup
        header = planet_header(
            match.catalog,
            setup.kits,
            setup.settings,
            setup.seed,
            seat_infos(
                match.setup.seed, [None if h else match.setup.level for h in match.setup.humans]
            ),
            setup.deck_names,
        )
        if self.file.open(header, setup.seed):
            self._attach(match)

    def _attach(self, match: PlanetMatch) -> None:
        self.recorder = PlanetRecorder(self.file.write)
        match.session.recorder = self.recorder

    def resume(self, match: PlanetMatch, name: object, count: object) -> None:
        """Go on with the replay `name` of the resumed match from its first `count`
        records (`LiveFile.resume`). One not there, or unreadable, is given up (an
        older save has neither: its match goes on unrecorded)."""
        self.started = True
        if self.file.resume(name, count):
            self._attach(match)

    def close(self) -> None:
        self.file.close()


__all__ = ["PlanetLiveReplay"]
