"""A bot sees what its seat sees and nothing more.

- Two real matches that differ only in what the bot may not see (the opponent's hand,
  his face-down Gate Cards) give the bot the same observation, and the bot answers both
  with the same decision for the same seed, Hard's search included.
- After whole decisions, nothing reachable from a bot is a match state of the real game
  (the worlds its search plays on are its own, built from the observation and dropped).
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator

from game.ai.classic.knowledge import Memory, determinize
from game.match.classic.seats import BotSeat
from game.match.classic.session import MatchSession, run_match
from game.rules.classic import MatchState, PlayAbility, Settings, Throw, random_kit
from game.rules.classic.observation import Observation

from .helpers import (
    CAT,
    LEVELS,
    level,
    play_randomly_until,
    policy,
    quick_hard,
    started,
    started_n,
)


def _swap_hidden(state: MatchState, viewer: int, rng: random.Random) -> MatchState:
    """A copy of `state` whose opponents hold other cards: every Gate or Ability Card
    `viewer` cannot see is exchanged for another of the catalog of the same colour."""
    other = state.clone()

    def swap_gate(g: str) -> str:
        colour = CAT.gates[g].colour
        pool = sorted(x for x, d in CAT.gates.items() if d.colour == colour and x != g)
        return pool[rng.randrange(len(pool))]

    b = other.battle
    for opp in range(len(other.players)):
        if opp == viewer:
            continue
        ps = other.players[opp]
        ps.gates = [swap_gate(g) for g in ps.gates]
        for slot, fg in other.field.items():
            if fg.owner == opp and not (b is not None and b.slot == slot and b.gate_open):
                fg.gate = swap_gate(fg.gate)
        new_abilities = []
        for a in ps.abilities:
            colour = CAT.abilities[a].colour
            pool = sorted(
                x
                for x, d in CAT.abilities.items()
                if d.colour == colour and x != a and x not in ps.used_abilities
            )
            new_abilities.append(pool[rng.randrange(len(pool))])
        ps.abilities = new_abilities
    return other


def _positions(count: int, phase: str, players: int = 2) -> Iterator[tuple[MatchState, int]]:
    rng = random.Random(5)
    seed = 0
    while count:
        seed += 1
        state = started(seed) if players == 2 else started_n(players, seed)
        if play_randomly_until(state, rng, phase, 2):
            p = state.current_player()
            assert p is not None and p >= 0
            yield state, p
            count -= 1


def _differs_in_secrets(a: MatchState, b: MatchState, p: int) -> bool:
    return any(
        a.players[q].abilities != b.players[q].abilities or a.players[q].gates != b.players[q].gates
        for q in range(len(a.players))
        if q != p
    ) or any(a.field[s].gate != b.field[s].gate for s in a.field)


def _same_decisions(players: int, per_phase: int) -> int:
    rng = random.Random(11)
    checked = 0
    for phase in ("main", "battle"):
        for state, p in _positions(per_phase, phase, players):
            twin = _swap_hidden(state, p, rng)
            if not _differs_in_secrets(state, twin, p):
                continue
            assert twin.observation(p) == state.observation(p)
            assert twin.legal_actions(p) == state.legal_actions(p)
            for lv in (level("easy"), level("normal"), quick_hard()):
                a, b = policy(lv, seed=3), policy(lv, seed=3)
                first = a.choose(state.observation(p), state.legal_actions(p))
                second = b.choose(twin.observation(p), twin.legal_actions(p))
                assert first == second, (lv.name, phase)
                assert a.aim(None, "") == b.aim(None, "")
                checked += 1
    return checked


def test_hidden_differences_change_neither_the_observation_nor_the_decision() -> None:
    assert _same_decisions(2, 6) >= 12


def test_in_a_three_player_game_too() -> None:
    """Each opponent's hand and face-down cards swapped: the same observation, the same
    decision (Hard plays the heuristics with three players)."""
    assert _same_decisions(3, 4) >= 12


def _reachable(root: object, limit: int = 200_000) -> Iterator[object]:
    seen: set[int] = set()
    stack = [root]
    while stack and len(seen) < limit:
        obj = stack.pop()
        if id(obj) in seen or isinstance(obj, type):
            continue
        seen.add(id(obj))
        yield obj
        stack.extend(gc.get_referents(obj))


def test_a_bot_holds_no_match_state_of_the_real_game() -> None:
    rng = random.Random(2)
    session = MatchSession(CAT, [random_kit(CAT, rng), random_kit(CAT, rng)], seed=2)
    seats = [
        BotSeat(policy(quick_hard(), 1), 1),
        BotSeat.named("normal", CAT, 2, LEVELS),
    ]
    # a few turns, then look inside the bots
    for _ in range(60):
        if session.over:
            break
        player = session.actor()
        assert player is not None
        obs = session.observation(player)
        waiting = session.awaiting_throw()
        if waiting is not None:
            t = seats[player].throw(obs, waiting[1], session.table(), session.zone(player))
            session.throw(player, t)
        else:
            session.act(seats[player].choose(obs, session.legal_actions()))
    for seat in seats:
        states = [o for o in _reachable(seat) if isinstance(o, MatchState)]
        assert states == []
        assert not any(o is session for o in _reachable(seat))


def test_the_bot_is_handed_observations_only() -> None:
    """Whatever the seat is given, the policy receives an `Observation` (its viewer's)."""
    seen: list[object] = []

    class Spy:
        name = "spy"
        observes = True
        landing_hit = None

        def choose(self, obs: Observation | None, legal: list) -> object:  # type: ignore[type-arg]
            seen.append(obs)
            throws = [a for a in legal if isinstance(a, Throw)]
            plays = [a for a in legal if not isinstance(a, PlayAbility)]
            return (throws or plays or legal)[0]

        def aim(self, obs: Observation | None, bakugan: str) -> None:
            seen.append(obs)

    rng = random.Random(4)
    session = MatchSession(CAT, [random_kit(CAT, rng), random_kit(CAT, rng)], seed=4)
    run_match(session, [BotSeat(Spy(), 1), BotSeat(Spy(), 2)])  # type: ignore[arg-type]
    assert seen and all(type(o) is Observation for o in seen)


def test_determinize_rebuilds_what_the_seat_sees_and_resamples_the_rest() -> None:
    """A world drawn from an observation shows the seat exactly that observation and
    offers it the same legal actions; the opponent's unseen cards vary with the draw
    and keep to his kit's rules (one Gate and one Ability Card of each colour)."""
    rng = random.Random(8)
    decisions = differ = 0
    for seed in range(12):
        state = started(seed)
        memories = [Memory(), Memory()]
        while not state.is_over():
            p = state.current_player()
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            if p is not None and p >= 0:
                obs = state.observation(p)
                memories[p].start(obs)
                worlds = [determinize(obs, CAT, random.Random(k), memories[p]) for k in (1, 2)]
                for w in worlds:
                    assert w.observation(p) == obs
                    assert w.legal_actions(p) == legal
                    opp = w.players[1 - p]
                    hidden = [fg.gate for fg in w.field.values() if fg.owner == 1 - p]
                    gates = (
                        opp.gates
                        + hidden
                        + [g for q in w.players for o, g in q.captured if o == 1 - p]
                    )
                    colours = sorted(CAT.gates[g].colour.value for g in gates)
                    assert len(set(colours)) == len(colours)
                    cards = opp.abilities + opp.used_abilities
                    assert len({CAT.abilities[a].colour for a in cards}) == len(cards)
                differ += worlds[0].players[1 - p].abilities != worlds[1].players[1 - p].abilities
                decisions += 1
                memories[p].record(obs, action)
            state.apply(action)
    assert decisions > 200 and differ > 20


def test_determinize_with_three_and_four_players_and_the_big_game() -> None:
    """Worlds of games of several players (and the Big Game, with Traps, Battle Gear
    and Evolution cards) show the seat its observation and offer the same actions: the
    seating, the between-turns window, the opening queue and battle order rebuilt."""
    rng = random.Random(3)
    decisions = 0
    for players, big in ((3, False), (4, False), (2, True), (3, True)):
        settings = Settings.preset(players, big)
        for seed in range(2):
            kits = [random_kit(CAT, rng, settings, 4, True) for _ in range(players)]
            state, _ = MatchState.new(CAT, kits, settings, seed=seed)
            memories = [Memory() for _ in range(players)]
            while not state.is_over():
                p = state.current_player()
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                if p is not None and p >= 0:
                    obs = state.observation(p)
                    memories[p].start(obs)
                    if rng.random() < 0.5:
                        for given in (settings, None):  # None: guessed from what it sees
                            w = determinize(obs, CAT, random.Random(seed), memories[p], given)
                            assert w.observation(p) == obs
                            assert w.legal_actions(p) == legal
                        decisions += 1
                    memories[p].record(obs, action)
                state.apply(action)
    assert decisions > 150


def test_no_match_state_is_reachable_from_bots_of_a_three_player_game() -> None:
    settings = Settings.preset(3)
    rng = random.Random(6)
    state, _ = MatchState.new(CAT, [random_kit(CAT, rng, settings) for _ in range(3)], settings)
    bots = [policy(level("easy"), 1), policy(level("normal"), 2), policy(quick_hard(), 3)]
    for _ in range(150):
        if state.is_over():
            break
        p = state.current_player()
        assert p is not None
        legal = state.legal_actions()
        if p < 0:
            action = legal[rng.randrange(len(legal))]
        else:
            action = bots[p].choose(state.observation(p), legal)
        state.apply(action)
    for bot in bots:
        assert [o for o in _reachable(bot) if isinstance(o, MatchState)] == []
