"""Rules-core speed: whole random matches per second on one core.

    python benchmarks/rules.py [--games 2000] [--json]

Runs the same simulation as `bakugan sim --rules classic --policies random,random` and,
in the same run, the bare rules loop (legal actions, apply) without policies or the
landing model, so the ratio shows what the simulation adds around the core.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from game.content.classic import shipped_catalog
from game.match.classic.sim import run_sim
from game.rules.classic import MatchState, random_kit


def bare_matches_per_sec(games: int, seed: int) -> float:
    catalog = shipped_catalog()
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed * 7919 + g)
        state, _ = MatchState.new(catalog, [random_kit(catalog, rng) for _ in range(2)], seed=g)
        while not state.is_over():
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = run_sim(shipped_catalog(), ["random", "random"], args.games, args.seed)
    bare = bare_matches_per_sec(args.games, args.seed)
    result = {
        "games": args.games,
        "sim_matches_per_sec": round(report.matches_per_sec, 1),
        "bare_matches_per_sec": round(bare, 1),
        "sim_over_bare_time_ratio": round(bare / report.matches_per_sec, 3),
        "mean_turns": report.mean_turns,
        "target_matches_per_sec": 1000,
    }
    if args.json:
        print(json.dumps(result))
    else:
        for k, v in result.items():
            print(f"{k:>26}: {v}")


if __name__ == "__main__":
    main()
