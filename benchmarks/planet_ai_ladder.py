"""The Battle Planet AI ladder: `python benchmarks/planet_ai_ladder.py --policies hard,normal
[--games 400] [--seed 1] [--jobs 2] [--one-hand] [--json]`.

The same matches as `bakugan sim --rules planet --policies A,B --games N --seed S`
(`game.match.planet.sim.run_sim`: each seat's rolls land by what its level's hand gives at
the physics table, `model_on_core` / `model_no_core`; with `--one-hand` every level
rolls, and expects to roll (Hard's search), with Normal's, so that only the card play
differs; seats alternating, game g
seeded `seed * 1_000_003 + g` with a preset deck per bot drawn from that seed, the levels
of `assets/data/planet/ai.toml`), split over `--jobs` processes (the figures do not
depend on it). Prints the wins, the win rate of the first policy with its 95% Wilson
interval, draws, mean turns, and each level's thinking time per decision (median, p95).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.content.planet import shipped_catalog  # noqa: E402
from game.games.planet import shipped_levels  # noqa: E402
from game.match.planet.sim import run_sim, thinking_figures, wilson  # noqa: E402


def _part(names: list[str], games: int, seed: int, first: int, one: bool) -> dict[str, Any]:
    levels = dict(shipped_levels())
    if one:  # every level rolls, and expects to roll, as Normal does
        normal = levels["normal"]
        levels = {
            name: replace(
                level, model_on_core=normal.model_on_core, model_no_core=normal.model_no_core
            )
            for name, level in levels.items()
        }
    return run_sim(
        shipped_catalog(),
        names,
        games,
        seed,
        levels=levels,
        first_game=first,
        raw_times=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policies", default="hard,normal")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--one-hand", action="store_true", help="both roll with Normal's hand")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = [n.strip() for n in args.policies.split(",")]
    jobs = max(1, min(args.jobs, args.games))
    bounds = [args.games * i // jobs for i in range(jobs + 1)]
    start = time.perf_counter()
    with ProcessPoolExecutor(jobs) as pool:
        parts = list(
            pool.map(
                _part,
                [names] * jobs,
                [bounds[i + 1] - bounds[i] for i in range(jobs)],
                [args.seed] * jobs,
                bounds[:-1],
                [args.one_hand] * jobs,
            )
        )
    keys = list(parts[0]["wins"])
    wins = {k: sum(p["wins"][k] for p in parts) for k in keys}
    games = sum(p["games"] for p in parts)
    draws = sum(p["draws"] for p in parts)
    lo, hi = wilson(wins[keys[0]], games)
    out = {
        "policies": names,
        "games": games,
        "seed": args.seed,
        "wins": wins,
        "draws": draws,
        "first_win_rate": wins[keys[0]] / games,
        "first_ci95": [lo, hi],
        "mean_turns": sum(p["mean_turns"] * p["games"] for p in parts) / games,
        "seconds": time.perf_counter() - start,
        "jobs": jobs,
        "hands": "normal for both" if args.one_hand else "each level's own",
        "thinking_ms": {
            k: thinking_figures([t for p in parts for t in p["thinking_s"][k]])
            for k in keys
            if any(p["thinking_s"][k] for p in parts)
        },
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"{games} games, seed {args.seed}, {jobs} processes, {out['seconds']:.0f} s")
    for k in keys:
        print(f"  {k:>10}: {wins[k]:>4} wins")
    print(f"  {keys[0]} wins {out['first_win_rate']:.1%} (95% CI {lo:.1%}-{hi:.1%}); draws {draws}")
    for k, t in out["thinking_ms"].items():
        print(f"  {k:>10}: {t['median']:.1f} ms median, {t['p95']:.1f} ms p95 per decision")


if __name__ == "__main__":
    main()
