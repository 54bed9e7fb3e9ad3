"""How long a 4-player Bakugan Attack! game against three computers lasts on screen.

    python benchmarks/attack_screen_time.py [--games 3] [--levels normal,normal,normal]
        [--person-seconds 3] [--json]

Plays whole games through the real screens (headless, posted events, the end-to-end
test's player) and reads the game clock: the animations, the dice rolling and the
computers' visible moments of thought. A newcomer's own time is added as
`--person-seconds` per card he plays and per die he throws, and 10 s per score sheet
(an assumption, not a measurement). Issue 15 asks for about ten minutes.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ui.app import STEP, App
from game.ui.attack.setup import AttackSetupScene
from tests.ui.attack.driver import AttackPlayer

SHEET_SECONDS = 10.0


def one_game(seed: int, levels: list[str], person_seconds: float) -> dict[str, float]:
    app = App("en", fast=True)
    app.time_scale = 8.0
    player = AttackPlayer(["human", *levels], seed)
    app.run(AttackSetupScene(app, seed=seed), max_frames=80_000, each_frame=player)
    table = player.table
    assert player.done and table is not None, "the game did not end"
    shown = app.frames * STEP * app.time_scale
    person = (player.cards_played + player.dice_thrown) * person_seconds
    person += player.sheets * SHEET_SECONDS
    return {
        "deals": float(table.match.state.deal_no),
        "show_min": shown / 60,
        "total_min": (shown + person) / 60,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--levels", default="normal,normal,normal")
    parser.add_argument("--person-seconds", type=float, default=3.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    levels = args.levels.split(",")
    runs = [one_game(seed, levels, args.person_seconds) for seed in range(1, args.games + 1)]
    out = {
        "games": args.games,
        "levels": levels,
        "mean_deals": statistics.mean(r["deals"] for r in runs),
        "mean_show_minutes": statistics.mean(r["show_min"] for r in runs),
        "mean_minutes_with_a_newcomer": statistics.mean(r["total_min"] for r in runs),
        "person_seconds_per_choice": args.person_seconds,
    }
    print(json.dumps(out, indent=None if args.json else 2))


if __name__ == "__main__":
    main()
