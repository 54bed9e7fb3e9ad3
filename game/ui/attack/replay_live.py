"""Every Bakugan Attack! game a person plays is kept as a replay, written as it goes.

The Attack side of `game.ui.classic.replay_hook.LiveReplay`: `AttackLiveReplay.tick` opens the
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

from typing import TYPE_CHECKING

from game.match.attack.recording import AttackRecorder, attack_header
from game.match.replay_header import seat_infos
from game.rules.attack import Action, AttackState

from ..live_file import LiveFile

if TYPE_CHECKING:
    from game.match.attack.session import AttackMatch

GAME = "attack"


class AttackLiveReplay:
    """The replay of one game on the table, as the match's recorder."""

    def __init__(self) -> None:
        self.file = LiveFile(GAME)
        self.started = False
        self.records = AttackRecorder(self.file.write, self.file.close)

    @property
    def name(self) -> str | None:
        """The replay file's name, for the autosave (None: nothing is written)."""
        return self.file.name

    @property
    def count(self) -> int:
        return self.file.count

    def tick(self, match: AttackMatch) -> None:
        """At the first frame: start (or go on with) the replay of a game with a person."""
        if self.started:
            return
        self.started = True
        if not any(match.humans):
            return
        if match.resumed_replay is not None:
            if self.file.resume(*match.resumed_replay):
                match.recorder = self
            return
        seats = seat_infos(
            match.seed, [None if human else match.seats[p] for p, human in enumerate(match.humans)]
        )
        header = attack_header(match.deck, match.state.settings, match.seed, seats)
        if self.file.open(header, match.seed):
            match.recorder = self

    # --- the recorder (AttackMatch.recorder) ----------------------------------------

    def action(self, action: Action) -> None:
        self.records.action(action)

    def end(self, state: AttackState) -> None:
        self.records.end(state)  # the end record, then `close`

    def close(self) -> None:
        self.file.close()
