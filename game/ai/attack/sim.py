"""Whole Bakugan Attack! games headless, between bots: `bakugan sim --rules attack`.

Every chance outcome (dice, shuffles, Runo's picks) is the game's own seeded draw
(`chance_action`), so a game is the same on every run. Seats rotate from game to game
(in game g the policy g mod n sits in seat 0), so no bot keeps the first deal. A shared
first place (equal fewest points) splits the win between the seats that share it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from game.rules.attack import CHANCE, AttackState, Deck, Settings

from .levels import AttackLevel
from .policy import AttackPolicy, make_policy


@dataclass(frozen=True, slots=True)
class GameRecord:
    shares: tuple[float, ...]  # each seat's share of the win (1, or split on a tie)
    points: tuple[int, ...]
    deals: int
    rounds: int
    reason: str


def play_game(
    deck: Deck, settings: Settings, policies: Sequence[AttackPolicy], seed: int
) -> GameRecord:
    """One whole game; policies[i] sits in seat i."""
    state, _ = AttackState.new(deck, settings, seed=seed)
    while True:
        players = state.current_players()
        if not players:
            break
        if players[0] == CHANCE:
            state.apply(state.chance_action())
            continue
        for p in players:  # several at once after Julie leads: each from his own view
            policy = policies[p]
            obs = state.observation(p) if policy.observes else None
            state.apply(policy.choose(obs, state.legal_actions(p)))
    result = state.result()
    assert result is not None
    first = [p for p in range(state.n) if result.places[p] == 0]
    shares = tuple(1 / len(first) if p in first else 0.0 for p in range(state.n))
    return GameRecord(
        shares, tuple(state.points), state.deal_no, state.rounds_played, state.over_reason
    )


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(max(0.0, p * (1 - p)) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def seat_names(names: Sequence[str]) -> list[str]:
    """Distinct keys for the seats: `random` and `random_2` when both are random."""
    out: list[str] = []
    for n in names:
        key, k = n, 2
        while key in out:
            key, k = f"{n}_{k}", k + 1
        out.append(key)
    return out


def run_sim(
    deck: Deck,
    names: Sequence[str],
    games: int,
    seed: int,
    settings: Settings,
    levels: Mapping[str, AttackLevel] | None = None,
) -> dict[str, Any]:
    """Play `games` games; the report `bakugan sim --rules attack --json` prints."""
    n = settings.players
    if len(names) != n:
        raise ValueError(f"{n} players need {n} policies, got {len(names)}")
    keys = seat_names(names)
    wins = dict.fromkeys(keys, 0.0)
    points = dict.fromkeys(keys, 0)
    deals = rounds = shared = 0
    reasons: dict[str, int] = {}
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        order = [(i + g) % n for i in range(n)]  # seat -> index into names
        policies = [make_policy(names[i], deck, game_seed * 7 + i, levels) for i in order]
        record = play_game(deck, settings, policies, game_seed)
        for seat, i in enumerate(order):
            wins[keys[i]] += record.shares[seat]
            points[keys[i]] += record.points[seat]
        shared += sum(1 for s in record.shares if 0 < s < 1) > 0
        deals += record.deals
        rounds += record.rounds
        reasons[record.reason] = reasons.get(record.reason, 0) + 1
    elapsed = time.perf_counter() - start
    by_level: dict[str, float] = {}
    seats: dict[str, int] = {}
    for key, name in zip(keys, names, strict=True):
        by_level[name] = by_level.get(name, 0.0) + wins[key]
        seats[name] = seats.get(name, 0) + 1
    return {
        "games": games,
        "players": n,
        "variant": settings.variant.value,
        "policies": list(names),
        "wins": wins,
        "win_rates": {
            k: {"rate": v / games if games else 0.0, "ci95": list(wilson(v, games))}
            for k, v in wins.items()
        },
        "levels": {
            name: {
                "seats": seats[name],
                "equal_share": seats[name] / n,
                "rate": total / games if games else 0.0,
                "ci95": list(wilson(total, games)),
            }
            for name, total in by_level.items()
        },
        "mean_points": {k: v / games if games else 0.0 for k, v in points.items()},
        "shared_wins": shared,
        "end_reasons": reasons,
        "mean_deals": deals / games if games else 0.0,
        "mean_rounds": rounds / games if games else 0.0,
        "matches_per_sec": games / elapsed if elapsed > 0 else 0.0,
    }
