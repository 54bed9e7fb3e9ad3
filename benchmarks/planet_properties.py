"""The Battle Planet property run of issue 16 over many random matches (2,000 by
default; the suite runs a seeded few of the same checks):

    python benchmarks/planet_properties.py [--games 2000] [--seed 0]

Each match is played with random legal actions and the landing model, half under the
official batch and half under the seed's free card play. After every action: every card
in exactly one zone, Energy never negative, a legal action for each player to act; now
and then an illegal action must be refused with the state unchanged and the state must
survive an exact JSON round trip; every match must end; a replay of every tenth seed
must give the same events. Prints one JSON line; exits 1 on any problem.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from game.ai.planet.selfcheck import checked_match
from game.content.planet import shipped_catalog
from game.rules.planet import CardPlay, Settings


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    catalog = shipped_catalog()
    presets = sorted(catalog.presets)
    problems: list[str] = []
    actions = illegal = trips = draws = turns = replays = ended = 0
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed * 1_000_003 + g
        rng = random.Random(seed)
        kits = [catalog.presets[presets[rng.randrange(len(presets))]].kit for _ in range(2)]
        settings = Settings(card_play=CardPlay.BATCH if g % 2 == 0 else CardPlay.FREE)
        match = checked_match(catalog, kits, seed, settings)
        problems += match.problems
        actions += match.actions
        illegal += match.illegal_tried
        trips += match.round_trips
        draws += match.ended and match.winner is None
        ended += match.ended
        turns += match.turns
        if g % 10 == 0:
            replays += 1
            if checked_match(catalog, kits, seed, settings).events != match.events:
                problems.append(f"seed {seed}: the same seed gave other events")
    elapsed = time.perf_counter() - start
    print(
        json.dumps(
            {
                "games": args.games,
                "ended": ended,
                "problems": len(problems),
                "first_problems": problems[:5],
                "actions_checked": actions,
                "illegal_actions_refused": illegal,
                "json_round_trips": trips,
                "replays_compared": replays,
                "draws": draws,
                "mean_turns": round(turns / max(1, args.games), 2),
                "seconds": round(elapsed, 1),
            }
        )
    )
    return 1 if problems or ended != args.games else 0


if __name__ == "__main__":
    sys.exit(main())
