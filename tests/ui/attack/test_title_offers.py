"""The title's buttons say what the chosen game offers, as its record has it: the
button for people at one screen worded by the game (Attack is for 3-5 people, not two),
the throw challenges only with a game that has them; every label fits its button in
both languages."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.games import REGISTRY
from game.persist.settings import UserSettings
from game.ui import text_fit
from game.ui.app import App
from game.ui.menu import TitleScene, hotseat_label


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    yield tmp_path
    pygame.quit()


def _title(lang: str, game: str) -> TitleScene:
    app = App(lang, fast=True, settings=UserSettings(language=lang, tutorial=False, game=game))
    title = TitleScene(app)
    app.push(title)
    return title


def _labels(title: TitleScene) -> dict[str, str]:
    return {str(b.data["id"]): b.label for b in title.buttons}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_attack_offers_three_to_five_people_at_one_screen_and_no_throw_challenges(
    home: Path, lang: str
) -> None:
    title = _title(lang, "attack")
    labels = _labels(title)
    app = title.app
    assert "challenges" not in labels
    assert app.tr("menu.challenges") not in labels.values()
    assert labels["hotseat"] != app.tr("menu.two_players")
    assert "3" in labels["hotseat"] and "5" in labels["hotseat"]
    classic = _title(lang, "classic")  # 2-4 people: the Big Game at one screen too
    assert _labels(classic)["hotseat"] == classic.app.tr("menu.two_to_four")
    assert _labels(classic)["challenges"] == classic.app.tr("menu.challenges")
    planet = _title(lang, "planet")  # two players, no more
    assert _labels(planet)["hotseat"] == planet.app.tr("menu.two_players")


def test_the_offers_come_from_the_record_not_the_game_id(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    records = dict(REGISTRY.items())
    records["classic"] = dataclasses.replace(
        records["classic"], hotseat_label="menu.two_players", throw_challenges=False
    )
    records["attack"] = dataclasses.replace(
        records["attack"], hotseat_label="menu.two_players", throw_challenges=True
    )
    monkeypatch.setattr(REGISTRY, "_loaded", records)
    classic = _labels(_title("en", "classic"))
    assert "challenges" not in classic and classic["hotseat"] == "Two players"
    attack = _labels(_title("en", "attack"))
    assert attack["hotseat"] == "Two players" and attack["challenges"] == "Throw challenges"


def test_choosing_another_game_rewords_the_buttons_and_keeps_the_place(home: Path) -> None:
    title = _title("en", "classic")
    challenges = next(b for b in title.buttons if b.data["id"] == "challenges")
    challenges.focused = True
    title.choose("attack")
    focused = [b for b in title.buttons if b.focused]
    assert len(focused) == 1 and focused[0].data["id"] == "how_to"  # where it stood
    title.choose("classic")
    title.buttons[1].focused = True
    title.choose("attack")
    assert [b.data["id"] for b in title.buttons if b.focused] == ["hotseat"]
    assert title.buttons[1].label == hotseat_label(title.app, "attack")


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_every_label_of_the_title_fits_at_full_size(home: Path, lang: str, game_id: str) -> None:
    title = _title(lang, game_id)
    with text_fit.recording() as ledger:
        title.draw(title.app.screen)
    assert not ledger.escaped()
    for b in [*title.buttons, *title.tabs]:
        inner = b.rect.inflate(-12, -4)
        size = 22 if b in title.tabs else 28
        assert text_fit.width_of(b.label, size) <= inner.w, (lang, b.label)
    drawn = {d.text for d in ledger.visible()}
    assert {b.label for b in title.buttons} <= drawn
