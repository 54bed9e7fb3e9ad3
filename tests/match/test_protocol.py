"""The one session protocol (`game.match.protocol`, issue 26.1): every game's session
is a `MatchSession`, and at every step of whole matches its answers mean the same in
all three games: the players to act never include chance, a choice and a throw are
never awaited at once, a player has legal actions exactly when he is to act, and a
match over waits for nobody."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels as shipped_attack_levels
from game.match.attack.session import AttackMatch
from game.match.protocol import MatchSession
from game.rules.api import CHANCE

from .test_resume import _classic_setup, _classic_step, _planet_setup, _planet_step

SEEDS = range(3)


def _checked(session: MatchSession, players: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    assert isinstance(session, MatchSession)
    acting, throwing = session.to_act(), session.throwers()
    assert CHANCE not in acting and CHANCE not in throwing
    assert not (acting and throwing), (acting, throwing)
    if session.over:
        assert acting == throwing == ()
    for p in range(players):
        assert bool(session.legal_actions(p)) == (p in acting), (p, acting)
    return acting, throwing


def _play(session: MatchSession, players: int, step: Callable[[], object]) -> dict[str, int]:
    seen = {"choices": 0, "throws": 0, "neither": 0}
    for _ in range(5000):
        acting, throwing = _checked(session, players)
        if session.over:
            return seen
        seen["choices" if acting else "throws" if throwing else "neither"] += 1
        step()
    raise AssertionError("the match did not end in 5,000 steps")


@pytest.mark.parametrize("seed", SEEDS)
def test_classic(seed: int) -> None:
    session, seats = _classic_setup(seed)
    seen = _play(session, len(session.state.players), lambda: _classic_step(session, seats))
    assert seen["choices"] and seen["throws"] and not seen["neither"]


@pytest.mark.parametrize("seed", SEEDS)
def test_attack(seed: int) -> None:
    match = AttackMatch.new(shipped_deck(), shipped_attack_levels(), ["easy"] * 4, seed=seed)
    seen = _play(match, 4, match.step_without_people)
    assert seen["choices"] and seen["throws"] and seen["neither"]  # the dice, the deal


@pytest.mark.parametrize("seed", SEEDS)
def test_planet(seed: int) -> None:
    session, seats = _planet_setup(seed)
    seen = _play(session, 2, lambda: _planet_step(session, seats))
    assert seen["choices"] and seen["throws"]
