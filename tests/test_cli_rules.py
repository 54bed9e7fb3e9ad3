"""`--rules ID` on every command that plays a game (sim, scenario, demo, play): the id
comes from the registry, an unknown one exits 2 listing the known ones; `scenario
--rules ID` runs only that game's files."""

from __future__ import annotations

import io
from contextlib import redirect_stdout
from pathlib import Path

import pytest

import game.__main__ as cli

SCENARIOS = Path(__file__).parent / "scenarios"


def _run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = cli.main(list(args))
    return code, out.getvalue()


@pytest.mark.parametrize(
    "argv",
    [
        ["sim", "--rules", "nosuch", "--games", "1"],
        ["scenario", "--rules", "nosuch", str(SCENARIOS)],
        ["demo", "--rules", "nosuch", "--text"],
        ["play", "--rules", "nosuch"],
    ],
)
def test_every_command_refuses_an_unknown_game_with_the_list(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert "unknown game 'nosuch'" in captured.err and "classic, attack, planet" in captured.err
    assert captured.out == ""


def test_scenario_rules_runs_only_that_games_files() -> None:
    attack = sorted((SCENARIOS / "attack").glob("*.toml"))
    code, out = _run("scenario", "--rules", "attack", str(SCENARIOS))
    lines = out.strip().splitlines()
    assert code == 0
    assert lines[-1] == f"{len(attack)} passed, 0 failed (files of other games left out)"
    ran = [line for line in lines if line.startswith("ok ")]
    assert len(ran) == len(attack) and all("/attack/" in line for line in ran)


def test_scenario_rules_with_no_file_of_that_game_exits_2() -> None:
    code, out = _run("scenario", "--rules", "classic", str(SCENARIOS / "attack"))
    assert code == 2 and "no scenario files of classic under" in out


def test_scenario_without_rules_runs_every_game_as_before() -> None:
    one = SCENARIOS / "classic" / "miss_to_used.toml"
    code, out = _run("scenario", str(one))
    assert code == 0 and out.strip().splitlines()[-1] == "1 passed, 0 failed"
