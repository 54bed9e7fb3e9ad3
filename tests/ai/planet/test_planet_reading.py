"""The position reading: the chance to win grows with one's deck and shrinks with the
opponent's, a finished match reads 1 or 0, the damage still coming counts (less the Stop
Flips the loser could pay), and the turn's passing changes are not read as strength."""

from __future__ import annotations

from game.ai.planet.reading import (
    FEATURES,
    WEIGHTS,
    evaluate,
    features,
    position,
    stop_chance,
    taken,
)
from game.rules.planet import Phase
from game.rules.planet.zones import TurnMod

from .helpers import random_until


def test_weights_cover_every_feature() -> None:
    assert set(WEIGHTS) == set(FEATURES)
    assert all(w > 0 for w in WEIGHTS.values())


def test_cards_in_deck_are_life() -> None:
    state = random_until(2, lambda s: s.phase is Phase.ENERGIZE and s.turn >= 2)
    assert state is not None
    base = position(state, 0)
    assert position(state, 0, lose_me=3) < base < position(state, 0, lose_opp=3)
    assert position(state, 0, lose_opp=len(state.sides[1].deck) + 1) == 1.0
    assert position(state, 0, lose_me=len(state.sides[0].deck) + 1) == 0.0
    assert abs(evaluate(state, 0) + evaluate(state, 1) - 1.0) < 0.2


def test_a_finished_match_reads_as_its_result() -> None:
    ended = random_until(3, lambda s: s.turn >= 2)
    assert ended is not None
    ended.over, ended.winner = True, 1  # as the core marks a finished match
    assert evaluate(ended, 1) == 1.0 and evaluate(ended, 0) == 0.0


def test_the_damage_coming_counts_for_both_sides() -> None:
    state = random_until(4, lambda s: s.phase is Phase.VICTORY)
    assert state is not None
    v = state.victor
    assert v is not None
    assert evaluate(state, v) > position(state, v)  # the damage is still to come
    assert evaluate(state, 1 - v) < position(state, 1 - v)
    assert taken(5, 0.0) == 5 and 1.0 <= taken(5, 0.3) < 5
    assert 0.0 <= stop_chance(state, 1 - v, v, 99) <= 1.0


def test_the_turns_passing_changes_are_not_strength() -> None:
    state = next(
        s
        for seed in range(5, 40)
        if (s := random_until(seed, lambda s: s.phase is Phase.POWER)) is not None
    )
    p = state.current_players()[0]
    before = features(state, p)
    state.mods.append(TurnMod(p, True, "add_b", 900, "test"))
    after = features(state, p)
    assert after["b_power"] == before["b_power"]
