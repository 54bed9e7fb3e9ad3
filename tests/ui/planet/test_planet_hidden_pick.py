"""The other player's pick stays hidden until both rolls are out (issue 25.1).

Two matches the same in all but the Bakugan player 2 picked, face down: with the
person at the screen still to throw (vs the computer, who has thrown; and in hot-seat,
player 2 having thrown behind the curtain), the two frames are the same, pixel for
pixel and text for text, in both languages. A label, a marker or a sphere that told
the pick apart would make them differ (the "rolling" label on his slot did).
"""

from __future__ import annotations

import math
from collections.abc import Iterator

import pygame
import pytest

from game import physics
from game.content.planet import shipped_catalog
from game.match.planet.play import THROW, PlanetMatch, preset_setup
from game.rules.planet import Phase, Pick
from game.ui import text_fit
from game.ui.app import App
from game.ui.planet.match import PlanetMatchScene
from game.ui.planet.screen import Regions

CATALOG = shipped_catalog()


@pytest.fixture(params=["en", "ru"])
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    a = App(request.param, fast=True)
    yield a
    pygame.quit()


def straight_throw(match: PlanetMatch, p: int) -> physics.Throw:
    """A plain throw from the middle of `p`'s band toward the table's centre."""
    x0, y0, x1, y1 = match.session.zone(p).box
    origin = ((x0 + x1) / 2, (y0 + y1) / 2)
    centre = match.session.layout.centre
    return physics.Throw(origin, math.atan2(centre[1] - origin[1], centre[0] - origin[0]), 900.0)


def picked_and_thrown(humans: tuple[bool, bool], slot: int) -> PlanetMatch:
    """A seeded match at its first roll: player 1 picked his first Bakugan, player 2
    the one in `slot` (face down) and threw; player 1 has not thrown."""
    match = PlanetMatch(CATALOG, preset_setup(CATALOG, sorted(CATALOG.presets)[:2], humans))
    session = match.session
    while session.state.phase is not Phase.SELECT:
        p = session.to_act()[0]
        session.act(session.legal_actions(p)[0])  # a core, no Energy, Pass
    sides = session.state.sides
    session.act(Pick(0, sides[0].bakugan[0].character))
    assert not sides[1].bakugan[slot].face_up
    session.act(Pick(1, sides[1].bakugan[slot].character))
    if humans[1]:
        assert match.throw(1, straight_throw(match, 1)) == []
    else:
        task = match.computer_task()
        assert task is not None and task.kind == THROW and task.player == 1
        assert match.commit(task, straight_throw(match, 1)) == []
    assert match.throws_awaited() == (0,)
    return match


def frame(app: App, match: PlanetMatch) -> tuple[bytes, list[tuple[str, tuple[int, ...]]]]:
    """The frame player 1 sees: its pixels and every text drawn with its box."""
    scene = PlanetMatchScene(app, match)
    scene.curtain.at_screen = 0  # (hot-seat: player 1 lifted his curtain to throw)
    app.push(scene)
    app.step()
    assert scene.curtain.down_for is None and scene.person() == 0
    scene._board, scene.regions = None, Regions()  # drawn whole, from nothing
    with text_fit.recording() as ledger:
        scene.draw(app.screen)
    texts = [(d.text, tuple(d.box)) for d in ledger.drawn]
    app.pop()
    return pygame.image.tobytes(app.screen, "RGB"), texts


@pytest.mark.parametrize("humans", [(True, False), (True, True)], ids=["vs_computer", "hot_seat"])
def test_nothing_drawn_tells_which_face_down_bakugan_the_other_picked(
    app: App, humans: tuple[bool, bool]
) -> None:
    pixels, texts = frame(app, picked_and_thrown(humans, 0))
    for slot in (1, 2):
        other_pixels, other_texts = frame(app, picked_and_thrown(humans, slot))
        assert other_texts == texts, slot
        assert other_pixels == pixels, slot
    assert app.tr("planet_ui.rolling") in {t for t, _ in texts}  # his own, still shown
