"""`bakugan sim --rules planet --policies easy,hard`: the levels from the command line,
without physics (each seat's rolls by its level's hand) and on the physics table (each
level throws with its own hand unless --hands says otherwise)."""

from __future__ import annotations

import json

import pytest

from game.__main__ import main
from game.games.planet import level_hands


def _sim(capsys: pytest.CaptureFixture[str], *extra: str) -> dict:  # type: ignore[type-arg]
    assert main(["sim", "--rules", "planet", "--json", "--seed", "4", *extra]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_the_levels_play_from_the_command_line_seeded(capsys: pytest.CaptureFixture[str]) -> None:
    first = _sim(capsys, "--games", "2", "--policies", "easy,hard")
    assert set(first["wins"]) == {"easy", "hard"}
    assert sum(first["wins"].values()) + first["draws"] == 2
    assert set(first["thinking_ms"]) == {"easy", "hard"}  # both are level bots, timed
    again = _sim(capsys, "--games", "2", "--policies", "easy,hard")
    assert again["wins"] == first["wins"] and again["mean_turns"] == first["mean_turns"]


def test_on_the_table_each_level_throws_with_its_own_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = _sim(capsys, "--physics", "--games", "1", "--policies", "easy,hard")
    hands = level_hands()
    for name in ("easy", "hard"):
        aim = data["bots"][name]["aim"]
        assert aim == {"sigma": hands[name].sigma}
    assert data["bots"]["easy"]["aim"] != data["bots"]["hard"]["aim"]
