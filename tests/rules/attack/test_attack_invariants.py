"""The Attack rules core's invariants (`game.rules.attack.invariants`): every state of
random games satisfies them, and each way a file can make a state impossible is named
by the field it breaks."""

from __future__ import annotations

import os
import random
from collections.abc import Callable

import pytest

from game.content.attack import shipped_deck
from game.rules.api import InvalidState
from game.rules.attack import CHANCE, AttackState, Phase, Settings, Variant
from game.rules.attack.invariants import check, problems

DECK = shipped_deck()
# The suite plays 20 games; more with ATTACK_INVARIANT_GAMES=600 (300 took 10 s CPU).
GAMES = int(os.environ.get("ATTACK_INVARIANT_GAMES", "20"))


def _game(seed: int) -> AttackState:
    n = 3 + seed % 3
    variant = Variant.HOUSE if seed % 2 else Variant.STANDARD
    return AttackState.new(DECK, Settings(n, variant), seed)[0]


def _step(state: AttackState, rng: random.Random) -> None:
    players = state.current_players()
    if players == (CHANCE,):
        state.apply(state.chance_action())
    else:
        state.apply(rng.choice(state.legal_actions(rng.choice(players))))


def test_every_state_of_random_games_keeps_the_invariants() -> None:
    phases = set()
    for seed in range(GAMES):
        state, rng = _game(seed), random.Random(seed)
        while True:
            assert problems(state) == [], f"seed {seed}: {state!r}"
            phases.add(state.phase)
            if state.is_over():
                break
            _step(state, rng)
    assert phases == set(Phase)  # (every step of the game was seen)


def _reach(phase: Phase, seed: int = 0) -> AttackState:
    for s in range(seed, seed + 100):
        state, rng = _game(s), random.Random(s)
        while not state.is_over() and state.phase is not phase:
            _step(state, rng)
        if state.phase is phase:
            return state
    raise AssertionError(f"no {phase.value} state reached")


def _set(name: str, value: object) -> Callable[[AttackState], None]:
    return lambda s: setattr(s, name, value)


BROKEN: list[tuple[Phase, Callable[[AttackState], None], str]] = [
    (Phase.PLAY, _set("turn", 9), "turn"),
    (Phase.PLAY, _set("dealer", 7), "dealer"),
    (Phase.PLAY, _set("leader", "p1"), "leader"),
    (Phase.PLAY, lambda s: s.table.append((9, "1")), "table"),
    (Phase.PLAY, lambda s: s.table.append((0, "nosuch")), "table"),
    (Phase.PLAY, lambda s: s.hands[0].append(s.hands[1][0]), "cards"),
    (Phase.PLAY, lambda s: s.hands[0].__setitem__(0, "nosuch"), "hands[0]"),
    (Phase.PLAY, lambda s: s.points.__setitem__(0, 99), "points"),
    (Phase.PLAY, lambda s: s.points.__setitem__(1, -1), "points[1]"),
    (Phase.PLAY, lambda s: s.targets.__setitem__(0, 5.5), "targets[0]"),
    (Phase.PLAY, lambda s: s.hands.pop(), "hands"),
    (Phase.PLAY, _set("mode", "blind"), "mode"),
    (Phase.PLAY, _set("over_reason", "points"), "over_reason"),
    (Phase.PLAY, lambda s: s.pending.__setitem__(0, s.hands[0].pop()), "pending"),
    (Phase.PLAY, _set("deal_pool", {"nosuch": 1}), "deal_pool"),
    (Phase.DEAL, lambda s: s.hands[0].append(s.discards.pop()), "hands"),
    (Phase.TARGET_ROLL, _set("rolled", 9), "rolled"),
    (Phase.DEALER_ROLL, _set("dealer", 0), "dealer"),
    (Phase.OVER, _set("over_reason", ""), "over_reason"),
    (Phase.BLIND, lambda s: s.pending.__setitem__(s.leader, s.hands[s.leader].pop()), "pending"),
    (Phase.RANDOM_PICK, _set("mode", ""), "mode"),
]


@pytest.mark.parametrize(("phase", "change", "field"), BROKEN, ids=[b[2] for b in BROKEN])
def test_an_impossible_state_is_named_by_its_field(
    phase: Phase, change: Callable[[AttackState], None], field: str
) -> None:
    state = _reach(phase)
    assert problems(state) == []
    change(state)
    found = problems(state)
    assert any(line.startswith(field) for line in found), found
    with pytest.raises(InvalidState):
        check(state)


def test_the_checks_never_raise_whatever_a_field_holds() -> None:
    state = _reach(Phase.PLAY)
    for name in AttackState.__slots__:
        for value in (None, "x", -1, 10**30, [None], {"a": 1}, (1, 2)):
            broken = state.clone()
            setattr(broken, name, value)
            assert isinstance(problems(broken), list)
