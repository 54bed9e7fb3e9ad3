"""The classic game's "How to play": four illustrated pages, the seed's calls, the aim
guide's setting on the page about the throw (its picture shows what the chosen level
dots), and the first-match hints shown again."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from .. import aim_guide, art
from .. import widgets as w
from ..backdrop import BackdropScene

if TYPE_CHECKING:
    from ..app import App


THROW_PAGE = 1  # the page about the throw, with the aim guide's row
PICTURE_MM_PER_PX = 1.6  # the picture's path as long as a throw to the nearest Gate Card


def _curve(start: tuple[int, int], end: tuple[int, int]) -> list[tuple[float, float]]:
    """A gently bending path from `start` to `end` (a throw with a little spin)."""
    out = []
    for k in range(1, 41):
        u = k / 40
        bend = 30 * math.sin(math.pi * u)
        out.append((start[0] + (end[0] - start[0]) * u + bend, start[1] + (end[1] - start[1]) * u))
    return out


class HowToScene(BackdropScene):
    """The rules in short, in the player's language, with the seed's calls."""

    BOX = pygame.Rect(140, 60, 1000, 600)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.page = 0
        self.hints_reset = False
        again = pygame.Rect(self.BOX.right - 380, self.BOX.bottom - 64, 340, 42)
        self.again = w.Button(again, self.tr("howto.hints_again"), self.show_hints_again)
        self.guide = aim_guide.setting_button(app, pygame.Rect(again.x, again.y - 56, 340, 42))

    def show_hints_again(self) -> None:
        """The first-match hints show again, each once more (they are kept per profile)."""
        from game.persist.hints import forget

        forget()
        self.app.change_settings(tutorial=True)
        self.hints_reset = True

    def handle(self, event: pygame.event.Event) -> None:
        if self.again.handle(event):
            return
        if self.page == THROW_PAGE and self.guide.handle(event):
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

    def _throw_picture(self, surface: pygame.Surface, cx: int, cy: int) -> None:
        """A sphere, a Gate Card, the path between as the chosen aim guide dots it, and
        the guide's row under them."""
        card = art.gate_card("gold", (140, 198), face_up=False)
        end = (cx + 40, cy - 80)
        surface.blit(card, card.get_rect(center=end))
        start = (cx - 90, cy + 130)
        # in table mm as a throw sees it: the card about as far as the nearest place is
        k = PICTURE_MM_PER_PX
        path = [(start[0] * k, start[1] * k), *((x * k, y * k) for x, y in _curve(start, end))]
        level = self.app.settings.aim_guide
        dots = aim_guide.dots(path, level, 26.0)
        aim_guide.draw(surface, [(round(x / k), round(y / k)) for x, y in dots], level, 20)
        img = art.closed_sphere("pyrus", 24, self.t * 3)
        surface.blit(img, img.get_rect(center=start))
        self.guide.draw(surface, 20)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
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
        elif self.page == THROW_PAGE:
            self._throw_picture(surface, cx, cy)
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
