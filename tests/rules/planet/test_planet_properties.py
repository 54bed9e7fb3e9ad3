"""Random whole Battle Planet matches (the property tests of issue 16, a seeded few in
the suite; `benchmarks/planet_properties.py` runs 2,000): every card in exactly one zone,
Energy never negative, a legal action for each player to act until the end, every match
ends, illegal actions refused with the state unchanged, an exact JSON round trip, and
the same seed gives the same events."""

from __future__ import annotations

import random

import pytest

from game.ai.planet.selfcheck import checked_match
from game.rules.planet import CHANCE, CardPlay, PlanetState, Settings

from .helpers import catalog

PRESETS = sorted(catalog().presets)


def _kits(seed: int) -> list:  # type: ignore[type-arg]
    rng = random.Random(seed)
    cat = catalog()
    return [cat.presets[PRESETS[rng.randrange(len(PRESETS))]].kit for _ in range(2)]


@pytest.mark.parametrize("mode", [CardPlay.BATCH, CardPlay.FREE])
def test_random_matches_keep_every_invariant_and_end(mode: CardPlay) -> None:
    problems = []
    ended = 0
    for seed in range(60):
        match = checked_match(catalog(), _kits(seed), seed, Settings(card_play=mode), probe_every=5)
        problems += match.problems
        ended += match.ended
        assert match.illegal_tried > 0 and match.round_trips > 0
    assert problems == []
    assert ended == 60


def test_the_same_seed_gives_the_same_events() -> None:
    for seed in (3, 11):
        a = checked_match(catalog(), _kits(seed), seed)
        b = checked_match(catalog(), _kits(seed), seed)
        assert a.events == b.events and len(a.events) > 50
    assert (
        checked_match(catalog(), _kits(3), 3).events != checked_match(catalog(), _kits(3), 4).events
    )


@pytest.mark.parametrize("mode", [CardPlay.FREE, CardPlay.BATCH])
def test_a_restored_match_goes_on_exactly_as_the_original(mode: CardPlay) -> None:
    rng = random.Random(5)
    state, _ = PlanetState.new(catalog(), _kits(5), Settings(card_play=mode), seed=5)
    for _ in range(60):  # this match lasts 74 actions under free card play, 174 the batch
        p = state.current_players()[0]
        if p == CHANCE:
            state.apply(state.legal_actions(CHANCE)[rng.randrange(3)])
        else:
            legal = state.legal_actions(p)
            state.apply(legal[rng.randrange(len(legal))])
    assert not state.is_over()  # restored in the middle of the match
    copy = PlanetState.from_json(state.to_json(), catalog())
    clone = state.clone()
    assert copy == state and clone == state
    moves = random.Random(9)
    for _ in range(300):
        if state.is_over():
            break
        p = state.current_players()[0]
        legal = state.legal_actions(p)
        assert legal == copy.legal_actions(p) == clone.legal_actions(p)
        action = legal[moves.randrange(len(legal))]
        assert [str(e) for e in state.apply(action)] == [str(e) for e in copy.apply(action)]
        clone.apply(action)
    assert copy.to_json() == state.to_json() == clone.to_json()


def test_a_clone_is_independent() -> None:
    state, _ = PlanetState.new(catalog(), _kits(1), Settings(), seed=1)
    clone = state.clone()
    p = state.current_players()[0]
    state.apply(state.legal_actions(p)[-1])
    assert clone != state
    assert clone.phase.value == "cores" and not clone.matrix
