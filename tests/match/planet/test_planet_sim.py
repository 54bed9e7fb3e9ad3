"""`bakugan sim --rules planet --physics`: whole matches with every roll on the table
(game.match.planet.physics_sim, the option in game/games/planet/__init__.py)."""

from __future__ import annotations

import json

import pytest

from game.__main__ import main

BASE = ["sim", "--rules", "planet", "--physics", "--json", "--seed", "3"]


def sim(capsys: pytest.CaptureFixture[str], *extra: str) -> dict:  # type: ignore[type-arg]
    assert main([*BASE, *extra]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_the_report_counts_every_throw_and_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    data = sim(capsys, "--games", "6", "--policies", "greedy,random")
    assert data["physics"] is True and data["games"] == 6
    assert sum(data["wins"].values()) + data["draws"] == 6
    assert data["throws"] == 2 * data["rolls"] > 0  # both roll every time
    bots = data["bots"]
    assert sum(b["throws"] for b in bots.values()) == data["throws"]
    for b in bots.values():
        assert b["intended"] <= b["on_core"] <= b["opened"] <= b["throws"]
        assert b["open_rate"] == round(b["opened"] / b["throws"], 4)
    assert 0.0 <= data["on_core_rate"] <= data["open_rate"] <= 1.0
    assert data["matches_per_sec"] > 0 and data["ms_per_roll"] > 0


def test_the_same_seed_plays_the_same_matches(capsys: pytest.CaptureFixture[str]) -> None:
    first = sim(capsys, "--games", "4", "--hands", "easy,hard")
    again = sim(capsys, "--games", "4", "--hands", "easy,hard")
    for key in ("wins", "bots", "rolls", "mean_turns"):
        assert first[key] == again[key]


def test_the_hand_is_the_knob_of_the_rate_on_the_core_aimed_at(
    capsys: pytest.CaptureFixture[str],
) -> None:
    shaky = sim(capsys, "--games", "8", "--sigma", "14")
    steady = sim(capsys, "--games", "8", "--sigma", "0")
    assert shaky["bots"]["random"]["aim"] == {"sigma": 14.0}
    assert shaky["intended_rate"] + 0.2 < steady["intended_rate"]


def test_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "--rules", "planet", "--physics", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "every roll on the table" in out and "on a core" in out


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--hands", "easy,superb"], "--hands takes two of easy, normal, hard"),
        (["--sigma", "lots"], "--sigma takes numbers of px"),
        (["--sigma", "1,2,3"], "--sigma takes one value or two"),
        (["--sigma", "41"], "--sigma takes px from 0 to 40"),
    ],
)
def test_bad_options_are_refused_with_the_reason(
    extra: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["sim", "--rules", "planet", "--physics", "--games", "2", *extra]) == 2
    assert message in capsys.readouterr().err
