"""Physics refuses what it cannot simulate (issue 13, point 6): throw and table inputs
are checked at the boundary with a clear ValueError, and a throw that fails never
leaves the shared space cache poisoned for the next one."""

from __future__ import annotations

import math
from typing import Any

import pytest

from game.physics import (
    CardSpec,
    Obstacle,
    TableSpec,
    Throw,
    clear_cache,
    grid_table,
    loop,
    resolve_throw,
    standing_on,
)
from game.physics.pieces import ArenaSpec, Rival
from game.physics.shot import clear_arena_cache, resolve_shot
from game.physics.tuning import MAX_MASS, MIN_MASS

TABLE = grid_table([(2, 1), (2, 2)])
GOOD = {"origin": (400.0, 60.0), "angle": math.pi / 2, "speed": 1200.0}


@pytest.fixture(autouse=True)
def _fresh() -> Any:
    clear_cache()
    clear_arena_cache()
    yield
    clear_cache()
    clear_arena_cache()


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("mass", 1e155, "mass must be within"),
        ("mass", 1e308, "mass must be within"),
        ("mass", 0.0, "mass must be within"),
        ("mass", float("nan"), "mass must be finite"),
        ("origin", None, "origin must be a point"),
        ("origin", (1.0, 2.0, 3.0), "origin must be a point"),
        ("origin", "ab", "origin must be a point"),
        ("origin", (None, 5), "origin x must be a number"),
        ("origin", (float("inf"), 5), "origin x must be finite"),
        ("speed", None, "speed must be a number"),
        ("speed", "fast", "speed must be a number"),
        ("speed", 10**400, "speed must be a finite number"),
        ("angle", float("nan"), "angle must be finite"),
        ("angle", True, "angle must be a number"),
        ("spin", 3.0, "spin must be within"),
        ("radius", 500.0, "radius must be within"),
        ("sphere_id", ["a"], "sphere_id must be"),
    ],
)
def test_a_bad_throw_is_a_clear_value_error(field: str, value: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        Throw(**{**GOOD, field: value})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda: TableSpec(width=None), "table width must be a number"),  # type: ignore[arg-type]
        (lambda: TableSpec(width=1e308, height=1e308), "at most 10000 mm"),
        (lambda: TableSpec(cards=("x",)), "cards must be CardSpec"),  # type: ignore[arg-type]
        (lambda: TableSpec(standing=(3,)), "standing must be Obstacle"),  # type: ignore[arg-type]
        (lambda: TableSpec(cushions="yes"), "cushions must be true or false"),  # type: ignore[arg-type]
        (lambda: TableSpec(cards=5), "cards must be a tuple"),  # type: ignore[arg-type]
        (lambda: CardSpec("a", None), "center must be a point"),  # type: ignore[arg-type]
        (lambda: CardSpec("a", (1, 2), width="wide"), "width must be a number"),  # type: ignore[arg-type]
        (lambda: CardSpec(["a"], (1, 2)), "card id must be"),  # type: ignore[arg-type]
        (lambda: Obstacle("b", (1, 2), radius=None), "radius must be a number"),  # type: ignore[arg-type]
        (lambda: Rival("r", (10, 10), mass=1e200), "mass must be within"),
    ],
)
def test_bad_table_inputs_are_clear_value_errors(make: Any, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        make()


def test_resolve_throw_refuses_what_is_not_a_table_or_a_throw() -> None:
    with pytest.raises(ValueError, match="table must be a TableSpec"):
        resolve_throw("table", Throw(**GOOD))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="throw must be a Throw"):
        resolve_throw(TABLE, {"origin": (400, 60)})  # type: ignore[arg-type]


def test_the_extreme_masses_allowed_still_resolve() -> None:
    table = grid_table([(2, 1), (2, 2)], standing=[standing_on(TABLE.card((2, 2)), "b")])
    for mass in (MIN_MASS, MAX_MASS):
        for speed in (50.0, 2500.0, 1e12):
            result = resolve_throw(table, Throw(**{**GOOD, "speed": speed, "mass": mass}))
            assert all(math.isfinite(v) for v in result.landing.position)


def test_a_failed_throw_never_poisons_the_cached_space(monkeypatch: pytest.MonkeyPatch) -> None:
    throw = Throw(**GOOD)
    expected = resolve_throw(TABLE, throw, fresh=True).digest()
    assert resolve_throw(TABLE, throw).digest() == expected  # the space is cached now
    real_run = loop.steps

    def blow_up(engine: Any, spheres: Any, record: bool, *watch: Any) -> Any:
        # what the overflow of a mass of 1e155 did: NaN in the space's static body
        engine.space.static_body.velocity = (math.nan, math.nan)
        raise ValueError("cannot convert float NaN to integer")

    with monkeypatch.context() as m:
        m.setattr(loop, "steps", blow_up)
        with pytest.raises(ValueError, match="NaN"):
            resolve_throw(TABLE, throw)
    assert loop.steps is real_run
    for _ in range(3):  # every later normal throw on the same table is the normal result
        assert resolve_throw(TABLE, throw).digest() == expected


def test_a_failed_shot_never_poisons_the_cached_arena(monkeypatch: pytest.MonkeyPatch) -> None:
    spec = ArenaSpec(800.0, 1000.0, frozenset(), (), (), (), (Rival("r", (400.0, 700.0)),))
    throw = Throw(**GOOD)
    expected = resolve_shot(spec, throw, fresh=True)
    assert resolve_shot(spec, throw) == expected

    def blow_up(engine: Any, spheres: Any, record: bool, *watch: Any) -> Any:
        engine.space.static_body.velocity = (math.nan, math.nan)
        raise ValueError("boom")

    with monkeypatch.context() as m:
        m.setattr(loop, "steps", blow_up)
        with pytest.raises(ValueError, match="boom"):
            resolve_shot(spec, throw)
    again = resolve_shot(spec, throw)
    assert again == expected
