"""Bakugan Attack! AI ladder: each level against the one below, two seats each.

    python benchmarks/attack_ladder.py [--games 400] [--variant standard] [--jobs 2] [--json]

Plays the same games as `bakugan sim --rules attack --policies hard,normal,hard,normal
--games 400 --seed 1` (and `normal,easy,...`, `easy,random,...`), split over `--jobs`
processes (a part plays games first .. first + n - 1 of the run, so the split does not
change a game). The target (issue 15): each level's two seats win more than the equal
share (50%) with the 95% interval above it.
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels as shipped_attack_levels
from game.match.attack.sim import Tally, run_tally
from game.rules.attack import Settings, Variant

PAIRS = [("hard", "normal"), ("normal", "easy"), ("easy", "random")]


def _part(args: tuple[str, str, int, int, int, str]) -> Tally:
    upper, lower, first, games, seed, variant = args
    settings = Settings(4, Variant(variant))
    names = [upper, lower, upper, lower]
    return run_tally(shipped_deck(), names, games, seed, settings, shipped_attack_levels(), first)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variant", default="standard", choices=("standard", "house"))
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--pairs", default="hard,normal;normal,easy;easy,random")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pairs = [tuple(p.split(",")) for p in args.pairs.split(";")]
    settings = Settings(4, Variant(args.variant))
    out: dict[str, object] = {"games": args.games, "variant": args.variant, "seed": args.seed}
    jobs = max(1, args.jobs)
    size = -(-args.games // jobs)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for upper, lower in pairs:
            parts = [
                (upper, lower, first, min(size, args.games - first), args.seed, args.variant)
                for first in range(0, args.games, size)
            ]
            tallies = list(pool.map(_part, parts))
            longest = max(t.seconds for t in tallies)  # the parts ran side by side
            total = tallies[0]
            for t in tallies[1:]:
                total.merge(t)
            total.seconds = longest
            data = total.to_json(settings)
            level = data["levels"][upper]
            out[f"{upper}_vs_{lower}"] = {
                "rate": round(level["rate"], 4),
                "ci95": [round(x, 4) for x in level["ci95"]],
                "equal_share": level["equal_share"],
                "holds": level["ci95"][0] > level["equal_share"],
                "mean_points": {k: round(v, 2) for k, v in data["mean_points"].items()},
                "shared_wins": data["shared_wins"],
                "mean_deals": round(data["mean_deals"], 2),
                "seconds": round(total.seconds, 1),
            }
            if not args.json:
                print(f"{upper} vs {lower}: {out[f'{upper}_vs_{lower}']}", flush=True)
    if args.json:
        print(json.dumps(out))


if __name__ == "__main__":
    main()
