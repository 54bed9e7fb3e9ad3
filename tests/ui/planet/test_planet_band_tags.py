"""The name written on each throwing band of the Battle Planet table ("Player 2 throws
from here", the top seat's at the top of the table) is drawn clear of everything laid
over the table - the line of a choice taken without the curtain (a hot-seat Pass, no
Energy ...), which lies along the top of the table - and of the other text there (the
aim's words), read as the drawn rectangles: with every such line, the top seat aiming,
in windows of 1280 x 720 and 1024 x 600, in English and Russian, and through a whole
hot-seat match (issue 25). The line itself still fits its box."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui import text_fit
from game.ui.app import App
from game.ui.planet.handover import AUTO_LINES, NOTICE_SECONDS
from game.ui.planet.match import PlanetMatchScene

from .test_planet_framing import _rolling

SIZES = [(1280, 720), (1024, 600)]
CASES = [(lang, size) for lang in ("en", "ru") for size in SIZES]
LINES = sorted({*AUTO_LINES.values(), "planet_ui.auto.other"})


@pytest.fixture(params=CASES, ids=lambda c: f"{c[0]}-{c[1][0]}x{c[1][1]}")
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    lang, size = request.param
    a = App(lang, fast=True, size=size)
    yield a
    pygame.quit()


def check_tags(app: App, scene: PlanetMatchScene, where: str) -> list[text_fit.Drawn]:
    """Draws the screen anew (its kept table too); the bands' names as drawn, each
    checked clear of every overlay and every other piece of text on the screen (the
    table's background, the board, the screen: one frame of reference; a show's box
    or a card's face is drawn on a surface of its own, then put on the screen)."""
    scene._table_bg = None  # type: ignore[attr-defined]
    scene._board = None
    with text_fit.recording() as ledger:
        scene.draw(app.screen)
    kept = scene._table_bg[1]  # type: ignore[attr-defined]
    screen = {id(app.screen), id(scene._board), id(kept)}
    names = {app.tr("planet_ui.band", player=p + 1) for p in (0, 1)}
    tags = [d for d in ledger.drawn if d.text in names and d.surface in screen]
    overlays = [o for o, surface in ledger.overlays if surface in screen]
    bad = [(d.text, d.rect, "under", o) for d in tags for o in overlays if o.colliderect(d.rect)]
    bad += [
        (d.text, d.rect, "meets", e.text, e.rect)
        for d in tags
        for e in ledger.visible()
        if e.surface in screen and e.text not in names and e.rect.colliderect(d.rect)
    ]
    assert not bad, f"{app.lang} {where}: {bad}"
    cut = [(d.text, d.rect, d.box) for d in ledger.escaped()]
    assert not cut, f"{app.lang} {where}: text leaves its box: {cut}"
    return tags


def test_the_top_seats_band_name_is_clear_of_each_line_over_the_table(app: App) -> None:
    scene = _rolling(app, seed=0)
    for _ in range(3):
        app.step()
    assert 1 in scene.aims  # the top seat aims, his band in view
    top = app.tr("planet_ui.band", player=2)
    for key in LINES:
        for p in (0, 1):
            scene.notice, scene.notice_t = app.tr(key, player=p + 1), NOTICE_SECONDS
            tags = check_tags(app, scene, f"{key} of player {p + 1}")
            assert top in [d.text for d in tags], f"{key}: the top seat's band has no name"


def test_the_band_names_are_clear_through_a_hot_seat_match(app: App) -> None:
    from .hotseat_driver import play_hot_seat

    seen = {"notice": 0, "tags": 0}

    def each(scene: PlanetMatchScene) -> None:
        if scene.curtain.down or not (scene.notice_t > 0 or app.frames % 29 == 0):
            return
        seen["notice"] += scene.notice_t > 0
        seen["tags"] += bool(check_tags(app, scene, f"frame {app.frames}"))

    play_hot_seat(app, 4, each_frame=each, paint_all=False)
    assert seen["notice"] and seen["tags"], seen
