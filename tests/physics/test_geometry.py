"""Plain geometry (game.physics.geometry): where a moving disc first touches a polygon,
worked out exactly, against a search along the way."""

from __future__ import annotations

import math
import random

from game.physics.geometry import first_touch, polygon_distance, regular_polygon

Corners = list[tuple[float, float]]


def bisected(corners: Corners, a: tuple[float, float], b: tuple[float, float], r: float) -> float:
    """The same found another way: the distance to a convex polygon along a line is
    convex, so its least value on the way is found by ternary search; if that is within
    `r` the first touch lies between the start and it, where bisection finds it."""

    def gap(t: float) -> float:
        return polygon_distance(corners, (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))

    if gap(0.0) <= r:
        return 0.0
    lo, hi = 0.0, 1.0
    for _ in range(100):
        m1, m2 = lo + (hi - lo) / 3.0, hi - (hi - lo) / 3.0
        if gap(m1) <= gap(m2):
            hi = m2
        else:
            lo = m1
    nearest = (lo + hi) / 2.0
    if gap(nearest) > r:
        return 1.0
    lo, hi = 0.0, nearest
    for _ in range(60):
        mid = (lo + hi) / 2.0
        if gap(mid) <= r:
            hi = mid
        else:
            lo = mid
    return hi


def test_a_moving_disc_first_touches_a_polygon_where_a_search_along_the_way_finds_it() -> None:
    rng = random.Random(3)
    hexagon = [(x + 300.0, y + 500.0) for x, y in regular_polygon(6, 19.0)]
    turned = [(x + 300.0, y + 500.0) for x, y in regular_polygon(6, 19.0, 0.4)]
    card = [(269.0, 456.0), (331.0, 456.0), (331.0, 544.0), (269.0, 544.0)]
    touched = missed = 0
    for corners in (hexagon, turned, card):
        for _ in range(200):
            # from all round the polygon, toward it give or take: some touch an edge,
            # some a corner, some pass beside or stop short
            bearing = rng.uniform(0.0, 2.0 * math.pi)
            away = rng.uniform(40.0, 110.0)
            a = (300.0 + away * math.cos(bearing), 500.0 + away * math.sin(bearing))
            aim = (300.0 + rng.uniform(-60, 60), 500.0 + rng.uniform(-60, 60))
            reach = rng.uniform(0.3, 1.2)
            b = (a[0] + (aim[0] - a[0]) * reach, a[1] + (aim[1] - a[1]) * reach)
            r = rng.uniform(5.0, 20.0)
            exact = first_touch(corners, a, b, r)
            found = bisected(corners, a, b, r)
            assert abs(exact - found) * math.dist(a, b) <= 1e-6, (corners, a, b, r, exact, found)
            if 0.0 < exact < 1.0:
                touched += 1
            elif exact == 1.0:
                missed += 1
    assert touched > 200 and missed > 50  # both kinds are checked, not one
    assert first_touch(card, (300.0, 300.0), (300.0, 300.0), 14.0) == 1.0  # not moving
    assert first_touch(card, (300.0, 450.0), (300.0, 600.0), 14.0) == 0.0  # touching at once
