"""The scene registry: where a game's screens come from, so that no screen imports one
above it.

The screens of `game/ui` form a tree, imported downward only: `app` and `scene` at the
root; the shared widgets, art and the throw input; a game's match and results; its
setup; the title menu on top (`menu`), started by `launch`. A screen that must open one
above it does so through what it is handed, never by importing it:

- "Main menu" (pause, results) goes to `App.home`, the title the launcher gave the app;
- the title opens a game's setup, its "How to play", the resumed autosave and the
  attract-mode demo through the game's `GameScenes`, found here by game id.

A game record (`game.games.GameRecord`) names its screens by `ui`, the dotted name of a
module that defines ``SCENES: GameScenes`` (`game.ui.classic` for the classic game). The
games sit below the ui in the import direction, so the record holds the name as text;
this registry imports that module the first time the game's screens are asked for. Only
a game whose record has no `ui` has no scenes (the title shows its placeholder,
`game.ui.coming`); a module that does not import, or gives no `SCENES`, is a bug and
raises, with its traceback. `register` puts a game's scenes in by
hand (tests, or a game's UI that prefers to register itself).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.games import REGISTRY

if TYPE_CHECKING:
    from game.persist.replay_file import Replay

    from .app import App
    from .scene import Scene


@dataclass(frozen=True, slots=True)
class ScreenDemo:
    """What `bakugan demo` asks of a game's on-screen demo (without `--text`)."""

    seconds: float
    screenshot: str | None
    seed: int
    lang: str | None
    players: int
    big: bool


@dataclass(frozen=True, slots=True)
class GameScenes:
    """A game's screens, as the app opens them (each takes the app first).

    `setup(app, hotseat)`: the setup of a match (hotseat: people share the screen, else
    one person against computers); `resume(app, payload)`: the match of an autosave
    payload where it stood (raises on a payload that does not fit: the save is then
    set aside); `how_to(app)`: its "How to play"; `quick(app, level)`: a match against
    the computer at once (`bakugan play --quick`); `screen_demo(request)`: the computer
    playing itself on screen (`bakugan demo`), an exit code; `attract(app, seed)`: the
    title's attract mode (a key or click leaves it); `replay(app, replay)`: the viewer
    of one of its replays (raises `ReplayError` for one this build cannot play: other
    cards or physics, inputs the rules refuse); `lab(lang)`: its throw lab, a test table
    to throw on (`bakugan lab`), an exit code.
    """

    setup: Callable[[App, bool], Scene]
    resume: Callable[[App, dict[str, Any]], Scene]
    how_to: Callable[[App], Scene]
    quick: Callable[[App, str], Scene] | None = None
    screen_demo: Callable[[ScreenDemo], int] | None = None
    attract: Callable[[App, int], Scene] | None = None
    replay: Callable[[App, Replay], Scene] | None = None
    lab: Callable[[str | None], int] | None = None


_registered: dict[str, GameScenes] = {}


def register(game_id: str, scenes: GameScenes) -> None:
    """Give the game `game_id` (a registry id) these screens."""
    REGISTRY[game_id]  # an unknown id raises UnknownGame, naming the known ones
    _registered[game_id] = scenes


def unregister(game_id: str) -> None:
    """Forget the screens of `game_id` (tests); its record's `ui` is tried again."""
    _registered.pop(game_id, None)


def game_scenes(game_id: str) -> GameScenes | None:
    """The screens of the game `game_id`, or None while it has none (raises
    `UnknownGame` for an id no record carries)."""
    if game_id in _registered:
        return _registered[game_id]
    record = REGISTRY[game_id]
    if record.ui is None:  # the record says the game has no screens yet
        return None
    module = importlib.import_module(record.ui)  # a broken screen module is a traceback
    scenes = getattr(module, "SCENES", None)
    if not isinstance(scenes, GameScenes):
        raise TypeError(f"{record.ui}: no SCENES (a GameScenes) for {game_id!r}")
    _registered[game_id] = scenes
    return scenes
