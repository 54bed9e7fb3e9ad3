"""The placeholder of a game whose screens are not there yet: its setup and its "How
to play" say that it is coming and what plays it already (the text demo, the sim).

The title opens it for a game whose record names no `ui` (`game.ui.scenes`); the game's
own screens replace it as soon as its record names them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.games import REGISTRY

from . import widgets as w
from .backdrop import BackdropScene
from .scene import Scene
from .scenes import GameScenes

if TYPE_CHECKING:
    from .app import App


class ComingScene(BackdropScene):
    """A panel: the game's name, that its table is coming, and what to try meanwhile."""

    status_name = "coming"
    BOX = pygame.Rect(190, 120, 900, 470)

    def __init__(self, app: App, game_id: str) -> None:
        super().__init__(app)
        self.game_id = game_id
        back = pygame.Rect(0, 0, 300, 52)
        back.midbottom = (self.BOX.centerx, self.BOX.bottom - 26)
        self.buttons = [w.Button(back, self.tr("ui.back"), self.app.pop, key=pygame.K_ESCAPE)]

    @property
    def name(self) -> str:
        return REGISTRY[self.game_id].name(self.app.lang)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_BACKSPACE:
            self.app.pop()
            return
        super().handle(event)

    def status(self) -> dict[str, object]:
        return {"game": self.game_id}

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        box = self.BOX
        w.panel(surface, box, 235)
        title = pygame.Rect(box.x + 40, box.y + 30, box.w - 80, 56)
        w.fit_text(surface, self.name, title, 48, w.ACCENT, "center")
        coming = pygame.Rect(box.x + 40, box.y + 96, box.w - 80, 40)
        w.fit_text(surface, self.tr("games.coming"), coming, 32, w.INK, "center")
        body = self.tr("games.coming_body", name=self.name, id=self.game_id)
        w.paragraph(surface, body, pygame.Rect(box.x + 50, box.y + 160, box.w - 100, 200), 24)
        for b in self.buttons:
            b.draw(surface, 24)


def placeholder(game_id: str) -> GameScenes:
    """The screens a game without its own gets: its setup and How to play say it is
    coming; a save of it is not resumed (ValueError)."""

    def resume(app: App, payload: dict[str, Any]) -> Scene:
        raise ValueError(f"{game_id}: this version has no screens to resume the match on")

    return GameScenes(
        setup=lambda app, hotseat: ComingScene(app, game_id),
        resume=resume,
        how_to=lambda app: ComingScene(app, game_id),
    )
