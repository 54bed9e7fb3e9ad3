"""Resolving throws: opening on a card, partial opens, misses, bounces, spin, the caps."""

from __future__ import annotations

import itertools
import math
from dataclasses import replace

import pymunk
import pytest

from game.physics import (
    CUSHION_ID,
    DT,
    MAX_SPEED,
    OPEN_SPEED,
    CardSpec,
    Obstacle,
    TableSpec,
    Throw,
    ThrowResult,
    resolve_throw,
)
from game.physics import engine as physics_engine
from game.physics import loop as physics_loop

UP = math.pi / 2
ORIGIN = (400.0, 100.0)
CARD = CardSpec("gate", (400.0, 500.0))  # spans x 369..431, y 456..544
TABLE = TableSpec(cards=(CARD,))
EMPTY = TableSpec()
R = 14.0


def travel(speed: float, spin: float = 0.0) -> float:
    """How far straight up a throw from ORIGIN rolls on an empty table."""
    result = resolve_throw(EMPTY, Throw(ORIGIN, UP, speed, spin), record=False)
    return result.landing.position[1] - ORIGIN[1]


def speed_to_stop_at(y: float) -> float:
    """The throw speed (up from ORIGIN) that comes to rest with its centre at y."""
    lo, hi = 0.0, 1500.0
    target = y - ORIGIN[1]
    assert travel(hi) > target
    for _ in range(50):
        mid = (lo + hi) / 2
        if travel(mid) < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def stop_at(y: float, table: TableSpec = TABLE) -> ThrowResult:
    result = resolve_throw(table, Throw(ORIGIN, UP, speed_to_stop_at(y)))
    assert not result.timed_out
    return result


def test_a_sphere_stopping_near_the_centre_is_pulled_in_and_opens() -> None:
    result = stop_at(490.0)  # would stop 10 mm short of the centre
    landing = result.landing
    assert (landing.card, landing.partial, landing.reason) == ("gate", False, None)
    assert landing.opened
    assert math.dist(landing.position, CARD.center) < 0.5
    # it was pulled: the last samples close in on the centre
    samples = list(result.trajectory)
    assert math.dist(samples[-1][:2], CARD.center) < 0.5


def test_a_sphere_stopping_exactly_on_the_centre_opens() -> None:
    result = stop_at(500.0)
    assert (result.landing.card, result.landing.partial) == ("gate", False)


def test_a_sphere_resting_just_off_every_card_misses() -> None:
    result = stop_at(456.0 - R - 3.0)  # 3 mm short of touching the card
    landing = result.landing
    assert (landing.card, landing.partial, landing.reason) == (None, False, "short")
    assert not landing.opened
    assert CARD.distance(landing.position) > R


def test_a_sphere_half_on_a_card_opens_as_partial() -> None:
    result = stop_at(456.0)  # centre on the card's edge: half the sphere on the card
    landing = result.landing
    assert (landing.card, landing.partial, landing.reason) == ("gate", True, None)
    assert landing.opened
    assert abs(landing.position[1] - 456.0) < 0.5


def test_a_sphere_whose_disc_only_overlaps_the_card_opens_as_partial() -> None:
    result = stop_at(456.0 - 8.0)  # centre off the card, disc 6 mm over it
    assert (result.landing.card, result.landing.partial) == ("gate", True)


def test_a_slow_sphere_rolling_through_the_magnet_is_caught() -> None:
    # stops 15 mm past the centre: it crosses the area slower than OPEN_SPEED
    result = stop_at(515.0)
    assert (result.landing.card, result.landing.partial) == ("gate", False)
    assert math.dist(result.landing.position, CARD.center) < 0.5


def test_a_fast_sphere_rolls_over_a_card_without_opening() -> None:
    result = stop_at(700.0)
    assert result.landing.reason == "off_card"


