"""Each seat's name, written along its throwing band on the table (the top seat's above
all: his band lies under the chips' bar), is drawn whole on the screen and clear of
everything drawn over the table (the chips, the side panel and its tab, the battle
panel, the throw's hint), read as the drawn rectangles: at every seat's throw in a
hot-seat match and through computers' whole turns, 2 to 4 players, in windows of
1280 x 720 and 1024 x 600, in English and Russian (issue 25). The top seat's name shows
while he aims, a person or a computer (once the camera is there)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui import text_fit
from game.ui.app import App
from game.ui.classic import hud, match_framing, table_layer
from game.ui.classic.demo import DemoScene
from game.ui.classic.match import MatchScene

from .test_framing import TABLES, _at_throw

SIZES = [(1280, 720), (1024, 600)]
CASES = [(lang, size) for lang in ("en", "ru") for size in SIZES]


@pytest.fixture(params=CASES, ids=lambda c: f"{c[0]}-{c[1][0]}x{c[1][1]}")
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    lang, size = request.param
    a = App(lang, fast=True, size=size)
    pygame.event.clear()
    yield a
    pygame.quit()


def _names(app: App, scene: MatchScene) -> dict[int, pygame.Rect]:
    """The seats' names the table layer draws now (drawn anew, not from its cache),
    as their drawn rectangles."""
    table_layer._kept.clear()
    with text_fit.recording() as ledger:
        table_layer.draw_table(scene, app.screen)
    who = {scene.who(p): p for p in range(len(scene.humans))}
    screen = pygame.Rect(0, 0, hud.SCREEN.w, scene.floor)
    drawn = [
        (who[d.text], d.rect)
        for d in ledger.drawn
        if d.text in who and d.rect.colliderect(screen)  # (one wholly off it shows not)
    ]
    assert len({p for p, _ in drawn}) == len(drawn), drawn  # once each at most
    return dict(drawn)


def _check(app: App, scene: MatchScene, where: str) -> dict[int, pygame.Rect]:
    names = _names(app, scene)
    screen = pygame.Rect(0, 0, hud.SCREEN.w, scene.floor)
    covers = match_framing.covers(scene)
    bad = []
    for p, rect in names.items():
        side = scene.session.side(p)
        if not screen.contains(rect):
            bad.append((side, scene.who(p), rect, "cut by the screen's edge", screen))
        under = [c for c in covers if rect.colliderect(c)]
        bad += [(side, scene.who(p), rect, "under", c, rect.clip(c).size) for c in under]
    assert not bad, f"{where}: {bad}"
    return names


def _top(scene: MatchScene) -> int | None:
    seats = [p for p in range(len(scene.humans)) if scene.session.side(p) == hud.TOP]
    return seats[0] if seats else None


@pytest.mark.parametrize(("players", "big"), TABLES)
def test_each_seats_name_is_clear_at_every_throw(app: App, players: int, big: bool) -> None:
    for seat in range(players):
        scene = _at_throw(app, players, big, seat, seed=seat)
        names = _check(app, scene, f"{players} players, seat {seat}'s throw")
        if seat == _top(scene):
            assert seat in names, "the top seat's name is not drawn while he aims"


@pytest.mark.parametrize("players", [2, 4])
def test_each_seats_name_is_clear_through_computers_turns(app: App, players: int) -> None:
    scene = DemoScene(app, seed=5, players=players)
    app.reset(scene)
    top = _top(scene)
    aims = 0
    shown: bool | None = None  # in an aim of the top seat: his name shows at its last frame
    for frame in range(1500):
        app.step(draw=frame % 8 == 0)  # (a checked frame is drawn by the check)
        if app.top is not scene:
            break
        a = scene.anims[0] if scene.anims else None
        where = f"frame {frame}, {a.kind if a else 'no animation'}"
        if a is not None and a.kind == "aim" and a.data["player"] == top:
            aims += shown is None
            shown = top in _check(app, scene, where)  # every frame of his aim
            continue
        assert shown is not False, f"{where}: the top seat's name was not shown as he aimed"
        shown = None
        if frame % 9 == 0:
            _check(app, scene, where)
    assert aims, "the top seat's computer was never seen aiming"
