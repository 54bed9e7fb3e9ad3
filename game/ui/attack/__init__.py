"""Bakugan Attack!'s screens: setup, the table, the score sheets and the ranking, the
pause, "How to play", the replay viewer, the quick match, the on-screen demo and the
attract mode (`demo`). The game's record names this module (`ui="game.ui.attack"`);
the title opens these screens through `SCENES`, each imported when it is first opened
(`scenes.deferred`).
"""

from __future__ import annotations

from ..scenes import GameScenes, deferred

SCENES = GameScenes(
    setup=deferred(__name__, "setup:AttackSetupScene"),
    resume=deferred(__name__, "table:AttackTableScene.resume"),
    how_to=deferred(__name__, "howto:AttackHowToScene"),
    quick=deferred(__name__, "demo:quick_match"),
    screen_demo=deferred(__name__, "demo:run_attack_screen_demo"),
    attract=deferred(__name__, "demo:AttackDemoScene", attract=True),
    replay=deferred(__name__, "replay:open_replay"),
    net_view=deferred(__name__, "net_words:view_lines"),
    net_label=deferred(__name__, "net_words:action_label"),
)
