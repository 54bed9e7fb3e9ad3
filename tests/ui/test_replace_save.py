"""Each game keeps one autosave, so a new match of a game whose match is saved would
take its place: the title asks first (start the new one, continue the saved one, or
back), in both languages, and asks nothing when no match of that game is saved."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.games import REGISTRY
from game.persist import saves
from game.persist.settings import UserSettings
from game.ui import text_fit
from game.ui.app import App
from game.ui.classic.match import MatchScene
from game.ui.classic.setup import MatchSetupScene
from game.ui.menu import TitleScene
from game.ui.replace_save import ReplaceSaveScene

from .driver import post_click, post_key
from .test_text_fit import _check

OLD_SAVE = Path(__file__).parents[1] / "persist" / "data" / "autosave-main-1858775.json"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    yield tmp_path
    pygame.quit()


def _saved_classic_match() -> bytes:
    saves.save_path().parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(OLD_SAVE, saves.save_path())
    return saves.save_path().read_bytes()


def _title(lang: str = "en", game: str = "classic") -> tuple[App, TitleScene]:
    app = App(lang, fast=True, settings=UserSettings(language=lang, tutorial=False, game=game))
    pygame.event.clear()
    title = TitleScene(app)
    app.push(title)
    return app, title


def _press(app: App, title: TitleScene, ident: str) -> None:
    post_click(next(b for b in title.buttons if b.data["id"] == ident).rect.center)
    app.step()


def _choose(app: App, label_key: str) -> None:
    scene = app.top
    assert isinstance(scene, ReplaceSaveScene)
    post_click(next(b for b in scene.buttons if b.label == app.tr(label_key)).rect.center)
    app.step()


@pytest.mark.parametrize("ident", ["play_ai", "hotseat"])
def test_a_new_match_over_a_saved_one_asks_and_back_keeps_the_save(home: Path, ident: str) -> None:
    kept = _saved_classic_match()
    app, title = _title()
    _press(app, title, ident)
    assert isinstance(app.top, ReplaceSaveScene)
    post_key(pygame.K_ESCAPE)
    app.step()
    assert app.top is title and saves.save_path().read_bytes() == kept


def test_start_a_new_match_goes_to_the_setup(home: Path) -> None:
    _saved_classic_match()
    app, title = _title()
    _press(app, title, "play_ai")
    _choose(app, "save.replace_new")
    assert isinstance(app.top, MatchSetupScene) and not app.top.hotseat
    assert app.stack[-2] is title  # the question is gone: Back from the setup is the title


def test_continue_the_saved_one_resumes_it(home: Path) -> None:
    _saved_classic_match()
    state = json.loads(OLD_SAVE.read_text("utf-8"))["payload"]["session"]["state"]
    app, title = _title()
    _press(app, title, "hotseat")
    _choose(app, "save.replace_continue")
    assert isinstance(app.top, MatchScene)
    assert app.top.session.state.to_json() == state


def test_no_saved_match_of_the_game_no_question(home: Path) -> None:
    _saved_classic_match()  # the classic game's: another game starts at once
    app, title = _title(game="planet")
    _press(app, title, "play_ai")
    assert not isinstance(app.top, ReplaceSaveScene) and app.top is not title


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_question_fits_its_boxes(home: Path, lang: str) -> None:
    _saved_classic_match()
    app, title = _title(lang)
    _press(app, title, "play_ai")
    scene = app.top
    assert isinstance(scene, ReplaceSaveScene)
    with text_fit.recording() as ledger:
        scene.draw(app.screen)
    _check(ledger, f"replace-save {lang}")
    shown = {d.text for d in ledger.drawn}
    assert app.tr("save.replace_new") in shown
    assert any(REGISTRY["classic"].name(lang) in t for t in shown)
