"""The player's record, drawn: recomputed from the replays when the screen opens.

Per game (tabs at the top, in the registry's order; each named by its record), mode and
level (named from that game's level records): the figures (matches, wins, losses,
longest run of wins, captures per match, the favourite, named from that game's content
through `game.games.replays.thing_name`), a line of the hit rate over the last 50
matches when the game has throws (a game whose matches have none shows no empty chart:
its bars take the room), and bars of wins and losses per level.

↑ / ↓ (Tab, or a click on a tab) another game; ← / → (the D-pad too) another mode or
level of it; Esc goes back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.games.replays import level_title, read, stats_line, thing_name
from game.match.replay_stats import Record, tally
from game.persist import paths
from game.persist.replay_file import SUFFIX, ReplayError, replays_dir

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
            replay = read(path)
        except ReplayError:
            continue
        line = stats_line(replay)
        if line is not None:
            lines.append(line)
    return tally(lines)


class StatsScene(Scene):
    BOX = pygame.Rect(80, 40, 1120, 640)

    def __init__(self, app: App, records: dict[Key, Record] | None = None) -> None:
        """`records`: the tally to show (default: recomputed from the player's replays)."""
        super().__init__(app)
        self.records = load_records() if records is None else records
        self.games = _game_order({k[0] for k in self.records})
        self.game_index = 0
        self.index = 0  # the mode and level shown, among the game's
        self.tabs: list[w.Button] = []
        self._build()

    @property
    def keys(self) -> list[Key]:
        """The (game, mode, level) of the game shown, vs the computer by level first."""
        if not self.games:
            return []
        game = self.games[self.game_index]
        return sorted((k for k in self.records if k[0] == game), key=_key_order)

    @property
    def shown(self) -> Key | None:
        keys = self.keys
        return keys[self.index] if keys else None

    def _build(self) -> None:
        self.tabs = []
        box = self.BOX
        if not self.games:
            return
        width = min(220, (box.w - 420) // len(self.games))
        for i, game in enumerate(self.games):
            rect = pygame.Rect(
                box.right - 30 - (len(self.games) - i) * (width + 8), box.y + 22, width, 40
            )
            tab = w.Button(rect, _game_name(game, self.app.lang), lambda i=i: self.pick_game(i))  # type: ignore[misc]
            tab.colour = (70, 96, 150) if i == self.game_index else (36, 46, 70)
            self.tabs.append(tab)

    def pick_game(self, i: int) -> None:
        self.game_index = i % len(self.games) if self.games else 0
        self.index = 0
        self._build()

    def _step(self, key: int) -> int:
        """-1 / +1 for ← / → (and the keys the controller's D-pad sends), else 0."""
        sent = self.app.gamepad.action_keys
        if key in (pygame.K_LEFT, sent["move_left"]):
            return -1
        if key in (pygame.K_RIGHT, sent["move_right"]):
            return 1
        return 0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP or event.type == pygame.MOUSEMOTION:
            w.handle_buttons(self.tabs, event)
            return
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            self.app.pop()
        elif event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP) and self.games:
            up = event.key == pygame.K_UP or bool(event.mod & pygame.KMOD_SHIFT)
            self.pick_game(self.game_index + (-1 if up else 1))
        elif self._step(event.key) and self.keys:
            self.index = (self.index + self._step(event.key)) % len(self.keys)

    def draw(self, surface: pygame.Surface) -> None:
        from .backdrop import backdrop

        backdrop(surface, 0.0)
        box = self.BOX
        lang = self.app.lang
        w.panel(surface, box, 235)
        title = pygame.Rect(box.x + 30, box.y + 20, 380, 48)
        w.fit_text(surface, self.tr("stats.title"), title, 40, w.ACCENT)
        for tab in self.tabs:
            tab.draw(surface, 20)
        shown = self.shown
        if shown is None:
            body = pygame.Rect(box.x + 30, box.y + 100, box.w - 60, 200)
            w.paragraph(surface, self.tr("stats.empty"), body, 26)
            return
        game, mode, level = shown
        rec = self.records[shown]
        what = self.tr(
            "stats.showing",
            game=_game_name(game, lang),
            what=self.tr(f"stats.mode_{mode}", level=_level_name(game, level, lang)),
            n=self.index + 1,
            of=len(self.keys),
        )
        w.fit_text(surface, what, pygame.Rect(box.x + 30, box.y + 74, box.w - 60, 32), 26)
        fields = dict(
            matches=rec.matches,
            wins=rec.wins,
            losses=rec.losses,
            streak=rec.longest_streak,
            captures=f"{rec.captures_per_match:.1f}",
            per_match=self.tr(_per_match_key(game)),
        )
        if rec.favourite is not None:
            fav = thing_name(game, rec.favourite, lang)
            figures = self.tr("stats.figures", favourite=fav, **fields)
        else:
            figures = self.tr("stats.figures_plain", **fields)
        w.fit_text(surface, figures, pygame.Rect(box.x + 30, box.y + 112, box.w - 60, 30), 22)
        if rec.throws:
            self._line(surface, rec, pygame.Rect(box.x + 70, box.y + 180, 610, 380))
            self._bars(surface, game, mode, pygame.Rect(box.x + 730, box.y + 180, 350, 380))
        else:  # a game without throws: no empty chart, the bars have the room
            self._bars(surface, game, mode, pygame.Rect(box.x + 70, box.y + 180, box.w - 140, 380))
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
        levels = sorted((k for k in self.records if k[0] == game and k[1] == mode), key=_key_order)
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
            name = _level_name(game, key[2], self.app.lang)
            w.fit_text(surface, name, label, 18, w.INK, "center")


Key = tuple[str, str, str]


def _key_order(key: Key) -> tuple[int, int, str]:
    """Against the computer before a hot seat; levels in their files' order."""
    _, mode, level = key
    rank = {"easy": 0, "normal": 1, "hard": 2, "mixed": 8, "-": 9}
    return (0 if mode == "vs_ai" else 1, rank.get(level, 5), level)


def _game_order(games: set[str]) -> list[str]:
    """The games with a record, in the registry's order (unknown ids after)."""
    from game.games import REGISTRY

    known = [g for g in REGISTRY if g in games]
    return known + sorted(games - set(known))


PER_MATCH = ("classic", "attack", "planet")
"""The games whose `captures` have their own word (what a match line counts)."""


def _per_match_key(game: str) -> str:
    """The words for what a game's match line counts as `captures`: Gate Cards won,
    cards caught, battles won (another game: "won per match")."""
    return f"stats.per_match.{game if game in PER_MATCH else 'other'}"


def _game_name(game: str, lang: str) -> str:
    from game.games import REGISTRY, UnknownGame

    try:
        return REGISTRY[game].name(lang)
    except UnknownGame:
        return game


def _level_name(game: str, level: str, lang: str) -> str:
    from game.files.lang import tr

    if level in ("mixed", "-"):
        return tr(lang, f"stats.level_{'mixed' if level == 'mixed' else 'none'}")
    return level_title(game, level, lang)
