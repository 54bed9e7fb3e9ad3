"""Battle Planet on screen, played through posted events only: the setup, a whole match
against the computer (cores placed, Energy, cards, rolls thrown with the slingshot) and
the results, whose winner must be the rules core's; and a hot-seat roll behind the
curtain."""

from __future__ import annotations

import pygame
import pytest

from game.physics.pull import PLANET
from game.ui.app import App
from game.ui.planet.match import PlanetMatchScene
from game.ui.planet.results import PlanetResultsScene
from game.ui.planet.setup import PlanetSetupScene


def post_click(pos: tuple[float, float]) -> None:
    at = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=at, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))


def post_pull(sphere: list[float], back: list[float], length: float) -> None:
    """The slingshot: press on the sphere, drag back `length` px, let go. The pointer
    stops at the window's edge and the motion goes on as relative motion, as a captured
    mouse sends it (the window is the logical screen in these tests)."""
    width, height = pygame.display.get_surface().get_size()
    start = (round(sphere[0]), round(sphere[1]))
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    was: tuple[float, float] = start
    pos = start
    for k in range(1, 9):
        at = (start[0] + back[0] * length * k / 8, start[1] + back[1] * length * k / 8)
        pos = (round(min(max(at[0], 0), width - 1)), round(min(max(at[1], 0), height - 1)))
        rel = (round(at[0]) - round(was[0]), round(at[1]) - round(was[1]))
        was = at
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0))
        )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def pull_px(speed: float) -> float:
    """The pull (px) that throws at `speed` mm/s on the Battle Planet table."""
    return PLANET.pull_for(speed)


class Person:
    """Reads the screen's status and clicks: the first thing offered (a card, a core, a
    place, a button), never the rules or the menu; throws by pulling straight back."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.skip = {app.tr("planet_ui.rules"), app.tr("planet_ui.menu")}
        self.throws = 0
        self.clicks = 0
        self.curtains = 0

    def __call__(self, scene: object) -> None:
        status = scene.status()  # type: ignore[attr-defined]
        if isinstance(scene, PlanetMatchScene):
            if "curtain" in status:
                self.curtains += 1
                post_click((640, 360))
                return
            if status.get("rolling") or status.get("showing"):
                post_click((640, 360))  # skip the flight
                return
            if "sphere_px" in status:
                self.throws += 1
                post_pull(
                    status["sphere_px"], status["back_px"], pull_px(780 + 70 * (self.throws % 5))
                )
                return
        for b in status.get("buttons", []):
            if b["label"] not in self.skip:
                self.clicks += 1
                post_click(b["center"])
                return


def play(app: App, person: Person, until: type, frames: int) -> object:
    for _ in range(frames):
        app.step()
        top = app.top
        if isinstance(top, until):
            return top
        if isinstance(top, PlanetMatchScene):
            top.pace = 0.0
            top.settle = 0.0
        if app.frames % 2 == 0:
            person(top)
    raise AssertionError(f"no {until.__name__} after {frames} frames; on {app.top!r}")


@pytest.fixture()
def app() -> App:
    a = App("en", fast=True)
    yield a
    pygame.quit()


def test_a_whole_match_against_the_computer_shows_the_cores_winner(app: App) -> None:
    setup = PlanetSetupScene(app, hotseat=False, seed=11)
    app.push(setup)
    person = Person(app)
    app.step()
    start = next(b for b in setup.status()["buttons"] if b["label"] == app.tr("planet_ui.start"))
    post_click(start["center"])
    app.step()
    match_scene = app.top
    assert isinstance(match_scene, PlanetMatchScene)
    match = match_scene.match
    results = play(app, person, PlanetResultsScene, 40_000)
    assert isinstance(results, PlanetResultsScene)
    assert match.over
    shown = results.status()
    assert shown["winner"] == match.state.winner
    expected = {
        None: app.tr("planet_ui.result.draw"),
        0: app.tr("planet_ui.result.you"),
        1: app.tr("planet_ui.result.computer"),
    }[match.state.winner]
    assert shown["headline"] == expected
    assert person.throws > 0 and person.clicks > 10


def test_hot_seat_each_aims_behind_the_curtain_then_both_fly(app: App) -> None:
    setup = PlanetSetupScene(app, hotseat=True, seed=4)
    app.push(setup)
    setup.start()
    scene = app.top
    assert isinstance(scene, PlanetMatchScene)
    match = scene.match
    person = Person(app)
    seen_throw_by: list[int] = []
    for _ in range(20_000):
        app.step()
        scene.pace = scene.settle = 0.0
        status = scene.status()
        if "sphere_px" in status:
            seen_throw_by.append(status["to_act"])
            if len(set(seen_throw_by)) == 2:
                break
        if "curtain" in status:  # behind it, nothing of either person is drawn
            assert scene.viewer() is None
        if app.frames % 2 == 0:
            person(scene)
    assert set(seen_throw_by) == {0, 1}
    assert person.curtains > 0
    assert match.thrown(0) and not match.thrown(1)  # the first throw waits, hidden
    rolls = len([e for e in match.session.timeline if type(e).__name__ == "RollDone"])
    for _ in range(400):
        app.step()
        if app.frames % 2 == 0:
            person(scene)
        if len([e for e in match.session.timeline if type(e).__name__ == "RollDone"]) > rolls:
            break
    assert len([e for e in match.session.timeline if type(e).__name__ == "RollDone"]) == rolls + 1
