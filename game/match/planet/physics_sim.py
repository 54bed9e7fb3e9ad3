"""Whole Battle Planet matches headless with every roll on the table: `bakugan sim
--rules planet --physics`.

Each seat is a card-play bot (any Battle Planet bot: `random`, `greedy`, the levels)
with a hand at the table (`game.ai.planet.aim.RollAimer`: a core chosen from what the
player sees, a planned roll, the hand's noise). When the rules wait for the roll, both
seats throw without seeing the other's throw and the session releases both at once.
Counted per bot: throws, those that opened, those that opened on a core, those that
opened on the core aimed at. Seats alternate between games, as in the sim without
physics; every match is seeded from the run's seed.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from game import physics
from game.ai.planet.aim import DEFAULT_AIM, RollAim, RollAimer
from game.ai.rates import wilson, win_rates
from game.ai.seeding import Resumable, SnapshotError, seat_seed
from game.match.planet.session import PlanetSession, RollDone
from game.match.runs import add_by_seat, add_totals, schedule, seat_keys
from game.match.zone import Zone
from game.rules.planet import Action, Catalog, Kit, Observation, Settings


class CardBot(Protocol):
    """A Battle Planet bot (game.ai.planet): `observes` False means it is handed None."""

    @property
    def observes(self) -> bool: ...

    def choose(self, obs: Observation | None, legal: list[Action]) -> Action: ...


BotFactory = Callable[[str, int, Kit], CardBot]
"""(bot name, seed, the kit it brings) -> the bot."""


class PlanetSeat(Protocol):
    """A player's brain at the Battle Planet table (a UI drives a session directly)."""

    def choose(self, obs: Observation, legal: list[Action]) -> Action: ...

    def throw(self, obs: Observation, scene: physics.Scene, zone: Zone) -> physics.Throw: ...


class BotSeat:
    """A card-play bot with a hand at the table."""

    def __init__(self, bot: CardBot, aimer: RollAimer) -> None:
        self.bot = bot
        self.aimer = aimer

    @property
    def intended(self) -> object:
        return self.aimer.intended

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        return self.bot.choose(obs if self.bot.observes else None, legal)

    def throw(self, obs: Observation, scene: physics.Scene, zone: Zone) -> physics.Throw:
        return self.aimer.throw(obs, scene, zone.box)

    def snapshot(self) -> dict[str, Any]:
        """The bot and its hand between two decisions (`game.ai.seeding.Resumable`)."""
        bot = self.bot.snapshot() if isinstance(self.bot, Resumable) else None
        return {"bot": bot, "aimer": self.aimer.snapshot()}

    def restore(self, data: dict[str, Any]) -> None:
        if not isinstance(data, dict) or not isinstance(data.get("aimer"), dict):
            raise SnapshotError("seat: expected an object with the aimer's snapshot")
        if isinstance(self.bot, Resumable):
            bot = data.get("bot")
            if not isinstance(bot, dict):
                raise SnapshotError("bot: expected an object")
            self.bot.restore(bot)
        self.aimer.restore(data["aimer"])


@dataclass(slots=True)
class PlanetMatchStats:
    winner: int | None
    turns: int
    rolls: int  # rolls of both spheres at once (a reroll is one more)
    rerolls: int
    shared: int  # rolls in which both opened on one core
    roll_seconds: float  # wall time of the table (both spheres to rest, judged)
    aim_seconds: float  # wall time the seats spent aiming
    throws: list[int] = field(default_factory=lambda: [0, 0])  # per seat
    opened: list[int] = field(default_factory=lambda: [0, 0])
    on_core: list[int] = field(default_factory=lambda: [0, 0])
    intended: list[int] = field(default_factory=lambda: [0, 0])  # on the core aimed at
    obstructed: list[int] = field(default_factory=lambda: [0, 0])


def run_planet_match(
    session: PlanetSession,
    seats: Sequence[PlanetSeat],
    rng: random.Random,
    max_actions: int = 20_000,
) -> PlanetMatchStats:
    """Play `session` to the end with `seats` (p0's, p1's). Where both players may act
    at once, `rng` picks who acts first (the rules core makes the order not matter)."""
    stats = PlanetMatchStats(None, 0, 0, 0, 0, 0.0, 0.0)
    for _ in range(max_actions):
        if session.over:
            break
        if session.awaiting_roll() is not None:
            scene = session.scene()
            start = time.perf_counter()
            throws = [
                seats[p].throw(session.observation(p), scene, session.zone(p)) for p in (0, 1)
            ]
            aimed = [getattr(seats[p], "intended", None) for p in (0, 1)]
            rolled = time.perf_counter()
            entries = session.roll(throws)
            stats.roll_seconds += time.perf_counter() - rolled
            stats.aim_seconds += rolled - start
            done = entries[0]
            assert isinstance(done, RollDone)
            _count(stats, done, aimed)
            continue
        acting = session.to_act()
        player = acting[0] if len(acting) == 1 else acting[rng.randrange(len(acting))]
        obs = session.observation(player)
        session.act(seats[player].choose(obs, session.legal_actions(player)))
    else:
        raise RuntimeError(f"the match did not end in {max_actions} actions")
    stats.winner = session.state.winner
    stats.turns = session.state.turn
    return stats


