"""Every Bakugan Attack! game a person plays is kept as a replay, written as it goes.

The Attack side of `game.ui.replay_hook.LiveReplay`: `AttackLiveReplay.tick` opens the
replay file (``<data folder>/replays/``) when the table first updates and becomes the
match's recorder (`AttackMatch.recorder`): every action applied, the person's, the
computers' and chance's (dice, Runo's picks, the deals), is one record, flushed as it
is written; the end record closes the file. A resumed game goes on with its replay (the
autosave names the file and how many records it had then: `AttackMatch.resumed_replay`):
those records go into a new file that the game goes on writing, and the old file goes.
A replay that cannot be written is given up with a line in the log: it never ends the
game. Games of computers only (and the viewer's own match) are not recorded.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING, Any

from game.match.attack_recording import AttackRecorder, attack_header
from game.match.recording import SeatInfo
from game.persist import paths
from game.persist.replay_file import (
    ReplayError,
    ReplayWriter,
    new_name,
    read_replay,
    replays_dir,
)
from game.rules.attack import Action, AttackState

if TYPE_CHECKING:
    from game.match.attack_session import AttackMatch

log = logging.getLogger(__name__)
GAME = "attack"


def bot_seed(seed: int, player: int) -> int:
    """The seed `AttackMatch` gives a seat's bot at the start (for the header)."""
    return seed * 97 + player * 13


class AttackLiveReplay:
    """The replay of one game on the table, as the match's recorder."""

    def __init__(self) -> None:
        self.writer: ReplayWriter | None = None
        self.started = False
        self._count = 0
        self.records = AttackRecorder(self._write, self.close)

    @property
    def name(self) -> str | None:
        """The replay file's name, for the autosave (None: nothing is written)."""
        return self.writer.path.name if self.writer is not None else None

    @property
    def count(self) -> int:
        return self._count

    def tick(self, match: AttackMatch) -> None:
        """At the first frame: start (or go on with) the replay of a game with a person."""
        if self.started:
            return
        self.started = True
        if not any(match.humans):
            return
        if match.resumed_replay is not None:
            self._resume(match, *match.resumed_replay)
        else:
            self._start(match)

    def _start(self, match: AttackMatch) -> None:
        seats = [
            SeatInfo("human", 0, True)
            if human
            else SeatInfo(match.seats[p], bot_seed(match.seed, p))
            for p, human in enumerate(match.humans)
        ]
        header = attack_header(match.deck, match.state.settings, match.seed, seats)
        try:
            folder = replays_dir(paths.data_dir())
            self.writer = ReplayWriter(folder / new_name(GAME, match.seed), header)
        except (ReplayError, OSError) as e:
            log.warning("no replay for this game: %s", e)
            return
        match.recorder = self

    def _resume(self, match: AttackMatch, name: object, count: object) -> None:
        """Go on with the replay `name`: its first `count` records (where the autosave
        stood) go into a new file with the same header, which the game goes on writing,
        and the old file is removed. One missing or unreadable is given up."""
        if not isinstance(name, str) or "/" in name or "\\" in name or not name:
            return
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            return
        try:
            folder = replays_dir(paths.data_dir())
            old = folder / name
            replay = read_replay(old)
            if len(replay.records) < count:
                raise ReplayError("record", f"{len(replay.records)} records, the save has {count}")
            header = dict(replay.header)
            if header.get("game") != GAME:
                raise ReplayError("game", f"game {str(header.get('game'))[:30]!r}")
            writer = ReplayWriter(folder / new_name(GAME, int(header["seed"])), header)
            for record in replay.records[:count]:
                writer.write(record)
        except (ReplayError, OSError, ValueError, KeyError, TypeError) as e:
            log.warning("the replay of the resumed game cannot go on: %s", e)
            return
        self.writer = writer
        self._count = count
        with contextlib.suppress(OSError):
            if old != writer.path:
                old.unlink()
        match.recorder = self

    # --- the recorder (AttackMatch.recorder) ----------------------------------------

    def action(self, action: Action) -> None:
        self.records.action(action)

    def end(self, state: AttackState) -> None:
        self.records.end(state)  # the end record, then `close`

    def _write(self, record: dict[str, Any]) -> None:
        if self.writer is None:
            return
        try:
            self.writer.write(record)
            self._count += 1
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
