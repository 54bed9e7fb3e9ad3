"""The match object: creation, refusals with codes and no change, staging, results,
and kits built at random."""

from __future__ import annotations

import random

import pytest

from game.rules.api import GameState, IllegalAction, Result
from game.rules.planet import (
    CHANCE,
    Energize,
    InvalidKit,
    Kit,
    Pass,
    Phase,
    PlanetState,
    PlayCard,
    Roll,
    Settings,
    check_kit,
    random_kit,
)

from .helpers import catalog, kits, started


def test_it_speaks_the_rules_protocol() -> None:
    state, events = PlanetState.new(catalog(), kits(), Settings(), seed=2)
    assert isinstance(state, GameState)
    assert str(events[0]).startswith("coin: p") and state.phase is Phase.CORES
    assert state.result() is None and state.current_players() == (state.starting,)


def test_two_kits_exactly_and_every_reason_of_both() -> None:
    with pytest.raises(InvalidKit, match="Battle Planet is for 2 players, got 3 kits"):
        PlanetState.new(catalog(), kits() + kits()[:1])
    bad = Kit(("pyrus_dragonoid",), (), ())
    with pytest.raises(InvalidKit) as caught:
        PlanetState.new(catalog(), [bad, bad])
    assert any(p.startswith("player 0: ") for p in caught.value.problems)
    assert any(p.startswith("player 1: ") for p in caught.value.problems)


def test_a_refusal_has_a_code_and_changes_nothing() -> None:
    state = started()
    before = state.to_json()
    for action, code in [
        (PlayCard(0, "pyrus_strike"), "phase"),
        (Energize(0, "aquos_ice_wall"), "not_in_hand"),
        (Roll(0, True, (0, 0)), "phase"),
        (Pass(7), "no_player"),
    ]:
        with pytest.raises(IllegalAction) as caught:
            state.apply(action)
        assert caught.value.reason.code == code, caught.value.reason  # type: ignore[attr-defined]
        assert state.to_json() == before


def test_staging_is_only_before_setup_and_all_or_nothing() -> None:
    state, _ = PlanetState.new(catalog(), kits(), Settings(first=0, shuffle=False))
    before = state.to_json()
    with pytest.raises(IllegalAction, match="aquos_ice_wall is not in p0's deck"):
        state.stage(0, "energy", ["pyrus_strike", "aquos_ice_wall"])
    assert state.to_json() == before
    state.stage(0, "energy", ["pyrus_strike"])
    assert state.sides[0].energy == ["pyrus_strike"] and len(state.sides[0].deck) == 39
    with pytest.raises(IllegalAction, match="staged only before setup begins"):
        started().stage(0, "discard", ["pyrus_strike"])


def test_the_result_of_a_won_match() -> None:
    rng = random.Random(0)
    state, _ = PlanetState.new(catalog(), kits(), Settings(), seed=4)
    while not state.is_over():
        p = state.current_players()[0]
        legal = state.legal_actions(p)
        state.apply(legal[rng.randrange(len(legal))] if p != CHANCE else legal[2])
    result = state.result()
    assert isinstance(result, Result) and state.current_players() == ()
    assert result.winner == state.winner and (result.winner is None) == result.draw
    with pytest.raises(IllegalAction, match="the match is over"):
        state.apply(Pass(0))


def test_random_kits_are_legal() -> None:
    rng = random.Random(3)
    for _ in range(10):
        assert check_kit(random_kit(catalog(), rng), catalog()) == []
    bare = type(catalog())(catalog().characters, catalog().cards, catalog().cores)
    for _ in range(10):
        kit = random_kit(bare, rng)
        assert check_kit(kit, bare) == [], kit
