"""Same table and throw, same result bit for bit: repeated, cached or fresh, in another
process, through either state-access path."""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.physics import (
    MAX_SPEED,
    TableSpec,
    Throw,
    check_origin,
    clear_cache,
    grid_table,
    resolve_throw,
    standing_on,
)
from game.physics import fast as physics_fast

ROOT = Path(__file__).resolve().parents[2]
SLOTS = [(c, r) for r in range(4) for c in range(5)]
STANDING = [(0, 1), (1, 2), (2, 1), (3, 2), (4, 1), (2, 3)]


def busy_table(cushions: bool) -> TableSpec:
    base = grid_table(SLOTS, cushions=cushions)
    standing = [standing_on(base.card(s), f"b{i}") for i, s in enumerate(STANDING)]
    return grid_table(SLOTS, cushions=cushions, standing=standing)


def random_throws(table: TableSpec, count: int, seed: int) -> list[Throw]:
    rng = random.Random(seed)
    out: list[Throw] = []
    while len(out) < count:
        origin = (rng.uniform(0.0, table.width), rng.uniform(0.0, table.height))
        throw = Throw(
            origin,
            rng.uniform(-math.pi, math.pi),
            rng.uniform(0.0, 1.1 * MAX_SPEED),
            rng.uniform(-1.0, 1.0),
            radius=rng.choice([13.0, 14.0, 15.0]),
            mass=rng.choice([0.9, 1.0, 1.1]),
        )
        if check_origin(table, throw.origin, throw.radius) is None:
            out.append(throw)
    return out


def digests_in_subprocess(hash_seed: str) -> list[str]:
    code = (
        "import json, sys\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "import test_physics_determinism as t\n"
        "print(json.dumps(t.reference_digests()))\n"
    )
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: list[str] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def reference_digests() -> list[str]:
    out: list[str] = []
    for cushions in (False, True):
        table = busy_table(cushions)
        for throw in random_throws(table, 40, seed=7 + cushions):
            out.append(resolve_throw(table, throw).digest())
    return out


def test_the_same_throw_gives_the_same_trajectory_twice() -> None:
    table = busy_table(False)
    throw = Throw((400.0, 60.0), 1.4, 1400.0, 0.6)
    a = resolve_throw(table, throw)
    b = resolve_throw(table, throw)
    assert a == b
    assert a.digest() == b.digest()
    assert a.trajectory.data == b.trajectory.data


def test_another_process_gives_identical_results() -> None:
    here = reference_digests()
    assert len(set(here)) == len(here)  # the throws really differ
    assert digests_in_subprocess("1") == here
    assert digests_in_subprocess("4242") == here


def test_resolving_a_b_a_gives_a_twice() -> None:
    t1 = busy_table(False)
    t2 = busy_table(True)
    a, b = random_throws(t1, 2, seed=3)
    first = resolve_throw(t1, a)
    resolve_throw(t1, b)
    resolve_throw(t2, b)  # another table's cached space in between
    again = resolve_throw(t1, a)
    assert again == first and again.digest() == first.digest()


@pytest.mark.parametrize("cushions", [False, True])
def test_cached_space_equals_a_fresh_space(cushions: bool) -> None:
    table = busy_table(cushions)
    clear_cache()
    for throw in random_throws(table, 150, seed=11 + cushions):
        cached = resolve_throw(table, throw)
        fresh = resolve_throw(table, throw, fresh=True)
        assert cached.digest() == fresh.digest(), throw


def test_an_equal_table_built_anew_gives_the_same_result() -> None:
    throw = Throw((120.0, 900.0), -1.2, 1700.0, -0.3)
    a = resolve_throw(busy_table(False), throw)
    clear_cache()
    b = resolve_throw(busy_table(False), throw)
    assert a.digest() == b.digest()


def test_fast_and_public_state_access_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    table = busy_table(True)
    throws = random_throws(table, 60, seed=5)
    fast = [resolve_throw(table, t, fresh=True).digest() for t in throws]
    monkeypatch.setattr(physics_fast, "USE_FAST_ACCESS", False)
    public = [resolve_throw(table, t, fresh=True).digest() for t in throws]
    assert fast == public


@settings(
    max_examples=60,
    deadline=None,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    x=st.floats(20.0, 780.0),
    y=st.one_of(st.floats(10.0, 140.0), st.floats(860.0, 990.0)),
    angle=st.floats(-math.pi, math.pi),
    speed=st.floats(0.0, 1.2 * MAX_SPEED),
    spin=st.floats(-1.0, 1.0),
)
def test_property_repeatable_and_consistent(
    x: float, y: float, angle: float, speed: float, spin: float
) -> None:
    table = busy_table(False)
    throw = Throw((x, y), angle, speed, spin)
    first = resolve_throw(table, throw, record=False)
    assert resolve_throw(table, throw, record=False) == first
    landing = first.landing
    px, py = landing.position
    assert math.isfinite(px) and math.isfinite(py)
    assert not first.timed_out
    if landing.reason == "off_table":
        assert not table.contains(landing.position)
    elif landing.reason in ("off_card", "short", "bounced"):
        assert all(c.distance(landing.position) >= throw.radius for c in table.cards)
        assert (landing.reason == "bounced") == bool(first.contacts)
    else:
        card = table.card(landing.card)
        assert card.distance(landing.position) < throw.radius
        if not landing.partial:
            assert math.dist(landing.position, card.center) <= card.magnet_radius
