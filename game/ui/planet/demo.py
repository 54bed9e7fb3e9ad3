"""The computer playing Battle Planet against itself on screen: `bakugan demo --rules
planet` (frame-time figures as one JSON line) and the title's attract mode."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.content.planet import shipped_catalog
from game.match.planet.play import PlanetMatch, preset_setup

from .match import PlanetMatchScene
from .seats import levels

if TYPE_CHECKING:
    from ..app import App
    from ..scenes import ScreenDemo


def demo_match(seed: int) -> PlanetMatch:
    catalog = shipped_catalog()
    rng = random.Random(seed)
    presets = sorted(catalog.presets)
    decks = [presets[rng.randrange(len(presets))] for _ in range(2)]
    setup = preset_setup(catalog, decks, (False, False), "normal", seed)
    return PlanetMatch(catalog, setup, levels())


class PlanetDemoScene(PlanetMatchScene):
    """Two computers, match after match; in attract mode a key or click leaves."""

    status_name = "demo"
    pace = 0.15
    settle = 0.5

    def __init__(self, app: App, seed: int = 0, attract: bool = False) -> None:
        super().__init__(app, demo_match(seed), demo=True)
        self.seed = seed
        self.attract = attract

    def handle(self, event: pygame.event.Event) -> None:
        leave = event.type == pygame.MOUSEBUTTONUP and self.attract
        if event.type == pygame.KEYDOWN and (self.attract or event.key == pygame.K_ESCAPE):
            leave = True
        if leave:
            self.app.pop()

    def _finish(self) -> None:
        self.app.replace(PlanetDemoScene(self.app, self.seed + 1, self.attract))


def run_planet_screen_demo(request: ScreenDemo) -> int:
    """`bakugan demo --rules planet`: the two computers for `request.seconds`; the last
    frame saved to its `screenshot`."""
    from ..demo import run_on_screen

    return run_on_screen(
        lambda app: PlanetDemoScene(app, request.seed),
        request.seconds,
        request.screenshot,
        request.lang,
    )


__all__ = ["PlanetDemoScene", "demo_match", "run_planet_screen_demo"]
