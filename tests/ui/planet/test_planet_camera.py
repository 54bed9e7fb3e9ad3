"""The camera eases between the close view of the Hidden Matrix and the whole table
(about 0.35 s) instead of snapping; a click or a key skips the move; with reduced or
no effects it jumps."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pygame
import pytest

from game.content.planet import shipped_catalog
from game.match.planet.play import PlanetMatch, preset_setup
from game.persist.settings import UserSettings
from game.rules.planet import Energize, Pass, Phase
from game.ui.app import App
from game.ui.planet.camera import SECONDS, Camera
from game.ui.planet.layout import TABLE_AREA
from game.ui.planet.match import PlanetMatchScene
from game.ui.table_view import TableView

CATALOG = shipped_catalog()


def _app(effects: str) -> App:
    return App("en", fast=True, settings=UserSettings(language="en", effects_level=effects))


@pytest.fixture()
def app() -> Iterator[App]:
    a = _app("full")
    yield a
    pygame.quit()


def test_the_camera_eases_from_one_view_to_the_other() -> None:
    whole = TableView(1200.0, 1600.0, TABLE_AREA)
    close = TableView(1200.0, 1600.0, TABLE_AREA)
    close.place(1.4, (600.0, 800.0), TABLE_AREA.center)
    camera = Camera(whole, TABLE_AREA)
    assert not camera.aim(close, animate=True) and camera.moving
    assert camera.view is whole  # nothing moved yet
    scales = []
    for _ in range(30):
        camera.update(1 / 60)
        scales.append(camera.view.scale)
    assert not camera.moving and camera.view is close
    steps = [b - a for a, b in itertools.pairwise(scales) if b != a]
    assert all(s > 0 for s in steps) and len(steps) >= 15  # an even zoom, frame by frame
    assert steps[0] < steps[len(steps) // 2] > steps[-1]  # eased in and out
    camera.aim(whole, animate=True)
    camera.update(SECONDS / 3)
    assert whole.scale < camera.view.scale < close.scale
    camera.finish()
    assert camera.view is whole
    assert camera.aim(close, animate=False) and camera.view is close  # a jump


def _to_last_pick(seed: int) -> tuple[PlanetMatch, int]:
    """A hot-seat match by the rules up to the pick that starts the roll."""
    match = PlanetMatch(
        CATALOG, preset_setup(CATALOG, sorted(CATALOG.presets)[:2], (True, True), seed=seed)
    )
    for _ in range(400):
        people = match.people_to_act()
        if match.state.phase is Phase.SELECT and len(people) == 1:
            return match, people[0]
        p = people[0]
        legal = match.legal_actions(p)
        quiet = [a for a in legal if isinstance(a, Pass) or a == Energize(p, None)]
        match.act(quiet[0] if quiet else legal[0])
    raise AssertionError("no roll")


def _start_roll(app: App) -> PlanetMatchScene:
    match, last = _to_last_pick(5)
    scene = PlanetMatchScene(app, match)
    app.push(scene)
    scene.curtain.at_screen = last
    app.step()
    close = scene.view
    scene.act(match.legal_actions(last)[0])  # both picked: the roll, the whole table
    assert match.session.awaiting_roll() is not None
    assert scene.camera.goal.scale < close.scale
    return scene


def test_the_roll_zooms_out_over_a_third_of_a_second_and_the_aim_waits(app: App) -> None:
    scene = _start_roll(app)
    start, goal = scene.view.scale, scene.camera.goal.scale
    seen = []
    for _ in range(40):
        app.step()
        seen.append(scene.view.scale)
        if scene.camera_moving():
            assert not scene.aims  # the aim starts once the table is still
    moving = [s for s in seen if goal < s < start]
    assert 15 <= len(moving) <= 25, seen  # 0.35 s at 60 frames a second
    assert scene.view.scale == goal and scene.aims  # then the person aims


def test_a_click_skips_the_move_and_does_nothing_else(app: App) -> None:
    scene = _start_roll(app)
    app.step()
    assert scene.camera_moving()
    at = (TABLE_AREA.centerx, TABLE_AREA.bottom - 30)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1))
    app.step()
    assert not scene.camera_moving() and scene.view.scale == scene.camera.goal.scale
    assert not any(scene.match.thrown(p) for p in (0, 1))


@pytest.mark.parametrize("effects", ["reduced", "off"])
def test_with_reduced_effects_the_view_jumps(effects: str) -> None:
    app = _app(effects)
    try:
        scene = _start_roll(app)
        assert not scene.camera_moving() and scene.view is scene.camera.goal
    finally:
        pygame.quit()
