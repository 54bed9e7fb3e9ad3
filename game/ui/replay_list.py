"""The Replays list: every kept match, newest first (date, game, players, result).

A row opens its game's viewer (`replay_open.viewer`); a replay it cannot play (a game
without a viewer, other cards or physics, a damaged file) says why in one line and
stays where it is. A replay file dropped onto the window is checked and taken into the Replays
(`game.games.replays.import_replay`). ↑ / ↓ or the wheel page through; Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.persist import paths
from game.persist.replay_file import ReplayError, Summary, read_replay, replays_dir, summaries

from . import widgets as w
from .scene import Scene

if TYPE_CHECKING:
    from .app import App

ROWS = 8


class ReplayListScene(Scene):
    BOX = pygame.Rect(140, 60, 1000, 600)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        try:
            self.items: list[Summary] = summaries(replays_dir(paths.data_dir()))
        except OSError:
            self.items = []
        self.page = 0
        self.message = ""
        self.buttons: list[w.Button] = []
        self._build()

    def _row_text(self, s: Summary) -> str:
        date = s.created[:16].replace("T", " ")
        players = " / ".join(self.tr("replay.person") if p == "human" else p for p in s.players)
        if not s.finished:
            result = self.tr("replay.unfinished")
        elif s.winner is None:
            result = self.tr("replay.shared")
        elif s.players.count("human") == 1 and s.winner < len(s.players):
            won = s.players[s.winner] == "human"
            result = self.tr("replay.you_won" if won else "replay.you_lost")
        else:
            result = self.tr("replay.winner", player=s.winner + 1)
        return self.tr(
            "replay.row",
            date=date,
            game=_game_name(s.game, self.app.lang),
            players=players,
            result=result,
        )

    def _build(self) -> None:
        self.buttons = []
        shown = self.items[self.page * ROWS : (self.page + 1) * ROWS]
        for i, s in enumerate(shown):
            rect = pygame.Rect(self.BOX.x + 40, self.BOX.y + 110 + i * 56, self.BOX.w - 80, 46)
            self.buttons.append(
                w.Button(rect, self._row_text(s), lambda s=s: self._open(s))  # type: ignore[misc]
            )
        stats = pygame.Rect(self.BOX.right - 300, self.BOX.y + 28, 260, 44)
        self.buttons.append(w.Button(stats, self.tr("stats.title"), self._stats, key=pygame.K_s))

    def _stats(self) -> None:
        from .stats_scene import StatsScene

        self.app.push(StatsScene(self.app))

    def _open(self, s: Summary) -> None:
        from .replay_open import viewer

        try:
            self.app.push(viewer(self.app, read_replay(s.path)))
        except ReplayError as e:
            self.message = self.tr("replay.cannot", why=str(e))

    def _take(self, file: str) -> None:
        """A replay dropped onto the window: checked, then copied into the Replays."""
        from pathlib import Path

        from game.games.replays import import_replay

        try:
            done = import_replay(Path(file), replays_dir(paths.data_dir()))
        except (ReplayError, OSError) as e:
            self.message = self.tr("replay.cannot", why=str(e))
            return
        self.message = self.tr("replay.imported", file=done.name)
        self.items = summaries(replays_dir(paths.data_dir()))
        self.page = 0
        self._build()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self._take(str(event.file))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
            return
        pages = max(1, -(-len(self.items) // ROWS))
        turn = 0
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            turn = 1
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            turn = -1
        elif event.type == pygame.MOUSEWHEEL:
            turn = -1 if event.y > 0 else 1
        if turn:
            self.page = max(0, min(pages - 1, self.page + turn))
            self._build()
            return
        w.handle_buttons(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        from .backdrop import backdrop

        backdrop(surface, 0.0)
        box = self.BOX
        w.panel(surface, box, 235)
        title = pygame.Rect(box.x + 40, box.y + 26, box.w - 80, 52)
        w.fit_text(surface, self.tr("replay.title"), title, 44, w.ACCENT)
        if not self.items:
            body = pygame.Rect(box.x + 40, box.y + 120, box.w - 80, 200)
            w.paragraph(surface, self.tr("replay.empty"), body, 26)
        for b in self.buttons:
            b.draw(surface, 22)
        if self.message:
            line = pygame.Rect(box.x + 40, box.bottom - 50, box.w - 80, 34)
            w.fit_text(surface, self.message, line, 20, (255, 170, 140))


def _game_name(game: str, lang: str) -> str:
    from game.games import REGISTRY, UnknownGame

    try:
        return REGISTRY[game].name(lang)
    except UnknownGame:
        return game
