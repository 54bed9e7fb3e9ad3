"""Battle Planet's screens in both languages: no text leaves its box or is cut short
(setup, every rules page, the match at many moments of a whole computer match, its
staged moments, pause and results)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui import text_fit
from game.ui.app import App
from game.ui.planet.demo import PlanetDemoScene
from game.ui.planet.match import PlanetMatchScene
from game.ui.planet.pause import PlanetPauseScene
from game.ui.planet.results import PlanetResultsScene
from game.ui.planet.rules import PlanetRulesScene
from game.ui.planet.setup import PlanetSetupScene
from game.ui.scene import Scene


@pytest.fixture(params=("en", "ru"))
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    a = App(request.param, fast=True)
    yield a
    pygame.quit()


def check(app: App, scene: Scene, where: str) -> None:
    with text_fit.recording() as ledger:
        scene.draw(app.screen)
    bad = [
        f"{d.text!r} at {d.rect} (box {d.box}{', cut' if d.cut else ''})" for d in ledger.escaped()
    ]
    assert not bad, f"{app.lang} {where}: text leaves its box:\n" + "\n".join(bad)


def test_setup_and_rules_fit(app: App) -> None:
    for hotseat in (False, True):
        setup = PlanetSetupScene(app, hotseat=hotseat, seed=3)
        setup.enter()
        for p in (0, 1):
            for _ in range(len(setup.decks)):
                check(app, setup, f"setup deck {setup.deck_at}")
                setup._deck(p, 1)
    rules = PlanetRulesScene(app)
    for page in range(rules.pages):
        rules.page = page
        check(app, rules, f"rules page {page}")


def test_a_whole_computer_match_fits(app: App) -> None:
    scene = PlanetDemoScene(app, seed=2)
    app.push(scene)
    scene.pace = 0.0
    seen = 0
    for frame in range(6000):
        app.step(draw=frame % 8 == 0)  # (a checked frame is drawn by the check)
        if app.top is not scene:
            break
        if frame % 13 == 0:
            scene.regions.forget()
            scene._stale = True
            check(app, scene, f"frame {frame}, {scene.match.state.phase}, shows {len(scene.shows)}")
            seen += 1
    assert seen > 20
    results = PlanetResultsScene(app, scene.match)
    check(app, results, "results")
    check(app, PlanetPauseScene(app, scene), "pause")


def test_every_character_card_fits_with_each_evolution_on_it(app: App) -> None:
    from game.content.planet import shipped_catalog
    from game.rules.planet.observation import BakuganView
    from game.ui.planet.board import CARD_H, CARD_W, draw_bakugan
    from game.ui.planet.words import namer

    catalog = shipped_catalog()
    name = namer(catalog, app.lang)
    rect = pygame.Rect(8, 26, CARD_W, CARD_H)
    for char, c in catalog.characters.items():
        evolutions = [e for e, d in catalog.cards.items() if d.species == c.species]
        for stack in ((), *((e,) for e in evolutions)):
            for face_up, opened in ((False, False), (True, False), (True, True)):
                view = BakuganView(char, opened, face_up, (), stack)
                with text_fit.recording() as ledger:
                    draw_bakugan(app.screen, rect, view, catalog, {}, name, app.tr)
                bad = [d.text for d in ledger.escaped()]
                assert not bad, f"{app.lang} {char} {stack}: {bad}"


def test_a_hot_seat_match_fits(app: App) -> None:
    """The hot-seat words: ordering the cores, placing one in the open, the lines of a
    choice taken without the curtain; at those moments and every 25th frame."""
    from .hotseat_driver import play_hot_seat

    seen = {"open": 0, "notice": 0}

    def each(scene: PlanetMatchScene) -> None:
        cores = scene.match.state.phase.value == "cores"
        if not (cores or scene.notice_t > 0 or app.frames % 25 == 0) or scene.curtain.down:
            return
        seen["open"] += scene.public is not None
        seen["notice"] += scene.notice_t > 0
        scene.regions.forget()  # every part drawn (and measured) this frame
        scene._stale = True
        check(app, scene, f"hot-seat frame {app.frames}")

    play_hot_seat(app, 4, each_frame=each, paint_all=False)
    assert seen["open"] and seen["notice"]