def _count(stats: PlanetMatchStats, done: RollDone, aimed: list[object]) -> None:
    stats.rolls += 1
    if not any(r.opened for r in done.rolls):
        stats.rerolls += 1
    cores = [r.core for r in done.rolls]
    if cores[0] is not None and cores[0] == cores[1]:
        stats.shared += 1
    for p in (0, 1):
        roll = done.rolls[p]
        stats.throws[p] += 1
        stats.opened[p] += roll.opened
        stats.on_core[p] += roll.core is not None
        stats.intended[p] += roll.core is not None and roll.core == aimed[p]
        stats.obstructed[p] += done.outcome.landings[p].reason == physics.OBSTRUCTED


def run_physics_sim(
    catalog: Catalog,
    names: list[str],
    games: int,
    seed: int,
    make_bot: BotFactory,
    decks: list[str] | None = None,
    settings: Settings | None = None,
    aims: Sequence[RollAim] = (DEFAULT_AIM, DEFAULT_AIM),
    record: Callable[[dict[str, Any]], Any] | None = None,
) -> dict[str, Any]:
    """`games` matches between the two bots `names` with hands `aims` (in the same
    order), every roll on the table; `decks`: each bot's preset (None: a seeded random
    preset per bot and game). `record`, given a replay header, opens where that match's
    records go (a `write`/`close` writer: `bakugan sim --record DIR`). A JSON-able
    report."""
    keys = seat_keys(names)
    wins = {k: 0 for k in keys}
    per: dict[str, dict[str, int]] = {
        k: dict.fromkeys(("throws", "opened", "on_core", "intended", "obstructed"), 0) for k in keys
    }
    draws = 0
    total: dict[str, float] = dict.fromkeys(
        ("turns", "rolls", "rerolls", "shared", "roll_seconds", "aim_seconds"), 0
    )
    presets = sorted(catalog.presets)
    start = time.perf_counter()
    for game in schedule(seed, games, 2):
        game_seed, order = game.seed, game.order  # order[seat]: the bot sitting there
        rng = random.Random(game_seed)
        chosen = decks or [presets[rng.randrange(len(presets))] for _ in keys]
        kits = [catalog.presets[chosen[i]].kit for i in order]
        session = PlanetSession(catalog, kits, settings, seed=game_seed)
        seats = [
            BotSeat(
                make_bot(names[i], seat_seed(game_seed, seat), kits[seat]),
                RollAimer(catalog, aims[i], seat_seed(game_seed, seat) + 3),
            )
            for seat, i in enumerate(order)
        ]
        writer = None
        if record is not None:
            from game.match.planet.recording import PlanetRecorder, planet_header
            from game.match.replay_header import SeatInfo

            infos = [SeatInfo(names[i], seat_seed(game_seed, seat)) for seat, i in enumerate(order)]
            state = session.state
            writer = record(planet_header(catalog, kits, state.settings, game_seed, infos))
            session.recorder = PlanetRecorder(writer.write)
        try:
            stats = run_planet_match(session, seats, rng)
        finally:
            if writer is not None:
                writer.close()
        if stats.winner is None:
            draws += 1
        else:
            wins[keys[order[stats.winner]]] += 1
        add_by_seat(per, keys, order, stats)
        add_totals(total, stats)
    elapsed = time.perf_counter() - start
    throws = sum(c["throws"] for c in per.values())
    rolls = total["rolls"]

    def rate(n: float, d: float) -> float:
        return round(n / d, 4) if d else 0.0

    return {
        "games": games,
        "physics": True,
        "wins": wins,
        "win_rates": win_rates(wins, games),
        "draws": draws,
        "mean_turns": total["turns"] / games if games else 0.0,
        "matches_per_sec": games / elapsed if elapsed > 0 else 0.0,
        "rolls": rolls,
        "throws": throws,
        "open_rate": rate(sum(c["opened"] for c in per.values()), throws),
        "on_core_rate": rate(sum(c["on_core"] for c in per.values()), throws),
        "intended_rate": rate(sum(c["intended"] for c in per.values()), throws),
        "reroll_rate": rate(total["rerolls"], rolls),
        "shared_core_rate": rate(total["shared"], rolls),
        "bots": {
            k: {
                **c,
                "open_rate": rate(c["opened"], c["throws"]),
                "on_core_rate": rate(c["on_core"], c["throws"]),
                "on_core_ci95": [round(x, 4) for x in wilson(c["on_core"], c["throws"])],
                "intended_rate": rate(c["intended"], c["throws"]),
                "aim": {"sigma": aims[i].sigma},
            }
            for i, (k, c) in enumerate(per.items())
        },
        "ms_per_roll": round(1000.0 * total["roll_seconds"] / rolls, 3) if rolls else 0.0,
        "ms_aiming_per_roll": round(1000.0 * total["aim_seconds"] / rolls, 3) if rolls else 0.0,
        "decks": decks or "random presets",
        "card_play": (settings or Settings()).card_play.value,
    }


__all__ = [
    "BotFactory",
    "BotSeat",
    "CardBot",
    "PlanetMatchStats",
    "PlanetSeat",
    "run_physics_sim",
    "run_planet_match",
    "wilson",
]
