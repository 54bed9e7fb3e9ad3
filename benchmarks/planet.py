"""Battle Planet rules-core speed: whole random matches per second on one core.

    python benchmarks/planet.py [--games 2000] [--seed 1]

Runs the same simulation as `bakugan sim --rules planet --policies random,random` (the
landing model for the rolls, seats alternating, random preset decks), under both card
play rules, and prints one JSON line: matches per second of wall-clock time and of the
process's CPU time. Target (issue 16): at least 300 matches/s on one core.
"""

from __future__ import annotations

import argparse
import json
import time

from game.content.planet import shipped_catalog
from game.match.planet.sim import run_sim
from game.rules.planet import CardPlay, Settings


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    catalog = shipped_catalog()
    out = {"games": args.games, "target_matches_per_sec": 300}
    for mode in CardPlay:
        cpu = time.process_time()
        report = run_sim(
            catalog, ["random", "random"], args.games, args.seed, settings=Settings(card_play=mode)
        )
        cpu = time.process_time() - cpu
        out[mode.value] = {
            "matches_per_sec": round(report["matches_per_sec"], 1),
            # per second of this process's own CPU time: the figure a shared machine
            # disturbs least (the wall-clock one counts time spent waiting for a core)
            "matches_per_cpu_sec": round(args.games / cpu, 1) if cpu > 0 else 0.0,
            "mean_turns": round(report["mean_turns"], 2),
            "mean_actions": round(report["mean_actions"], 1),
            "draws": report["draws"],
        }
    greedy = run_sim(catalog, ["greedy", "random"], args.games // 4, args.seed)
    out["greedy_vs_random"] = {
        "games": greedy["games"],
        "greedy_win_rate": greedy["win_rates"]["greedy"]["rate"],
        "ci95": greedy["win_rates"]["greedy"]["ci95"],
        "matches_per_sec": round(greedy["matches_per_sec"], 1),
    }
    print(json.dumps(out))


if __name__ == "__main__":
    main()
