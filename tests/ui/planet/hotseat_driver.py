"""Two people at one screen, played through posted events only: a seeded hot-seat
Battle Planet match from its first core to the results, for the curtain tests and
the curtain count (`python -m tests.ui.planet.hotseat_driver SEED`).

The people read the screen's status and the buttons it built (never the rules state
to choose): they lift each curtain, skip the flights and the staged moments, pull
straight back, order all their cores when the screen lets them (the first core goes
down, the rest wait), and play a lit card in hand about half the time (else Pass).
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Callable

from game.ui.app import App
from game.ui.planet.match import PlanetMatchScene
from game.ui.planet.results import PlanetResultsScene
from game.ui.planet.setup import PlanetSetupScene

from .test_planet_play import post_click, post_pull, pull_px


class TwoPeople:
    """Both people at the screen; counts the curtains by (turn, phase)."""

    def __init__(self, app: App, seed: int) -> None:
        self.app = app
        self.rng = random.Random(seed)
        self.skip = {app.tr("planet_ui.rules"), app.tr("planet_ui.menu")}
        self.curtains: Counter[tuple[int, str]] = Counter()
        self.throws = 0
        self.played = 0
        self._down: int | None = None

    def watch(self, scene: PlanetMatchScene) -> None:
        """After each frame: a curtain that came down is counted once."""
        down = scene.curtain.down_for
        if down is not None and self._down is None:
            self.curtains[(scene.match.state.turn, scene.match.state.phase.value)] += 1
        self._down = down

    def __call__(self, scene: PlanetMatchScene) -> None:
        status = scene.status()
        if "curtain" in status:
            post_click((640, 360))
            return
        if status.get("rolling") or status.get("showing") or scene.camera_moving():
            post_click((640, 360))  # skip the flight, the staged moment, the camera
            return
        if "sphere_px" in status:
            self.throws += 1
            sphere, back = status["sphere_px"], status["back_px"]
            assert isinstance(sphere, list | tuple) and isinstance(back, list | tuple)
            post_pull(list(sphere), list(back), pull_px(700 + 75 * (self.throws % 5)))
            return
        buttons = [b for b in scene.buttons if b.enabled and b.label not in self.skip]
        if not buttons:
            return
        choice = self._choose(scene, buttons)
        post_click(self.app.to_window(choice.rect.center))

    def _choose(self, scene: PlanetMatchScene, buttons: list) -> object:  # type: ignore[type-arg]
        o = scene.offer()
        ident = [b for b in buttons if b.data and "ident" in b.data]
        if o is not None and o.by_core:
            # order every core first (the buttons naming a core), then the place
            cores = [b for b in buttons if not b.ghost and ":" in b.label]
            if cores:
                return cores[0]
            places = [b for b in ident if str(b.data["ident"]).startswith("@")]
            if places:
                return places[0]
        if o is not None and o.passing is not None and scene.card is None:
            cards = [b for b in ident if b.data["ident"] in o.by_card]
            if cards and self.rng.random() < 0.5:
                self.played += 1
                return cards[0]
            pass_label = self.app.tr("planet_ui.pass")
            passing = [b for b in buttons if b.label == pass_label]
            if passing:
                return passing[0]
        return buttons[0]


def play_hot_seat(
    app: App,
    seed: int,
    frames: int = 60_000,
    each_frame: Callable[[PlanetMatchScene], None] | None = None,
    paint_all: bool = True,
) -> tuple[PlanetMatchScene, TwoPeople, PlanetResultsScene]:
    """A whole seeded hot-seat match through the screen; `each_frame` sees the match
    scene after each frame (before the people act on it). The people act on every
    other frame; with `paint_all` False only those frames are painted (a test whose
    `each_frame` draws what it checks itself)."""
    setup = PlanetSetupScene(app, hotseat=True, seed=seed)
    app.push(setup)
    setup.start()
    scene = app.top
    assert isinstance(scene, PlanetMatchScene)
    people = TwoPeople(app, seed)
    for _ in range(frames):
        app.step(draw=paint_all or (app.frames + 1) % 2 == 0)
        top = app.top
        if isinstance(top, PlanetResultsScene):
            return scene, people, top
        if top is not scene:  # the pause or the rules: never opened by these people
            raise AssertionError(f"on {top!r}")
        scene.pace = scene.settle = 0.0
        people.watch(scene)
        if each_frame is not None:
            each_frame(scene)
        if app.frames % 2 == 0:
            people(scene)
    raise AssertionError(f"no results after {frames} frames (turn {scene.match.state.turn})")


def per_turn(people: TwoPeople) -> dict[int, int]:
    out: Counter[int] = Counter()
    for (turn, _), n in people.curtains.items():
        out[turn] += n
    return dict(sorted(out.items()))


if __name__ == "__main__":  # the curtain count of one seeded match
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 4
    app = App("en", fast=True)
    scene, people, _ = play_hot_seat(app, seed)
    turns = per_turn(people)
    total = sum(turns.values())
    played = max(1, scene.match.state.turn)
    print(f"seed {seed}: {total} curtains in {played} turns (turn 0 = the cores' setup)")
    print("per turn:", turns)
    print("by step:", dict(sorted(Counter(p for (_, p) in people.curtains.elements()).items())))
    print("cards played by the people:", people.played, "throws:", people.throws)
