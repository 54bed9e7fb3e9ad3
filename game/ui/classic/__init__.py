"""The classic game's screens, as the app opens them: the record of the classic game
(`game.games.classic.RECORD.ui`) names this module, and `game.ui.scenes` takes its
`SCENES` the first time the title asks for them.

The screens live in this folder, as Attack's and Planet's live in theirs (setup, the
match and its parts, results, How to play, the demo, the replay viewer, the throw lab);
they import when one of them is first opened (`scenes.deferred`), so that importing one
classic screen module does not import them all.
"""

from __future__ import annotations

from ..scenes import GameScenes, deferred

SCENES = GameScenes(
    setup=deferred(__name__, "setup:MatchSetupScene"),
    resume=deferred(__name__, "match:MatchScene.resume"),
    how_to=deferred(__name__, "howto:HowToScene"),
    quick=deferred(__name__, "setup:quick_match"),
    screen_demo=deferred(__name__, "demo:run_screen_demo"),
    attract=deferred(__name__, "demo:DemoScene", attract=True),
    replay=deferred(__name__, "replay:ReplayScene"),
    lab=deferred(__name__, "lab:run_lab"),
    net_view=deferred(__name__, "net_words:view_lines"),
    net_label=deferred(__name__, "net_words:action_label"),
)
