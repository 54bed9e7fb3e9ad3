"""Battle Planet's screens: setup, the match (the hex Matrix, both sides, the batch,
both spheres thrown at once), results, the rules on demand, the on-screen demo and the
replay viewer.

The game's record names this package (`ui="game.ui.planet"`); `SCENES` is what the
title opens. The screens import when a function here is first called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..scenes import GameScenes, ScreenDemo

if TYPE_CHECKING:
    from game.persist.replay_file import Replay

    from ..app import App
    from ..scene import Scene


def _setup(app: App, hotseat: bool) -> Scene:
    from .setup import PlanetSetupScene

    return PlanetSetupScene(app, hotseat=hotseat)


def _resume(app: App, payload: dict[str, Any]) -> Scene:
    from .match import PlanetMatchScene

    return PlanetMatchScene.resume(app, payload)


def _how_to(app: App) -> Scene:
    from .rules import PlanetRulesScene

    return PlanetRulesScene(app)


def _quick(app: App, level: str) -> Scene:
    from .setup import quick_match

    return quick_match(app, level)


def _screen_demo(request: ScreenDemo) -> int:
    from .demo import run_planet_screen_demo

    return run_planet_screen_demo(request.seconds, request.screenshot, request.seed, request.lang)


def _replay(app: App, replay: Replay) -> Scene:
    from .replay import PlanetReplayScene

    return PlanetReplayScene(app, replay)


def _attract(app: App, seed: int) -> Scene:
    from .demo import PlanetDemoScene

    return PlanetDemoScene(app, seed=seed, attract=True)


SCENES = GameScenes(
    setup=_setup,
    resume=_resume,
    how_to=_how_to,
    quick=_quick,
    screen_demo=_screen_demo,
    attract=_attract,
    replay=_replay,
)
