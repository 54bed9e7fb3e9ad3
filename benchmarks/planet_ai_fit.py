"""Fit the Battle Planet position reading: `python benchmarks/planet_ai_fit.py [--games
1500] [--seed 0] [--policy normal] [--json]`.

Plays whole matches of the policy against itself (the landing model for the rolls,
preset decks drawn from the seed), records at the start of every turn each player's
position features (`game.ai.planet.reading.features`: the differences in cards in deck,
Energy, hand, open Bakugan, mean B-Power and damage of the Bakugan each may roll next,
starting player) and who won the match, and fits a logistic model of the win on them
(Newton's method, standard library). Prints the fitted weights, the log-loss of the
fit, of the weights in `reading.WEIGHTS` and of a coin, on the same positions.
`reading.WEIGHTS` is this benchmark's output (docs/ai.md).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.ai.planet.bots import make_bot  # noqa: E402
from game.ai.planet.landing import DEFAULT_MODEL  # noqa: E402
from game.ai.planet.reading import FEATURES, WEIGHTS, features  # noqa: E402
from game.content.planet import shipped_catalog  # noqa: E402
from game.games.planet import shipped_levels  # noqa: E402
from game.rules.planet import CHANCE, Phase, PlanetState  # noqa: E402

Row = tuple[list[float], float]


def positions(games: int, seed: int, policy: str) -> list[Row]:
    catalog, levels = shipped_catalog(), shipped_levels()
    presets = sorted(catalog.presets)
    rows: list[Row] = []
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        rng = random.Random(game_seed)
        kits = [catalog.presets[presets[rng.randrange(len(presets))]].kit for _ in (0, 1)]
        bots = [make_bot(policy, catalog, game_seed * 7 + i, levels, kits[i]) for i in (0, 1)]
        state, _ = PlanetState.new(catalog, kits, None, game_seed)
        seen: list[tuple[int, list[float]]] = []
        turn = 0
        while not state.is_over():
            if state.phase is Phase.ENERGIZE and state.turn != turn:
                turn = state.turn
                for me in (0, 1):
                    f = features(state, me)
                    seen.append((me, [f[k] for k in FEATURES]))
            p = state.current_players()[0]
            if p == CHANCE:
                state.apply(DEFAULT_MODEL.roll(state, rng))
                continue
            bot = bots[p]
            obs = state.observation(p) if bot.observes else None
            state.apply(bot.choose(obs, state.legal_actions(p)))
        for me, x in seen:
            rows.append((x, 0.5 if state.winner is None else float(state.winner == me)))
    return rows


def _solve(a: list[list[float]], b: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (a small dense system)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[pivot] = m[pivot], m[c]
        for r in range(n):
            if r != c and m[c][c]:
                f = m[r][c] / m[c][c]
                m[r] = [x - f * y for x, y in zip(m[r], m[c], strict=True)]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows: list[Row], steps: int = 25) -> list[float]:
    """Logistic regression without an intercept (the features are differences)."""
    k = len(rows[0][0])
    w = [0.0] * k
    for _ in range(steps):
        grad = [0.0] * k
        hess = [[1e-6 * (i == j) for j in range(k)] for i in range(k)]
        for x, y in rows:
            z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
            p = 1.0 / (1.0 + math.exp(-z))
            s = p * (1.0 - p)
            for i in range(k):
                grad[i] += (p - y) * x[i]
                for j in range(k):
                    hess[i][j] += s * x[i] * x[j]
        step = _solve(hess, grad)
        w = [wi - si for wi, si in zip(w, step, strict=True)]
    return w


def log_loss(rows: list[Row], w: list[float]) -> float:
    total = 0.0
    for x, y in rows:
        z = sum(wi * xi for wi, xi in zip(w, x, strict=True))
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-z))))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", default="normal")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = positions(args.games, args.seed, args.policy)
    w = fit(rows)
    out = {
        "positions": len(rows),
        "games": args.games,
        "policy": args.policy,
        "weights": {k: round(v, 3) for k, v in zip(FEATURES, w, strict=True)},
        "log_loss": {
            "fit": round(log_loss(rows, w), 4),
            "shipped": round(log_loss(rows, [WEIGHTS[k] for k in FEATURES]), 4),
            "coin": round(math.log(2), 4),
        },
    }
    if args.json:
        print(json.dumps(out))
        return
    print(f"{out['positions']} positions from {args.games} {args.policy} matches")
    for k, v in out["weights"].items():
        print(f"  {k:>9}: {v:+.3f}  (shipped {WEIGHTS[k]:+.3f})")
    print("  log-loss: " + ", ".join(f"{k} {v}" for k, v in out["log_loss"].items()))


if __name__ == "__main__":
    main()
