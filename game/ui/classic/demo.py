"""AI against AI on screen: the classic `bakugan demo`, and the title screen's attract mode."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.content.classic import shipped_catalog
from game.rules.classic import Settings, random_kit

from ..demo import run_on_screen
from .match import MatchScene

if TYPE_CHECKING:
    from ..app import App
    from ..scenes import ScreenDemo


class DemoScene(MatchScene):
    """Computer players (two by default), match after match. In attract mode a key or
    click leaves."""

    def __init__(
        self, app: App, seed: int = 0, attract: bool = False, players: int = 2, big: bool = False
    ) -> None:
        rng = random.Random(seed)
        catalog = shipped_catalog()
        rules = Settings.preset(players, big)
        kits = [random_kit(catalog, rng, rules) for _ in range(players)]
        super().__init__(
            app, kits, (False,) * players, seed % players, seed=seed, level="normal", settings=rules
        )
        self.attract = attract
        self.players = players
        self.big = big

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
            if self.attract or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                self.app.pop()
            return

    def on_over(self) -> None:
        self.app.replace(DemoScene(self.app, self.seed + 1, self.attract, self.players, self.big))


def run_screen_demo(request: ScreenDemo) -> int:
    """`bakugan demo`: `request.players` computers (the big table when it asks) for
    `request.seconds`; the last frame saved to its `screenshot`."""
    return run_on_screen(
        lambda app: DemoScene(app, request.seed, players=request.players, big=request.big),
        request.seconds,
        request.screenshot,
        request.lang,
    )
