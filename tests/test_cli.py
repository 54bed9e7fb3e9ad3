"""The `bakugan` command: sim, scenario, demo."""

from __future__ import annotations

import io
import json
import shutil
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

from game.__main__ import main

SCENARIOS = Path(__file__).parent / "scenarios" / "classic"


def _run(*args: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(list(args))
    return code, out.getvalue()


def test_sim_json_has_the_promised_keys_and_counts_every_game() -> None:
    code, out = _run(
        "sim",
        "--rules",
        "classic",
        "--games",
        "40",
        "--seed",
        "3",
        "--policies",
        "greedy,random",
        "--json",
    )
    data = json.loads(out)
    assert code == 0
    assert {"games", "wins", "mean_turns", "mean_battles", "matches_per_sec"} <= set(data)
    assert data["games"] == 40 and sum(data["wins"].values()) == 40
    assert set(data["wins"]) == {"greedy", "random"}
    assert data["mean_turns"] > 0 and data["matches_per_sec"] > 0


def test_sim_is_deterministic_for_a_seed() -> None:
    a = json.loads(_run("sim", "--games", "30", "--seed", "5", "--json")[1])
    b = json.loads(_run("sim", "--games", "30", "--seed", "5", "--json")[1])
    assert a["wins"] == b["wins"] and a["mean_turns"] == b["mean_turns"]


def test_greedy_beats_random_over_many_games() -> None:
    data = json.loads(
        _run("sim", "--games", "400", "--seed", "1", "--policies", "greedy,random", "--json")[1]
    )
    assert data["win_rates"]["greedy"]["ci95"][0] > 0.5


def test_sim_rejects_unknown_policies_and_rules() -> None:
    assert _run("sim", "--policies", "genius,random")[0] == 2
    assert _run("sim", "--rules", "chess")[0] == 2


def test_sim_plays_three_and_four_players_the_big_game_and_support_pieces() -> None:
    four = json.loads(_run("sim", "--players", "4", "--games", "24", "--seed", "2", "--json")[1])
    assert four["games"] == 24 and sum(four["wins"].values()) == 24
    assert set(four["wins"]) == {"random", "random_2", "random_3", "random_4"}
    three = json.loads(
        _run(
            "sim",
            "--players",
            "3",
            "--policies",
            "greedy,random,random",
            "--support",
            "--games",
            "15",
            "--json",
        )[1]
    )
    assert sum(three["wins"].values()) == 15
    big = json.loads(
        _run(
            "sim", "--big", "--season", "2", "--support", "--evolutions", "--games", "10", "--json"
        )[1]
    )
    assert sum(big["wins"].values()) == 10
    assert _run("sim", "--players", "5")[0] == 2
    rolled = json.loads(
        _run("sim", "--players", "3", "--big", "--physics", "--games", "2", "--json")[1]
    )
    assert sum(rolled["wins"].values()) == 2 and rolled["throws"] > 0


def test_scenario_command_passes_fails_and_reports(tmp_path: Path) -> None:
    good = SCENARIOS / "miss_to_used.toml"
    code, out = _run("scenario", str(good))
    assert code == 0 and out.strip().endswith("1 passed, 0 failed")
    bad = tmp_path / "wrong.toml"
    bad.write_text(
        good.read_text(encoding="utf-8").replace("turn_player = 1", "turn_player = 0"),
        encoding="utf-8",
    )
    code, out = _run("scenario", str(good), str(bad))
    assert code == 1 and out.strip().endswith("1 passed, 1 failed")
    assert "expect.turn_player: got 1, expected 0" in out


def test_demo_plays_a_whole_match_in_both_languages() -> None:
    for lang, call, won in (
        ("en", "Bakugan, brawl!", "wins the match"),
        ("ru", "Бакуган в бой!", "побеждает"),
    ):
        code, out = _run("demo", "--text", "--lang", lang, "--seed", "2")
        assert code == 0 and call in out and won in out.splitlines()[-1]


def test_the_console_script_entry_runs_as_a_module() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "game", "sim", "--games", "5", "--json"],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0 and json.loads(out.stdout)["games"] == 5
    if shutil.which("bakugan"):
        out = subprocess.run(
            ["bakugan", "sim", "--games", "5", "--json"], capture_output=True, text=True
        )
        assert out.returncode == 0
