"""Bakugan Attack! bots: thinking time per decision, by level.

    python benchmarks/attack_ai.py [--games 20] [--players 4] [--variant standard] [--json]

Plays whole games with Hard, Normal, Easy and random around the table (seats rotate
between games) and prints, per level, the median, 95th percentile and longest time of a
decision with a real choice (one playable card is no decision). Target (issue 15): Hard
at most 200 ms median.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from game.ai.attack import LevelPolicy, make_policy
from game.content.attack import shipped_deck
from game.games.attack import shipped_levels as shipped_attack_levels
from game.match.attack.sim import play_game
from game.rules.attack import Settings, Variant

ROTATION = ["hard", "normal", "easy", "random", "normal"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="standard", choices=("standard", "house"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    deck, levels = shipped_deck(), shipped_attack_levels()
    settings = Settings(args.players, Variant(args.variant))
    names = ROTATION[: args.players]
    times: dict[str, list[float]] = {n: [] for n in names if n != "random"}
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed * 1_000_003 + g
        order = [names[(i + g) % len(names)] for i in range(len(names))]
        bots = [make_policy(n, deck, seed * 7 + i, levels) for i, n in enumerate(order)]
        play_game(deck, settings, bots, seed)
        for bot in bots:
            if isinstance(bot, LevelPolicy):
                times[bot.name].extend(bot.thinking)
    result: dict[str, object] = {
        "games": args.games,
        "players": args.players,
        "variant": args.variant,
        "seconds": round(time.perf_counter() - start, 1),
        "target_hard_median_ms": 200,
    }
    for name, values in times.items():
        ms = sorted(v * 1000 for v in values)
        result[name] = {
            "decisions": len(ms),
            "median_ms": round(statistics.median(ms), 3) if ms else 0.0,
            "p95_ms": round(ms[int(0.95 * (len(ms) - 1))], 3) if ms else 0.0,
            "max_ms": round(ms[-1], 3) if ms else 0.0,
        }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>22}: {value}")


if __name__ == "__main__":
    main()
