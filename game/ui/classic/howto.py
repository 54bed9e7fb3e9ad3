"""The classic game's "How to play": four illustrated pages, the seed's calls, and the
first-match hints shown again."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import art
from .. import widgets as w
from ..backdrop import backdrop
from ..scene import Scene

if TYPE_CHECKING:
    from ..app import App


class HowToScene(Scene):
    """The rules in short, in the player's language, with the seed's calls."""

    BOX = pygame.Rect(140, 60, 1000, 600)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.page = 0
        self.t = 0.0
        self.hints_reset = False
        again = pygame.Rect(self.BOX.right - 380, self.BOX.bottom - 64, 340, 42)
        self.again = w.Button(again, self.tr("howto.hints_again"), self.show_hints_again)

    def show_hints_again(self) -> None:
        """The first-match hints show again, each once more (they are kept per profile)."""
        from game.persist.hints import forget

        forget()
        self.app.change_settings(tutorial=True)
        self.hints_reset = True

    def handle(self, event: pygame.event.Event) -> None:
        if self.again.handle(event):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
            elif event.key in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN):
                self.page = min(self.page + 1, 3)
            elif event.key == pygame.K_LEFT:
                self.page = max(self.page - 1, 0)
        elif event.type == pygame.MOUSEBUTTONUP:
            if self.page == 3:
                self.app.pop()
            else:
                self.page += 1

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.t)
        box = self.BOX
        w.panel(surface, box, 235)
        title = pygame.Rect(box.x + 40, box.y + 26, box.w - 80, 52)
        w.fit_text(surface, self.tr(f"howto.title{self.page}"), title, 44, w.ACCENT)
        w.paragraph(
            surface,
            self.tr(f"howto.body{self.page}"),
            pygame.Rect(box.x + 40, box.y + 100, 560, 420),
            27,
        )
        # An illustration per page, drawn by code.
        cx, cy = box.x + 800, box.y + 300
        if self.page == 0:
            for i, col in enumerate(("gold", "silver", "bronze")):
                img = art.gate_card(col, (110, 156), face_up=False)
                surface.blit(img, img.get_rect(center=(cx - 120 + i * 120, cy - 60)))
            for i, col in enumerate(("red", "blue", "green")):
                img = art.ability_card(col, (80, 112))
                surface.blit(img, img.get_rect(center=(cx - 100 + i * 100, cy + 120)))
        elif self.page == 1:
            img = art.closed_sphere("pyrus", 40, self.t * 3)
            surface.blit(img, img.get_rect(center=(cx - 100, cy + 150 - int(self.t * 60) % 220)))
            card = art.gate_card("gold", (140, 198), face_up=False)
            surface.blit(card, card.get_rect(center=(cx + 40, cy - 60)))
        elif self.page == 2:
            a = art.open_bakugan("dragonoid", "pyrus", 130)
            b = art.open_bakugan("hydranoid", "darkus", 130)
            surface.blit(a, a.get_rect(center=(cx - 130, cy)))
            surface.blit(b, b.get_rect(center=(cx + 130, cy)))
            w.text(surface, self.tr("howto.vs"), (cx, cy), 40, w.ACCENT, "center", shadow=True)
        else:
            for i in range(3):
                img = art.gate_card(("gold", "silver", "bronze")[i], (110, 156), face_up=False)
                surface.blit(img, img.get_rect(center=(cx - 60 + i * 60, cy - 20 + i * 20)))
        nav = pygame.Rect(box.x + 40, box.bottom - 62, box.w - 80 - 360, 38)
        w.fit_text(surface, self.tr("howto.nav", page=self.page + 1, pages=4), nav, 22, w.MUTED)
        self.again.draw(surface, 20)
        if self.hints_reset:
            done = pygame.Rect(self.again.rect.x, self.again.rect.y - 30, self.again.rect.w, 24)
            w.fit_text(surface, self.tr("howto.hints_reset"), done, 18, (150, 230, 160), "center")
