"""One difficulty knob against itself: `python benchmarks/ai_knob.py --level normal
--set evolve_worth=0.3 [--against evolve_worth=0] [--games 600] [--seed 11]
[--support N] [--evolutions] [--json]`.

Plays the rules-only simulation (`game.match.classic.sim.run_sim`: the landing model, seats
alternating) between the level with `--set` (named `x`) and the same level with
`--against` (named `y`; by default the shipped record), so a knob's worth is measured
with everything else equal. Prints the wins of `x` and `y`, `x`'s win rate with its 95%
Wilson interval, and the mean turns.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.ai.classic.levels import LEVEL_SCHEMA  # noqa: E402
from game.content.classic import shipped_catalog  # noqa: E402
from game.games.classic import shipped_levels  # noqa: E402
from game.match.classic.sim import run_sim, wilson  # noqa: E402


def _changes(pairs: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for pair in pairs:
        key, _, value = pair.partition("=")
        if key not in LEVEL_SCHEMA or not value:
            raise SystemExit(f"ai_knob: {pair!r}: expected KNOB=VALUE, a knob of levels.toml")
        kind = LEVEL_SCHEMA[key][0]
        out[key] = int(value) if kind == "int" else float(value) if kind == "float" else value
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--set", nargs="+", default=[], help="KNOB=VALUE for x")
    parser.add_argument("--against", nargs="*", default=[], help="KNOB=VALUE for y")
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=11)
    parser.add_argument("--support", type=int, default=0)
    parser.add_argument("--evolutions", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    levels = dict(shipped_levels())
    base = levels[args.level]
    levels["x"] = dataclasses.replace(base, name="x", **_changes(args.set))
    levels["y"] = dataclasses.replace(base, name="y", **_changes(args.against))
    report = run_sim(
        shipped_catalog(),
        ["x", "y"],
        args.games,
        args.seed,
        levels=levels,
        support=args.support,
        evolutions=args.evolutions,
    )
    x = report.wins["x"]
    data = {
        "level": args.level,
        "x": args.set,
        "y": args.against,
        "games": args.games,
        "seed": args.seed,
        "wins": report.wins,
        "x_rate": x / args.games,
        "x_ci95": list(wilson(x, args.games)),
        "mean_turns": report.mean_turns,
    }
    if args.json:
        print(json.dumps(data))
        return 0
    lo, hi = data["x_ci95"]
    print(
        f"{args.level} {' '.join(args.set)} against {' '.join(args.against) or 'shipped'}: "
        f"{x} : {report.wins['y']} ({data['x_rate']:.1%}, 95% CI {lo:.1%}-{hi:.1%}), "
        f"{report.mean_turns:.1f} turns"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
