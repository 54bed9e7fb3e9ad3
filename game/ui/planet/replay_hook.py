"""A Battle Planet match kept as a replay as it is played (`game.ui.live_replay`): the
header of the match's setup, and a `PlanetRecorder` on its session (every choice and
every roll: both throws, the person's and the computer's, thought out in its worker
thread, or both people's in hot-seat)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.match.planet.recording import PlanetRecorder, planet_header
from game.match.replay_header import seat_infos

from ..live_replay import LiveReplay

if TYPE_CHECKING:
    from game.match.planet.play import PlanetMatch


class PlanetLiveReplay(LiveReplay["PlanetMatch"]):
    def __init__(self) -> None:
        super().__init__("planet")
        self.recorder: PlanetRecorder | None = None

    def people(self, match: PlanetMatch) -> bool:
        return any(match.setup.humans)

    def header(self, match: PlanetMatch) -> tuple[dict[str, Any], int]:
        setup = match.setup
        seats = seat_infos(setup.seed, [None if h else setup.level for h in setup.humans])
        header = planet_header(
            match.catalog, setup.kits, setup.settings, setup.seed, seats, setup.deck_names
        )
        return header, setup.seed

    def attach(self, match: PlanetMatch) -> None:
        self.recorder = PlanetRecorder(self.file.write)
        match.session.recorder = self.recorder

    def ended(self, match: PlanetMatch) -> bool:
        return self.recorder is not None and self.recorder.ended


__all__ = ["PlanetLiveReplay"]
