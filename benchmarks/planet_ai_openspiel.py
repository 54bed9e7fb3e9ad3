"""OpenSpiel's own conformance test on `bakugan_planet`: `python
benchmarks/planet_ai_openspiel.py [--sims 200] [--json]`.

Runs `pyspiel.random_sim_test` (random play to the end of each game, checking the legal
actions, chance outcomes, cloning, the observation and information-state strings and
tensors, returns, and with `serialize` a save and load at every step) on the game with
its default parameters, then on the turn-based conversion (`--turn-based-sims`, without
serialization). A failure raises; the figures are the sims and the seconds they took.
The test suite runs 20 of the first (tests/ai/planet/test_openspiel_planet.py).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pyspiel  # noqa: E402

from game.games.planet import openspiel_game  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=200)
    parser.add_argument("--turn-based-sims", type=int, default=20)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = openspiel_game()
    start = time.perf_counter()
    pyspiel.random_sim_test(game, num_sims=args.sims, serialize=True, verbose=False)
    simultaneous = time.perf_counter() - start
    start = time.perf_counter()
    turn_based = pyspiel.convert_to_turn_based(game)
    pyspiel.random_sim_test(
        turn_based, num_sims=args.turn_based_sims, serialize=False, verbose=False
    )
    converted = time.perf_counter() - start
    out = {
        "game": "bakugan_planet",
        "sims": args.sims,
        "serialize": True,
        "seconds": round(simultaneous, 2),
        "turn_based_sims": args.turn_based_sims,
        "turn_based_seconds": round(converted, 2),
        "passed": True,
    }
    if args.json:
        print(json.dumps(out))
        return
    print(
        f"bakugan_planet: pyspiel.random_sim_test passed, {args.sims} sims serialized in"
        f" {simultaneous:.1f} s; turn-based, {args.turn_based_sims} sims in {converted:.1f} s"
    )


if __name__ == "__main__":
    main()
