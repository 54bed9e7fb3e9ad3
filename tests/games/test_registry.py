"""The game registry: what the CLI and the scenario runner read, and how they refuse."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from game.__main__ import main
from game.games import REGISTRY, UnknownGame
from game.games.scenarios import main as run_scenarios


def test_the_registry_knows_the_classic_game_and_names_the_known_ones_when_asked_wrong() -> None:
    assert "classic" in REGISTRY
    assert REGISTRY["classic"].name("ru") != REGISTRY["classic"].name("en")
    with pytest.raises(UnknownGame, match="the games are: classic"):
        REGISTRY["chess"]


def test_sim_with_an_unknown_game_exits_2_and_lists_the_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["sim", "--rules", "nosuch"]) == 2
    assert "the games are: classic" in capsys.readouterr().err


def test_a_scenario_file_naming_an_unknown_game_is_malformed(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('game = "nosuch"\nname = "x"\n', encoding="utf-8")
    out = io.StringIO()
    assert run_scenarios([str(path)], out) == 2
    assert f"{path}: game: unknown game 'nosuch'" in out.getvalue()


def test_a_classic_scenario_may_name_its_game(tmp_path: Path) -> None:
    source = Path(__file__).parents[1] / "scenarios" / "classic" / "turn_order_and_setup.toml"
    if not source.exists():
        source = sorted((Path(__file__).parents[1] / "scenarios" / "classic").glob("*.toml"))[0]
    path = tmp_path / "named.toml"
    path.write_text('game = "classic"\n' + source.read_text(encoding="utf-8"), encoding="utf-8")
    out = io.StringIO()
    assert run_scenarios([str(path)], out) == 0, out.getvalue()
    assert "1 passed, 0 failed" in out.getvalue()
