"""Headless simulation of whole matches between built-in policies.

Without physics a throw's landing comes from `LandingModel`: the aimed Gate Card with
some chance, another card, or a miss. Seats alternate between games.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any

from game.ai.basic import Policy, make_policy
from game.rules.classic import (
    CHANCE,
    Action,
    Catalog,
    Land,
    MatchState,
    Miss,
    Settings,
    Throw,
    random_kit,
)
from game.rules.classic.events import BattleStarted


@dataclass(frozen=True, slots=True)
class LandingModel:
    """Where a thrown Bakugan opens, without physics."""

    hit_aim: float = 0.55  # opens on the aimed card
    hit_other: float = 0.20  # opens on another card (or any card when not aiming)

    def land(self, state: MatchState, aim: Any, rng: random.Random) -> Action:
        slots = list(state.field)
        r = rng.random()
        if aim in state.field and r < self.hit_aim:
            return Land(aim)
        if r < self.hit_aim + self.hit_other:
            return Land(slots[rng.randrange(len(slots))])
        return Miss("off_card")


DEFAULT_SETTINGS = Settings()
DEFAULT_MODEL = LandingModel()


@dataclass(slots=True)
class MatchRecord:
    winner: int
    turns: int
    battles: int
    throws: int


def play_match(
    catalog: Catalog,
    policies: list[Policy],
    seed: int,
    settings: Settings = DEFAULT_SETTINGS,
    model: LandingModel = DEFAULT_MODEL,
) -> MatchRecord:
    """One whole match; policies[i] sits in seat i."""
    rng = random.Random(seed)
    kits = [random_kit(catalog, rng, settings) for _ in policies]
    state, _ = MatchState.new(catalog, kits, settings, seed=seed)
    battles = throws = 0
    aim: Any = None
    while not state.is_over():
        player = state.current_player()
        if player == CHANCE:
            action = model.land(state, aim, rng)
        else:
            assert player is not None
            policy = policies[player]
            obs = state.observation(player) if policy.observes else None
            action = policy.choose(obs, state.legal_actions())
            if isinstance(action, Throw):
                throws += 1
                aim = policy.aim(obs, action.bakugan)
        for event in state.apply(action):
            if isinstance(event, BattleStarted):
                battles += 1
    assert state.winner is not None
    return MatchRecord(state.winner, state.turn, battles, throws)


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(slots=True)
class SimReport:
    games: int
    names: list[str]
    wins: dict[str, int] = field(default_factory=dict)
    mean_turns: float = 0.0
    mean_battles: float = 0.0
    mean_throws: float = 0.0
    matches_per_sec: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "wins": self.wins,
            "win_rates": {
                k: {"rate": v / self.games, "ci95": list(wilson(v, self.games))}
                for k, v in self.wins.items()
            },
            "mean_turns": self.mean_turns,
            "mean_battles": self.mean_battles,
            "mean_throws": self.mean_throws,
            "matches_per_sec": self.matches_per_sec,
        }


def seat_names(names: list[str]) -> list[str]:
    """Distinct keys for the policies: `random` and `random_2` when both are random."""
    out: list[str] = []
    for n in names:
        key, k = n, 2
        while key in out:
            key, k = f"{n}_{k}", k + 1
        out.append(key)
    return out


def run_sim(
    catalog: Catalog,
    policy_names: list[str],
    games: int,
    seed: int,
    settings: Settings = DEFAULT_SETTINGS,
) -> SimReport:
    keys = seat_names(policy_names)
    report = SimReport(games, keys, {k: 0 for k in keys})
    turns = battles = throws = 0
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        # Seats alternate: in odd games the second policy sits first.
        order = list(range(len(keys))) if g % 2 == 0 else list(reversed(range(len(keys))))
        policies = [make_policy(policy_names[i], catalog, game_seed * 7 + i) for i in order]
        record = play_match(catalog, policies, game_seed, settings)
        report.wins[keys[order[record.winner]]] += 1
        turns += record.turns
        battles += record.battles
        throws += record.throws
    elapsed = time.perf_counter() - start
    report.mean_turns = turns / games if games else 0.0
    report.mean_battles = battles / games if games else 0.0
    report.mean_throws = throws / games if games else 0.0
    report.matches_per_sec = games / elapsed if elapsed > 0 else 0.0
    return report


def run_physics_sim(
    catalog: Catalog,
    policy_names: list[str],
    games: int,
    seed: int,
    settings: Settings = DEFAULT_SETTINGS,
) -> dict[str, Any]:
    """Whole matches through the match session: every throw rolls on the physics table."""
    from game.match.seats import BotSeat
    from game.match.session import MatchSession, run_match

    keys = seat_names(policy_names)
    wins = {k: 0 for k in keys}
    turns = battles = throws = opened = 0
    throw_time = 0.0
    start = time.perf_counter()
    for g in range(games):
        game_seed = seed * 1_000_003 + g
        order = list(range(len(keys))) if g % 2 == 0 else list(reversed(range(len(keys))))
        rng = random.Random(game_seed)
        kits = [random_kit(catalog, rng, settings) for _ in keys]
        session = MatchSession(catalog, kits, settings, seed=game_seed)
        seats = [BotSeat.named(policy_names[i], catalog, game_seed * 7 + i) for i in order]
        stats = run_match(session, seats)
        wins[keys[order[stats.winner]]] += 1
        turns += stats.turns
        battles += stats.battles
        throws += stats.throws
        opened += stats.opened
        throw_time += stats.throw_seconds
    elapsed = time.perf_counter() - start
    return {
        "games": games,
        "wins": wins,
        "win_rates": {
            k: {"rate": v / games, "ci95": list(wilson(v, games))} for k, v in wins.items()
        },
        "mean_turns": turns / games if games else 0.0,
        "mean_battles": battles / games if games else 0.0,
        "matches_per_sec": games / elapsed if elapsed > 0 else 0.0,
        "throws": throws,
        "hit_rate": opened / throws if throws else 0.0,
        "throws_per_sec": throws / throw_time if throw_time > 0 else 0.0,
    }
