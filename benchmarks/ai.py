"""AI thinking time per level: `python benchmarks/ai.py [--json] [--games N] [--seed S]
[--support N] [--evolutions]`.

Plays whole physics matches of each level (easy, normal, hard) against the normal bot,
seats alternating, and times every call the level's seat gets from the match session:

- a decision: `choose(observation, legal)` (cards, gates, targets; Hard's search);
- a throw plan: `throw(...)` (candidate throws simulated on a copy of the table, then
  the execution noise).

With `--support N` and `--evolutions` the kits hold Traps / Battle Gear and Evolution
cards. Prints, per level, the median and 95th percentile of each in milliseconds (the
issue's budget: Hard at most 300 ms median per decision), how many were timed, and
Hard's search iterations per second.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import physics  # noqa: E402
from game.ai.classic.levels import LEVEL_NAMES  # noqa: E402
from game.content.classic import shipped_catalog  # noqa: E402
from game.games.classic import shipped_levels  # noqa: E402
from game.match.classic.seats import BotSeat  # noqa: E402
from game.match.classic.session import MatchSession, Zone, run_match  # noqa: E402
from game.rules.classic import Action, random_kit  # noqa: E402
from game.rules.classic.observation import Observation  # noqa: E402


class TimedSeat:
    """A seat that times its bot's calls."""

    def __init__(self, seat: BotSeat) -> None:
        self.seat = seat
        self.decisions: list[float] = []
        self.throws: list[float] = []

    @property
    def intended(self) -> object:
        return self.seat.intended

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        start = time.perf_counter()
        action = self.seat.choose(obs, legal)
        self.decisions.append(time.perf_counter() - start)
        return action

    def throw(
        self, obs: Observation, bakugan: str, table: physics.TableSpec, zone: Zone
    ) -> physics.Throw:
        start = time.perf_counter()
        t = self.seat.throw(obs, bakugan, table, zone)
        self.throws.append(time.perf_counter() - start)
        return t


def _ms(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return 1000.0 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def bench(games: int, seed: int, support: int = 0, evolutions: bool = False) -> dict[str, Any]:
    catalog = shipped_catalog()
    levels = shipped_levels()
    out: dict[str, Any] = {}
    for name in LEVEL_NAMES:
        decisions: list[float] = []
        throws: list[float] = []
        for g in range(games):
            game_seed = seed * 1_000_003 + g
            rng = random.Random(game_seed)
            kits = [
                random_kit(catalog, rng, support=support, evolutions=evolutions) for _ in range(2)
            ]
            session = MatchSession(catalog, kits, seed=game_seed)
            timed = TimedSeat(BotSeat.named(name, catalog, game_seed * 7, levels))
            other = BotSeat.named("normal", catalog, game_seed * 7 + 1, levels)
            seats: list[Any] = [timed, other] if g % 2 == 0 else [other, timed]
            run_match(session, seats)
            decisions += timed.decisions
            throws += timed.throws
        out[name] = {
            "decisions": len(decisions),
            "median_decision_ms": round(1000.0 * statistics.median(decisions), 2)
            if decisions
            else 0.0,
            "p95_decision_ms": round(_ms(decisions, 0.95), 2),
            "max_decision_ms": round(1000.0 * max(decisions, default=0.0), 2),
            "throws": len(throws),
            "median_throw_plan_ms": round(1000.0 * statistics.median(throws), 2) if throws else 0.0,
            "p95_throw_plan_ms": round(_ms(throws, 0.95), 2),
            "iterations": levels[name].iterations,
            "aim_samples": levels[name].aim_samples,
            "aim_checks": levels[name].aim_checks,
        }
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", type=int, default=8, help="matches per level")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--support", type=int, default=0, help="Traps / Battle Gear per kit")
    parser.add_argument("--evolutions", action="store_true", help="and Evolution cards")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    levels = bench(args.games, args.seed, args.support, args.evolutions)
    data = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "games_per_level": args.games,
        "support": args.support,
        "evolutions": args.evolutions,
        "levels": levels,
        "median_decision_ms": {k: v["median_decision_ms"] for k, v in levels.items()},
        "p95_decision_ms": {k: v["p95_decision_ms"] for k, v in levels.items()},
        "median_throw_plan_ms": {k: v["median_throw_plan_ms"] for k, v in levels.items()},
        "hard_within_budget": levels["hard"]["median_decision_ms"] <= 300.0,
        "seconds": round(time.perf_counter() - start, 1),
    }
    if args.json:
        print(json.dumps(data))
        return 0
    for name, v in levels.items():
        print(
            f"{name:>7}: decision median {v['median_decision_ms']:.1f} ms, "
            f"p95 {v['p95_decision_ms']:.1f} ms ({v['decisions']}); throw plan median "
            f"{v['median_throw_plan_ms']:.1f} ms, p95 {v['p95_throw_plan_ms']:.1f} ms"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
