"""Throw resolution speed: `python benchmarks/physics.py [--json] [--throws N] [--repeat R]`.

Resolves a fixed, seeded set of varied throws (both players' sides, every speed up to
the cap, every spin) to rest on a 5 x 4 grid of Gate Cards with 6 opened Bakugan
standing on cards, headless, and prints:

- throws_per_sec with record=False (what an AI uses) and record=True (what the game
  animates), best of R passes;
- mean_sim_seconds and mean_steps per throw;
- overhead_ratio: our resolution wall time (record=False) over raw ``space.step`` of the
  same bodies (same static shapes, sphere and friction joints, no callbacks) for the
  same number of steps per throw, measured in the same run, best of R passes each;
- overhead_ratio_direct: the same over Chipmunk's ``cpSpaceStep`` called directly
  through cffi (the engine steps that way after a run's first step, so this is the
  stricter figure: everything Python adds, over the bare C stepping);
- the landings, for a sanity check;
- pairs: two spheres released at the same step (one from each side, as Battle Planet's
  players throw) on the same table through `simulate`, runs per second.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pymunk  # noqa: E402

from game.physics import (  # noqa: E402
    MAX_SPEED,
    TableSpec,
    Throw,
    ThrowResult,
    check_origin,
    clear_cache,
    grid_table,
    resolve_throw,
    standing_on,
)
from game.physics.engine import release_of  # noqa: E402
from game.physics.simulate import check_release, clear_scene_cache, simulate  # noqa: E402
from game.physics.throw import prepare, scene_of  # noqa: E402
from game.physics.tuning import DT  # noqa: E402

STANDING_SLOTS = [(0, 1), (1, 2), (2, 1), (3, 2), (4, 1), (2, 3)]


def bench_table(cushions: bool = False) -> TableSpec:
    slots = [(c, r) for r in range(4) for c in range(5)]
    base = grid_table(slots, cushions=cushions)
    standing = [standing_on(base.card(s), f"bakugan{i}") for i, s in enumerate(STANDING_SLOTS)]
    return grid_table(slots, cushions=cushions, standing=standing)


def bench_throws(table: TableSpec, count: int, seed: int = 2024) -> list[Throw]:
    """Varied legal throws from both players' lines toward the other side."""
    rng = random.Random(seed)
    out: list[Throw] = []
    while len(out) < count:
        player = rng.randrange(2)
        x = rng.uniform(40.0, table.width - 40.0)
        y = rng.uniform(30.0, 140.0)
        if player == 1:
            y = table.height - y
        heading = math.pi / 2 if player == 0 else -math.pi / 2
        throw = Throw(
            origin=(x, y),
            angle=heading + rng.uniform(-0.6, 0.6),
            speed=rng.uniform(250.0, MAX_SPEED),
            spin=rng.uniform(-1.0, 1.0),
            sphere_id=f"p{player}",
        )
        if check_origin(table, throw.origin, throw.radius) is None:
            out.append(throw)
    return out


def _resolve_all(
    table: TableSpec, throws: list[Throw], record: bool
) -> tuple[float, list[ThrowResult]]:
    t0 = time.perf_counter()
    results = [resolve_throw(table, t, record) for t in throws]
    return time.perf_counter() - t0, results


def _raw_steps(
    table: TableSpec, throws: list[Throw], steps: list[int], *, direct: bool = False
) -> float:
    """Wall time of bare space.step (`direct`: Chipmunk's cpSpaceStep, called straight
    through cffi) for the same bodies and step counts."""
    engine = prepare(table, handlers=False)
    total = 0.0
    dt = DT
    for throw, n in zip(throws, steps, strict=True):
        release = release_of(
            throw.sphere_id,
            throw.origin,
            throw.angle,
            min(throw.speed, MAX_SPEED),
            throw.spin,
            throw.radius,
            throw.mass,
        )
        engine.setup([release], 0)
        if direct:
            from pymunk._chipmunk_cffi import lib

            c_step = lib.cpSpaceStep
            handle = engine.space._space
            t0 = time.perf_counter()
            for _ in range(n):
                c_step(handle, dt)
        else:
            step = engine.space.step
            t0 = time.perf_counter()
            for _ in range(n):
                step(dt)
        total += time.perf_counter() - t0
        engine.teardown()
    return total


