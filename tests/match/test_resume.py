"""A resumed match continues exactly as the uninterrupted one (issue 18, part 1).

Each case plays a whole match with bots, snapshots it (the rules state, the table and
every bot: its decision count and memory) as JSON at a random point, then builds fresh
bots, restores the snapshot and plays on: every later event, throw and the final state
must be the ones of the uninterrupted match. 50 seeds per game, the levels taking turns
(Hard with a small search budget: the code path is the shipped one, the time short)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from game.ai.attack.policy import make_policy as attack_policy
from game.ai.classic.levels import Level
from game.ai.seeding import SnapshotError, seat_seed
from game.content.attack import shipped_deck
from game.content.classic import shipped_catalog
from game.games.attack import shipped_levels as shipped_attack_levels
from game.games.classic import shipped_levels
from game.match.classic.persist import session_from_json, session_to_json
from game.match.classic.seats import BotSeat, restore_seats, seats_snapshot
from game.match.classic.session import MatchSession
from game.rules.attack import CHANCE, AttackState
from game.rules.attack import Settings as AttackSettings
from game.rules.classic import Settings, random_kit

CAT = shipped_catalog()
SEEDS = range(50)

CLASSIC_LEVELS: dict[str, Level] = {
    **shipped_levels(),
    "hard": dataclasses.replace(shipped_levels()["hard"], iterations=24, determinizations=4),
}
CLASSIC_PAIRS = [
    ("random", "greedy"),
    ("easy", "normal"),
    ("hard", "easy"),
    ("normal", "hard"),
    ("greedy", "easy"),
]


def _classic_setup(seed: int) -> tuple[MatchSession, dict[int, BotSeat]]:
    names = CLASSIC_PAIRS[seed % len(CLASSIC_PAIRS)]
    players = 3 if seed % 10 == 9 else 2  # now and then three around the table
    names = (*names, "normal")[:players]
    settings = Settings.preset(players)
    rng = random.Random(seed)
    kits = [random_kit(CAT, rng, settings) for _ in names]
    session = MatchSession(CAT, kits, settings, seed=seed)
    seats = {
        p: BotSeat.named(n, CAT, seat_seed(seed, p), CLASSIC_LEVELS, settings)
        for p, n in enumerate(names)
    }
    return session, seats


def _classic_step(session: MatchSession, seats: dict[int, BotSeat]) -> list[str]:
    player = session.actor()
    assert player is not None
    obs = session.observation(player)
    waiting = session.awaiting_throw()
    if waiting is not None:
        t = seats[player].throw(obs, waiting[1], session.table(), session.zone(player))
        entries = session.throw(player, t)
        return [repr(t), *(str(e) for e in entries)]
    return [str(e) for e in session.act(seats[player].choose(obs, session.legal_actions()))]


def _play(
    step: Callable[[], list[str]], over: Callable[[], bool], snap: Callable[[], str], stop: int
) -> tuple[list[str], str | None, int]:
    """Play to the end; the log, and the snapshot taken after `stop` steps (with the
    log's length then)."""
    log: list[str] = []
    taken: str | None = None
    at = 0
    steps = 0
    while not over():
        if steps == stop:
            taken, at = snap(), len(log)
        log.extend(step())
        steps += 1
        assert steps < 5000, "the match did not end"
    return log, taken, at


@pytest.mark.parametrize("seed", SEEDS)
def test_classic_resumed_match_is_the_same_match(seed: int) -> None:
    session, seats = _classic_setup(seed)
    stop = random.Random(f"stop:{seed}").randrange(1, 90)

    def snap() -> str:
        return json.dumps({"session": session_to_json(session), "bots": seats_snapshot(seats)})

    log, taken, at = _play(lambda: _classic_step(session, seats), lambda: session.over, snap, stop)
    if taken is None:  # a short match: interrupt it half way instead
        session, seats = _classic_setup(seed)
        stop = 5
        log, taken, at = _play(
            lambda: _classic_step(session, seats), lambda: session.over, snap, stop
        )
    assert taken is not None
    data = json.loads(taken)
    resumed = session_from_json(data["session"], CAT)
    _, fresh = _classic_setup(seed)  # the bots as Continue builds them: then restored
    restore_seats(fresh, data["bots"])
    rest, _, _ = _play(lambda: _classic_step(resumed, fresh), lambda: resumed.over, snap, -1)
    assert rest == log[at:]
    assert resumed.state.to_json() == session.state.to_json()


def test_a_snapshot_of_other_bots_is_refused() -> None:
    _, seats = _classic_setup(1)
    data = seats_snapshot(seats)
    other = {"0": data["1"], "1": data["0"]}
    with pytest.raises(SnapshotError, match=r"bots\.0"):
        restore_seats(seats, other)
    data["0"]["policy"]["decisions"] = -3
    with pytest.raises(SnapshotError, match="decisions"):
        restore_seats(seats, data)


# --------------------------------------------------------------------- Bakugan Attack!

DECK = shipped_deck()
ATTACK_LEVELS = {
    **shipped_attack_levels(),
    "hard": dataclasses.replace(shipped_attack_levels()["hard"], worlds=3, samples=8),
}
ATTACK_TABLES = [
    ("random", "easy", "normal"),
    ("hard", "normal", "easy", "random"),
    ("easy", "hard", "random", "normal", "easy"),
]


def _attack_setup(seed: int) -> tuple[AttackState, list[Any]]:
    names = ATTACK_TABLES[seed % len(ATTACK_TABLES)]
    state, _ = AttackState.new(DECK, AttackSettings(len(names)), seed=seed)
    bots = [attack_policy(n, DECK, seat_seed(seed, p), ATTACK_LEVELS) for p, n in enumerate(names)]
    return state, bots


def _attack_step(state: AttackState, bots: list[Any]) -> list[str]:
    players = state.current_players()
    if players[0] == CHANCE:
        return [str(e) for e in state.apply(state.chance_action())]
    out: list[str] = []
    for p in players:
        bot = bots[p]
        obs = state.observation(p) if bot.observes else None
        out.extend(str(e) for e in state.apply(bot.choose(obs, state.legal_actions(p))))
    return out


@pytest.mark.parametrize("seed", SEEDS)
def test_attack_resumed_game_is_the_same_game(seed: int) -> None:
    state, bots = _attack_setup(seed)
    stop = random.Random(f"stop:{seed}").randrange(1, 120)

    def snap() -> str:
        return json.dumps({"state": state.to_json(), "bots": [b.snapshot() for b in bots]})

    log, taken, at = _play(
        lambda: _attack_step(state, bots), lambda: not state.current_players(), snap, stop
    )
    if taken is None:  # a short game: interrupt it early instead
        state, bots = _attack_setup(seed)
        log, taken, at = _play(
            lambda: _attack_step(state, bots), lambda: not state.current_players(), snap, 5
        )
    assert taken is not None
    data = json.loads(taken)
    resumed = AttackState.from_json(data["state"], DECK)
    _, fresh = _attack_setup(seed)
    for bot, snapshot in zip(fresh, data["bots"], strict=True):
        bot.restore(snapshot)
    rest, _, _ = _play(
        lambda: _attack_step(resumed, fresh), lambda: not resumed.current_players(), snap, -1
    )
    assert rest == log[at:]
    assert resumed.to_json() == state.to_json()


# --------------------------------------------------------------------- Battle Planet

PLANET_PAIRS = [("random", "greedy"), ("easy", "normal"), ("hard", "easy"), ("normal", "hard")]


def _planet_setup(seed: int) -> tuple[Any, list[Any]]:
    from game.ai.planet.aim import RollAimer
    from game.ai.planet.bots import make_bot
    from game.content.planet import shipped_catalog as planet_catalog
    from game.games.planet import level_hands
    from game.games.planet import shipped_levels as planet_levels
    from game.match.planet.physics_sim import BotSeat as PlanetSeat
    from game.match.planet.session import PlanetSession

    cat = planet_catalog()
    names = PLANET_PAIRS[seed % len(PLANET_PAIRS)]
    presets = sorted(cat.presets)
    rng = random.Random(seed)
    kits = [cat.presets[presets[rng.randrange(len(presets))]].kit for _ in names]
    session = PlanetSession(cat, kits, seed=seed)
    hands = level_hands()
    seats = [
        PlanetSeat(
            make_bot(n, cat, seat_seed(seed, p), planet_levels(), kits[p]),
            RollAimer(cat, hands.get(n, hands["normal"]), seat_seed(seed, p) + 3),
        )
        for p, n in enumerate(names)
    ]
    return session, seats


def _planet_step(session: Any, seats: list[Any]) -> list[str]:
    if session.awaiting_roll() is not None:
        scene = session.scene()
        throws = [seats[p].throw(session.observation(p), scene, session.zone(p)) for p in (0, 1)]
        return [repr(throws), *(str(e) for e in session.roll(throws))]
    player = session.to_act()[0]  # both at once: the rules make the order not matter
    obs = session.observation(player)
    action = seats[player].choose(obs, session.legal_actions(player))
    return [str(e) for e in session.act(action)]


@pytest.mark.parametrize("seed", SEEDS)
def test_planet_resumed_match_is_the_same_match(seed: int) -> None:
    from game.match.planet.session import PlanetSession
    from game.rules.planet import PlanetState

    session, seats = _planet_setup(seed)
    stop = random.Random(f"stop:{seed}").randrange(1, 60)

    def snap() -> str:
        return json.dumps({"state": session.state.to_json(), "bots": [s.snapshot() for s in seats]})

    log, taken, at = _play(lambda: _planet_step(session, seats), lambda: session.over, snap, stop)
    if taken is None:  # a short match: interrupt it early instead
        session, seats = _planet_setup(seed)
        log, taken, at = _play(lambda: _planet_step(session, seats), lambda: session.over, snap, 3)
    assert taken is not None
    data = json.loads(taken)
    cat = session.catalog
    resumed = PlanetSession.resume(cat, PlanetState.from_json(data["state"], cat))
    _, fresh = _planet_setup(seed)
    for seat, snapshot in zip(fresh, data["bots"], strict=True):
        seat.restore(snapshot)
    rest, _, _ = _play(lambda: _planet_step(resumed, fresh), lambda: resumed.over, snap, -1)
    assert rest == log[at:]
    assert resumed.state.to_json() == session.state.to_json()
