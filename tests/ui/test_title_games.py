"""The title lists the registry's games, each with its own setup and How to play; a
game without screens shows its placeholder; Continue resumes a save into its own
game's screens (an old save without an id into the classic game's); "Main menu" goes
home."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.games import DEFAULT_GAME, REGISTRY
from game.persist import saves
from game.persist.settings import UserSettings, load_settings
from game.ui.app import App
from game.ui.classic.howto import HowToScene
from game.ui.classic.match import MatchScene
from game.ui.classic.results import PauseScene
from game.ui.classic.setup import MatchSetupScene
from game.ui.coming import ComingScene
from game.ui.menu import TitleScene
from game.ui.scene import Scene
from game.ui.scenes import GameScenes, register, unregister

from .driver import post_click, post_key

OLD_SAVE = Path(__file__).parents[1] / "persist" / "data" / "autosave-main-1858775.json"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    yield tmp_path
    for game_id in REGISTRY:
        unregister(game_id)
    pygame.quit()


def _title(game: str = "") -> tuple[App, TitleScene]:
    app = App("en", fast=True, settings=UserSettings(language="en", tutorial=False, game=game))
    pygame.event.clear()
    title = TitleScene(app)
    app.push(title)
    return app, title


def _button(title: TitleScene, key: str) -> tuple[int, int]:
    # by the entry, not its words: the people-at-one-screen button is worded per game
    ident = "hotseat" if key == "menu.two_players" else key.removeprefix("menu.")
    return next(b for b in title.buttons if b.data["id"] == ident).rect.center


def test_the_title_lists_every_game_of_the_registry_by_name(home: Path) -> None:
    app, title = _title()
    assert [t.label for t in title.tabs] == [r.name("en") for r in REGISTRY.values()]
    assert title.game == DEFAULT_GAME and title.buttons[0].label == app.tr("menu.play_ai")
    status = title.status()
    assert status["game"] == DEFAULT_GAME
    ru = App("ru", fast=True, settings=UserSettings(language="ru", tutorial=False))
    ru_title = TitleScene(ru)
    ru.push(ru_title)
    assert [t.label for t in ru_title.tabs] == [r.name("ru") for r in REGISTRY.values()]


def test_arrows_and_clicks_choose_the_game_and_the_choice_is_kept(home: Path) -> None:
    app, title = _title()
    post_key(pygame.K_RIGHT)
    app.step()
    assert title.game == list(REGISTRY)[1]
    post_key(pygame.K_LEFT)
    post_key(pygame.K_LEFT)
    app.step()
    assert title.game == list(REGISTRY)[-1]
    planet = next(t for t in title.tabs if t.data["game"] == "planet")
    post_click(planet.rect.center)
    app.step()
    assert title.game == "planet" and app.game == "planet"
    assert load_settings()[0].game == "planet"
    again = TitleScene(app)  # a new title (back from a match) opens on it
    app.push(again)
    assert again.game == "planet"


def test_a_game_kept_in_the_settings_that_this_version_lacks_shows_the_default(
    home: Path,
) -> None:
    _, title = _title(game="nosuch")
    assert title.game == DEFAULT_GAME


def _without_screens(monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    """As for a record ahead of its screens (its `ui` is None): every game has its
    screens now, so the placeholder's path is taken by hand."""
    import dataclasses

    from game.ui import scenes

    record = dataclasses.replace(scenes.REGISTRY[game_id], ui=None)
    monkeypatch.setattr(scenes, "_registered", {})
    monkeypatch.setattr(scenes, "REGISTRY", {**scenes.REGISTRY, game_id: record})
    assert scenes.game_scenes(game_id) is None


