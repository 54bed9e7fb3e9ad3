"""Battle Planet AI thinking time per level: `python benchmarks/planet_ai.py [--json]
[--games N] [--seed S]`.

Plays whole rules-core matches (the landing model for the rolls, preset decks drawn
from the seed, seats alternating) of each level (easy, normal, hard) against the normal
bot and times every decision the level's bot takes with more than one legal action
(`LevelBot.choose`: Hard's search included). Prints, per level, how many decisions were
timed and their median, 95th percentile and maximum in milliseconds (the issue's budget:
Hard at most 300 ms median per decision), and Hard's search budget.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.ai.planet.levels import LEVEL_NAMES  # noqa: E402
from game.content.planet import shipped_catalog  # noqa: E402
from game.games.planet import shipped_levels  # noqa: E402
from game.match.planet.sim import play_match, thinking_figures  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    catalog, levels = shipped_catalog(), shipped_levels()
    presets = sorted(catalog.presets)
    out: dict[str, Any] = {
        "games_per_level": args.games,
        "python": platform.python_version(),
        "budget_ms": {"hard_median": 300},
    }
    for name in LEVEL_NAMES:
        times: list[float] = []
        searches: list[tuple[float, int, int]] = []
        start = time.perf_counter()
        for g in range(args.games):
            seed = args.seed * 1_000_003 + g
            seat = g % 2
            names = [name, "normal"] if seat == 0 else ["normal", name]
            decks = [presets[(seed + i) % len(presets)] for i in (0, 1)]
            bots: list[Any] = []
            record = play_match(
                catalog,
                names,
                [catalog.presets[d].kit for d in decks],
                seed,
                levels=levels,
                keep=bots,
            )
            times += record.times[seat]
            searches += getattr(bots[seat], "searches", [])
        figures: dict[str, Any] = thinking_figures(times) if times else {}
        figures["seconds"] = time.perf_counter() - start
        if searches:
            figures["searched"] = thinking_figures([s for s, _, _ in searches])
            figures["searched"]["playouts_median"] = statistics.median(p for _, p, _ in searches)
            figures["searched"]["steps_median"] = statistics.median(n for _, _, n in searches)
            figures["searched"]["steps_max"] = max(n for _, _, n in searches)
        out[name] = figures
    hard = levels["hard"]
    out["hard_knobs"] = {
        "rollouts": hard.rollouts,
        "determinizations": hard.determinizations,
        "width": hard.width,
        "search_steps": list(hard.search_steps),
        "step_budget": hard.step_budget,
    }
    if args.json:
        print(json.dumps(out))
        return
    for name in LEVEL_NAMES:
        f = out[name]
        print(
            f"{name:>7}: {f.get('decisions', 0):>5} decisions, median {f.get('median', 0):.2f} ms,"
            f" p95 {f.get('p95', 0):.2f} ms, max {f.get('max', 0):.1f} ms"
        )
        if "searched" in f:
            t = f["searched"]
            print(
                f"{'':>7}  searched: {t['decisions']:>5} decisions, median {t['median']:.2f} ms,"
                f" p95 {t['p95']:.2f} ms, max {t['max']:.1f} ms; playouts {t['playouts_median']:g},"
                f" rules-core actions {t['steps_median']:g} median, {t['steps_max']} max"
            )


if __name__ == "__main__":
    main()
