"""10,000 random throws on a cushioned table: nothing tunnels, nothing is NaN, every
throw resolves within the time cap."""

from __future__ import annotations

import math
import random
from array import array

from game.physics import (
    MAX_SIM_TIME,
    MAX_SPEED,
    TableSpec,
    Throw,
    check_origin,
    grid_table,
    resolve_throw,
    standing_on,
)
from game.physics.tuning import MAX_STEPS

COUNT = 10_000
SLOTS = [(c, r) for r in range(4) for c in range(5)]
STANDING = [(0, 0), (1, 3), (2, 1), (3, 2), (4, 0), (4, 3)]


def cushioned_table() -> TableSpec:
    base = grid_table(SLOTS, cushions=True)
    standing = [standing_on(base.card(s), f"b{i}") for i, s in enumerate(STANDING)]
    return grid_table(SLOTS, cushions=True, standing=standing)


def throws(table: TableSpec, count: int, seed: int) -> list[Throw]:
    """Origins anywhere legal, every direction, speeds over the whole range and beyond
    the cap (a fifth exactly at it or above), every spin (a tenth at +-1)."""
    rng = random.Random(seed)
    out: list[Throw] = []
    while len(out) < count:
        radius = rng.uniform(12.0, 16.0)
        origin = (rng.uniform(0.0, table.width), rng.uniform(0.0, table.height))
        if check_origin(table, origin, radius) is not None:
            continue
        roll = rng.random()
        speed = MAX_SPEED * (rng.uniform(1.0, 1.5) if roll < 0.2 else rng.uniform(0.0, 1.0))
        spin = rng.choice([-1.0, 1.0]) if rng.random() < 0.1 else rng.uniform(-1.0, 1.0)
        out.append(
            Throw(origin, rng.uniform(0.0, 2 * math.pi), speed, spin, radius, rng.uniform(0.8, 1.2))
        )
    return out


def test_ten_thousand_random_throws_stay_on_a_cushioned_table() -> None:
    table = cushioned_table()
    w, h = table.width, table.height
    worst_overlap = 0.0
    for i, throw in enumerate(throws(table, COUNT, seed=20240611)):
        result = resolve_throw(table, throw)
        landing = result.landing
        assert landing.reason != "off_table", (i, throw)
        assert not result.timed_out, (i, throw)
        assert result.steps <= MAX_STEPS and result.time_to_rest <= MAX_SIM_TIME
        assert math.isfinite(landing.position[0]) and math.isfinite(landing.position[1])
        flat = array("d")
        flat.frombytes(result.trajectory.data)
        assert len(flat) == 3 * (result.steps + 1)
        assert math.isfinite(math.fsum(flat)), (i, throw)  # no NaN, no inf
        xs = flat[0::3]
        ys = flat[1::3]
        r = throw.radius
        # the centre never leaves the table; the disc may sink a little into a cushion
        overlap = max(r - min(xs), max(xs) - (w - r), r - min(ys), max(ys) - (h - r))
        worst_overlap = max(worst_overlap, overlap)
        assert min(xs) > 0.0 and max(xs) < w and min(ys) > 0.0 and max(ys) < h, (i, throw)
    assert worst_overlap < MAX_SPEED / 240  # never more than one step's travel