def run(count: int, repeat: int, cushions: bool) -> dict[str, Any]:
    table = bench_table(cushions)
    throws = bench_throws(table, count)
    clear_cache()
    resolve_throw(table, throws[0], False)  # build the cached space outside the timing

    best_plain = math.inf
    best_rec = math.inf
    best_raw = math.inf
    best_direct = math.inf
    results: list[ThrowResult] = []
    for _ in range(repeat):
        wall, results = _resolve_all(table, throws, record=False)
        best_plain = min(best_plain, wall)
        wall, _ = _resolve_all(table, throws, record=True)
        best_rec = min(best_rec, wall)
        best_raw = min(best_raw, _raw_steps(table, throws, [r.steps for r in results]))
        best_direct = min(
            best_direct, _raw_steps(table, throws, [r.steps for r in results], direct=True)
        )

    steps = [r.steps for r in results]
    landings = Counter(
        "timed_out"
        if r.timed_out
        else (
            "open"
            if r.landing.card is not None and not r.landing.partial
            else "partial"
            if r.landing.card is not None
            else str(r.landing.reason)
        )
        for r in results
    )
    return {
        "throws": count,
        "repeat": repeat,
        "standing_bakugan": len(table.standing),
        "cards": len(table.cards),
        "cushions": cushions,
        "throws_per_sec": round(count / best_plain, 1),
        "throws_per_sec_record": round(count / best_rec, 1),
        "mean_sim_seconds": round(sum(steps) * DT / count, 4),
        "mean_steps": round(sum(steps) / count, 1),
        "max_steps": max(steps),
        "us_per_throw": round(best_plain / count * 1e6, 1),
        "us_per_throw_record": round(best_rec / count * 1e6, 1),
        "raw_us_per_throw": round(best_raw / count * 1e6, 1),
        "raw_us_per_step": round(best_raw / sum(steps) * 1e6, 3),
        "overhead_ratio": round(best_plain / best_raw, 3),
        "overhead_ratio_record": round(best_rec / best_raw, 3),
        "raw_direct_us_per_step": round(best_direct / sum(steps) * 1e6, 3),
        "overhead_ratio_direct": round(best_plain / best_direct, 3),
        "contacts_per_throw": round(sum(len(r.contacts) for r in results) / count, 3),
        "landings": dict(sorted(landings.items())),
        "python": platform.python_version(),
        "pymunk": pymunk.version,
        "machine": platform.machine(),
    }


def run_pairs(count: int, repeat: int) -> dict[str, Any]:
    """Two throws at once, one from each player's side, on the benchmark table."""
    table = bench_table(False)
    scene = scene_of(table)
    singles = bench_throws(table, 4 * count, seed=7)
    sides: dict[str, list[Throw]] = {"p0": [], "p1": []}
    for t in singles:
        sides[str(t.sphere_id)].append(t)
    pairs = [
        [a, b]
        for a, b in zip(sides["p0"], sides["p1"], strict=False)
        if check_release(scene, [a, b]) is None
    ][:count]
    clear_scene_cache()
    simulate(scene, pairs[0], record=False)  # build the cached space outside the timing
    best = math.inf
    outcomes = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        outcomes = [simulate(scene, pair, record=False) for pair in pairs]
        best = min(best, time.perf_counter() - t0)
    met = sum(any(c.sphere_other is not None for c in o.run.contacts) for o in outcomes)
    return {
        "pairs": len(pairs),
        "pair_runs_per_sec": round(len(pairs) / best, 1),
        "mean_steps": round(sum(o.run.steps for o in outcomes) / len(pairs), 1),
        "spheres_met": round(met / len(pairs), 3),
        "us_per_pair": round(best / len(pairs) * 1e6, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--throws", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3, help="passes; the best is kept")
    parser.add_argument("--no-cushioned", action="store_true", help="skip the cushioned-table pass")
    args = parser.parse_args(argv)
    figures = run(args.throws, args.repeat, cushions=False)
    if not args.no_cushioned:
        # on a cushioned table every throw rolls to rest on the table (none flies off)
        cushioned = run(args.throws, args.repeat, cushions=True)
        figures["cushioned"] = {
            k: v for k, v in cushioned.items() if k not in ("python", "pymunk", "machine")
        }
    figures["pairs"] = run_pairs(max(args.throws // 2, 1), args.repeat)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            if isinstance(value, dict) and key in ("cushioned", "pairs"):
                print("cushioned table:" if key == "cushioned" else "two at once:")
                for k, v in value.items():
                    print(f"  {k:<24}  {v}")
            else:
                print(f"{key:<26}  {value}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
