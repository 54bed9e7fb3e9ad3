"""The classic game's screens, as the app opens them: the record of the classic game
(`game.games.classic.RECORD.ui`) names this module, and `game.ui.scenes` takes its
`SCENES` the first time the title asks for them.

The screens themselves live beside the shared ones in `game/ui/` for now (setup,
match_scene, results, howto, demo); a new game keeps its own in `game/ui/<id>/`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..demo import DemoScene, run_screen_demo
from ..howto import HowToScene
from ..match_scene import MatchScene
from ..scenes import GameScenes, ScreenDemo
from ..setup import MatchSetupScene, quick_match

if TYPE_CHECKING:
    from game.persist.replay_file import Replay

    from ..app import App
    from ..scene import Scene


def _setup(app: App, hotseat: bool) -> Scene:
    return MatchSetupScene(app, hotseat=hotseat)


def _attract(app: App, seed: int) -> Scene:
    return DemoScene(app, seed=seed, attract=True)


def _replay(app: App, replay: Replay) -> Scene:
    from ..replay_scene import ReplayScene

    return ReplayScene(app, replay)


def _screen_demo(request: ScreenDemo) -> int:
    return run_screen_demo(
        request.seconds,
        request.screenshot,
        request.seed,
        request.lang,
        request.players,
        request.big,
    )


SCENES = GameScenes(
    setup=_setup,
    resume=MatchScene.resume,
    how_to=HowToScene,
    quick=quick_match,
    screen_demo=_screen_demo,
    attract=_attract,
    replay=_replay,
)
