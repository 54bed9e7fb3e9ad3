"""AI against AI on screen: `bakugan demo`, and the title screen's attract mode."""

from __future__ import annotations

import json
import random
import statistics
from typing import TYPE_CHECKING

import pygame

from game.content.classic import shipped_catalog
from game.rules.classic import Settings, random_kit

from .classic.match import MatchScene

if TYPE_CHECKING:
    from collections.abc import Callable

    from .app import App
    from .scene import Scene


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


def frame_figures(frame_ms: list[float]) -> dict[str, float | int]:
    """`frames`, `median_ms`, `p99_ms` of the per-frame work time (first 30 frames of
    warm-up, building caches, left out)."""
    ms = sorted(frame_ms[30:] or frame_ms)
    if not ms:
        return {"frames": 0, "median_ms": 0.0, "p99_ms": 0.0}
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    return {
        "frames": len(frame_ms),
        "median_ms": round(statistics.median(ms), 3),
        "p99_ms": round(p99, 3),
    }


def run_on_screen(
    make: Callable[[App], Scene], seconds: float, screenshot: str | None, lang: str | None
) -> int:
    """`bakugan demo` for any game: the scene `make` gives, in a window for `seconds`
    (60 frames a second), the last frame saved to `screenshot`, the frame figures
    printed as JSON; 1 when no window opens."""
    from .app import App

    try:
        app = App(lang)
    except pygame.error as e:
        print(f"bakugan demo: no window ({e})")
        return 1
    frames = int(seconds * 60)
    shot: dict[str, pygame.Surface] = {}

    def each(a: App) -> None:
        if a.frames == frames - 1 and screenshot:
            shot["img"] = a.screen.copy()

    app.run(make(app), max_frames=frames, each_frame=each)
    if screenshot and "img" in shot:
        pygame.image.save(shot["img"], screenshot)
    print(json.dumps(frame_figures(app.frame_ms)))
    return 0


def run_screen_demo(
    seconds: float,
    screenshot: str | None,
    seed: int,
    lang: str | None,
    players: int = 2,
    big: bool = False,
) -> int:
    return run_on_screen(
        lambda app: DemoScene(app, seed, players=players, big=big), seconds, screenshot, lang
    )
