"""The classic match kept as a replay as it is played (`game.ui.live_replay`): the
header of the match screen's match, and a `SessionRecorder` on its session."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.match.classic.recording import SessionRecorder, classic_header
from game.match.replay_header import seat_infos

from ..live_replay import LiveReplay

if TYPE_CHECKING:
    from .match import MatchScene


class ClassicLiveReplay(LiveReplay["MatchScene"]):
    def __init__(self) -> None:
        super().__init__("classic")

    def people(self, scene: MatchScene) -> bool:
        return any(scene.humans)

    def header(self, scene: MatchScene) -> tuple[dict[str, Any], int]:
        session = scene.session
        levels = [None if human else scene.levels[p] for p, human in enumerate(scene.humans)]
        header = classic_header(
            scene.catalog,
            scene.kits,
            session.state,
            scene.seed,
            seat_infos(scene.seed, levels),
            (session.width, session.height),
            session.sphere_radius,
        )
        return header, scene.seed

    def attach(self, scene: MatchScene) -> None:
        scene.session.recorder = SessionRecorder(self.file.write)

    def ended(self, scene: MatchScene) -> bool:
        recorder = scene.session.recorder
        return recorder is not None and recorder.ended
