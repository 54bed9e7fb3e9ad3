"""Headless simulation of whole matches between built-in policies and AI levels.

Without physics a throw's landing comes from `game.ai.classic.landing.LandingModel`: the aimed
Gate Card with some chance (a level bot's own `model_hit`, else the default), any card,
or a miss. With physics every throw is aimed and rolled on the table, and each bot's hit
rate (throws that open on the card it aimed at) is counted. Seats alternate between games.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from game.ai.classic.basic import Policy, make_policy
from game.ai.classic.landing import LandingModel
from game.ai.classic.levels import Level
from game.ai.rates import wilson as wilson  # named here for benchmarks/ai_ladder.py
from game.ai.rates import win_rates
from game.ai.seeding import seat_seed
from game.match.runs import add_by_seat, add_totals, schedule, seat_keys
from game.rules.classic import (
    CHANCE,
    Catalog,
    MatchState,
    Settings,
    Throw,
    random_kit,
)
from game.rules.classic.events import BattleStarted

DEFAULT_SETTINGS = Settings()
DEFAULT_MODEL = LandingModel()


class ReplaySink(Protocol):
    """Where one match's replay records go (`game.persist.replay_file.ReplayWriter`)."""

    def write(self, record: dict[str, Any]) -> None: ...

    def close(self) -> None: ...


OpenReplay = Callable[[dict[str, Any]], ReplaySink]
"""A replay header -> where that match's records go."""


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
    support: int = 0,
    evolutions: bool = False,
) -> MatchRecord:
    """One whole match; policies[i] sits in seat i. `support`: Traps / Battle Gear dealt
    to each kit; `evolutions`: deal the kit Bakugan's Evolution cards too."""
    rng = random.Random(seed)
    kits = [random_kit(catalog, rng, settings, support, evolutions) for _ in policies]
    state, _ = MatchState.new(catalog, kits, settings, seed=seed)
    battles = throws = 0
    aim: Any = None
    models = [
        model if p.landing_hit is None else replace(model, hit_aim=p.landing_hit) for p in policies
    ]
    while not state.is_over():
        player = state.current_player()
        if player == CHANCE:
            assert state.thrown is not None
            action = models[state.thrown[0]].land(state, aim, rng)
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
            "win_rates": win_rates(self.wins, self.games),
            "mean_turns": self.mean_turns,
            "mean_battles": self.mean_battles,
            "mean_throws": self.mean_throws,
            "matches_per_sec": self.matches_per_sec,
        }


def run_sim(
    catalog: Catalog,
    policy_names: list[str],
    games: int,
    seed: int,
    settings: Settings = DEFAULT_SETTINGS,
    levels: Mapping[str, Level] | None = None,
    support: int = 0,
    evolutions: bool = False,
    progress: Callable[[], object] | None = None,
) -> SimReport:
    """`progress`, when given, is called after each match (a progress bar)."""
    keys = seat_keys(policy_names)
    report = SimReport(games, keys, {k: 0 for k in keys})
    turns = battles = throws = 0
    start = time.perf_counter()
    for game in schedule(seed, games, len(keys)):
        policies = [
            make_policy(policy_names[i], catalog, seat_seed(game.seed, i), levels, settings)
            for i in game.order
        ]
        record = play_match(
            catalog, policies, game.seed, settings, support=support, evolutions=evolutions
        )
        report.wins[keys[game.order[record.winner]]] += 1
        turns += record.turns
        battles += record.battles
        throws += record.throws
        if progress is not None:
            progress()
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
    levels: Mapping[str, Level] | None = None,
    support: int = 0,
    evolutions: bool = False,
    progress: Callable[[], object] | None = None,
    record: OpenReplay | None = None,
) -> dict[str, Any]:
    """Whole matches through the match session: every throw rolls on the physics table
    (of 2-4 players, normal or Big, by `settings`). The bots change seats from match to
    match as in `run_sim`; `support` and `evolutions` deal as `play_match` does.
    `record`, given a replay header, opens where that match's records go (one replay
    per match: `bakugan sim --record DIR`).

    `hit_rate` is the share of throws that opened on the card the thrower aimed at
    (`hit_rates` per bot); `open_rate` the share that opened on any card. `progress`,
    when given, is called after each match."""
    from game.match.classic.recording import SessionRecorder, classic_header
    from game.match.classic.seats import BotSeat
    from game.match.classic.session import MatchSession, run_match
    from game.match.replay_header import SeatInfo

    keys = seat_keys(policy_names)
    wins = {k: 0 for k in keys}
    per = {k: dict.fromkeys(("seat_throws", "seat_hits", "seat_opened"), 0) for k in keys}
    total: dict[str, float] = dict.fromkeys(
        ("turns", "battles", "throws", "opened", "hits", "throw_seconds"), 0
    )
    start = time.perf_counter()
    for game in schedule(seed, games, len(keys)):
        game_seed, order = game.seed, game.order
        rng = random.Random(game_seed)
        kits = [random_kit(catalog, rng, settings, support, evolutions) for _ in keys]
        session = MatchSession(catalog, kits, settings, seed=game_seed)
        seeds = [seat_seed(game_seed, i) for i in order]
        seats = [
            BotSeat.named(policy_names[i], catalog, seed, levels, settings)
            for i, seed in zip(order, seeds, strict=True)
        ]
        replay = None
        if record is not None:
            infos = [SeatInfo(policy_names[i], seed) for i, seed in zip(order, seeds, strict=True)]
            replay = record(
                classic_header(
                    catalog,
                    kits,
                    session.state,
                    game_seed,
                    infos,
                    (session.width, session.height),
                    session.sphere_radius,
                )
            )
            session.recorder = SessionRecorder(replay.write)
        try:
            stats = run_match(session, seats)
        finally:
            if replay is not None:
                replay.close()
        wins[keys[order[stats.winner]]] += 1
        add_by_seat(per, keys, order, stats)
        add_totals(total, stats)
        if progress is not None:
            progress()
    elapsed = time.perf_counter() - start
    k_throws = {k: c["seat_throws"] for k, c in per.items()}
    throws, throw_time = total["throws"], total["throw_seconds"]
    return {
        "games": games,
        "wins": wins,
        "win_rates": win_rates(wins, games),
        "mean_turns": total["turns"] / games if games else 0.0,
        "mean_battles": total["battles"] / games if games else 0.0,
        "matches_per_sec": games / elapsed if elapsed > 0 else 0.0,
        "throws": throws,
        "hit_rate": total["hits"] / throws if throws else 0.0,
        "hit_rates": {k: per[k]["seat_hits"] / v if v else 0.0 for k, v in k_throws.items()},
        "open_rate": total["opened"] / throws if throws else 0.0,
        "open_rates": {k: per[k]["seat_opened"] / v if v else 0.0 for k, v in k_throws.items()},
        "throws_by_bot": k_throws,
        "throws_per_sec": throws / throw_time if throw_time > 0 else 0.0,
    }
