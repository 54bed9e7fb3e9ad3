"""Whole Bakugan Attack! games headless, between bots: `bakugan sim --rules attack`.

Every chance outcome (dice, shuffles, Runo's picks) is the game's own seeded draw
(`chance_action`), so a game is the same on every run. Seats rotate from game to game
(in game g the policy g mod n sits in seat 0), so no bot keeps the first deal. A shared
first place (equal fewest points) splits the win between the seats that share it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game.ai.attack.levels import AttackLevel
from game.ai.attack.policy import AttackPolicy, make_policy
from game.ai.rates import wilson
from game.ai.seeding import seat_seed
from game.match.runs import schedule, seat_keys
from game.rules.attack import CHANCE, Action, AttackState, Deck, Settings


@dataclass(frozen=True, slots=True)
class GameRecord:
    shares: tuple[float, ...]  # each seat's share of the win (1, or split on a tie)
    points: tuple[int, ...]
    deals: int
    rounds: int
    reason: str


class GameHook(Protocol):
    """Told every action of one game as it is applied (chance outcomes too), and the
    end: the replay recorder (`game.match.attack.recording`)."""

    def action(self, action: Action) -> None: ...

    def end(self, state: AttackState) -> None: ...


OpenHook = Callable[[int, Sequence[str], Sequence[int]], GameHook]
"""(game seed, the bots' names seat by seat, their seeds) -> that game's hook."""


def play_game(
    deck: Deck,
    settings: Settings,
    policies: Sequence[AttackPolicy],
    seed: int,
    hook: GameHook | None = None,
) -> GameRecord:
    """One whole game; policies[i] sits in seat i."""
    state, _ = AttackState.new(deck, settings, seed=seed)
    while True:
        players = state.current_players()
        if not players:
            break
        if players[0] == CHANCE:
            action = state.chance_action()
            state.apply(action)
            if hook is not None:
                hook.action(action)
            continue
        for p in players:  # several at once after Julie leads: each from his own view
            policy = policies[p]
            obs = state.observation(p) if policy.observes else None
            action = policy.choose(obs, state.legal_actions(p))
            state.apply(action)
            if hook is not None:
                hook.action(action)
    if hook is not None:
        hook.end(state)
    result = state.result()
    assert result is not None
    first = [p for p in range(state.n) if result.places[p] == 0]
    shares = tuple(1 / len(first) if p in first else 0.0 for p in range(state.n))
    return GameRecord(
        shares, tuple(state.points), state.deal_no, state.rounds_played, state.over_reason
    )


@dataclass(slots=True)
class Tally:
    """The counts of a run; parts of a run split over processes add up (`merge`)."""

    names: list[str]
    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)
    points: dict[str, int] = field(default_factory=dict)
    deals: int = 0
    rounds: int = 0
    shared: int = 0
    reasons: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def __post_init__(self) -> None:
        for key in seat_keys(self.names):
            self.wins.setdefault(key, 0.0)
            self.points.setdefault(key, 0)

    def add(self, record: GameRecord, order: Sequence[int]) -> None:
        keys = seat_keys(self.names)
        for seat, i in enumerate(order):
            self.wins[keys[i]] += record.shares[seat]
            self.points[keys[i]] += record.points[seat]
        self.games += 1
        self.shared += any(0 < s < 1 for s in record.shares)
        self.deals += record.deals
        self.rounds += record.rounds
        self.reasons[record.reason] = self.reasons.get(record.reason, 0) + 1

    def merge(self, other: Tally) -> None:
        for key, value in other.wins.items():
            self.wins[key] += value
        for key, total in other.points.items():
            self.points[key] += total
        for reason, count in other.reasons.items():
            self.reasons[reason] = self.reasons.get(reason, 0) + count
        self.games += other.games
        self.deals += other.deals
        self.rounds += other.rounds
        self.shared += other.shared
        self.seconds += other.seconds

    def to_json(self, settings: Settings) -> dict[str, Any]:
        games, n = self.games, settings.players
        by_level: dict[str, float] = {}
        seats: dict[str, int] = {}
        for key, name in zip(seat_keys(self.names), self.names, strict=True):
            by_level[name] = by_level.get(name, 0.0) + self.wins[key]
            seats[name] = seats.get(name, 0) + 1

        def share(total: float) -> dict[str, Any]:
            return {"rate": total / games if games else 0.0, "ci95": list(wilson(total, games))}

        return {
            "games": games,
            "players": n,
            "variant": settings.variant.value,
            "stall": settings.stall.value,
            "house_roll": settings.house_roll.value,
            "policies": list(self.names),
            "wins": dict(self.wins),
            "win_rates": {k: share(v) for k, v in self.wins.items()},
            "levels": {
                name: {"seats": seats[name], "equal_share": seats[name] / n, **share(total)}
                for name, total in by_level.items()
            },
            "mean_points": {k: v / games if games else 0.0 for k, v in self.points.items()},
            "shared_wins": self.shared,
            "end_reasons": dict(self.reasons),
            "mean_deals": self.deals / games if games else 0.0,
            "mean_rounds": self.rounds / games if games else 0.0,
            "matches_per_sec": games / self.seconds if self.seconds > 0 else 0.0,
        }


def run_tally(
    deck: Deck,
    names: Sequence[str],
    games: int,
    seed: int,
    settings: Settings,
    levels: Mapping[str, AttackLevel] | None = None,
    first: int = 0,
    record: OpenHook | None = None,
    progress: Callable[[], object] | None = None,
) -> Tally:
    """Play games `first` .. `first + games - 1` of a run (a run split in parts plays
    the same games as one). `record` opens a hook per game (a replay); `progress`, when
    given, is called after each game (a progress bar). Its `to_json(settings)` is the
    report `bakugan sim --rules attack --json` prints."""
    n = settings.players
    if len(names) != n:
        raise ValueError(f"{n} players need {n} policies, got {len(names)}")
    tally = Tally(list(names))
    start = time.perf_counter()
    for game in schedule(seed, games, n, first):
        seeds = [seat_seed(game.seed, i) for i in game.order]
        policies = [
            make_policy(names[i], deck, s, levels) for i, s in zip(game.order, seeds, strict=True)
        ]
        hook = record(game.seed, [names[i] for i in game.order], seeds) if record else None
        tally.add(play_game(deck, settings, policies, game.seed, hook), game.order)
        if progress is not None:
            progress()
    tally.seconds = time.perf_counter() - start
    return tally
