"""`bakugan play` and `bakugan demo` take `--rules ID` from the registry: an unknown id
exits 2 with the list of games; a game whose screens are not there yet says so and
exits 2 (its text demo still plays)."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import game.__main__ as cli
import game.ui.launch as launch
from game.games import REGISTRY
from game.ui.scenes import GameScenes, game_scenes, register, unregister

PARTS = ("quick", "screen_demo", "attract")
PLACEHOLDER = "attack"  # the game whose screens are registered by hand without a part


def _lacking(part: str) -> list[str]:
    """The games whose screens lack `part` (or that have no screens at all), and the
    placeholder: every game has every part now, so the tests of a game without one
    run on a game registered by hand without it (`_without`)."""
    real = [g for g in REGISTRY if getattr(game_scenes(g), part, None) is None]
    return sorted({*real, PLACEHOLDER}, key=list(REGISTRY).index)


WITHOUT_SCREEN_DEMO = _lacking("screen_demo")
WITHOUT_QUICK = _lacking("quick")


def _without(game_id: str, part: str) -> None:
    """Give `game_id` its own screens less `part`, registered by hand (undone by the
    `home` fixture)."""
    scenes = game_scenes(game_id)
    if scenes is not None and getattr(scenes, part) is not None:
        register(game_id, dataclasses.replace(scenes, **{part: None}))
    assert getattr(game_scenes(game_id), part, None) is None


def test_some_game_lacks_each_part_so_the_tests_below_run() -> None:
    assert WITHOUT_SCREEN_DEMO and WITHOUT_QUICK


@pytest.mark.parametrize("game_id", list(REGISTRY))
def test_every_game_has_a_quick_match_an_on_screen_demo_and_an_attract_mode(
    game_id: str,
) -> None:
    scenes = game_scenes(game_id)
    assert isinstance(scenes, GameScenes)
    assert all(getattr(scenes, part) is not None for part in PARTS), game_id


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    yield tmp_path
    for game_id in REGISTRY:
        unregister(game_id)


@pytest.mark.parametrize("command", ["play", "demo", "sim"])
def test_an_unknown_game_exits_2_with_the_list(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main([command, "--rules", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'nosuch'" in err and "classic, attack, planet" in err


@pytest.mark.parametrize("game_id", WITHOUT_SCREEN_DEMO)
def test_the_on_screen_demo_of_a_game_without_one_says_it_is_not_there_yet(
    home: Path, game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _without(game_id, "screen_demo")
    assert cli.main(["demo", "--rules", game_id]) == 2
    err = capsys.readouterr().err
    assert "on-screen demo" in err and "not there yet" in err and "--text" in err
    assert cli.main(["demo", "--rules", game_id, "--text", "--seed", "3"]) == 0
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("game_id", WITHOUT_QUICK)
def test_a_quick_match_of_a_game_without_one_exits_2(
    home: Path, game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    _without(game_id, "quick")
    assert cli.main(["play", "--quick", "--rules", game_id]) == 2
    assert REGISTRY[game_id].name("en") in capsys.readouterr().err


def test_play_rules_opens_the_title_on_that_game(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []

    def run(self: object, first: object, **_: object) -> None:
        shown.append(first.game)  # type: ignore[attr-defined]

    monkeypatch.setattr(launch.App, "run", run)
    assert cli.main(["play"]) == 0
    assert cli.main(["play", "--rules", "planet"]) == 0
    assert cli.main(["play"]) == 0  # the last one: the game played last, however chosen
    assert cli.main(["play", "--rules", "attack"]) == 0
    assert cli.main(["--lang", "ru"]) == 0
    assert shown == ["classic", "planet", "planet", "attack", "attack"]


def test_the_window_options_work_without_the_word_play(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`bakugan --lang ru` (the README's command for the window in Russian) is `bakugan
    play --lang ru`; the other commands and `--help` / `--version` stay themselves."""
    langs: list[str] = []

    def run(self: launch.App, first: object, **_: object) -> None:
        langs.append(self.lang)

    monkeypatch.setattr(launch.App, "run", run)
    assert cli.main(["--lang", "ru"]) == 0
    assert cli.main(["--lang", "en", "--rules", "planet"]) == 0
    assert langs == ["ru", "en"]
    with pytest.raises(SystemExit) as done:
        cli.main(["--lang", "xx"])
    assert done.value.code == 2


def test_the_help_names_the_three_games(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = " ".join(capsys.readouterr().out.split())  # argparse wraps its lines
    assert "Bakugan Battle Brawlers on a table." not in out
    for record in REGISTRY.values():
        assert record.name("en") in out


def test_the_classic_game_has_an_on_screen_demo_and_a_quick_match() -> None:
    classic = game_scenes("classic")
    assert classic is not None and classic.screen_demo is not None and classic.quick


def test_an_attack_quick_match_is_the_person_against_three_computers_of_the_level(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui.attack.table import AttackTableScene

    shown: list[object] = []

    def run(self: object, first: object, **_: object) -> None:
        shown.append(first)

    monkeypatch.setattr(launch.App, "run", run)
    assert cli.main(["play", "--rules", "attack", "--quick", "--level", "hard"]) == 0
    assert cli.main(["play", "--rules", "attack", "--quick"]) == 0
    hard, normal = shown
    assert isinstance(hard, AttackTableScene) and isinstance(normal, AttackTableScene)
    assert hard.match.seats == ("human", "hard", "hard", "hard")
    assert normal.match.seats == ("human", "normal", "normal", "normal")
    assert hard.match.state.draws == 0  # a new game, not the autosave


def test_the_attack_on_screen_demo_plays_saves_a_screenshot_and_prints_figures(
    home: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shot = home / "attack.png"
    args = ["demo", "--rules", "attack", "--seconds", "3", "--screenshot", str(shot)]
    assert cli.main([*args, "--players", "3"]) == 0
    figures = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert figures["frames"] == 180 and figures["median_ms"] > 0
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    colours = {image.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 720, 40)}
    assert len(colours) > 8  # the table drawn, not a blank window
