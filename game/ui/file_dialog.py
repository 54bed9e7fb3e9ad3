"""A file dialog of the game's own (pygame has none, and tkinter is no dependency).

One folder at a time: its sub-folders, then the files whose names end in `suffix`
(hidden names left out), under the folder's path (elided in the middle when long).
Two kinds: ``"open"`` picks a file (choosing one calls `on_pick` with it); ``"folder"``
picks the folder shown ("Here" calls `on_pick` with it; its matching files are listed,
dimmed, so one sees what is already there). It starts in `start`, or the player's
Downloads (open) or Documents (folder) folder, or home.

Mouse: a click on a folder goes into it, on a file picks it; the wheel scrolls.
Keys (and a controller, which speaks them): ↑ / ↓ (Tab) choose a line or a button,
Enter goes in / picks / presses, Backspace (or ←) goes up a folder, → goes into the
chosen folder, PageUp / PageDown scroll, Esc closes without picking. A folder that
cannot be read says so in one line and the dialog stays where it was.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from . import widgets as w
from .scene import Scene

if TYPE_CHECKING:
    from .app import App

ROWS = 9
ROW_H = 42
PROBLEM = (255, 170, 140)


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    path: Path
    folder: bool


def start_folder(kind: str) -> Path:
    """Where the dialog opens: Downloads to pick a file, Documents to pick a folder
    (platformdirs), else the home folder, else the working folder."""
    import platformdirs

    first = platformdirs.user_downloads_dir if kind == "open" else platformdirs.user_documents_dir
    second = platformdirs.user_documents_dir if kind == "open" else platformdirs.user_downloads_dir
    for find in (first, second):
        try:
            p = Path(find())
        except Exception:  # a platform without that folder
            continue
        if p.is_dir():
            return p
    home = Path.home()
    return home if home.is_dir() else Path.cwd()


def list_folder(folder: Path, suffix: str) -> list[Entry]:
    """Sub-folders, then files ending in `suffix`, each by name (case folded); hidden
    names left out. Raises `OSError` when the folder cannot be read."""
    folders: list[Entry] = []
    files: list[Entry] = []
    with os.scandir(folder) as it:
        for e in it:
            if e.name.startswith("."):
                continue
            try:
                is_dir = e.is_dir()
            except OSError:
                continue
            if is_dir:
                folders.append(Entry(e.name, Path(e.path), True))
            elif e.name.endswith(suffix):
                files.append(Entry(e.name, Path(e.path), False))
    folders.sort(key=lambda x: x.name.casefold())
    files.sort(key=lambda x: x.name.casefold())
    return folders + files


def elide_middle(value: str, size: int, width: int) -> str:
    """`value` as drawn at `size`, with its middle cut out ("…") so it fits `width`
    pixels: a path keeps its start and its last folders."""
    f = w.font(size)
    if f.size(value)[0] <= width:
        return value
    lo, hi = 0, len(value)
    best = "…"
    while lo <= hi:  # the most characters kept, half from each end
        keep = (lo + hi) // 2
        head, tail = value[: (keep + 1) // 2], value[len(value) - keep // 2 :]
        trial = f"{head}…{tail}" if keep else "…"
        if f.size(trial)[0] <= width:
            best, lo = trial, keep + 1
        else:
            hi = keep - 1
    return best


class FileDialogScene(Scene):
    BOX = pygame.Rect(190, 40, 900, 640)

    def __init__(
        self,
        app: App,
        kind: str,
        title: str,
        on_pick: Callable[[Path], None],
        suffix: str,
        start: Path | None = None,
    ) -> None:
        super().__init__(app)
        assert kind in ("open", "folder"), kind
        self.kind = kind
        self.title = title
        self.on_pick = on_pick
        self.suffix = suffix
        self.folder = Path(start) if start is not None else start_folder(kind)
        self.entries: list[Entry] = []
        self.top = 0  # the first entry shown
        self.focus = 0  # the chosen line or button: entries first, then the buttons
        self.message = ""
        self.buttons: list[w.Button] = []
        if not self._enter(self.folder.expanduser()):
            self.entries = []  # (the line says why; Up still leads somewhere)

    # ------------------------------------------------------------------ moving

    def _enter(self, folder: Path) -> bool:
        """Show `folder`; one that cannot be read leaves the dialog where it was."""
        try:
            entries = list_folder(folder, self.suffix)
        except OSError as e:
            self.message = self.tr(
                "dialog.unreadable", folder=folder.name or str(folder), why=e.strerror or str(e)
            )
            return False
        self.folder = folder
        self.entries = entries
        self.top = 0
        # the first line one can act on: a folder (or, to open, a file); else the buttons
        live = [i for i, e in enumerate(entries) if e.folder or self.kind == "open"]
        self.focus = live[0] if live else len(entries)
        self.message = ""
        self._build()
        return True

    def up(self) -> None:
        parent = self.folder.parent
        if parent != self.folder:
            here = self.folder.name
            if self._enter(parent):
                at = next((i for i, e in enumerate(self.entries) if e.name == here), 0)
                self._show(at)

    def choose(self, entry: Entry) -> None:
        if entry.folder:
            self._enter(entry.path)
        elif self.kind == "open":
            self._pick(entry.path)

    def _pick(self, path: Path) -> None:
        self.app.pop()
        self.on_pick(path)

    def here(self) -> None:
        self._pick(self.folder)

    def _show(self, index: int) -> None:
        """Choose entry `index` and scroll it into sight."""
        self.focus = index
        if index < len(self.entries):
            if index < self.top:
                self.top = index
            elif index >= self.top + ROWS:
                self.top = index - ROWS + 1
        self._build()

    # ------------------------------------------------------------------ layout

    def _row_rect(self, i: int) -> pygame.Rect:
        box = self.BOX
        return pygame.Rect(box.x + 30, box.y + 126 + i * (ROW_H + 4), box.w - 60, ROW_H)

    def _build(self) -> None:
        box = self.BOX
        y = box.bottom - 70
        rows: list[tuple[str, Callable[[], None]]] = [(self.tr("dialog.up"), self.up)]
        if self.kind == "folder":
            rows.insert(0, (self.tr("dialog.here"), self.here))
        rows.append((self.tr("dialog.cancel"), self.app.pop))
        width = (box.w - 60 - 20 * (len(rows) - 1)) // len(rows)
        self.buttons = [
            w.Button(pygame.Rect(box.x + 30 + i * (width + 20), y, width, 46), text, fn)
            for i, (text, fn) in enumerate(rows)
        ]
        if self.kind == "folder":
            self.buttons[0].colour = (40, 110, 70)
        for i, b in enumerate(self.buttons):
            b.focused = self.focus == len(self.entries) + i

    def _entry_at(self, pos: tuple[int, int]) -> int | None:
        for i in range(min(ROWS, len(self.entries) - self.top)):
            if self._row_rect(i).collidepoint(pos):
                return self.top + i
        return None

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        n = len(self.entries) + len(self.buttons)
        if event.type == pygame.KEYDOWN:
            key = event.key
            if key == pygame.K_ESCAPE:
                self.app.pop()
            elif key in (pygame.K_BACKSPACE, pygame.K_LEFT):
                self.up()
            elif key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP):
                step = -1 if key == pygame.K_UP or event.mod & pygame.KMOD_SHIFT else 1
                self._show((self.focus + step) % n)
            elif key in (pygame.K_PAGEDOWN, pygame.K_PAGEUP) and self.entries:
                step = ROWS if key == pygame.K_PAGEDOWN else -ROWS
                self._show(max(0, min(len(self.entries) - 1, self.focus + step)))
            elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_RIGHT):
                if self.focus < len(self.entries):
                    entry = self.entries[self.focus]
                    if key != pygame.K_RIGHT or entry.folder:
                        self.choose(entry)
                elif key != pygame.K_RIGHT:
                    self.buttons[self.focus - len(self.entries)].on_click()
            return
        if event.type == pygame.MOUSEWHEEL and self.entries:
            most = max(0, len(self.entries) - ROWS)
            self.top = max(0, min(most, self.top + (-3 if event.y > 0 else 3)))
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            at = self._entry_at(event.pos)
            if at is not None:
                self.focus = at
                self.choose(self.entries[at])
                return
        w.handle_buttons(self.buttons, event)

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        from .backdrop import backdrop

        backdrop(surface, 0.0)
        box = self.BOX
        w.panel(surface, box, 240)
        w.fit_text(
            surface, self.title, pygame.Rect(box.x + 30, box.y + 20, box.w - 60, 44), 36, w.ACCENT
        )
        where = pygame.Rect(box.x + 30, box.y + 74, box.w - 60, 36)
        pygame.draw.rect(surface, (24, 32, 52), where, border_radius=8)
        inner = where.inflate(-20, 0)
        shown = elide_middle(str(self.folder), 22, inner.w)
        w.fit_text(surface, shown, inner, 22, w.INK)
        if not self.entries and not self.message:
            empty = pygame.Rect(box.x + 40, box.y + 140, box.w - 80, 40)
            w.fit_text(surface, self.tr(f"dialog.empty_{self.kind}"), empty, 22, w.MUTED)
        for i, entry in enumerate(self.entries[self.top : self.top + ROWS]):
            self._draw_row(surface, self.top + i, entry, self._row_rect(i))
        if len(self.entries) > ROWS:
            more = pygame.Rect(box.x + 30, self._row_rect(ROWS).y - 2, box.w - 60, 20)
            shown_to = min(len(self.entries), self.top + ROWS)
            where_text = self.tr(
                "dialog.more", first=self.top + 1, last=shown_to, of=len(self.entries)
            )
            w.fit_text(surface, where_text, more, 16, w.MUTED, "midright")
        for b in self.buttons:
            b.draw(surface, 22)
        if self.message:
            line = pygame.Rect(box.x + 30, box.bottom - 112, box.w - 60, 32)
            w.fit_text(surface, self.message, line, 20, PROBLEM)

    def _draw_row(self, surface: pygame.Surface, index: int, entry: Entry, r: pygame.Rect) -> None:
        live = entry.folder or self.kind == "open"
        focused = index == self.focus
        colour = (40, 56, 96) if live else (30, 36, 50)
        if focused:
            colour = (70, 96, 150)
        pygame.draw.rect(surface, colour, r, border_radius=8)
        if focused:
            pygame.draw.rect(surface, w.ACCENT, r, 2, border_radius=8)
        icon = pygame.Rect(r.x + 12, r.y + 10, 26, r.h - 20)
        if entry.folder:
            pygame.draw.rect(surface, (230, 190, 90), icon, border_radius=3)
            pygame.draw.rect(surface, (230, 190, 90), (icon.x, icon.y - 4, 12, 6), border_radius=2)
        else:
            pygame.draw.rect(surface, (180, 200, 230) if live else (90, 100, 120), icon, 2, 3)
        label = pygame.Rect(r.x + 52, r.y, r.w - 64, r.h)
        name = elide_middle(entry.name + ("/" if entry.folder else ""), 22, label.w)
        w.fit_text(surface, name, label, 22, w.INK if live else w.MUTED)
