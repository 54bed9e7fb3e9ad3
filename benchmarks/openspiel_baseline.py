"""A yardstick for our AI: the Hard bot against OpenSpiel's IS-MCTS bot, rules only.

    python benchmarks/openspiel_baseline.py [--games 200] [--seed 1] [--bot hard]
        [--simulations N] [--uct-c 2.0] [--aimless] [--hit-aim 0.55] [--hit-other 0.2]
        [--think-cap 60] [--jobs N] [--json]

Both play the OpenSpiel game `bakugan_classic` (game/ai/classic/openspiel/); seats
alternate between games. Throws land by the game's landing model (`game.ai.classic.landing.
LandingModel`: the aimed Gate Card with `hit_aim`, any card with `hit_other`, else a
miss), for both sides alike: each names the card it aims at (``--aimless``: nobody aims).

- Our bot (``--bot``, default ``hard``): a level of assets/data/ai/levels.toml (or
  `random`/`greedy`), in rules-only mode: it is handed the core's ``observation(seat)``
  and legal actions and names its aim; its own model of throws (`model_hit`) is set to
  the game's `hit_aim`, so it searches the landing odds that are really used.
- OpenSpiel's ``ISMCTSBot`` with a random-rollout evaluator and as many simulations per
  decision as our bot's level has search iterations (``--simulations``), resampling
  worlds with the game's resampler (`make_resampler`: only what the seat cannot see is
  drawn again, consistent with the history).

Prints `games`, `hard_win_rate` (draws count as not won) with its 95% Wilson interval,
and each side's median decision time (decisions with more than one legal action).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing
import random
import statistics
import sys
import time
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from game.ai.classic import openspiel as og
from game.ai.classic.basic import make_policy
from game.games.classic import openspiel_game, shipped_levels
from game.match.classic.sim import wilson
from game.rules.classic import Throw


def play_one(index: int, args: argparse.Namespace) -> dict[str, Any]:
    """One match; our bot sits in seat ``index % 2``."""
    seed = args.seed * 1_000_003 + index
    game = openspiel_game(
        aimed_throws=not args.aimless, hit_aim=args.hit_aim, hit_other=args.hit_other
    )
    spec = game.spec
    ours = index % 2
    levels = dict(shipped_levels())
    if args.bot in levels:
        levels[args.bot] = dataclasses.replace(
            levels[args.bot], model_hit=args.hit_aim, think_cap_s=args.think_cap
        )
    policy = make_policy(args.bot, spec.catalog, seed * 7 + ours, levels, spec.settings)
    rs = np.random.RandomState(seed % 2**32)
    searcher = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs),
        args.uct_c,
        args.simulations,
        random_state=rs,
        final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
    )
    memory = og.ResampleMemory()
    searcher.set_resampler(og.make_resampler(seed, memory))
    chance = random.Random(seed)
    state = game.new_initial_state()
    times: dict[str, list[float]] = {"ours": [], "ismcts": []}
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(
                chance.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            )
            continue
        player = state.current_player()
        choices = len(state.legal_actions())
        start = time.perf_counter()
        if player == ours:
            core = state.core
            obs = core.observation(player)
            action = policy.choose(obs if policy.observes else None, core.legal_actions())
            aim = None
            if isinstance(action, Throw) and not args.aimless:
                aim = policy.aim(obs if policy.observes else None, action.bakugan)
                if aim not in core.field:
                    aim = None
            action_id = state.encode(action, aim)
            side = "ours"
        else:
            action_id = searcher.step(state)
            side = "ismcts"
        if choices > 1:
            times[side].append(time.perf_counter() - start)
        state.apply_action(action_id)
    returns = state.returns()
    return {
        "index": index,
        "our_seat": ours,
        "our_return": returns[ours],
        "turns": state.core.turn,
        "times": times,
        "resampler": memory.stats,
    }


def _median(xs: list[float]) -> float | None:
    return round(statistics.median(xs), 4) if xs else None


def summarize(
    results: list[dict[str, Any]], args: argparse.Namespace, elapsed: float
) -> dict[str, Any]:
    games = len(results)
    wins = sum(1 for r in results if r["our_return"] > 0)
    draws = sum(1 for r in results if r["our_return"] == 0)
    ours = [t for r in results for t in r["times"]["ours"]]
    theirs = [t for r in results for t in r["times"]["ismcts"]]
    by_seat = {
        f"seat_{s}": sum(1 for r in results if r["our_seat"] == s and r["our_return"] > 0)
        / max(1, sum(1 for r in results if r["our_seat"] == s))
        for s in (0, 1)
    }
    resampler: dict[str, int] = {}
    for r in results:
        for k, v in r["resampler"].items():
            resampler[k] = resampler.get(k, 0) + v
    low, high = wilson(wins, games)
    median_ours, median_theirs = _median(ours), _median(theirs)
    return {
        "games": games,
        "bot": args.bot,
        "hard_win_rate": round(wins / games, 4) if games else 0.0,
        "hard_win_rate_ci95": [round(low, 4), round(high, 4)],
        "hard_wins": wins,
        "ismcts_wins": games - wins - draws,
        "draws": draws,
        "hard_win_rate_by_seat": {k: round(v, 4) for k, v in by_seat.items()},
        "hard_median_decision_s": median_ours,
        "ismcts_median_decision_s": median_theirs,
        "hard_decisions": len(ours),
        "ismcts_decisions": len(theirs),
        "goal_met": bool(
            games
            and wins / games >= 0.55
            and median_ours is not None
            and median_theirs is not None
            and median_ours <= median_theirs
        ),
        "mean_turns": round(sum(r["turns"] for r in results) / max(1, games), 2),
        "ismcts": {"simulations": args.simulations, "uct_c": args.uct_c, "rollouts": 1},
        "think_cap_s": args.think_cap,
        "landing": {
            "aimed": not args.aimless,
            "hit_aim": args.hit_aim,
            "hit_other": args.hit_other,
        },
        "resampler": resampler,
        "elapsed_s": round(elapsed, 1),
        "jobs": args.jobs,
    }


def _work(job: tuple[int, argparse.Namespace]) -> dict[str, Any]:
    return play_one(*job)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--bot", default="hard", help="a level (easy, normal, hard), random, greedy"
    )
    parser.add_argument(
        "--simulations",
        type=int,
        default=0,
        help="IS-MCTS simulations per decision (default: the level's iterations, else 200)",
    )
    parser.add_argument("--uct-c", type=float, default=2.0)
    parser.add_argument("--aimless", action="store_true", help="throws name no aim")
    parser.add_argument("--hit-aim", type=float, default=og.EXTRA_PARAMS["hit_aim"])
    parser.add_argument("--hit-other", type=float, default=og.EXTRA_PARAMS["hit_other"])
    parser.add_argument(
        "--think-cap",
        type=float,
        default=60.0,
        help="our level's wall-clock safety cap per decision (s); high, so that its"
        " iterations decide, as the IS-MCTS bot's simulations do",
    )
    parser.add_argument("--jobs", type=int, default=1, help="matches played in parallel")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.simulations <= 0:
        level = shipped_levels().get(args.bot)
        args.simulations = level.iterations if level is not None and level.iterations else 200
    jobs = [(i, args) for i in range(args.games)]
    start = time.perf_counter()
    results: list[dict[str, Any]] = []
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            for r in pool.imap_unordered(_work, jobs):
                results.append(r)
                _progress(results, start)
    else:
        for job in jobs:
            results.append(_work(job))
            _progress(results, start)
    report = summarize(sorted(results, key=lambda r: r["index"]), args, time.perf_counter() - start)
    if args.json:
        print(json.dumps(report))
    else:
        for k, v in report.items():
            print(f"{k:>26}: {v}")


def _progress(results: list[dict[str, Any]], start: float) -> None:
    wins = sum(1 for r in results if r["our_return"] > 0)
    print(
        f"{len(results)} games, ours won {wins} ({wins / len(results):.0%}),"
        f" {time.perf_counter() - start:.0f} s",
        file=sys.stderr,
        flush=True,
    )


if __name__ == "__main__":
    main()
