"""`bakugan play` and `bakugan demo` take `--rules ID` from the registry: an unknown id
exits 2 with the list of games; a game whose screens are not there yet says so and
exits 2 (its text demo still plays)."""

from __future__ import annotations

from pathlib import Path

import pytest

import game.__main__ as cli
import game.ui.launch as launch
from game.games import REGISTRY
from game.ui.scenes import game_scenes


def _lacking(part: str) -> list[str]:
    """The games whose screens lack `part` (or that have no screens at all)."""
    return [g for g in REGISTRY if getattr(game_scenes(g), part, None) is None]


WITHOUT_SCREEN_DEMO = _lacking("screen_demo")
WITHOUT_QUICK = _lacking("quick")


def test_some_game_lacks_each_part_so_the_tests_below_run() -> None:
    # Attack has its screens but no on-screen demo and no quick match yet; when it gets
    # them, give these tests a placeholder game (as tests/ui/test_title_games.py does).
    assert WITHOUT_SCREEN_DEMO and WITHOUT_QUICK


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    return tmp_path


@pytest.mark.parametrize("command", ["play", "demo", "sim"])
def test_an_unknown_game_exits_2_with_the_list(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main([command, "--rules", "nosuch"]) == 2
    err = capsys.readouterr().err
    assert "unknown game 'nosuch'" in err and "classic, attack, planet" in err


@pytest.mark.parametrize("game_id", WITHOUT_SCREEN_DEMO)
def test_the_on_screen_demo_of_a_game_without_one_says_it_is_not_there_yet(
    game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["demo", "--rules", game_id]) == 2
    err = capsys.readouterr().err
    assert "on-screen demo" in err and "not there yet" in err and "--text" in err
    assert cli.main(["demo", "--rules", game_id, "--text", "--seed", "3"]) == 0
    assert capsys.readouterr().out.strip()


@pytest.mark.parametrize("game_id", WITHOUT_QUICK)
def test_a_quick_match_of_a_game_without_one_exits_2(
    home: Path, game_id: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["play", "--quick", "--rules", game_id]) == 2
    assert REGISTRY[game_id].name("en") in capsys.readouterr().err


def test_play_rules_opens_the_title_on_that_game(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown: list[str] = []

    def run(self: object, first: object, **_: object) -> None:
        shown.append(first.game)  # type: ignore[attr-defined]

    monkeypatch.setattr(launch.App, "run", run)
    assert cli.main(["play", "--rules", "planet"]) == 0
    assert cli.main(["play"]) == 0
    assert shown == ["planet", "classic"]


def test_the_classic_game_has_an_on_screen_demo_and_a_quick_match() -> None:
    classic = game_scenes("classic")
    assert classic is not None and classic.screen_demo is not None and classic.quick