def test_a_sphere_thrown_at_an_opened_bakugan_bounces_off_and_it_stays_put() -> None:
    drago = Obstacle("drago", CARD.center, radius=16.0)
    table = TableSpec(cards=(CARD,), standing=(drago,))
    result = resolve_throw(table, Throw(ORIGIN, UP, 1500.0))
    assert [c.other for c in result.contacts] == ["drago"]
    hit = result.contacts[0]
    assert hit.impulse > 0.5 * 500  # m * (1 + e) * v_n, v_n ~ 700 mm/s
    # where the surfaces met (the sphere may sink up to one step's travel into it)
    assert math.dist(hit.position, drago.position) == pytest.approx(16.0, abs=MAX_SPEED * DT)
    i = round(hit.time / DT)
    ys = [s[1] for s in result.trajectory]
    assert ys[i + 10] < ys[i]  # it came back down the table
    assert result.landing.position[1] < ys[i]
    # and never went through: at most one step's travel (~4.6 mm here) of overlap
    gaps = [math.dist((x, y), drago.position) - 16.0 - R for x, y, _ in result.trajectory]
    assert min(gaps) > -5.0
    # the standing Bakugan is a static circle that stayed where it was
    from game.physics.throw import prepared as _prepared

    prepared = _prepared(table)
    circles = [s for s in prepared.space.shapes if s.collision_type == physics_engine.SOLID]
    assert len(circles) == 1
    body = circles[0].body
    assert body is not None and body.body_type == pymunk.Body.STATIC
    assert tuple(body.position) == (0.0, 0.0) and body.angle == 0.0
    assert tuple(circles[0].offset) == drago.position
    bb = circles[0].bb
    assert ((bb.left + bb.right) / 2, (bb.bottom + bb.top) / 2) == drago.position
    # and a second identical throw meets it in the same place
    assert resolve_throw(table, Throw(ORIGIN, UP, 1500.0)).digest() == result.digest()


def test_a_sphere_leaving_the_table_misses_at_once() -> None:
    result = resolve_throw(EMPTY, Throw(ORIGIN, UP, MAX_SPEED))
    landing = result.landing
    assert (landing.card, landing.reason) == (None, "off_table")
    assert landing.position[1] > EMPTY.height
    assert landing.position[1] < EMPTY.height + MAX_SPEED * DT + 1e-9
    assert not result.timed_out
    assert len(result.trajectory) == result.steps + 1


def test_cushions_bounce_the_sphere_back_and_report_the_contact() -> None:
    table = TableSpec(cushions=True)
    result = resolve_throw(table, Throw((400.0, 700.0), UP, 1500.0))
    assert (result.landing.reason, result.landing.by) == ("bounced", CUSHION_ID)
    assert result.contacts and result.contacts[0].other == CUSHION_ID
    assert result.contacts[0].position[1] == pytest.approx(table.height, abs=MAX_SPEED * DT)
    assert result.contacts[0].impulse > 500
    assert all(0 <= y <= table.height for _, y, _ in result.trajectory)


def test_spin_curves_left_when_positive_right_when_negative_symmetrically() -> None:
    x0 = resolve_throw(EMPTY, Throw(ORIGIN, UP, 1200.0, 0.0)).landing.position[0]
    left = resolve_throw(EMPTY, Throw(ORIGIN, UP, 1200.0, 1.0)).landing.position
    right = resolve_throw(EMPTY, Throw(ORIGIN, UP, 1200.0, -1.0)).landing.position
    assert x0 == ORIGIN[0]
    assert left[0] < x0 - 40  # heading +y, the thrower's left is -x
    assert right[0] > x0 + 40
    assert left[0] - x0 == pytest.approx(x0 - right[0], abs=1e-6)
    assert left[1] == pytest.approx(right[1], abs=1e-6)


def test_speed_is_clamped_and_reported() -> None:
    fast = resolve_throw(EMPTY, Throw((400.0, 500.0), 0.3, 9000.0))
    capped = resolve_throw(EMPTY, Throw((400.0, 500.0), 0.3, MAX_SPEED))
    assert fast.speed_clamped and not capped.speed_clamped
    assert fast.speed == capped.speed == MAX_SPEED
    assert replace(fast, speed_clamped=False).digest() == capped.digest()
    # the cap keeps every step shorter than the smallest sphere radius
    steps = list(fast.trajectory)
    longest = max(math.dist(a[:2], b[:2]) for a, b in itertools.pairwise(steps))
    assert longest <= MAX_SPEED * DT + 1e-9 < 11.0


