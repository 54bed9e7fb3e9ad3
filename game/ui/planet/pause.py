"""The Battle Planet pause: go on, read the rules, or leave for the title (the match
is kept by the autosave at the start of each turn)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import widgets as w
from ..scene import Scene
from ..status import button_rows

if TYPE_CHECKING:
    from ..app import App
    from .match import PlanetMatchScene


def go_home(app: App) -> None:
    """Back to the title: the app's home when it has one, else the bottom scene."""
    home = getattr(app, "go_home", None)
    if callable(home):
        home()
        return
    while len(app.stack) > 1:
        app.stack.pop().exit()
    app.top.enter()


class PlanetPauseScene(Scene):
    status_name = "pause"
    opaque = False

    def __init__(self, app: App, match: PlanetMatchScene) -> None:
        super().__init__(app)
        self.match = match
        items = [
            ("planet_ui.resume", app.pop, pygame.K_ESCAPE),
            ("planet_ui.rules", self._rules, None),
            ("planet_ui.to_title", self._leave, None),
        ]
        self.buttons = []
        for i, (key, fn, hotkey) in enumerate(items):
            rect = pygame.Rect(0, 0, 360, 50)
            rect.center = (640, 300 + i * 64)
            self.buttons.append(w.Button(rect, self.tr(key), fn, key=hotkey))

    def _rules(self) -> None:
        from .rules import PlanetRulesScene

        self.app.push(PlanetRulesScene(self.app))

    def _leave(self) -> None:
        if not self.match.demo and not self.match.match.over:
            self.match.autosave()
        go_home(self.app)

    def handle(self, event: pygame.event.Event) -> None:
        w.handle_buttons(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        w.dim(surface, 170)
        title = pygame.Rect(340, 200, 600, 50)
        w.fit_text(surface, self.tr("planet_ui.paused"), title, 40, w.ACCENT, "center")
        for b in self.buttons:
            b.draw(surface, 24)

    def status(self) -> dict[str, object]:
        return {"buttons": button_rows(self.app, self.buttons)}


__all__ = ["PlanetPauseScene", "go_home"]
