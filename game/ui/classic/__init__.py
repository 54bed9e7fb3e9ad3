"""The classic game's screens, as the app opens them: the record of the classic game
(`game.games.classic.RECORD.ui`) names this module, and `game.ui.scenes` takes its
`SCENES` the first time the title asks for them.

The screens live in this folder, as Attack's and Planet's live in theirs (setup, the
match and its parts, results, How to play, the demo, the replay viewer, the throw lab);
they import when a function here is first called, so that importing one classic screen
module does not import them all.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..scenes import GameScenes, ScreenDemo

if TYPE_CHECKING:
    from game.persist.replay_file import Replay

    from ..app import App
    from ..scene import Scene


def _setup(app: App, hotseat: bool) -> Scene:
    from .setup import MatchSetupScene

    return MatchSetupScene(app, hotseat=hotseat)


def _resume(app: App, payload: dict[str, Any]) -> Scene:
    from .match import MatchScene

    return MatchScene.resume(app, payload)


def _how_to(app: App) -> Scene:
    from .howto import HowToScene

    return HowToScene(app)


def _quick(app: App, level: str) -> Scene:
    from .setup import quick_match

    return quick_match(app, level)


def _attract(app: App, seed: int) -> Scene:
    from .demo import DemoScene

    return DemoScene(app, seed=seed, attract=True)


def _replay(app: App, replay: Replay) -> Scene:
    from .replay import ReplayScene

    return ReplayScene(app, replay)


def _screen_demo(request: ScreenDemo) -> int:
    from .demo import run_screen_demo

    return run_screen_demo(
        request.seconds,
        request.screenshot,
        request.seed,
        request.lang,
        request.players,
        request.big,
    )


def _lab(lang: str | None) -> int:
    from .lab import run_lab

    return run_lab(lang)


SCENES = GameScenes(
    setup=_setup,
    resume=_resume,
    how_to=_how_to,
    quick=_quick,
    screen_demo=_screen_demo,
    attract=_attract,
    replay=_replay,
    lab=_lab,
)
