"""Targets are polygons with a magnetic area: the Gate Card's rectangle and Battle
Planet's hexagonal BakuCore (38 mm across the flats), both judged by the same engine."""

from __future__ import annotations

import math

import pytest

from game.physics import (
    CardSpec,
    CoreSpec,
    Placement,
    Scene,
    Throw,
    clear_scene_cache,
    hex_neighbour,
    simulate,
)
from game.physics.geometry import polygon_distance

UP = math.pi / 2
ORIGIN = (400.0, 100.0)
CORE = CoreSpec("core", (400.0, 500.0))
SCENE = Scene(800.0, 1000.0, targets=(Placement(CORE),))
EMPTY = Scene(800.0, 1000.0)
R = 14.0


@pytest.fixture(autouse=True)
def _fresh() -> object:
    clear_scene_cache()
    yield
    clear_scene_cache()


def test_a_core_is_a_regular_hexagon_38_mm_across_the_flats() -> None:
    corners = CORE.corners()
    assert len(corners) == 6
    # every corner at the circumradius, every flat's middle at 19 mm
    for p in corners:
        assert math.dist(p, CORE.center) == pytest.approx(38.0 / math.sqrt(3.0))
    for a, b in zip(corners, (*corners[1:], corners[0]), strict=True):
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        assert math.dist(middle, CORE.center) == pytest.approx(19.0)
        assert math.dist(a, b) == pytest.approx(38.0 / math.sqrt(3.0))
    # at angle 0 two flats face +x and -x
    assert CORE.distance((419.0, 500.0)) == 0.0
    assert CORE.distance((420.0, 500.0)) == pytest.approx(1.0)
    assert CORE.contains((400.0, 521.0)) and not CORE.contains((400.0, 522.5))
    turned = CoreSpec("t", (0.0, 0.0), angle=math.pi / 6)
    assert turned.distance((0.0, 19.5)) == pytest.approx(0.5)  # now a flat faces +y
    assert polygon_distance(CORE.corners(), (430.0, 500.0)) == pytest.approx(11.0)


def test_cores_placed_side_by_side_share_a_flat_and_do_not_overlap() -> None:
    for side in range(6):
        other = hex_neighbour(CORE, side, f"n{side}")
        assert math.dist(other.center, CORE.center) == pytest.approx(38.0)
        middle = ((other.center[0] + CORE.center[0]) / 2, (other.center[1] + CORE.center[1]) / 2)
        assert CORE.distance(middle) == pytest.approx(0.0, abs=1e-9)
        assert other.distance(middle) == pytest.approx(0.0, abs=1e-9)
        nearer = (0.9 * middle[0] + 0.1 * CORE.center[0], 0.9 * middle[1] + 0.1 * CORE.center[1])
        assert CORE.contains(nearer) and not other.contains(nearer)


def test_bad_cores_are_refused() -> None:
    with pytest.raises(ValueError, match="across_flats"):
        CoreSpec("c", (0.0, 0.0), across_flats=0.0)
    with pytest.raises(ValueError, match="center"):
        CoreSpec("c", None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="magnet_radius"):
        CoreSpec("c", (0.0, 0.0), magnet_radius=-1.0)


def travel(speed: float) -> float:
    outcome = simulate(EMPTY, [Throw(ORIGIN, UP, speed)], record=False)
    return outcome.run.spheres[0].position[1] - ORIGIN[1]


def speed_to_stop_at(y: float) -> float:
    lo, hi = 0.0, 1500.0
    for _ in range(50):
        mid = (lo + hi) / 2
        if travel(mid) < y - ORIGIN[1]:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def test_a_sphere_stopping_over_a_core_is_held_by_its_magnet_and_opens() -> None:
    outcome = simulate(SCENE, [Throw(ORIGIN, UP, speed_to_stop_at(492.0))])
    landing = outcome.landings[0]
    assert (landing.card, landing.partial, landing.reason) == ("core", False, None)
    assert math.dist(landing.position, CORE.center) < 0.5
    assert outcome.run.spheres[0].captured == 0


def test_a_sphere_resting_on_a_core_edge_opens_partially_and_beyond_it_misses() -> None:
    # the magnet reaches the flats (19 mm): rest 25 mm short, the disc over the corner
    edge = 500.0 - 38.0 / math.sqrt(3.0)  # the core's lowest corner, at x = 400
    partial = simulate(SCENE, [Throw(ORIGIN, UP, speed_to_stop_at(edge - R + 4.0))])
    assert (partial.landings[0].card, partial.landings[0].partial) == ("core", True)
    miss = simulate(SCENE, [Throw(ORIGIN, UP, speed_to_stop_at(edge - R - 3.0))])
    assert (miss.landings[0].card, miss.landings[0].reason) == (None, "short")


def test_touches_of_a_core_are_reported_and_change_nothing_else() -> None:
    fast = Throw(ORIGIN, UP, 1500.0)  # rolls over the core without stopping
    plain = simulate(SCENE, [fast])
    tracked_scene = Scene(800.0, 1000.0, targets=(Placement(CORE),), touches=True)
    tracked = simulate(tracked_scene, [fast])
    run = tracked.run
    assert [(t.target, t.began) for t in run.touches] == [(0, True), (0, False)]
    began, ended = run.touches[0].step, run.touches[1].step
    track = tracked.track("sphere")
    assert CORE.distance(track[began][:2]) < R <= CORE.distance(track[began - 1][:2])
    assert CORE.distance(track[ended - 1][:2]) < R <= CORE.distance(track[ended][:2])
    assert run.touched(0) == ((began, 0),) and run.touching(0) == frozenset()
    # the sensors do not touch the physics: the same path bit for bit (their events
    # only move the looks from Python, so rest - below 1 mm/s - may be seen a few
    # steps later, a few micrometres further on)
    a, b = run.spheres[0].track, plain.run.spheres[0].track
    assert abs(len(a) - len(b)) <= 24 * 4
    assert a[: min(len(a), len(b))] == b[: min(len(a), len(b))]
    mine, theirs = tracked.landings[0], plain.landings[0]
    assert (mine.card, mine.partial, mine.reason) == (theirs.card, theirs.partial, theirs.reason)
    assert math.dist(mine.position, theirs.position) < 0.02


def test_cards_and_cores_lie_on_one_table() -> None:
    card = CardSpec("gate", (250.0, 500.0))
    scene = Scene(800.0, 1000.0, targets=(Placement(card), Placement(CORE)))
    on_card = simulate(scene, [Throw((250.0, 100.0), UP, speed_to_stop_at(490.0))])
    on_core = simulate(scene, [Throw(ORIGIN, UP, speed_to_stop_at(492.0))])
    assert on_card.landings[0].card == "gate" and on_core.landings[0].card == "core"
