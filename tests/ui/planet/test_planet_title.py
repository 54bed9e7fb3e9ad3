"""Battle Planet from the title: its setup (against the computer, two players), its
rules as "How to play", Continue into a Planet match where it stood, the autosave at
the start of a turn, and `bakugan demo --rules planet`."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.content.planet import shipped_catalog
from game.games import REGISTRY
from game.match.planet.play import SAVE_VERSION, PlanetMatch, preset_setup
from game.persist import saves
from game.persist.settings import UserSettings
from game.ui.app import App
from game.ui.menu import TitleScene
from game.ui.planet.match import PlanetMatchScene
from game.ui.planet.rules import PlanetRulesScene
from game.ui.planet.setup import PlanetSetupScene
from game.ui.scenes import game_scenes

CATALOG = shipped_catalog()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    yield tmp_path
    pygame.quit()


def _title() -> tuple[App, TitleScene]:
    settings = UserSettings(language="en", tutorial=False, game="planet")
    app = App("en", fast=True, settings=settings)
    pygame.event.clear()
    title = TitleScene(app)
    app.push(title)
    return app, title


def _press(app: App, title: TitleScene, key: str) -> None:
    label = app.tr(key)
    button = next(b for b in title.buttons if b.label == label)
    button.on_click()


def test_the_record_names_the_planet_screens() -> None:
    assert REGISTRY["planet"].ui == "game.ui.planet"
    scenes = game_scenes("planet")
    assert scenes is not None and scenes.screen_demo is not None and scenes.quick is not None


def test_the_title_opens_the_planet_setup_and_rules(home: Path) -> None:
    app, title = _title()
    _press(app, title, "menu.play_ai")
    assert isinstance(app.top, PlanetSetupScene) and not app.top.hotseat
    app.pop()
    _press(app, title, "menu.two_players")
    assert isinstance(app.top, PlanetSetupScene) and app.top.hotseat
    app.pop()
    _press(app, title, "menu.how_to")
    assert isinstance(app.top, PlanetRulesScene)


def test_a_turn_autosaves_and_continue_resumes_it_on_the_planet_screens(home: Path) -> None:
    app = App("en", fast=True, settings=UserSettings(language="en", tutorial=False))
    match = PlanetMatch(CATALOG, preset_setup(CATALOG, sorted(CATALOG.presets)[:2], seed=6))
    scene = PlanetMatchScene(app, match)
    app.push(scene)
    scene.pace = 0.0
    for _ in range(3000):
        app.step()
        if saves.has_save():
            break
        people = match.people_to_act()
        if people and not scene.shows and scene.anim is None:
            scene.act(match.legal_actions(people[0])[0])
    assert saves.has_save()
    saved, error = saves.load_save()
    assert error is None and saved is not None
    assert saved.game == "planet" and saved.game_version == SAVE_VERSION
    stood = json.dumps(saved.payload["state"], sort_keys=True)
    pygame.quit()
    app, title = _title()
    _press(app, title, "save.continue")
    resumed = app.top
    assert isinstance(resumed, PlanetMatchScene)
    assert json.dumps(resumed.match.state.to_json(), sort_keys=True) == stood


def test_demo_rules_planet_prints_the_frame_figures(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game import __main__ as cli

    shot = home / "demo.png"
    assert cli.main(["demo", "--rules", "planet", "--seconds", "3", "--screenshot", str(shot)]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert {"frames", "median_ms", "p99_ms"} <= set(figures) and figures["frames"] == 180
    assert shot.exists()


def test_the_players_own_deck_is_offered_and_the_deck_builder_opens(home: Path) -> None:
    from game.persist import decks
    from game.ui.planet.deckbuilder import DeckBuilderScene
    from game.ui.planet.setup import deck_choices

    kit = CATALOG.presets[sorted(CATALOG.presets)[0]].kit
    decks.save_deck(decks.Deck("My Fire", kit.characters, kit.cores, kit.deck))
    choices = deck_choices("en")
    assert choices[-1].ident == "My Fire" and choices[-1].kit == kit
    app = App("en", fast=True, settings=UserSettings(language="en", tutorial=False))
    setup = PlanetSetupScene(app, hotseat=False, seed=2)
    app.push(setup)
    setup.enter()
    setup.deck_at[0] = len(setup.decks) - 1
    setup.start()
    assert isinstance(app.top, PlanetMatchScene)
    assert app.top.match.setup.deck_names[0] == "My Fire"
    app.pop()
    setup = PlanetSetupScene(app, hotseat=False)
    app.push(setup)
    setup.enter()
    builder = next(b for b in setup.buttons if b.label == app.tr("planet_ui.deck_builder"))
    assert builder.enabled
    builder.on_click()
    assert isinstance(app.top, DeckBuilderScene)
