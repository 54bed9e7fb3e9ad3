"""Two computers playing a Battle Planet match on its screen, stepped frame by frame
until the test has seen what it waits for (the shows skipped, each computer's thinking
waited on, so frames never outrun it)."""

from __future__ import annotations

from collections.abc import Callable

from game.content.planet import shipped_catalog
from game.match.planet.play import PlanetMatch, preset_setup
from game.ui.app import App
from game.ui.planet.match import PlanetMatchScene


def computers_scene(seed: int) -> tuple[App, PlanetMatchScene]:
    """A window showing two computers' match (the first two presets) of `seed`."""
    app = App("en", fast=True)
    cat = shipped_catalog()
    match = PlanetMatch(cat, preset_setup(cat, sorted(cat.presets)[:2], (False, False), seed=seed))
    scene = PlanetMatchScene(app, match)
    app.push(scene)
    scene.pace = 0.0
    return app, scene


def run_until(
    app: App, scene: PlanetMatchScene, done: Callable[[PlanetMatchScene], bool], frames: int
) -> bool:
    """Step up to `frames` frames; True as soon as `done(scene)` holds after one."""
    for n in range(1, frames + 1):
        app.step(draw=n % 8 == 0)  # (the frame it stops at is painted below)
        if done(scene):
            app.draw()
            return True
        scene.shows.clear()
    return False
