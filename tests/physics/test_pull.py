"""The slingshot's measure (game.physics.pull): a pull's length becomes the throw's
speed through each table's curve, its direction the throw's angle the other way; the
rolling model the curves were chosen by matches the engine's own rolls."""

from __future__ import annotations

import itertools
import math

import pytest

from game import physics
from game.physics import pull
from game.physics.pull import CHALLENGE, CLASSIC, DICE, PLANET, PullCurve

CURVES = [CLASSIC, PLANET, CHALLENGE, DICE]


@pytest.mark.parametrize("curve", CURVES)
def test_the_speed_grows_with_the_pull_to_full_speed_and_stays(curve: PullCurve) -> None:
    speeds = [curve.speed(p) for p in range(0, round(curve.full_px) + 40)]
    assert speeds[0] == 0.0
    assert all(b >= a for a, b in itertools.pairwise(speeds))
    assert curve.speed(curve.full_px) == curve.full_speed == speeds[-1]
    assert curve.power(curve.full_px) == 1.0 and curve.power(curve.full_px / 2) == 0.5


@pytest.mark.parametrize("curve", CURVES)
def test_pull_for_is_the_inverse_of_speed(curve: PullCurve) -> None:
    for p in (curve.release_px, 37.5, curve.knee_px * 0.9, curve.knee_px, curve.full_px - 1):
        assert curve.pull_for(curve.speed(p)) == pytest.approx(p, abs=1e-9)
    assert curve.pull_for(curve.full_speed * 2) == curve.full_px


def test_the_match_curves_are_speed_in_proportion_to_the_pull() -> None:
    """What players of slingshot games know: twice the stretch, twice the launch speed."""
    for curve in (CLASSIC, PLANET):
        assert curve.speed(100.0) == pytest.approx(2 * curve.speed(50.0))
        assert curve.knee_px == curve.full_px
    # the challenges' curve has a steeper tail past its knee, up to the physics' cap
    assert CHALLENGE.speed(CHALLENGE.knee_px) / CHALLENGE.knee_px == pytest.approx(
        CHALLENGE.speed(100.0) / 100.0
    )
    assert CHALLENGE.full_speed == physics.MAX_SPEED


def test_the_direction_is_the_other_way_from_the_pull() -> None:
    # screen y points down: a pull straight down throws up the table (+y)
    assert pull.pull_angle((0.0, 50.0)) == pytest.approx(math.pi / 2)
    assert pull.pull_angle((-50.0, 0.0)) == pytest.approx(0.0)  # pulled left: thrown right
    assert pull.pull_angle((1.0, 2.0)) is None  # too short to point anywhere
    for angle in (0.3, 2.0, -1.2):
        v = pull.pull_vector(angle, 120.0)
        assert math.hypot(*v) == pytest.approx(120.0)
        assert pull.pull_angle(v) == pytest.approx(angle)


def test_throw_of_is_the_pull_made_a_throw() -> None:
    t = pull.throw_of(CLASSIC, (400.0, 116.0), (0.0, 140.0), 0.3)
    assert t is not None
    assert (t.origin, t.speed, t.spin) == ((400.0, 116.0), CLASSIC.speed(140.0), 0.3)
    assert t.angle == pytest.approx(math.pi / 2)
    assert pull.throw_of(CLASSIC, (400.0, 116.0), (0.0, CLASSIC.release_px - 0.5)) is None


def test_the_rolling_model_is_the_engines_roll() -> None:
    """`rolled` (friction and damping) within 1% (a millimetre for a short roll) of
    where the engine's sphere rests."""
    table = physics.TableSpec(width=800, height=4000)
    for speed in (200.0, 500.0, 900.0, 1400.0, 2000.0, 2500.0):
        throw = physics.Throw((400.0, 100.0), math.pi / 2, speed)
        rest = physics.resolve_throw(table, throw, record=False).landing.position[1] - 100.0
        assert pull.rolled(speed) == pytest.approx(rest, rel=0.01, abs=1.0), speed
        assert pull.speed_for_roll(pull.rolled(speed)) == pytest.approx(speed, rel=1e-9)


def test_a_bad_curve_is_refused() -> None:
    with pytest.raises(ValueError, match="0 < release < knee <= full"):
        PullCurve(100.0, 1000.0, 90.0, 1200.0, 8.0)
    with pytest.raises(ValueError, match="speeds must rise"):
        PullCurve(100.0, 1000.0, 150.0, 9000.0, 8.0)
    with pytest.raises(ValueError, match="without a tail"):
        PullCurve(100.0, 1000.0, 100.0, 1200.0, 8.0)
