"""Battle Planet's screens: setup, the match (the hex Matrix, both sides, the batch,
both spheres thrown at once), results, the rules on demand, the on-screen demo and the
replay viewer.

The game's record names this package (`ui="game.ui.planet"`); `SCENES` is what the
title opens. The screens import when one of them is first opened (`scenes.deferred`).
"""

from __future__ import annotations

from ..scenes import GameScenes, deferred

SCENES = GameScenes(
    setup=deferred(__name__, "setup:PlanetSetupScene"),
    resume=deferred(__name__, "match:PlanetMatchScene.resume"),
    how_to=deferred(__name__, "rules:PlanetRulesScene"),
    quick=deferred(__name__, "setup:quick_match"),
    screen_demo=deferred(__name__, "demo:run_planet_screen_demo"),
    attract=deferred(__name__, "demo:PlanetDemoScene", attract=True),
    replay=deferred(__name__, "replay:PlanetReplayScene"),
    net_view=deferred(__name__, "net_words:view_lines"),
    net_label=deferred(__name__, "net_words:action_label"),
)
