"""The Attack pause: go on, or leave for the title (the game is saved: Continue)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import widgets as w
from ..scene import Scene
from ..status import button_rows

if TYPE_CHECKING:
    from ..app import App


class AttackPauseScene(Scene):
    status_name = "pause"
    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        box = pygame.Rect(0, 0, 420, 250)
        box.center = (640, 340)
        self.box = box
        self.buttons = [
            w.Button(
                pygame.Rect(box.x + 60, box.y + 90, 300, 54),
                self.tr("attack_ui.resume"),
                self.app.pop,
                focused=True,
            ),
            w.Button(
                pygame.Rect(box.x + 60, box.y + 160, 300, 54),
                self.tr("attack_ui.main_menu"),
                self._leave,
            ),
        ]

    def _leave(self) -> None:
        self.app.go_home()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        w.handle_buttons(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        w.dim(surface, 150)
        w.panel(surface, self.box, 250, w.ACCENT, overlay=True)
        title = pygame.Rect(self.box.x + 20, self.box.y + 20, self.box.w - 40, 50)
        w.fit_text(surface, self.tr("attack_ui.paused"), title, 36, w.ACCENT, "center")
        for b in self.buttons:
            b.draw(surface)

    def status(self) -> dict[str, object]:
        return {"buttons": button_rows(self.app, self.buttons)}
