"""The Replays list: every kept match, newest first (date, game, players, result).

A row opens its game's viewer (`replay_open.viewer`); a replay it cannot play (a game
without a viewer, other cards or physics, a damaged file) says why in one line and
stays where it is.

Sharing: each row has an Export button (or E on the chosen row) that opens the file
dialog (`file_dialog`) on a folder; "Export here" copies the replay there under its own
name (`game.games.replays.export_replay`: never over a file, ``-2``... beside one).
"Import..." (or I) opens the dialog on the files; the one picked is checked and taken
into the Replays (`import_replay`), as is a replay file dropped onto the window. Each
outcome is one line at the bottom, in the player's language (a refusal names its
reason: damaged, newer, other cards, other physics, drifted...).

↑ / ↓ (Tab) choose a row or a button, Enter presses it; PageUp / PageDown or the wheel
page through; S the record; Back under the list (or Esc) goes back.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.games.replays import SCHEMAS, read
from game.persist import paths
from game.persist.replay_file import SUFFIX, ReplayError, replays_dir
from game.persist.replay_index import Summary, summaries

from . import widgets as w
from .file_dialog import FileDialogScene, elide_middle
from .replay_names import seat_names
from .scene import Scene

if TYPE_CHECKING:
    from .app import App

ROWS = 8
EXPORT_W = 150
MESSAGE_SIZE = 20
GOOD = (150, 230, 160)
BAD = (255, 170, 140)


def problem(tr: Callable[..., str], e: ReplayError) -> str:
    """A `ReplayError` in the player's language: the file, then its reason."""
    why = tr(f"replay_reason.{e.reason}")
    return f"{e.path.name}: {why}" if e.path is not None else why


