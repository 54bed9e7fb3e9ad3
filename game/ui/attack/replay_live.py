"""A Bakugan Attack! game kept as a replay as it is played (`game.ui.live_replay`):
the replay is the match's recorder (`AttackMatch.recorder`): every action applied, the
person's, the computers' and chance's (dice, Runo's picks, the deals), is one record;
the end record closes the file. A resumed game names its replay in the match
(`AttackMatch.resumed_replay`), and the first frame goes on with it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.match.attack.recording import AttackRecorder, attack_header
from game.match.replay_header import seat_infos
from game.rules.attack import Action, AttackState

from ..live_replay import LiveReplay

if TYPE_CHECKING:
    from game.match.attack.session import AttackMatch

GAME = "attack"


class AttackLiveReplay(LiveReplay["AttackMatch"]):
    """The replay of one game on the table, as the match's recorder."""

    def __init__(self) -> None:
        super().__init__(GAME)
        self.records = AttackRecorder(self.file.write, self.file.close)

    def people(self, match: AttackMatch) -> bool:
        return any(match.humans)

    def begin(self, match: AttackMatch) -> None:
        if match.resumed_replay is not None:
            self.resume(match, *match.resumed_replay)
        else:
            super().begin(match)

    def header(self, match: AttackMatch) -> tuple[dict[str, Any], int]:
        levels = [None if human else match.seats[p] for p, human in enumerate(match.humans)]
        header = attack_header(
            match.deck, match.state.settings, match.seed, seat_infos(match.seed, levels)
        )
        return header, match.seed

    def attach(self, match: AttackMatch) -> None:
        match.recorder = self

    def ended(self, match: AttackMatch) -> bool:
        return False  # (the end record closes the file itself)

    # --- the recorder (AttackMatch.recorder) ----------------------------------------

    @property
    def name(self) -> str | None:
        """The replay file's name (None: nothing is being written)."""
        return self.file.name

    @property
    def count(self) -> int:
        """The records written so far."""
        return self.file.count

    def action(self, action: Action) -> None:
        self.records.action(action)

    def end(self, state: AttackState) -> None:
        self.records.end(state)  # the end record, then `close`
