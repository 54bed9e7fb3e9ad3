"""The player's record, drawn: recomputed from the replays when the screen opens.

A line of the hit rate over the last 50 matches (of the mode and level chosen), bars
of wins and losses per level, and the figures: matches, wins, losses, longest run of
wins, captures per match, the favourite Bakugan. ← / → change the mode and level shown;
Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.games.replays import stats_line
from game.match.replay_stats import Record, tally
from game.persist import paths
from game.persist.replay_file import SUFFIX, ReplayError, read_replay, replays_dir

from . import widgets as w
from .scene import Scene

if TYPE_CHECKING:
    from .app import App

WIN = (110, 215, 120)
LOSS = (235, 110, 90)
LINE = (120, 190, 255)


def load_records(limit: int = 300) -> dict[tuple[str, str, str], Record]:
    """The tally of the newest `limit` replays in the player's folder."""
    folder = replays_dir(paths.data_dir())
    try:
        files = sorted((p for p in folder.iterdir() if p.name.endswith(SUFFIX)), reverse=True)
    except OSError:
        return {}
    lines = []
    for path in files[:limit]:
        try:
            replay = read_replay(path)
        except ReplayError:
            continue
        line = stats_line(replay)
        if line is not None:
            lines.append(line)
    return tally(lines)


class StatsScene(Scene):
    BOX = pygame.Rect(80, 40, 1120, 640)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.records = load_records()
        self.keys = sorted(self.records)
        self.index = 0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        elif event.key == pygame.K_RIGHT and self.keys:
            self.index = (self.index + 1) % len(self.keys)
        elif event.key == pygame.K_LEFT and self.keys:
            self.index = (self.index - 1) % len(self.keys)

    def draw(self, surface: pygame.Surface) -> None:
        from .backdrop import backdrop

        backdrop(surface, 0.0)
        box = self.BOX
        w.panel(surface, box, 235)
        title = pygame.Rect(box.x + 30, box.y + 20, box.w - 60, 48)
        w.fit_text(surface, self.tr("stats.title"), title, 40, w.ACCENT)
        if not self.keys:
            body = pygame.Rect(box.x + 30, box.y + 100, box.w - 60, 200)
            w.paragraph(surface, self.tr("stats.empty"), body, 26)
            return
        game, mode, level = self.keys[self.index]
        rec = self.records[self.keys[self.index]]
        what = self.tr(f"stats.mode_{mode}", level=_level_name(level, self.app.lang))
        w.fit_text(surface, what, pygame.Rect(box.x + 30, box.y + 74, box.w - 60, 32), 26)
        figures = self.tr(
            "stats.figures",
            matches=rec.matches,
            wins=rec.wins,
            losses=rec.losses,
            streak=rec.longest_streak,
            captures=f"{rec.captures_per_match:.1f}",
            favourite=_bakugan_name(rec.favourite, self.app.lang),
        )
        w.fit_text(surface, figures, pygame.Rect(box.x + 30, box.y + 112, box.w - 60, 30), 22)
        self._line(surface, rec, pygame.Rect(box.x + 40, box.y + 180, 640, 380))
        self._bars(surface, game, mode, pygame.Rect(box.x + 730, box.y + 180, 350, 380))
        keys = pygame.Rect(box.x + 30, box.bottom - 44, box.w - 60, 28)
        w.fit_text(surface, self.tr("stats.keys"), keys, 20, w.MUTED)

    def _line(self, surface: pygame.Surface, rec: Record, area: pygame.Rect) -> None:
        """The hit rate, match by match, over the last matches (0 % to 100 %)."""
        head = pygame.Rect(area.x, area.y - 34, area.w, 26)
        w.fit_text(surface, self.tr("stats.hit_rate"), head, 20)
        pygame.draw.rect(surface, (30, 40, 60), area)
        for k in range(5):
            y = area.bottom - k * area.h // 4
            pygame.draw.line(surface, (60, 75, 100), (area.x, y), (area.right, y), 1)
            w.text(surface, f"{k * 25}%", (area.x - 6, y), 16, w.MUTED, "midright")
        rates = rec.hit_rates
        if len(rates) == 1:
            rates = rates * 2
        step = area.w / max(1, len(rates) - 1)
        points = [
            (int(area.x + i * step), int(area.bottom - r * area.h)) for i, r in enumerate(rates)
        ]
        if len(points) >= 2:
            pygame.draw.lines(surface, LINE, False, points, 3)
        for p in points:
            pygame.draw.circle(surface, LINE, p, 4)

    def _bars(self, surface: pygame.Surface, game: str, mode: str, area: pygame.Rect) -> None:
        """Wins and losses per level of this game and mode."""
        head = pygame.Rect(area.x, area.y - 30, area.w, 26)
        w.fit_text(surface, self.tr("stats.per_level"), head, 20)
        levels = sorted(k for k in self.records if k[0] == game and k[1] == mode)
        top = max((self.records[k].matches for k in levels), default=1) or 1
        width = area.w // max(1, len(levels))
        for i, key in enumerate(levels):
            rec = self.records[key]
            x = area.x + i * width + width // 6
            bar_w = width * 2 // 3
            won_h = int(rec.wins / top * (area.h - 30))
            lost_h = int(rec.losses / top * (area.h - 30))
            base = area.bottom - 24
            pygame.draw.rect(surface, WIN, (x, base - won_h, bar_w // 2, won_h))
            pygame.draw.rect(surface, LOSS, (x + bar_w // 2, base - lost_h, bar_w // 2, lost_h))
            label = pygame.Rect(x - 10, base + 2, bar_w + 20, 22)
            w.fit_text(surface, _level_name(key[2], self.app.lang), label, 18, w.INK, "center")


def _bakugan_name(ident: str | None, lang: str) -> str:
    if ident is None:
        return "-"
    from game.content.classic import shipped_catalog

    catalog = shipped_catalog()
    b = catalog.bakugan.get(ident)
    name = getattr(b, "name", None)
    text = getattr(name, lang, None) if name is not None else None
    return str(text) if text else ident


def _level_name(level: str, lang: str) -> str:
    from game.games.classic import shipped_levels

    record = shipped_levels().get(level)
    if record is None:
        return level
    return record.title_ru if lang == "ru" else record.title_en
