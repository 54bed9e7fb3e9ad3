"""The level select: every level file in `levels/` as a tile with its stars and best
score; levels unlock in order (a star on one opens the next); a file with a mistake is
listed with its problems and cannot be started."""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.content.levels import LevelEntry, discover
from game.persist.progress import Progress

from .. import aim_guide
from .. import widgets as w
from ..scene import Scene
from .board import BAD, RGB, STAR_GOLD, draw_stars, draw_stars_need, felt
from .play import ChallengeScene

if TYPE_CHECKING:
    from ..app import App


class LevelSelectScene(Scene):
    """Every level file as a tile: stars, best score, locked or open, or its mistakes."""

    COLS = 5
    ROWS = 4

    def __init__(self, app: App, folder: Path | None = None) -> None:
        super().__init__(app)
        self.folder = folder
        self.t = 0.0
        self.progress = Progress.load()
        self.entries: list[LevelEntry] = []
        self.selected = 0
        self.top_row = 0
        self.reload()

    def reload(self) -> None:
        self.entries = discover(self.folder)
        self.selected = min(self.selected, max(len(self.entries) - 1, 0))

    def enter(self) -> None:
        self.reload()

    def playable(self) -> list[str]:
        return [e.ident for e in self.entries if e.ok]

    def unlocked(self) -> set[str]:
        return self.progress.unlocked(self.playable())

    def number(self, index: int) -> int:
        return index + 1

    def tile_rect(self, index: int) -> pygame.Rect:
        row, col = divmod(index, self.COLS)
        row -= self.top_row
        return pygame.Rect(40 + col * 242, 118 + row * 116, 228, 108)

    def _visible(self, index: int) -> bool:
        row = index // self.COLS
        return self.top_row <= row < self.top_row + self.ROWS

    def open(self, index: int) -> None:
        if not 0 <= index < len(self.entries):
            return
        entry = self.entries[index]
        if entry.level is None or entry.ident not in self.unlocked():
            return
        self.selected = index
        self.app.push(self._scene(index))

    def _scene(self, index: int) -> ChallengeScene:
        entry = self.entries[index]

        def go_next() -> None:
            nxt = self._next_playable(index)
            if nxt is not None:
                self.selected = nxt
                self.app.replace(self._scene(nxt))

        has_next = self._next_playable(index) is not None
        return ChallengeScene(
            self.app,
            entry.level,
            number=self.number(index),
            progress=self.progress,
            next_level=go_next if has_next else None,
        )

    def _next_playable(self, index: int) -> int | None:
        for j in range(index + 1, len(self.entries)):
            if self.entries[j].ok:
                return j
        return None

    def _scroll(self) -> None:
        row = self.selected // self.COLS
        if row < self.top_row:
            self.top_row = row
        elif row >= self.top_row + self.ROWS:
            self.top_row = row - self.ROWS + 1

    def handle(self, event: pygame.event.Event) -> None:
        n = len(self.entries)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
            elif n and event.key == pygame.K_RIGHT:
                self.selected = min(self.selected + 1, n - 1)
            elif n and event.key == pygame.K_LEFT:
                self.selected = max(self.selected - 1, 0)
            elif n and event.key == pygame.K_DOWN:
                self.selected = min(self.selected + self.COLS, n - 1)
            elif n and event.key == pygame.K_UP:
                self.selected = max(self.selected - self.COLS, 0)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open(self.selected)
            self._scroll()
        elif event.type == pygame.MOUSEMOTION:
            for i in range(n):
                if self._visible(i) and self.tile_rect(i).collidepoint(event.pos):
                    self.selected = i
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i in range(n):
                if self._visible(i) and self.tile_rect(i).collidepoint(event.pos):
                    self.open(i)
                    return
        elif event.type == pygame.MOUSEWHEEL:
            rows = (n + self.COLS - 1) // self.COLS
            self.top_row = min(max(self.top_row - event.y, 0), max(rows - self.ROWS, 0))

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        from .. import art

        surface.blit(felt(surface.get_size()), (0, 0))
        w.text(surface, self.tr("levels.title"), (640, 44), 60, w.ACCENT, "center", shadow=True)
        w.text(surface, self.tr("levels.subtitle"), (640, 90), 24, w.INK, "center", shadow=True)
        ids = self.playable()
        total = self.progress.total_stars(ids)
        w.text(
            surface,
            self.tr("levels.stars_total", stars=total, total=3 * len(ids)),
            (1240, 30),
            24,
            STAR_GOLD,
            "topright",
        )
        if not self.entries:
            w.text(
                surface,
                self.tr("levels.none", folder=str(self.folder or "levels/")),
                (640, 360),
                28,
                w.INK,
                "center",
            )
            return
        unlocked = self.unlocked()
        for i, entry in enumerate(self.entries):
            if self._visible(i):
                self._tile(surface, i, entry, entry.ident in unlocked, art)
        self._detail(surface, unlocked)
        warning = self.progress.warning
        if warning is not None:
            text = warning.text(self.app.lang)
            box = pygame.Rect(40, 571, 1200, 20)  # between the tiles and the detail panel
            w.text(surface, text, box.topleft, 18, BAD)
        w.text(surface, self.tr("levels.keys"), (640, 704), 20, w.MUTED, "center")

    def _tile(
        self, surface: pygame.Surface, i: int, entry: LevelEntry, open_: bool, art: object
    ) -> None:
        rect = self.tile_rect(i)
        hot = i == self.selected
        lang = self.app.lang
        if entry.level is None:
            edge: RGB = (220, 90, 70)
        elif not open_:
            edge = (60, 66, 90)
        else:
            edge = w.ACCENT if hot else w.PANEL_EDGE
        w.panel(surface, rect, 235 if hot else 205, edge)
        if hot:
            pygame.draw.rect(surface, edge, rect.inflate(6, 6), 2, 14)
        w.text(
            surface,
            str(self.number(i)),
            (rect.x + 14, rect.y + 8),
            40,
            edge if entry.level is not None else BAD,
        )
        if entry.level is None:
            w.paragraph(
                surface,
                self.tr("levels.broken_short"),
                pygame.Rect(rect.x + 14, rect.y + 52, rect.w - 28, 30),
                22,
                BAD,
            )
            w.text(surface, entry.path.name, (rect.x + 14, rect.bottom - 24), 16, w.MUTED)
            return
        name = entry.level.name.get(lang)
        lines = w.wrap(name, 21, rect.w - 70)
        for k, line in enumerate(lines[:2]):
            w.text(
                surface, line, (rect.x + 62, rect.y + 12 + k * 21), 21, w.INK if open_ else w.MUTED
            )
        if not open_:
            self._lock(surface, (rect.centerx, rect.y + 70))
            return
        record = self.progress.record(entry.ident)
        draw_stars(surface, (rect.centerx, rect.y + 68), record.stars, 14, 38)
        label = (
            self.tr("levels.best", score=record.best)
            if record.plays
            else self.tr("levels.not_played")
        )
        w.text(surface, label, (rect.centerx, rect.bottom - 6), 18, w.MUTED, "midbottom")

    def _lock(self, surface: pygame.Surface, c: tuple[int, int]) -> None:
        body = pygame.Rect(0, 0, 30, 24)
        body.midtop = (c[0], c[1] - 4)
        pygame.draw.arc(
            surface, (110, 116, 140), pygame.Rect(c[0] - 11, c[1] - 22, 22, 30), 0, math.pi, 4
        )
        pygame.draw.rect(surface, (110, 116, 140), body, 0, 5)
        pygame.draw.circle(surface, (30, 34, 48), (c[0], c[1] + 7), 4)

    def _detail(self, surface: pygame.Surface, unlocked: set[str]) -> None:
        if not self.entries:
            return
        entry = self.entries[self.selected]
        box = pygame.Rect(40, 590, 1200, 96)
        w.panel(surface, box, 230, (220, 90, 70) if entry.level is None else w.PANEL_EDGE)
        x, y = box.x + 18, box.y + 10
        lang = self.app.lang
        if entry.level is None:
            w.text(surface, self.tr("levels.broken"), (x, y), 22, BAD)
            y += 26
            for p in entry.problems[:3]:
                w.text(surface, p.line(lang), (x, y), 18, w.INK)
                y += 20
            return
        level = entry.level
        w.text(
            surface, f"{self.number(self.selected)}. {level.name.get(lang)}", (x, y), 28, w.ACCENT
        )
        w.text(surface, level.hint.get(lang), (x, y + 34), 21, w.INK)
        if entry.ident not in unlocked:
            w.text(surface, self.tr("levels.locked"), (x, y + 62), 20, w.MUTED)
        else:
            draw_stars_need(surface, self.tr, level, (x, y + 62))
            # the most aim guide its scored runs show (the player's level, or less)
            shown = aim_guide.allowed(self.app.settings.aim_guide, level.guide)
            guide = self.tr("levels.guide", level=self.tr(f"settings.guide_{shown}"))
            w.text(surface, guide, (box.right - 18, y + 62), 20, w.MUTED, "topright")
