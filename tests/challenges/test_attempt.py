"""An attempt at a level: spheres, standing Bakugan, targets in order, the clock, the
score and its stars."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from game.challenges import Attempt, max_score
from game.challenges.scoring import (
    PRECISION_POINTS,
    SPARE_POINTS,
    TARGET_POINTS,
    land_bonus,
    stars_for,
    zone_bonus,
)
from game.challenges.solver import choose_shot, replay, solve
from game.content.levels import discover, load_level
from game.physics import DT

from .conftest import GOOD_LEVEL

TWO_CARDS = GOOD_LEVEL.replace("throws = 3", "throws = 4").replace(
    "[1000, 1450, 1750]", "[2000, 2500, 2900]"
) + (
    '\n[[cards]]\nid = "silver"\nx = 300\ny = 650\ncolour = "silver"\n'
    '\n[[targets]]\nkind = "land"\ncard = "silver"\n'
)


def _level(tmp_path: Path, body: str, name: str = "01_test") -> Attempt:
    path = tmp_path / f"{name}.toml"
    path.write_text(body, encoding="utf-8")
    return Attempt(load_level(path))


def _straight(attempt: Attempt, speed: float) -> None:
    throw = attempt.make_throw((300.0, 80.0), math.pi / 2, speed)
    assert throw is not None
    attempt.throw(throw)


def test_a_miss_comes_back_and_an_open_stays_standing(tmp_path: Path) -> None:
    attempt = _level(tmp_path, GOOD_LEVEL)
    assert attempt.sphere_index() == 0
    _straight(attempt, 500.0)  # far too soft: a miss
    assert attempt.reports[-1].result.landing.card is None
    assert attempt.used == [0] and attempt.sphere_index() == 1
    assert attempt.throws_left == 2 and not attempt.complete
    _straight(attempt, 400.0)  # another miss: both used, they come back
    assert attempt.unused == [0, 1] and attempt.used == []
    # a throw that opens on the card: the Bakugan stands there and later throws meet it
    shot, _ = choose_shot(attempt)
    assert shot is not None
    attempt.apply(attempt.simulate(shot.throw(attempt), shot.start_step))
    assert attempt.complete and attempt.over
    assert len(attempt.standing) == 1 and attempt.standing_spheres == [0]
    assert attempt.arena().standing == tuple(attempt.standing)
    score = attempt.score()
    assert score.complete and score.spare_throws == 0
    assert score.total == TARGET_POINTS + score.precision
    assert score.stars == stars_for(attempt.level, score.total, True) == 1


def test_targets_in_order_count_only_in_their_turn(tmp_path: Path) -> None:
    in_order = TWO_CARDS.replace("[goal]", '[goal]\norder = "in_order"')
    attempt = _level(tmp_path, in_order)
    twin = _level(tmp_path, TWO_CARDS, "02_any")
    # find a throw that opens on the far (second) card
    far = None
    for speed in range(900, 1500, 10):
        throw = attempt.make_throw((300.0, 80.0), math.pi / 2 + 0.001, float(speed))
        assert throw is not None
        r = attempt.simulate(throw)
        if r.landing.card == "silver":
            far = r
            break
    assert far is not None
    report = attempt.apply(far)
    assert report.met == () and attempt.bonuses == [None, None]
    report = twin.apply(far)
    assert [i for i, _ in report.met] == [1]


def test_the_score_and_the_next_star(tmp_path: Path) -> None:
    attempt = _level(tmp_path, GOOD_LEVEL)
    level = attempt.level
    assert max_score(level) == TARGET_POINTS + PRECISION_POINTS + 2 * SPARE_POINTS
    solution = solve(level)
    played = replay(level, solution.shots)
    score = played.score()
    assert score == solution.score and score.complete
    assert score.total == (
        score.target_points + score.precision + score.spare_points + score.time_points
    )
    assert score.stars == 3 and score.next_star(level) is None
    assert land_bonus(False) == PRECISION_POINTS and land_bonus(True) < PRECISION_POINTS
    assert zone_bonus(0.0, 40.0) == 200 and zone_bonus(20.0, 40.0) == 100
    assert zone_bonus(41.0, 40.0) == 0
    # an unfinished attempt earns no star, whatever its points
    assert stars_for(level, 10_000, complete=False) == 0
    fresh = Attempt(level)
    assert fresh.score().next_star(level) is None and fresh.score().stars == 0


def test_the_clock_and_the_time_limit(tmp_path: Path) -> None:
    timed = GOOD_LEVEL.replace("throws = 3", "throws = 3\ntime = 10").replace(
        "[1000, 1450, 1750]", "[1000, 1450, 1800]"
    )
    attempt = _level(tmp_path, timed)
    assert attempt.seconds_left() == pytest.approx(10.0)
    attempt.wait(round(4.0 / DT))
    assert attempt.seconds_left() == pytest.approx(6.0)
    throw = attempt.make_throw((300.0, 80.0), math.pi / 2, 900.0)
    assert throw is not None
    assert attempt.check(throw, attempt.clock - 1) is not None  # no going back in time
    attempt.wait(round(7.0 / DT))
    assert attempt.out_of_time and attempt.over
    assert attempt.check(throw) is not None
    # seconds left count when the level is complete
    quick = _level(tmp_path, timed, "02_quick")
    solution = solve(quick.level)
    score = replay(quick.level, solution.shots).score()
    assert score.seconds_left >= 8 and score.time_points == 10 * score.seconds_left


def test_one_throw_meets_at_most_one_stop_target(tmp_path: Path) -> None:
    body = GOOD_LEVEL.replace("[1000, 1450, 1750]", "[2000, 2300, 2500]") + (
        '\n[[targets]]\nkind = "zone"\nx = 300\ny = 470\nradius = 80\n'
    )
    attempt = _level(tmp_path, body)
    shot, _ = choose_shot(attempt)
    assert shot is not None
    report = attempt.apply(attempt.simulate(shot.throw(attempt), shot.start_step))
    assert len(report.met) == 1


def test_every_shipped_level_allows_its_three_stars() -> None:
    for entry in discover():
        assert entry.level is not None
        assert entry.level.stars[2] <= max_score(entry.level)
