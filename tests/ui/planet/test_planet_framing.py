"""Battle Planet's camera keeps both spheres in sight (issue 24, point 5), read as data,
no pixels: over many rolls (both players' powers, angles and places on their lines,
windows of 1280 x 720 and 1024 x 600) each sphere on screen, in logical px, lies whole
on the table's part of the screen, clear of the panels either side (the hands, the
battle, the prompt, the choices) and of a notice over the table; a sphere that rolls
off the table is marked where it left, on the table's part too; and the view closes in
on the Matrix only once both are still and their rest has been shown."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pygame
import pytest

from game import physics
from game.content.planet import shipped_catalog
from game.match.planet.play import PlanetMatch, preset_setup
from game.physics.pull import PLANET
from game.rules.planet import Energize, Pass, Phase
from game.ui import miss_mark
from game.ui.app import App
from game.ui.planet import layout
from game.ui.planet.match import PlanetMatchScene
from game.ui.planet.moving import gone, sphere_radius, spheres
from game.ui.planet.throw import PlanetAim

CATALOG = shipped_catalog()
PANELS = [
    layout.SIDE_TOP,
    layout.BATTLE,
    layout.SIDE_BOTTOM,
    layout.PROMPT,
    layout.BATCH,
    layout.HAND,
    layout.CHOICES,
]
SIZES = [(1280, 720), (1024, 600)]
ROLLS = {SIZES[0]: 14, SIZES[1]: 4}
DT = 1 / 60


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    a = App("en", fast=True, size=request.param)
    yield a
    pygame.quit()


def _rolling(app: App, seed: int) -> PlanetMatchScene:
    """A hot-seat match whose both people are about to throw, the view on the whole
    table."""
    match = PlanetMatch(
        CATALOG, preset_setup(CATALOG, sorted(CATALOG.presets)[:2], (True, True), seed=seed)
    )
    for _ in range(400):
        people = match.people_to_act()
        if match.state.phase is Phase.SELECT and len(people) == 1:
            break
        p = people[0]
        legal = match.legal_actions(p)
        quiet = [a for a in legal if isinstance(a, Pass) or a == Energize(p, None)]
        match.act(quiet[0] if quiet else legal[0])
    last = match.people_to_act()[0]
    scene = PlanetMatchScene(app, match)
    app.reset(scene)
    scene.curtain.at_screen = last
    scene.act(match.legal_actions(last)[0])
    assert match.session.awaiting_roll() is not None
    scene.camera.finish()
    scene._view_moved()
    return scene


def _throw(
    scene: PlanetMatchScene, p: int, rng: random.Random, power: float, wide: bool
) -> physics.Throw:
    """`p`'s throw at about the middle (`wide`: well off to a side, off the table)."""
    session = scene.match.session
    aim = PlanetAim(scene.view, p, session.zone(p), session.layout.centre)
    aim.along = rng.uniform(aim.lo, aim.hi)
    cx, cy = session.layout.centre
    ox, oy = aim.origin()
    turn = rng.choice((-1, 1)) * rng.uniform(0.8, 1.1) if wide else rng.uniform(-0.5, 0.5)
    angle = math.atan2(cy - oy, cx - ox) + turn
    return physics.Throw(aim.origin(), angle, power * PLANET.full_speed, rng.uniform(-1, 1))


def _whole(rect: pygame.Rect, what: str) -> None:
    assert layout.TABLE_AREA.contains(rect), (what, rect)
    for panel in PANELS:
        assert not panel.colliderect(rect), (what, rect, panel)


def test_the_table_part_of_the_screen_is_clear_of_every_panel() -> None:
    assert all(not p.colliderect(layout.TABLE_AREA) for p in PANELS)


def test_both_spheres_stay_in_sight_and_one_off_the_table_is_marked(app: App) -> None:
    rng = random.Random(11)
    exited = 0
    for k in range(ROLLS[app.window.get_size()]):
        scene = _rolling(app, seed=k % 3)
        wide = k % 3 == 0
        powers = (rng.uniform(0.1, 1.0), 1.0 if wide else rng.uniform(0.1, 1.0))
        for p in (0, 1):
            scene._throw(p, _throw(scene, p, rng, powers[p], wide and p == 1))
        assert scene.anim is not None, scene.message
        scale = scene.view.scale
        marked = False
        for _ in range(60 * 12):
            scene.update(DT)
            if scene.anim is None:
                break
            view = scene.view
            assert view.scale == scale  # no closing in while they roll and rest
            radius = sphere_radius(scene)
            for at in spheres(scene):
                x, y = view.fpx(at)
                _whole(
                    pygame.Rect(round(x) - radius, round(y) - radius, 2 * radius, 2 * radius),
                    "sphere",
                )
            for mark in gone(scene):
                marked = True
                assert mark.edge is not None
                ring = miss_mark.ring_px(radius)
                x, y = view.fpx(mark.edge)
                _whole(pygame.Rect(round(x) - ring, round(y) - ring, 2 * ring, 2 * ring), "mark")
                tx, ty = view.fpx(miss_mark.tail(mark, radius, view.scale))
                _whole(pygame.Rect(round(tx) - 2, round(ty) - 2, 4, 4), "arrow")
        assert scene.anim is None  # rested, shown, done
        exited += marked
    assert exited, "no sphere left the table: the marks were not seen"
