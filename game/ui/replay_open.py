"""Which viewer plays a replay: the one its game's screens name (`GameScenes.replay`).

The Replays list and `bakugan replay FILE` both open a replay through `viewer`, so a
game gains its viewer by filling in its `SCENES.replay`, and a replay of a game without
one is refused with one line (`no_viewer`) before any window opens. Each viewer asks
`check_game` too, so that one handed another game's replay refuses it with the same line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from game.games import UnknownGame
from game.games.replays import read
from game.persist.replay_file import Replay, ReplayError

from .scenes import game_scenes

if TYPE_CHECKING:
    from .app import App
    from .scene import Scene


def no_viewer(replay: Replay) -> ReplayError:
    """The error of a replay that no viewer here plays, naming its game."""
    return ReplayError("no_viewer", f"game {str(replay.header.get('game'))[:30]!r}", replay.path)


def check_game(replay: Replay, game: str) -> None:
    """A viewer of the game `game` refuses `replay` of another (``no_viewer``)."""
    if replay.header.get("game") != game:
        raise no_viewer(replay)


def viewer_of(replay: Replay) -> Callable[[App, Replay], Scene]:
    """The viewer of `replay`'s game; `ReplayError` (``no_viewer``) when it has none."""
    try:
        scenes = game_scenes(str(replay.header.get("game")))
    except UnknownGame:
        scenes = None
    if scenes is None or scenes.replay is None:
        raise no_viewer(replay)
    return scenes.replay


def viewer(app: App, replay: Replay) -> Scene:
    """The viewer playing `replay`; raises `ReplayError` for one it cannot play."""
    return viewer_of(replay)(app, replay)


def watch(path: Path, lang: str | None = None) -> int:
    """`bakugan replay FILE`: the viewer in a window; raises `ReplayError` for a file
    it cannot play (the command line prints its one line)."""
    from .app import App

    replay = read(path)
    open_viewer = viewer_of(replay)  # said before any window opens
    app = App(lang)
    app.run(open_viewer(app, replay))
    return 0