def test_the_time_cap_judges_a_moving_sphere_where_it_lies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(physics_loop, "MAX_STEPS", 30)
    result = resolve_throw(TABLE, Throw(ORIGIN, UP, 1000.0))
    assert result.timed_out
    assert result.steps == 30 and result.time_to_rest == pytest.approx(30 * DT)
    assert result.landing.reason == "short"
    assert result.landing.position == result.trajectory[-1][:2]


def test_recording_is_optional_and_changes_nothing_else() -> None:
    throw = Throw((250.0, 80.0), 1.2, 1300.0, 0.7)
    table = TableSpec(cards=(CARD,), standing=(Obstacle("b", (450.0, 420.0)),))
    full = resolve_throw(table, throw, record=True)
    bare = resolve_throw(table, throw, record=False)
    assert len(bare.trajectory) == 0
    assert replace(full, trajectory=bare.trajectory) == bare
    assert len(full.trajectory) == full.steps + 1


def test_trajectory_accessors() -> None:
    result = resolve_throw(TABLE, Throw(ORIGIN, UP, 900.0, 0.4))
    traj = result.trajectory
    assert traj[0] == (ORIGIN[0], ORIGIN[1], 0.0)
    assert traj[-1][:2] == result.landing.position
    assert traj.duration == pytest.approx(result.steps * DT)
    assert traj.at(0.0) == traj[0]
    assert traj.at(1e9) == traj[-1]
    mid = traj.at(2.5 * DT)
    assert mid[1] == pytest.approx((traj[2][1] + traj[3][1]) / 2)
    flat = traj.as_array()
    assert len(flat) == 3 * len(traj) and flat[3:6].tolist() == list(traj[1])
    with pytest.raises(IndexError):
        traj[len(traj)]
    # the spin turns the sphere: its angle grows while it rolls
    assert traj[-1][2] > traj[0][2]


def test_time_to_rest_and_steps_agree() -> None:
    result = resolve_throw(TABLE, Throw(ORIGIN, UP, 700.0))
    assert not result.timed_out
    assert result.time_to_rest == pytest.approx(result.steps * DT)
    # friction stops the sphere crisply: the last few samples do not move
    ys = [s[1] for s in result.trajectory]
    assert ys[-1] == ys[-2]


def test_a_throw_of_zero_speed_rests_at_once() -> None:
    result = resolve_throw(TABLE, Throw(ORIGIN, UP, 0.0))
    assert result.steps == 0 and result.time_to_rest == 0.0
    assert result.landing.position == ORIGIN and result.landing.reason == "short"


@pytest.mark.parametrize(
    "kwargs",
    [
        {"spin": 1.5},
        {"spin": math.nan},
        {"speed": -1.0},
        {"angle": math.inf},
        {"radius": 5.0},
        {"radius": 30.0},
        {"mass": 0.0},
        {"origin": (math.nan, 1.0)},
    ],
)
def test_bad_throws_are_refused(kwargs: dict[str, object]) -> None:
    base: dict[str, object] = {"origin": ORIGIN, "angle": UP, "speed": 500.0}
    base.update(kwargs)
    with pytest.raises(ValueError):
        Throw(**base)  # type: ignore[arg-type]


def test_radius_and_mass_are_per_sphere_parameters() -> None:
    drago = Obstacle("drago", (400.0, 400.0))
    table = TableSpec(standing=(drago,))
    light = resolve_throw(table, Throw(ORIGIN, UP, 1000.0, radius=12.0, mass=0.8))
    heavy = resolve_throw(table, Throw(ORIGIN, UP, 1000.0, radius=16.0, mass=1.6))
    # the bigger sphere touches the Bakugan sooner; the heavier one hits it harder
    assert heavy.contacts[0].time < light.contacts[0].time
    assert heavy.contacts[0].impulse > 1.8 * light.contacts[0].impulse
    # and a bigger sphere overlaps a card from farther away
    from game.physics import judge_rest

    y = 456.0 - 15.0
    assert judge_rest(TABLE, (400.0, y), 16.0).partial
    assert judge_rest(TABLE, (400.0, y), 14.0).reason == "off_card"


def test_open_speed_is_the_capture_threshold() -> None:
    assert OPEN_SPEED == 120.0
