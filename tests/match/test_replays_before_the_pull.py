"""Replays recorded before the pull's new measure and the computers' modelled hand
(issue 24; made on main at bd7c8e9 with `bakugan sim --physics --record`, classic and
Battle Planet between Normal and Easy, and a game of Bakugan Attack!) still re-run
identical: a replay keeps each throw's inputs as the physics takes them (origin, angle,
speed, spin), never the pull or the hand that made them, and the physics they depend on
(`physics_hash`, pymunk) did not change."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.games.replays import verify_one
from game.persist.replay_file import read_replay
from game.physics.fingerprint import physics_hash

DATA = Path(__file__).parent / "data"
OLD = sorted(DATA.glob("before-the-pull-*.replay.gz"))


def test_there_is_one_of_each_game() -> None:
    assert {p.name.split("-")[-1].split(".")[0] for p in OLD} == {"classic", "planet", "attack"}


@pytest.mark.parametrize("path", OLD, ids=lambda p: p.name)
def test_a_replay_from_before_re_runs_identical(path: Path) -> None:
    replay = read_replay(path)
    assert replay.header["physics_hash"] == physics_hash()  # the physics it pinned
    verdict = verify_one(path)
    assert verdict.kind == "identical", verdict.line
