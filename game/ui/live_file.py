"""The replay file of a match being played, the same for every game.

A game's live replay (`game.ui.live_replay.LiveReplay`: the classic match screen's, the
Attack table's and the Planet screen's subclass) decides *what* is recorded and hooks the match's
recorder up; `LiveFile` is the file under it: opened in ``<data folder>/replays/``,
written a record at a time (each flushed, so a crash keeps what was played), closed at
the end, and taken up again by a resumed match. It never raises: a replay that cannot
be written is given up with a line in the log, and the match plays on.

Going on with the replay of a resumed match: the autosave names the file and how many
records it had then (`fields`); those records go into a new file with the same header,
which the match goes on writing (a crash may have left records past the save, or a
stream without its end), and the old file goes. A replay recorded with another version
of the physics (its header's hash; an update came between the save and Continue) is not
gone on with: the match's later throws would be rolled by other physics under its
header. The file stays as it was (refused as such by the viewer) and the match goes on
unrecorded.
"""

from __future__ import annotations

import contextlib
import logging
import weakref
from pathlib import Path
from typing import Any

from game.games.replays import read
from game.persist import paths
from game.persist.replay_file import ReplayError, ReplayWriter, new_name, replays_dir
from game.physics.fingerprint import physics_hash, pymunk_version

log = logging.getLogger(__name__)
_OPEN: weakref.WeakSet[LiveFile] = weakref.WeakSet()


def open_files() -> list[Path]:
    """The replay files being written now in the player's Replays (a crash report
    takes the replay so far)."""
    try:
        here = replays_dir(paths.data_dir())
    except Exception:  # no home folder at all: no replays either
        return []
    found = [f.writer.path for f in list(_OPEN) if f.writer is not None]
    return sorted(p for p in found if p.parent == here)


class LiveFile:
    """One game's replay file as its match is played (`game`: the registry id)."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.writer: ReplayWriter | None = None
        self.count = 0  # records in the file (the autosave keeps it: `replay_records`)

    @property
    def name(self) -> str | None:
        """The file's name, for the autosave (None: nothing is being written)."""
        return self.writer.path.name if self.writer is not None else None

    def fields(self) -> dict[str, Any]:
        """What the autosave keeps of the replay (`replay`, `replay_records`)."""
        return {"replay": self.name, "replay_records": self.count}

    def open(self, header: dict[str, Any], seed: int) -> bool:
        """Start a new replay with `header`; False (logged) when it cannot be."""
        try:
            folder = replays_dir(paths.data_dir())
            self.writer = ReplayWriter(folder / new_name(self.game, seed), header)
        except (ReplayError, OSError) as e:
            log.warning("no replay for this match: %s", e)
            return False
        _OPEN.add(self)
        return True

    def resume(self, name: object, count: object) -> bool:
        """Go on with the replay `name` from its first `count` records (as the autosave
        left them); False (logged) when there is none to go on with: an older save has
        neither field, and a file that is gone, damaged, shorter than the save or of
        another game is given up."""
        if not isinstance(name, str) or "/" in name or "\\" in name or not name:
            return False
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            return False
        writer: ReplayWriter | None = None
        try:
            folder = replays_dir(paths.data_dir())
            old = folder / name
            replay = read(old)
            header = dict(replay.header)
            if header.get("game") != self.game:
                raise ReplayError("game", f"game {str(header.get('game'))[:30]!r}", old)
            if (header.get("physics_hash"), header.get("pymunk")) != (
                physics_hash(),
                pymunk_version(),
            ):  # recorded before the physics changed: its throws would not re-run alike
                raise ReplayError("physics", "recorded with another version of the physics", old)
            if len(replay.records) < count:
                raise ReplayError(
                    "record", f"{len(replay.records)} records, the save has {count}", old
                )
            writer = ReplayWriter(folder / new_name(self.game, int(header["seed"])), header)
            for record in replay.records[:count]:
                writer.write(record)
        except (ReplayError, OSError, ValueError, KeyError, TypeError) as e:
            log.warning("the replay of the resumed match cannot go on: %s", e)
            if writer is not None:  # a copy cut short (a full disk): not left behind
                with contextlib.suppress(ReplayError, OSError):
                    writer.close()
                with contextlib.suppress(OSError):
                    writer.path.unlink()
            return False
        self.writer = writer
        self.count = count
        _OPEN.add(self)
        with contextlib.suppress(OSError):
            if old != writer.path:
                old.unlink()
        return True

    def write(self, record: dict[str, Any]) -> None:
        """One record, flushed; a file that cannot take it is given up from here."""
        if self.writer is None:
            return
        try:
            self.writer.write(record)
            self.count += 1
        except (ReplayError, OSError) as e:
            log.warning("the replay stops here: %s", e)
            self.writer = None

    def close(self) -> None:
        _OPEN.discard(self)
        if self.writer is not None:
            try:
                self.writer.close()
            except (ReplayError, OSError) as e:
                log.warning("the replay could not be closed: %s", e)
            self.writer = None
