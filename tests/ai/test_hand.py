"""The modelled hand (game.ai.hand): the computer's release misses the meant point by a
normal error of sigma px in x and y, and the pull it made is thrown through the very
curve a person's is."""

from __future__ import annotations

import math
import random
import statistics

import pytest

from game import physics
from game.ai.hand import MAX_SIGMA, Hand, made, pull_of, shaken
from game.physics.pull import CLASSIC, throw_of

MEANT = physics.Throw((400.0, 116.0), 1.45, 1000.0, 0.2)


def test_the_meant_throw_is_a_pull_of_the_curve() -> None:
    pull = pull_of(CLASSIC, MEANT)
    assert math.hypot(*pull) == pytest.approx(CLASSIC.pull_for(1000.0))
    again = throw_of(CLASSIC, MEANT.origin, pull, MEANT.spin)
    assert again is not None
    assert again.speed == pytest.approx(MEANT.speed) and again.angle == pytest.approx(MEANT.angle)


def test_the_release_misses_by_sigma_px_in_x_and_y() -> None:
    rng = random.Random(4)
    hand = Hand(6.0)
    meant = (10.0, 150.0)
    points = [hand.release(meant, rng) for _ in range(4000)]
    xs = [p[0] - meant[0] for p in points]
    ys = [p[1] - meant[1] for p in points]
    for errors in (xs, ys):
        assert abs(statistics.fmean(errors)) < 0.3
        assert statistics.pstdev(errors) == pytest.approx(6.0, rel=0.05)
    assert abs(statistics.correlation(xs, ys)) < 0.05


def test_a_hand_throws_through_the_curve_seeded_and_keeps_the_rest() -> None:
    hand = Hand(8.0)
    a = hand.throw(CLASSIC, MEANT, random.Random(9))
    b = hand.throw(CLASSIC, MEANT, random.Random(9))
    assert a == b and a != MEANT
    assert (a.origin, a.spin, a.radius, a.mass) == (
        MEANT.origin,
        MEANT.spin,
        MEANT.radius,
        MEANT.mass,
    )
    rng = random.Random(9)
    point = hand.release(pull_of(CLASSIC, MEANT), rng)
    expected = throw_of(CLASSIC, MEANT.origin, point, MEANT.spin)
    assert expected is not None and (a.angle, a.speed) == (expected.angle, expected.speed)
    assert Hand(0.0).throw(CLASSIC, MEANT, random.Random(1)) == made(
        CLASSIC, MEANT, pull_of(CLASSIC, MEANT)
    )


def test_a_slip_to_a_pull_too_short_still_throws_the_shortest_throw() -> None:
    t = made(CLASSIC, MEANT, (0.0, 2.0))  # too short to point anywhere: the meant way
    assert t.speed == CLASSIC.speed(CLASSIC.release_px) and t.angle == MEANT.angle
    t = made(CLASSIC, MEANT, (0.0, 6.0))  # short, but pointing: straight up the table
    assert t.speed == CLASSIC.speed(CLASSIC.release_px)
    assert t.angle == pytest.approx(math.pi / 2)
    assert shaken(CLASSIC, MEANT, 0.0, 0.0).speed == pytest.approx(MEANT.speed)


@pytest.mark.parametrize("sigma", [-1.0, MAX_SIGMA + 1, float("nan")])
def test_a_bad_sigma_is_refused(sigma: float) -> None:
    with pytest.raises(ValueError, match="sigma"):
        Hand(sigma)
