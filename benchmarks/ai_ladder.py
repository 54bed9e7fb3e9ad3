"""The AI ladder on the physics table with the New Vestroia pieces in the kits:
`python benchmarks/ai_ladder.py --policies hard,normal [--support N] [--evolutions]
[--games 200] [--seed 1] [--jobs 2] [--json]`.

The same matches as `bakugan sim --physics --support N --evolutions`
(`game.match.classic.sim.run_physics_sim`: the match session, every throw aimed and rolled on the
table, seats alternating, game g seeded `seed * 1_000_003 + g`, each kit dealt with
`random_kit(..., support, evolutions)`), with the same figures, played in `--jobs`
processes (the figures do not depend on it) and counting the pieces each bot played.

Prints the wins, win rates with 95% Wilson intervals, mean turns and battles, each
bot's hit rate (throws that opened on the card it aimed at), and how often the pieces
were used: Traps and Battle Gear played, evolutions, per bot.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.content.classic import shipped_catalog  # noqa: E402
from game.games.classic import shipped_levels  # noqa: E402
from game.match.classic.seats import BotSeat  # noqa: E402
from game.match.classic.session import MatchSession, run_match  # noqa: E402
from game.match.classic.sim import wilson  # noqa: E402
from game.match.runs import seat_keys  # noqa: E402
from game.rules.classic import random_kit  # noqa: E402
from game.rules.classic.events import Evolved, GearOpened, TrapOpened  # noqa: E402

COUNTED = {"traps": TrapOpened, "gear": GearOpened, "evolutions": Evolved}


def play(names: list[str], seed: int, g: int, support: int, evolutions: bool) -> dict[str, Any]:
    """Game `g` of a run: who won (by policy index) and what each policy did."""
    catalog, levels = shipped_catalog(), shipped_levels()
    game_seed = seed * 1_000_003 + g
    order = list(range(len(names))) if g % 2 == 0 else list(reversed(range(len(names))))
    rng = random.Random(game_seed)
    kits = [random_kit(catalog, rng, support=support, evolutions=evolutions) for _ in names]
    session = MatchSession(catalog, kits, seed=game_seed)
    seats = [BotSeat.named(names[i], catalog, game_seed * 7 + i, levels) for i in order]
    stats = run_match(session, seats)
    used = {k: [0] * len(names) for k in COUNTED}
    for entry in session.timeline:
        if isinstance(entry, TrapOpened | GearOpened | Evolved):
            key = next(k for k, kind in COUNTED.items() if isinstance(entry, kind))
            used[key][order[entry.player]] += 1
    return {
        "winner": order[stats.winner],
        "turns": stats.turns,
        "battles": stats.battles,
        "throws": [stats.seat_throws[order.index(i)] for i in range(len(names))],
        "hits": [stats.seat_hits[order.index(i)] for i in range(len(names))],
        "used": used,
    }


def ladder(
    names: list[str], games: int, seed: int, support: int, evolutions: bool, jobs: int
) -> dict[str, Any]:
    start = time.perf_counter()
    args = [(names, seed, g, support, evolutions) for g in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            results = list(pool.map(play, *zip(*args, strict=True), chunksize=4))
    else:
        results = [play(*a) for a in args]
    keys = seat_keys(names)
    wins = {k: sum(r["winner"] == i for r in results) for i, k in enumerate(keys)}
    throws = {k: sum(r["throws"][i] for r in results) for i, k in enumerate(keys)}
    hits = {k: sum(r["hits"][i] for r in results) for i, k in enumerate(keys)}
    used = {
        what: {k: sum(r["used"][what][i] for r in results) for i, k in enumerate(keys)}
        for what in COUNTED
    }
    return {
        "games": games,
        "seed": seed,
        "support": support,
        "evolutions": evolutions,
        "wins": wins,
        "win_rates": {
            k: {"rate": v / games, "ci95": list(wilson(v, games))} for k, v in wins.items()
        },
        "mean_turns": sum(r["turns"] for r in results) / games,
        "mean_battles": sum(r["battles"] for r in results) / games,
        "hit_rates": {k: hits[k] / v if v else 0.0 for k, v in throws.items()},
        "played": used,
        "seconds": round(time.perf_counter() - start, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--policies", default="hard,normal")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--support", type=int, default=4, help="Traps / Battle Gear per kit")
    parser.add_argument("--evolutions", action="store_true")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    names = [n.strip() for n in args.policies.split(",")]
    data = ladder(names, args.games, args.seed, args.support, args.evolutions, args.jobs)
    if args.json:
        print(json.dumps(data))
        return 0
    print(f"{data['games']} games, seed {args.seed}, {data['seconds']} s")
    for name, rate in data["win_rates"].items():
        lo, hi = rate["ci95"]
        print(
            f"  {name:>8}: {data['wins'][name]:>4} wins {rate['rate']:.1%} (95% CI "
            f"{lo:.1%}-{hi:.1%}), hit rate {data['hit_rates'][name]:.1%}, played "
            + ", ".join(f"{data['played'][w][name]} {w}" for w in COUNTED)
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
