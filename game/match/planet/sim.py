"""Headless Battle Planet matches between bots, with the landing model for the rolls.

Seats alternate between games (the bot of game g's seat 0 is ``names[g % 2]``); each
bot keeps its deck when it changes seats. Every match is seeded from the run's seed.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from game.ai.planet.bots import make_bot
from game.ai.planet.landing import DEFAULT_MODEL, LandingModel
from game.ai.planet.levels import Level
from game.ai.rates import wilson as wilson  # named here for benchmarks/planet_ai_ladder.py
from game.ai.rates import win_rates
from game.ai.seeding import seat_seed
from game.match.runs import schedule, seat_keys
from game.rules.planet import CHANCE, Catalog, Kit, PlanetState, Settings


@dataclass(slots=True)
class MatchRecord:
    winner: int | None
    turns: int
    actions: int
    reason: str
    times: list[list[float]] = field(default_factory=lambda: [[], []])  # per seat, seconds


def play_match(
    catalog: Catalog,
    bots: list[str],
    kits: list[Kit],
    seed: int,
    settings: Settings | None = None,
    model: LandingModel | None = None,
    levels: Mapping[str, Level] | None = None,
    keep: list[Any] | None = None,
) -> MatchRecord:
    """One whole match; bots[i] with kits[i] sits in seat i (a level bot knows its own
    kit, as a player knows the deck he brought). Each seat's rolls land by `model`, or
    when None by its own hand (`seat_model`). `keep`, when given, receives the bots."""
    rng = random.Random(seed)
    models = [model or seat_model(name, levels) for name in bots]
    players = [
        make_bot(name, catalog, seat_seed(seed, i), levels, kits[i]) for i, name in enumerate(bots)
    ]
    if keep is not None:
        keep.extend(players)
    state, _ = PlanetState.new(catalog, kits, settings, seed=seed)
    actions = 0
    while not state.is_over():
        acting = state.current_players()
        player = acting[0] if len(acting) == 1 else acting[rng.randrange(len(acting))]
        if player == CHANCE:
            action: Any = models[state.rolls.index(None)].roll(state, rng)
        else:
            bot = players[player]
            obs = state.observation(player) if bot.observes else None
            action = bot.choose(obs, state.legal_actions(player))
        state.apply(action)
        actions += 1
    times = [list(getattr(bot, "times", [])) for bot in players]
    return MatchRecord(state.winner, state.turn, actions, state.end_reason, times)


def seat_model(name: str, levels: Mapping[str, Level] | None) -> LandingModel:
    """Where a bot's rolls land without physics: a level's by what its hand gives at the
    table (`model_on_core`, `model_no_core`, measured there); any other bot rolls with
    Normal's hand, as it does at the table (`--hands` normal); without levels, the
    `DEFAULT_MODEL`."""
    if levels is None:
        return DEFAULT_MODEL
    level = levels.get(name) or levels.get("normal")
    if level is None:
        return DEFAULT_MODEL
    return LandingModel(level.model_on_core, level.model_no_core)


def run_sim(
    catalog: Catalog,
    names: list[str],
    games: int,
    seed: int,
    decks: list[str] | None = None,
    settings: Settings | None = None,
    model: LandingModel | None = None,
    levels: Mapping[str, Level] | None = None,
    first_game: int = 0,
    raw_times: bool = False,
) -> dict[str, Any]:
    """`games` matches between the two bots; `decks`: the preset of each bot (None: a
    seeded random preset per bot and game). A JSON-able report, with each bot's
    thinking time per decision (the level bots', decisions with a real choice). The
    rolls land by `model` for both, or when None by each bot's own hand (`seat_model`).
    `first_game` numbers the first match (a run split over processes); `raw_times`
    adds every thinking time (``thinking_s``) for a caller that merges runs."""
    keys = seat_keys(names)
    wins = {k: 0 for k in keys}
    thinking: dict[str, list[float]] = {k: [] for k in keys}
    draws = turns = actions = 0
    presets = sorted(catalog.presets)
    start = time.perf_counter()
    for game in schedule(seed, games, 2, first_game):
        game_seed, order = game.seed, game.order
        rng = random.Random(game_seed)
        chosen = decks or [presets[rng.randrange(len(presets))] for _ in keys]
        record = play_match(
            catalog,
            [names[i] for i in order],
            [catalog.presets[chosen[i]].kit for i in order],
            game_seed,
            settings,
            model,
            levels,
        )
        for seat, key in enumerate(keys[i] for i in order):
            thinking[key].extend(record.times[seat])
        if record.winner is None:
            draws += 1
        else:
            wins[keys[order[record.winner]]] += 1
        turns += record.turns
        actions += record.actions
    elapsed = time.perf_counter() - start
    extra: dict[str, Any] = {"thinking_s": thinking} if raw_times else {}
    return {
        **extra,
        "games": games,
        "wins": wins,
        "win_rates": win_rates(wins, games),
        "draws": draws,
        "mean_turns": turns / games if games else 0.0,
        "mean_actions": actions / games if games else 0.0,
        "matches_per_sec": games / elapsed if elapsed > 0 else 0.0,
        "decks": decks or "random presets",
        "card_play": (settings or Settings()).card_play.value,
        "thinking_ms": {k: thinking_figures(v) for k, v in thinking.items() if v},
    }


def thinking_figures(seconds: list[float]) -> dict[str, float]:
    """Median, 95th percentile and maximum of thinking times, in milliseconds."""
    ordered = sorted(seconds)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return {
        "decisions": len(ordered),
        "median": 1000.0 * statistics.median(ordered),
        "p95": 1000.0 * p95,
        "max": 1000.0 * ordered[-1],
    }
