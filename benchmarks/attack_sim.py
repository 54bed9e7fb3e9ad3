"""Bakugan Attack! rules-core speed: whole random games per second on one core.

    python benchmarks/attack_sim.py [--games 2000] [--players 4] [--variant standard] [--json]

Runs the same simulation as `bakugan sim --rules attack --policies random` and, in the
same run, the bare rules loop (current players, legal actions, apply, seeded chance)
without policies, so the ratio shows what the simulation adds around the core.
Target (issue 15): at least 1,000 whole 4-player random games per second.
"""

from __future__ import annotations

import argparse
import json
import random
import time

from game.content.attack import shipped_deck
from game.match.attack.sim import run_tally
from game.rules.attack import CHANCE, AttackState, Settings, Variant


def bare_games_per_sec(games: int, seed: int, settings: Settings) -> float:
    deck = shipped_deck()
    start = time.perf_counter()
    for g in range(games):
        rng = random.Random(seed * 7919 + g)
        state, _ = AttackState.new(deck, settings, seed=g)
        while True:
            players = state.current_players()
            if not players:
                break
            if players[0] == CHANCE:
                state.apply(state.chance_action())
                continue
            for p in players:
                legal = state.legal_actions(p)
                state.apply(legal[rng.randrange(len(legal))])
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--variant", default="standard", choices=("standard", "house"))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    settings = Settings(args.players, Variant(args.variant))
    tally = run_tally(shipped_deck(), ["random"] * args.players, args.games, args.seed, settings)
    report = tally.to_json(settings)
    bare = bare_games_per_sec(args.games, args.seed, settings)
    result = {
        "games": args.games,
        "players": args.players,
        "variant": args.variant,
        "sim_games_per_sec": round(report["matches_per_sec"], 1),
        "bare_games_per_sec": round(bare, 1),
        "sim_over_bare_time_ratio": round(bare / report["matches_per_sec"], 3),
        "mean_deals": round(report["mean_deals"], 3),
        "mean_rounds": round(report["mean_rounds"], 2),
        "target_games_per_sec": 1000,
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>26}: {value}")


if __name__ == "__main__":
    main()
