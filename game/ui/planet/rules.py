"""The Battle Planet rules on demand (H or F1 in a match, "How to play" on the title):
the turn step by step, every keyword, the card types and terms, and every card of the
game with its text, page by page (Left / Right, or the buttons); the aim guide's
setting at the foot of every page."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.content.planet import shipped_catalog

from .. import aim_guide
from .. import widgets as w
from ..scene import Scene
from .words import ALWAYS, KEYWORDS, card_lines

if TYPE_CHECKING:
    from ..app import App

TEXT_PAGES = ("turn", "keywords", "terms")
CARDS_PER_PAGE = 6
STEPS = ("cores", "energize", "main", "select", "roll", "power", "victory", "damage", "end")


class PlanetRulesScene(Scene):
    status_name = "rules"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.catalog = shipped_catalog()
        self.cards = sorted(self.catalog.characters) + sorted(
            self.catalog.cards, key=lambda c: (self.catalog.cards[c].type.value, c)
        )
        self.page = 0
        back = pygame.Rect(40, 656, 200, 46)
        prev = pygame.Rect(820, 656, 200, 46)
        nxt = pygame.Rect(1040, 656, 200, 46)
        self.buttons = [
            w.Button(back, self.tr("planet_ui.back"), app.pop, key=pygame.K_ESCAPE),
            w.Button(
                prev, self.tr("planet_ui.prev_page"), lambda: self.turn(-1), key=pygame.K_LEFT
            ),
            w.Button(nxt, self.tr("planet_ui.next_page"), lambda: self.turn(1), key=pygame.K_RIGHT),
            aim_guide.setting_button(app, pygame.Rect(256, 656, 380, 46)),
        ]

    @property
    def pages(self) -> int:
        return len(TEXT_PAGES) + -(-len(self.cards) // CARDS_PER_PAGE)

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % self.pages

    def handle(self, event: pygame.event.Event) -> None:
        w.handle_buttons(self.buttons, event)

    def _text(self) -> tuple[str, str]:
        tr = self.tr
        name = TEXT_PAGES[self.page]
        if name == "turn":
            body = "\n".join(tr(f"planet_ui.step.{s}") for s in STEPS)
        elif name == "keywords":
            body = "\n".join(tr(f"planet_ui.kw.{k}") for k in KEYWORDS)
        else:
            kinds = ("hero", "evolution", "flip", "core")
            body = "\n".join(
                [tr(f"planet_ui.kw.{t}") for t in ALWAYS] + [tr(f"planet_ui.kw.{k}") for k in kinds]
            )
        return tr(f"planet_ui.rules_page.{name}"), body

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(w.BG)
        count = self.tr("planet_ui.page", page=self.page + 1, pages=self.pages)
        w.fit_text(surface, count, pygame.Rect(644, 664, 168, 30), 20, w.MUTED, "center")
        if self.page < len(TEXT_PAGES):
            title, body = self._text()
            w.fit_text(surface, title, pygame.Rect(40, 16, 1200, 44), 34, w.ACCENT)
            w.paragraph(surface, body, pygame.Rect(40, 70, 1200, 570), 20, w.INK, 4)
        else:
            title = self.tr("planet_ui.rules_page.cards")
            w.fit_text(surface, title, pygame.Rect(40, 16, 1200, 44), 34, w.ACCENT)
            start = (self.page - len(TEXT_PAGES)) * CARDS_PER_PAGE
            for i, ident in enumerate(self.cards[start : start + CARDS_PER_PAGE]):
                box = pygame.Rect(40 + (i % 2) * 610, 70 + (i // 2) * 192, 590, 184)
                w.panel(surface, box, 220)
                head, body, notes = card_lines(self.catalog, ident, self.app.lang, self.tr)
                w.fit_text(
                    surface, head, pygame.Rect(box.x + 12, box.y + 6, box.w - 24, 26), 21, w.ACCENT
                )
                text = body + ("\n" + "\n".join(notes) if notes else "")
                w.paragraph(
                    surface,
                    text,
                    pygame.Rect(box.x + 12, box.y + 36, box.w - 24, box.h - 42),
                    17,
                    w.INK,
                    2,
                )
        for b in self.buttons:
            b.draw(surface, 22)


__all__ = ["PlanetRulesScene"]
