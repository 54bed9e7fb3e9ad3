"""`bakugan sim --rules planet` and `bakugan demo --rules planet --text` (the record in
game/games/planet/__init__.py, the sim in game/ai/planet/, the demo in game/games/planet/demo.py)."""

from __future__ import annotations

import json

import pytest

from game.__main__ import main
from game.games.planet.demo import run_planet_demo
from game.match.planet.sim import run_sim

from .helpers import catalog


def test_sim_json_has_the_keys_and_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--rules", "planet", "--games", "24", "--seed", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    for key in ("games", "wins", "matches_per_sec", "mean_turns", "draws", "win_rates"):
        assert key in data
    assert data["games"] == 24 and sum(data["wins"].values()) + data["draws"] == 24
    assert data["mean_turns"] > 1 and data["matches_per_sec"] > 0


def test_sim_is_seeded_and_takes_decks_and_policies(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["sim", "--rules", "planet", "--games", "10", "--seed", "5", "--json"]
    args += [
        "--decks",
        "pyrus_darkus,aquos_haos",
        "--policies",
        "greedy,random",
        "--card-play",
        "free",
    ]
    assert main(args) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(args) == 0
    second = json.loads(capsys.readouterr().out)
    assert first["wins"] == second["wins"] and set(first["wins"]) == {"greedy", "random"}
    assert first["decks"] == ["pyrus_darkus", "aquos_haos"] and first["card_play"] == "free"


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--decks", "pyrus_darkus,nosuch"], "--decks takes two preset decks of"),
        (["--policies", "random,clever"], "--policies takes two of random, greedy"),
    ],
)
def test_sim_refuses_bad_options_with_the_reason(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sim", "--rules", "planet", "--games", "2", *extra]) == 2
    assert message in capsys.readouterr().err


def test_sim_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--rules", "planet", "--games", "6", "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "6 games, seed 2" in out and "matches/s" in out and "mean turns" in out


def test_greedy_beats_random() -> None:
    report = run_sim(catalog(), ["greedy", "random"], 160, 11)
    low, _ = report["win_rates"]["greedy"]["ci95"]
    assert low > 0.5, report["win_rates"]


def test_the_text_demo_tells_a_whole_match_in_both_languages(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--rules", "planet", "--text", "--seed", "4"]) == 0
    en = capsys.readouterr().out.splitlines()
    assert en[0].startswith("Bakugan Battle Planet") and en[-1].startswith("The match lasted")
    assert any("is the Victor!" in line for line in en) and any("wins:" in line for line in en)
    ru = run_planet_demo(4, "ru", echo=False)
    assert len(ru) == len(en) and ru[-1].startswith("Матч длился")
    assert any("Победитель!" in line for line in ru)
    assert all("{" not in line for line in en + ru)
    assert run_planet_demo(4, "en", echo=False) == en


def test_planet_has_an_on_screen_demo_beside_the_text_one() -> None:
    # (the on-screen demo itself runs in tests/ui/planet/test_planet_title.py)
    from game.ui.scenes import game_scenes

    scenes = game_scenes("planet")
    assert scenes is not None and scenes.screen_demo is not None