@pytest.mark.parametrize("game_id", ["attack", "planet"])
def test_a_game_without_screens_has_a_placeholder_setup_and_how_to_play(
    home: Path, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _without_screens(monkeypatch, game_id)
    app, title = _title(game=game_id)
    for key in ("menu.play_ai", "menu.two_players", "menu.how_to"):
        post_click(_button(title, key))
        app.step()
        coming = app.top
        assert isinstance(coming, ComingScene) and coming.game_id == game_id
        coming.draw(app.screen)
        assert coming.status() == {"game": game_id}
        post_key(pygame.K_ESCAPE)
        app.step()
        assert app.top is title


def test_the_classic_game_opens_its_own_setup_and_how_to_play(home: Path) -> None:
    app, title = _title()
    post_click(_button(title, "menu.two_players"))
    app.step()
    assert isinstance(app.top, MatchSetupScene) and app.top.hotseat
    app.pop()
    post_click(_button(title, "menu.how_to"))
    app.step()
    assert isinstance(app.top, HowToScene)


class _Stand(Scene):
    def __init__(self, app: App, what: str, arg: object = None) -> None:
        super().__init__(app)
        self.what, self.arg = what, arg


def _fake_scenes() -> GameScenes:
    return GameScenes(
        setup=lambda app, hotseat: _Stand(app, "setup", hotseat),
        resume=lambda app, payload: _Stand(app, "resume", payload),
        how_to=lambda app: _Stand(app, "how_to"),
    )


def test_a_games_registered_screens_replace_the_placeholder(home: Path) -> None:
    register("attack", _fake_scenes())
    app, title = _title(game="attack")
    post_click(_button(title, "menu.play_ai"))
    app.step()
    assert isinstance(app.top, _Stand) and (app.top.what, app.top.arg) == ("setup", False)
    app.pop()
    post_click(_button(title, "menu.how_to"))
    app.step()
    assert isinstance(app.top, _Stand) and app.top.what == "how_to"


def test_continue_resumes_a_save_on_its_own_games_screens(home: Path) -> None:
    register("attack", _fake_scenes())
    saves.save_match({"deal": 2}, "attack", REGISTRY["attack"].save_version)
    app, title = _title()  # whatever game the title shows
    post_click(title.buttons[0].rect.center)
    app.step()
    assert isinstance(app.top, _Stand) and (app.top.what, app.top.arg) == ("resume", {"deal": 2})


def test_the_save_written_by_main_resumes_on_the_classic_screens(home: Path) -> None:
    saves.save_path().parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD_SAVE, saves.save_path())
    state = json.loads(OLD_SAVE.read_text("utf-8"))["payload"]["session"]["state"]
    app, title = _title(game="planet")
    assert title.buttons[0].label == app.tr(
        "save.continue_game", game=REGISTRY["classic"].name("en")
    )
    post_click(title.buttons[0].rect.center)
    app.step()
    resumed = app.top
    assert isinstance(resumed, MatchScene)
    assert resumed.session.state.to_json() == state
    assert resumed.humans == (True, False) and resumed.levels == ("hard", "hard")


@pytest.mark.parametrize(
    ("game", "version", "why"),
    [("nosuch", 1, "save.why_game"), ("classic", 99, "save.why_version")],
)
def test_a_save_of_a_game_or_version_this_app_lacks_is_set_aside_and_said(
    home: Path, game: str, version: int, why: str
) -> None:
    saves.save_match({"session": {}, "humans": [True], "seed": 1}, game, version)
    app, title = _title()
    post_click(title.buttons[0].rect.center)
    app.step()
    assert app.top is title and app.tr(why) in title.message
    assert not saves.has_save() and title.buttons[0].label == app.tr("menu.play_ai")


def test_a_save_of_a_game_without_screens_is_not_resumed(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _without_screens(monkeypatch, "planet")
    saves.save_match({"turn": 1}, "planet", REGISTRY["planet"].save_version)
    app, title = _title()
    post_click(title.buttons[0].rect.center)
    app.step()
    assert app.top is title and app.tr("save.why_game") in title.message


def test_main_menu_goes_home_to_the_title(home: Path) -> None:
    app, title = _title()
    assert app.home is TitleScene
    post_click(_button(title, "menu.play_ai"))
    app.step()
    setup = app.top
    assert isinstance(setup, MatchSetupScene)
    setup._start()
    pause = PauseScene(app)
    app.push(pause)
    post_click(pause.buttons[1].rect.center)
    app.step()
    assert len(app.stack) == 1 and isinstance(app.top, TitleScene)


def test_main_menu_without_a_home_ends_the_app(home: Path) -> None:
    app = App("en", fast=True, settings=UserSettings(language="en", tutorial=False))
    app.push(PauseScene(app))
    app.go_home()
    assert not app.stack and not app.running
