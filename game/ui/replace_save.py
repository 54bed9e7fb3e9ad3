"""Before a new match takes the place of a saved one: each game keeps one autosave,
so starting a new match of a game whose match is saved would lose that match without
a word. The title asks first: start the new one, continue the saved one, or go back."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.games import REGISTRY

from . import widgets as w
from .backdrop import BackdropScene
from .scene import Scene
from .status import button_rows

if TYPE_CHECKING:
    from .app import App

BOX = pygame.Rect(240, 170, 800, 330)


class ReplaceSaveScene(BackdropScene):
    """A panel over the title: what would be lost, and three ways on."""

    status_name = "replace_save"

    def __init__(
        self, app: App, game_id: str, start: Callable[[], Scene], resume: Callable[[], None]
    ) -> None:
        """`start`: the new match's first screen (its setup); `resume`: the title's
        Continue of the saved match."""
        super().__init__(app)
        self.game_id = game_id
        self.start = start
        self.resume = resume
        width, gap = 320, 20
        left = BOX.centerx - width - gap // 2
        new = pygame.Rect(left, BOX.bottom - 150, width, 52)
        keep = pygame.Rect(left + width + gap, BOX.bottom - 150, width, 52)
        back = pygame.Rect(0, 0, 240, 48)
        back.midbottom = (BOX.centerx, BOX.bottom - 24)
        self.buttons = [
            w.Button(new, self.tr("save.replace_new"), self._new),
            w.Button(keep, self.tr("save.replace_continue"), self._keep, key=pygame.K_RETURN),
            w.Button(back, self.tr("ui.back"), self.app.pop, key=pygame.K_ESCAPE),
        ]

    def _new(self) -> None:
        self.app.replace(self.start())

    def _keep(self) -> None:
        self.app.pop()
        self.resume()

    def status(self) -> dict[str, object]:
        return {"game": self.game_id, "buttons": button_rows(self.app, self.buttons)}

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w.panel(surface, BOX, 235)
        title = pygame.Rect(BOX.x + 40, BOX.y + 26, BOX.w - 80, 50)
        w.fit_text(surface, self.tr("save.replace_title"), title, 40, w.ACCENT, "center")
        name = REGISTRY[self.game_id].name(self.app.lang)
        body = pygame.Rect(BOX.x + 50, BOX.y + 90, BOX.w - 100, 80)
        w.paragraph(surface, self.tr("save.replace_body", game=name), body, 24)
        for b in self.buttons:
            b.draw(surface, 22)
