"""How to play Bakugan Attack!: the seed's rules in a few paragraphs, both languages."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import widgets as w
from ..scene import Scene
from ..status import button_rows

if TYPE_CHECKING:
    from ..app import App

PARTS = ("goal", "round", "collide", "specials", "score", "controls")


class AttackHowToScene(Scene):
    status_name = "howto"

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.back = w.Button(
            pygame.Rect(540, 650, 200, 50), self.tr("attack_ui.back"), self.app.pop, focused=True
        )

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        w.handle_buttons([self.back], event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(w.BG)
        title = pygame.Rect(80, 20, 1120, 50)
        w.fit_text(surface, self.tr("attack_ui.how.title"), title, 40, w.ACCENT, "center")
        y = 84
        for part in PARTS:
            box = pygame.Rect(80, y, 1120, 90)
            y = w.paragraph(surface, self.tr(f"attack_ui.how.{part}"), box, 21, w.INK, 3) + 8
        self.back.draw(surface)

    def status(self) -> dict[str, object]:
        return {"buttons": button_rows(self.app, [self.back])}
