"""Bakugan Attack!'s screens: setup, the table, the score sheets and the ranking, the
pause and "How to play". The game's record names this module (`ui="game.ui.attack"`);
the title opens these screens through `SCENES`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..scenes import GameScenes

if TYPE_CHECKING:
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
    from game.match.attack_session import AttackMatch

    from .table import AttackTableScene

    match = AttackMatch.from_json(payload, shipped_deck(), shipped_attack_levels())
    return AttackTableScene(app, match)


def how_to(app: App) -> Scene:
    from .howto import AttackHowToScene

    return AttackHowToScene(app)


SCENES = GameScenes(setup=setup, resume=resume, how_to=how_to)
