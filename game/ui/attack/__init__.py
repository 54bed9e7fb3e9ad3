"""Bakugan Attack!'s screens: setup, the table, the score sheets and the ranking, the
pause, "How to play", the replay viewer, the quick match, the on-screen demo and the
attract mode (`demo`). The game's record names this module (`ui="game.ui.attack"`);
the title opens these screens through `SCENES`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..scenes import GameScenes, ScreenDemo

if TYPE_CHECKING:
    from game.persist.replay_file import Replay

    from ..app import App
    from ..scene import Scene


def setup(app: App, hotseat: bool) -> Scene:
    from .setup import AttackSetupScene

    return AttackSetupScene(app, hotseat=hotseat)


def resume(app: App, payload: dict[str, Any]) -> Any:
    """The table of an autosave payload where it stood; raises AttackSaveError (a
    ValueError) with the reason for a payload that does not fit."""
    from game.content.attack import shipped_deck
    from game.games.attack import shipped_levels as shipped_attack_levels
    from game.match.attack.session import AttackMatch

    from .. import saved_log
    from .table import AttackTableScene
    from .view import log_read

    match = AttackMatch.from_json(payload, shipped_deck(), shipped_attack_levels())
    scene = AttackTableScene(app, match)
    scene.view.log[:0] = saved_log.take(payload, log_read)  # what was said before the save
    return scene


def how_to(app: App) -> Scene:
    from .howto import AttackHowToScene

    return AttackHowToScene(app)


def replay(app: App, replay: Replay) -> Scene:
    """The viewer of an Attack replay (raises `ReplayError` for one it cannot play)."""
    from .replay import open_replay

    return open_replay(app, replay)


def quick(app: App, level: str) -> Scene:
    from .demo import quick_match

    return quick_match(app, level)


def screen_demo(request: ScreenDemo) -> int:
    from .demo import run_attack_screen_demo

    return run_attack_screen_demo(
        request.seconds, request.screenshot, request.seed, request.lang, request.players
    )


def attract(app: App, seed: int) -> Scene:
    from .demo import AttackDemoScene

    return AttackDemoScene(app, seed=seed, attract=True)


SCENES = GameScenes(
    setup=setup,
    resume=resume,
    how_to=how_to,
    quick=quick,
    screen_demo=screen_demo,
    attract=attract,
    replay=replay,
)
