"""`bakugan sim --rules attack` through the registry: JSON keys, refusals, determinism;
`bakugan scenario` runs Attack files through the record their `game` key names."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from game.__main__ import main
from game.games import REGISTRY
from game.games.scenarios import main as run_scenarios

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "attack"


def _sim(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["sim", "--rules", "attack", "--json", *args]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


def test_the_registry_has_the_attack_record() -> None:
    record = REGISTRY["attack"]
    assert record.player_counts == (3, 4, 5)
    assert record.name("ru") != record.name("en")


@pytest.mark.parametrize(("players", "variant"), [(3, "standard"), (4, "house"), (5, "standard")])
def test_sim_json_has_the_promised_keys(
    capsys: pytest.CaptureFixture[str], players: int, variant: str
) -> None:
    args = ["--games", "30", "--seed", "2", "--players", str(players), "--variant", variant]
    data = _sim(capsys, *args)
    for key in ("games", "wins", "matches_per_sec", "mean_deals", "mean_rounds"):
        assert key in data, key
    assert data["games"] == 30 and data["players"] == players and data["variant"] == variant
    wins = data["wins"]
    assert isinstance(wins, dict) and len(wins) == players
    assert abs(sum(wins.values()) - 30) < 1e-9


def test_sim_is_deterministic_and_names_repeat_round_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    one = _sim(capsys, "--games", "20", "--policies", "easy,random")
    two = _sim(capsys, "--games", "20", "--policies", "easy,random")
    assert one["wins"] == two["wins"]
    assert one["policies"] == ["easy", "random", "easy", "random"]


def test_sim_text_report_has_intervals(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--rules", "attack", "--games", "10", "--policies", "easy,random"]) == 0
    out = capsys.readouterr().out
    assert "95% CI" in out and "games/s" in out and "mean deals" in out
    assert "easy (2 seats)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "2"], "played by 3, 4 or 5 players, not 2"),
        (["--players", "6"], "not 6"),
        (["--policies", "genius"], "unknown policy 'genius'"),
        (["--policies", "easy,easy,easy,easy,easy"], "at most 4 bots"),
    ],
)
def test_sim_refuses_with_the_reason(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["sim", "--rules", "attack", "--games", "1", *args]) == 2
    assert message in capsys.readouterr().err


def test_the_scenario_command_runs_attack_files_and_reports_a_failure(tmp_path: Path) -> None:
    out = io.StringIO()
    assert run_scenarios([str(SCENARIOS)], out) == 0, out.getvalue()
    assert out.getvalue().rstrip().endswith("0 failed")
    source = (SCENARIOS / "collision_next_highest_catches.toml").read_text(encoding="utf-8")
    wrong = tmp_path / "wrong.toml"
    wrong.write_text(source.replace('"p2 caught 7"', '"p3 caught 3"'), encoding="utf-8")
    out = io.StringIO()
    assert run_scenarios([str(wrong)], out) == 1
    assert "expect.events: 'p3 caught 3' not found" in out.getvalue()
    broken = tmp_path / "broken.toml"
    broken.write_text(source.replace('"p0 play 9"', '"p0 plays 9"'), encoding="utf-8")
    out = io.StringIO()
    assert run_scenarios([str(broken)], out) == 2
    assert f"{broken}: steps[0]:" in out.getvalue()


def test_there_are_enough_attack_scenarios_and_each_names_its_game() -> None:
    files = sorted(SCENARIOS.glob("*.toml"))
    assert len(files) >= 45
    for path in files:
        assert path.read_text(encoding="utf-8").startswith('game = "attack"\n'), path.name
