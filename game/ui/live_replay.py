"""Every match a person plays is kept as a replay, written as it goes: the one live
replay of every game's match screen.

`LiveReplay.tick`, called at each frame of the match screen, opens the replay file
(``<data folder>/replays/``, `live_file.LiveFile`) at the first frame of a match with a
person in it, hooks the game's recorder up to it (`attach`: every choice and throw, the
people's and the computers', goes through it, each record flushed as it is written),
and closes the file once the match has ended. A resumed match goes on with its replay
(`resume`: the autosave names the file and how many records it had then, `fields`).
A replay that cannot be written is given up with a line in the log: it never ends the
match. Matches of computers only (the demo, the attract mode, the viewer) are not
recorded.

What is a game's own is four methods: whether a person plays (`people`), the header
and the seed (`header`), hooking its recorder up (`attach`) and whether the match has
ended (`ended`).
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from game.persist.replay_file import ReplayWriter

from .live_file import LiveFile

M = TypeVar("M")


class LiveReplay(Generic[M]):
    """The replay of one match `M` (the game's screen, or its match), as it is played."""

    def __init__(self, game: str) -> None:
        self.file = LiveFile(game)
        self.started = False

    @property
    def writer(self) -> ReplayWriter | None:
        return self.file.writer

    def fields(self) -> dict[str, Any]:
        """What the autosave keeps of the replay (``replay``, ``replay_records``)."""
        return self.file.fields()

    def tick(self, match: M) -> None:
        """Start recording at the first frame; close the file once the match is over."""
        if not self.started:
            self.started = True
            if self.people(match):
                self.begin(match)
        if self.file.writer is not None and self.ended(match):
            self.close()

    def begin(self, match: M) -> None:
        header, seed = self.header(match)
        if self.file.open(header, seed):
            self.attach(match)

    def resume(self, match: M, name: object, count: object) -> None:
        """Go on with the replay `name` of the resumed match from its first `count`
        records (`LiveFile.resume`); one not there, or unreadable, is given up (an
        older save has neither: its match goes on unrecorded)."""
        self.started = True
        if self.file.resume(name, count):
            self.attach(match)

    def close(self) -> None:
        self.file.close()

    # --- each game's ------------------------------------------------------------------

    def people(self, match: M) -> bool:
        """Whether a person plays in `match` (only then is it recorded)."""
        raise NotImplementedError

    def header(self, match: M) -> tuple[dict[str, Any], int]:
        """The replay's header and the match's seed (the file's name)."""
        raise NotImplementedError

    def attach(self, match: M) -> None:
        """Hook the game's recorder up to the file (`self.file.write`)."""
        raise NotImplementedError

    def ended(self, match: M) -> bool:
        """Whether the match has written its end (then the file is closed)."""
        raise NotImplementedError