class ReplayListScene(Scene):
    BOX = pygame.Rect(140, 60, 1000, 600)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.items: list[Summary] = []
        self.page = 0
        self.message = ""
        self.good = False  # the message tells of something done (else of a refusal)
        self.buttons: list[w.Button] = []
        self.rows: list[tuple[Summary, w.Button, w.Button]] = []  # (replay, open, export)
        self.export_from: Path | None = None  # the dialogs open where the last one closed
        self.import_from: Path | None = None
        self._reload()

    @property
    def folder(self) -> Path:
        return replays_dir(paths.data_dir())

    def _reload(self) -> None:
        try:
            self.items = summaries(self.folder, SCHEMAS)  # (the index: a row each)
        except OSError:
            self.items = []
        self.page = min(self.page, max(0, (len(self.items) - 1) // ROWS))
        self._build()

    def _row_text(self, s: Summary) -> str:
        date = s.created[:16].replace("T", " ")
        many = len(s.players) > 2  # (a row of up to five seats must fit)
        players = " / ".join(seat_names(self.tr, s.game, s.players, self.app.lang, many))
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
        was = next(((i, b) for i, b in enumerate(self.buttons) if b.focused), None)
        rows_before = 2 * len(self.rows)
        self.buttons = []
        self.rows = []
        shown = self.items[self.page * ROWS : (self.page + 1) * ROWS]
        for i, s in enumerate(shown):
            y = self.BOX.y + 110 + i * 56
            rect = pygame.Rect(self.BOX.x + 40, y, self.BOX.w - 90 - EXPORT_W, 46)
            row = w.Button(rect, self._row_text(s), lambda s=s: self._open(s))  # type: ignore[misc]
            out = pygame.Rect(rect.right + 10, y, EXPORT_W, 46)
            export = w.Button(out, self.tr("replay.export"), lambda s=s: self.export(s))  # type: ignore[misc]
            export.colour = (40, 90, 100)
            self.rows.append((s, row, export))
            self.buttons += [row, export]
        top = self.BOX.y + 28
        stats = pygame.Rect(self.BOX.right - 300, top, 260, 44)
        take = pygame.Rect(self.BOX.right - 580, top, 260, 44)
        self.buttons.append(
            w.Button(take, self.tr("replay.import"), self.ask_import, key=pygame.K_i)
        )
        self.buttons.append(w.Button(stats, self.tr("stats.title"), self._stats, key=pygame.K_s))
        back = pygame.Rect(0, 0, 260, 44)
        back.midtop = (self.BOX.centerx, self.BOX.bottom + 8)  # (Esc too)
        self.buttons.append(w.Button(back, self.tr("ui.back"), self.app.pop))
        self._refocus(was, rows_before)

    def _refocus(self, was: tuple[int, w.Button] | None, rows_before: int) -> None:
        """Keep the focus where it was: on the same place of the rows (a row, or its
        Export) after a page turns, on Import or the record by their own button."""
        if was is None:
            return
        index, button = was
        rows = 2 * len(self.rows)
        if index < rows_before:  # a row's button: the same place on this page
            if rows:
                self.buttons[min(index, rows - 1 - (index + 1) % 2)].focused = True
            return
        for b in self.buttons[rows:]:
            b.focused = b.label == button.label

    def _stats(self) -> None:
        from .stats_scene import StatsScene

        self.app.push(StatsScene(self.app))

    def _open(self, s: Summary) -> None:
        from .replay_open import viewer

        try:
            self.app.push(viewer(self.app, read(s.path)))
        except ReplayError as e:
            self._say(self.tr("replay.cannot", why=problem(self.tr, e)), False)

    def _say(self, message: str, good: bool) -> None:
        self.message, self.good = message, good

    # ------------------------------------------------------------------ sharing

    def chosen(self) -> Summary | None:
        """The row the keys or the pointer are on."""
        for s, row, export in self.rows:
            if row.focused or export.focused:
                return s
        for s, row, export in self.rows:
            if row.hot or export.hot:
                return s
        return None

    def export(self, s: Summary) -> None:
        """The dialog on folders; "Export here" copies `s` into the folder shown."""

        def here(folder: Path) -> None:
            self.export_from = folder
            self.export_to(s, folder)

        title = self.tr("dialog.export_title", file=s.path.name)
        self.app.push(FileDialogScene(self.app, "folder", title, here, SUFFIX, self.export_from))

    def export_to(self, s: Summary, folder: Path) -> None:
        from game.games.replays import export_replay

        try:
            done = export_replay(s.path, folder)
        except ReplayError as e:
            self._say(self.tr("replay.export_failed", why=problem(self.tr, e)), False)
            return
        except OSError as e:
            why = f"{folder.name}: {e.strerror or e}"
            self._say(self.tr("replay.export_failed", why=why), False)
            return
        self._say(self._with_path("replay.exported", done), True)

    def ask_import(self) -> None:
        """The dialog on replay files; the one picked is taken in."""

        def pick(path: Path) -> None:
            self.import_from = path.parent
            self.take(path)

        title = self.tr("dialog.import_title")
        self.app.push(FileDialogScene(self.app, "open", title, pick, SUFFIX, self.import_from))

    def take(self, file: Path) -> None:
        """A replay picked or dropped onto the window: checked, then copied into the
        Replays."""
        from game.games.replays import import_replay

        try:
            done = import_replay(file, self.folder)
        except ReplayError as e:
            self._say(self.tr("replay.import_failed", why=problem(self.tr, e)), False)
            return
        except OSError as e:
            self._say(self.tr("replay.import_failed", why=f"{file.name}: {e.strerror or e}"), False)
            return
        self._say(self.tr("replay.imported", file=done.name), True)
        self.page = 0
        self._reload()

    def _with_path(self, key: str, path: Path) -> str:
        """The line of `key` with `path` elided in its middle so the line fits."""
        width = self.BOX.w - 80
        rest = w.font(MESSAGE_SIZE).size(self.tr(key, path=""))[0]
        return self.tr(key, path=elide_middle(str(path), MESSAGE_SIZE, max(60, width - rest)))

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            self.take(Path(str(event.file)))
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_e:
            s = self.chosen()
            if s is not None:
                self.export(s)
            return
        pages = max(1, -(-len(self.items) // ROWS))
        turn = 0
        if event.type == pygame.KEYDOWN and event.key == pygame.K_PAGEDOWN:
            turn = 1
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_PAGEUP:
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
        title = pygame.Rect(box.x + 40, box.y + 26, box.w - 640, 52)
        w.fit_text(surface, self.tr("replay.title"), title, 44, w.ACCENT)
        if not self.items:
            body = pygame.Rect(box.x + 40, box.y + 120, box.w - 80, 200)
            w.paragraph(surface, self.tr("replay.empty"), body, 26)
        for b in self.buttons:
            b.draw(surface, 22)
        pages = -(-len(self.items) // ROWS)
        if pages > 1:
            at = pygame.Rect(box.x + 40, box.y + 80, box.w - 80, 24)
            where = self.tr("replay.page", page=self.page + 1, pages=pages)
            w.fit_text(surface, where, at, 18, w.MUTED, "midright")
        if self.message:
            line = pygame.Rect(box.x + 40, box.bottom - 50, box.w - 80, 34)
            w.fit_text(surface, self.message, line, MESSAGE_SIZE, GOOD if self.good else BAD)


def _game_name(game: str, lang: str) -> str:
    from game.games import REGISTRY, UnknownGame

    try:
        return REGISTRY[game].name(lang)
    except UnknownGame:
        return game
