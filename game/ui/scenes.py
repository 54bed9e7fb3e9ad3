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
from typing import TYPE_CHECKING, Any, cast

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
    to throw on (`bakugan lab`), an exit code; `net_view` and `net_label`: its words at
    a network table (`game.ui.net`).
    """

    setup: Callable[[App, bool], Scene]
    resume: Callable[[App, dict[str, Any]], Scene]
    how_to: Callable[[App], Scene]
    quick: Callable[[App, str], Scene] | None = None
    screen_demo: Callable[[ScreenDemo], int] | None = None
    attract: Callable[[App, int], Scene] | None = None
    replay: Callable[[App, Replay], Scene] | None = None
    lab: Callable[[str | None], int] | None = None
    net_view: Callable[[Any, int, str], list[str]] | None = None
    """(view, seat, language) -> what a seat of a network match sees, a line each: the
    view as the host sent it (`game.net`), the seat's and no more."""
    net_label: Callable[[str, str], str] | None = None
    """(action text, language) -> a legal action of a network match as a button's words."""


class Deferred:
    """A screen named by where it lives, imported at its first call.

    `reference` is ``"module:name"``, the module relative to `package` (``"setup:
    MatchSetupScene"``) and the name one a dotted path may reach into
    (``"match:MatchScene.resume"``); a call passes its arguments on, with `given` added
    (the attract mode's ``attract=True``). A game's `SCENES` names each of its screens
    by one of these (`deferred`), so that reading them imports none of the screens.
    """

    __slots__ = ("given", "module", "name", "package")

    def __init__(self, package: str, reference: str, given: dict[str, object]) -> None:
        module, _, name = reference.partition(":")
        self.package = package
        self.module = module
        self.name = name
        self.given = given

    def target(self) -> Callable[..., Any]:
        """What the reference names, its module imported now (raises when it is not there)."""
        found: Any = importlib.import_module(f".{self.module}", self.package)
        for part in self.name.split("."):
            found = getattr(found, part)
        if not callable(found):
            raise TypeError(f"{self.package}.{self.module}:{self.name} is not callable")
        return cast("Callable[..., Any]", found)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self.target()(*args, **self.given, **kwargs)

    def __repr__(self) -> str:
        return f"Deferred({self.package}.{self.module}:{self.name})"


def deferred(package: str, reference: str, **given: object) -> Deferred:
    """The screen `reference` (``"module:name"``) of the game's package `package`,
    imported at its first call (`Deferred`); `given` are keyword arguments every call
    adds."""
    return Deferred(package, reference, given)


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
