"""The Attack attract mode and demo: computers in every seat play on the table, turn
their own score sheets, deal a new game after the ranking, write no autosave; in
attract mode (the title left alone with Attack chosen) a key or a click leaves."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.persist import saves
from game.persist.settings import UserSettings
from game.ui import text_fit
from game.ui.app import App
from game.ui.attack.demo import AttackDemoScene, demo_match
from game.ui.menu import ATTRACT_AFTER, TitleScene

from ..driver import post_click, post_key


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    yield tmp_path
    pygame.quit()


def _app(game: str = "attack") -> App:
    app = App("en", fast=True, settings=UserSettings(language="en", tutorial=False, game=game))
    pygame.event.clear()
    return app


def _attract(app: App) -> tuple[TitleScene, AttackDemoScene]:
    title = TitleScene(app)
    app.push(title)
    app.step()
    title.idle = ATTRACT_AFTER + 0.1
    app.step()
    demo = app.top
    assert isinstance(demo, AttackDemoScene) and demo.attract
    return title, demo


@pytest.mark.parametrize("leave", ["key", "click"])
def test_the_title_left_alone_on_attack_shows_the_computers_playing_until_touched(
    home: Path, leave: str
) -> None:
    app = _app()
    title, demo = _attract(app)
    assert not any(demo.match.human(p) for p in range(demo.match.players))
    app.time_scale = 16.0
    for _ in range(200):
        app.step()
    assert app.top is demo and demo.match.events[-1:] and demo.match.state.draws > 0
    assert not saves.has_save(), "the demo wrote over the person's autosave"
    if leave == "key":
        post_key(pygame.K_SPACE)
    else:
        post_click((640, 360))
    app.step()
    assert app.top is title


def test_the_demo_turns_its_sheets_and_deals_the_next_game_after_the_ranking(
    home: Path,
) -> None:
    app = _app()
    app.time_scale = 32.0
    demo = AttackDemoScene(app, seed=3)
    app.push(demo)
    sheets: set[int] = set()
    for frame in range(12_000):
        painted = frame % 4 == 0  # (the others run unpainted: the screen builds its
        app.step(draw=painted)  # buttons as it draws)
        top = app.top
        if top is not demo:
            break
        if demo.view.sheet is not None:
            sheets.add(demo.view.sheet.deal)
            assert demo.buttons or not painted, "the sheet is drawn with its Continue"
    else:
        pytest.fail("the demo game never ended")
    assert demo.match.state.is_over() and len(sheets) >= 2
    assert isinstance(top, AttackDemoScene) and top.seed == 4 and not top.attract
    assert not saves.has_save()


def test_nobody_is_asked_to_choose_in_the_demo(home: Path) -> None:
    app = _app()
    app.time_scale = 16.0
    demo = AttackDemoScene(app, seed=5)
    app.push(demo)
    prompts = {"attack_ui.your_lead", "attack_ui.your_turn", "attack_ui.choose_blind"}
    words = {app.tr(k, player="") for k in prompts}
    for _ in range(400):
        app.step(draw=False)  # (drawn below, into the ledger)
        assert demo.can_choose() is None and not demo.hand_cards()  # an onlooker's view
        with text_fit.recording() as ledger:
            demo.draw(app.screen)
        assert not any(w.strip() in d.text for d in ledger.drawn for w in words if w.strip())


def test_demo_games_differ_by_seed_and_take_every_seat_count() -> None:
    assert demo_match(1).state.to_json() != demo_match(2).state.to_json()
    assert [demo_match(1, n).players for n in (3, 4, 5)] == [3, 4, 5]


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("attract", [True, False])
def test_the_side_panel_says_how_to_leave_and_it_fits(home: Path, lang: str, attract: bool) -> None:
    app = App(lang, fast=True, settings=UserSettings(language=lang, tutorial=False))
    demo = AttackDemoScene(app, seed=1, attract=attract)
    app.push(demo)
    app.step()
    with text_fit.recording() as ledger:
        demo.draw(app.screen)
    key = "attack_ui.attract_hint" if attract else "attack_ui.demo_hint"
    assert app.tr(key) in {d.text for d in ledger.visible()}
    assert app.tr("attack_ui.pause_hint") not in {d.text for d in ledger.drawn}
    assert not ledger.escaped()
