"""The side panel: the person's hand and choices, over the table's right edge.

From the top: what the screen waits for (the prompt), a short hint, the cards in hand
(lit when playable, marked when playing one now would change nothing), the choice
buttons, and the Game Level. It folds away to a tab (click the tab, either way), and
gives the table its place while a throw is aimed or when nobody at the screen has
anything to do. Layout only: the match decides what goes in it.
"""

from __future__ import annotations

import math

import pygame

from .. import widgets as w
from .hud import SCREEN, SIDE

PAD = 12
PROMPT_H = 28
HINT_H = 62
BUTTON_H = 32
BUTTON_STEP = 36
FOOTER_H = 22
CARD_RATIO = 134 / 96


class SidePanel:
    def __init__(self, bottom: int = SIDE.bottom) -> None:
        """`bottom`: where the panel ends (a replay viewer's: above its bar)."""
        self.bottom = min(bottom, SIDE.bottom)
        self.folded = False  # the person folded it away
        self.shown = True  # the match wants it (not during a throw, not when idle)

    @property
    def open(self) -> bool:
        return self.shown and not self.folded

    def rect(self) -> pygame.Rect:
        return pygame.Rect(SIDE.x, SIDE.y, SIDE.w, self.bottom - SIDE.y)

    def tab(self) -> pygame.Rect:
        """The tab that folds the panel (on its left edge) or unfolds it (at the
        screen's right edge)."""
        if self.open:
            return pygame.Rect(SIDE.x - 24, SIDE.y + 10, 24, 64)
        return pygame.Rect(SCREEN.right - 26, SIDE.y + 10, 24, 64)

    def toggle(self) -> None:
        self.folded = not self.folded

    # ------------------------------------------------------------------ layout

    def prompt_rect(self) -> pygame.Rect:
        return pygame.Rect(SIDE.x + PAD, SIDE.y + 8, SIDE.w - 2 * PAD, PROMPT_H)

    def hint_rect(self) -> pygame.Rect:
        return pygame.Rect(SIDE.x + PAD, SIDE.y + 8 + PROMPT_H + 4, SIDE.w - 2 * PAD, HINT_H)

    def cards_top(self) -> int:
        return self.hint_rect().bottom + 8

    def card_rects(self, gates: int, abilities: int, buttons: int) -> list[pygame.Rect]:
        """The hand's cards, Gate Cards first: three a row (four in the Big Game), as
        big as the room above the buttons allows."""
        total = gates + abilities
        if not total:
            return []
        cols = 3 if total <= 6 else 4
        rows = math.ceil(total / cols)
        gap = 6
        width = SIDE.w - 2 * PAD
        cw = (width - gap * (cols - 1)) // cols
        room = self.buttons_top(buttons) - 8 - self.cards_top()
        ch = min(round(cw * CARD_RATIO), room // rows - gap)
        cw = min(cw, round(ch / CARD_RATIO))
        left = SIDE.x + PAD + (width - (cols * cw + gap * (cols - 1))) // 2
        out = []
        for i in range(total):
            row, col = divmod(i, cols)
            out.append(
                pygame.Rect(left + col * (cw + gap), self.cards_top() + row * (ch + gap), cw, ch)
            )
        return out

    def buttons_top(self, buttons: int) -> int:
        return self.bottom - FOOTER_H - 6 - buttons * BUTTON_STEP

    def button_rects(self, buttons: int) -> list[pygame.Rect]:
        top = self.buttons_top(buttons)
        return [
            pygame.Rect(SIDE.x + PAD, top + i * BUTTON_STEP, SIDE.w - 2 * PAD, BUTTON_H)
            for i in range(buttons)
        ]

    def page_size(self, cards: int) -> int:
        """How many choice buttons a page holds (the Big Game's hand leaves fewer)."""
        return 5 if cards <= 6 else 3

    def footer_rect(self) -> pygame.Rect:
        return pygame.Rect(SIDE.x + PAD, self.bottom - FOOTER_H - 4, SIDE.w - 2 * PAD, FOOTER_H)

    # ------------------------------------------------------------------ drawing

    def draw_frame(self, surface: pygame.Surface, prompt: str, hint: str, footer: str) -> None:
        w.panel(surface, self.rect(), 225, overlay=True)
        w.fit_text(surface, prompt, self.prompt_rect(), 24, w.ACCENT)
        if hint:
            w.paragraph(surface, hint, self.hint_rect(), 18, w.INK, 2)
        w.fit_text(surface, footer, self.footer_rect(), 18, w.MUTED, "midright")
        self.draw_tab(surface)

    def draw_tab(self, surface: pygame.Surface) -> None:
        tab = self.tab()
        pygame.draw.rect(surface, (30, 40, 66), tab, border_radius=6)
        pygame.draw.rect(surface, w.PANEL_EDGE, tab, 2, border_radius=6)
        cx, cy = tab.center
        d = 5 if self.open else -5  # an arrow pointing the way the panel goes
        pygame.draw.polygon(surface, w.INK, [(cx - d, cy - 8), (cx + d, cy), (cx - d, cy + 8)])
