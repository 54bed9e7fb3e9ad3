"""`bakugan play`: the window opened on the title (or a quick match), with the title as
the app's home. The top of the ui: it imports the menu; nothing imports it but the CLI."""

from __future__ import annotations

import sys
from collections.abc import Callable
from functools import partial

import pygame

from game.files.lang import tr
from game.games import DEFAULT_GAME, REGISTRY
from game.persist.settings import system_language

from .app import App
from .crash import recover
from .crash_report import install_log_tail
from .menu import TitleScene
from .scene import Scene
from .scenes import game_scenes


def _quick(match: Callable[[App, str], Scene], level: str, app: App) -> Scene:
    return match(app, level)


def main(lang: str | None = None, quick: str | None = None, game: str | None = None) -> int:
    """Open the window and play; returns an exit code. `game`: a registry id, the game
    the title shows first (`bakugan play --rules ID`; default: the one chosen last).
    `quick`: a computer level to play that game (default: the classic one) against at
    once (`bakugan play --quick`), skipping the menu and setup; 2 when the game has no
    quick match (choose it on the title instead)."""
    start: Callable[[App], Scene] | None = None
    if quick is not None:
        scenes = game_scenes(game or DEFAULT_GAME)
        if scenes is None or scenes.quick is None:
            words = lang or system_language()
            name = REGISTRY[game or DEFAULT_GAME].name(words)
            print(tr(words, "games.no_quick", name=name), file=sys.stderr)
            return 2
        start = partial(_quick, scenes.quick, quick)
    elif game is not None:
        REGISTRY[game]  # an unknown id raises UnknownGame, naming the known ones
    install_log_tail()  # the last log lines, for a crash report
    try:
        app = App(lang)
    except pygame.error as e:
        print(tr(lang or system_language(), "ui.no_display", error=str(e)))
        return 1
    if game is not None and game != app.game:
        app.game = game  # the game played last is the one the next start shows
        app.change_settings(game=game)
    app.home = TitleScene
    app.on_crash = recover  # an unexpected error: a report and the crash screen
    if app.settings.fullscreen:
        app.toggle_fullscreen()
    app.run(start(app) if start is not None else TitleScene(app))
    return 0


def network(kind: str, options: object) -> int:
    """`bakugan host` (kind ``host``, `HostOptions`) or `bakugan join` (``join``,
    `JoinOptions`) in a window: the network table at once, the title its home."""
    from game.net.client import JoinOptions
    from game.net.options import HostOptions

    from .net.lobby import host_table, join_table, where_to_join

    lang = getattr(options, "lang", "") or None
    install_log_tail()
    try:
        app = App(lang)
    except pygame.error as e:
        print(tr(lang or system_language(), "ui.no_display", error=str(e)))
        return 1
    app.home = TitleScene
    app.on_crash = recover
    if isinstance(options, HostOptions):
        app.run(host_table(app, options, where_to_join(options)))
    elif isinstance(options, JoinOptions):
        app.run(join_table(app, options))
    else:
        raise TypeError(f"no network window for {kind}: {options!r}")
    return 0
