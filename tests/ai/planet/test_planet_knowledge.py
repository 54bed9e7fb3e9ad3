"""What a Battle Planet bot imagines: worlds that look exactly like its observation,
the opponent's preset deck found from what has been seen, and a guess that still fits
when his deck is none of the presets."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from types import MappingProxyType

from game.ai.planet.knowledge import DeckBook, opponent_commit, seen_cards, weakest
from game.rules.planet import CardType, Energize, Phase, Pick

from .helpers import CAT, random_until


def _positions(count: int) -> list[tuple[object, int]]:
    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        state = random_until(seed, lambda s: s.turn >= 2 and s.phase is not Phase.CORES)
        if state is not None:
            out.append((state, state.current_players()[0]))
    return out


def test_a_world_looks_exactly_like_the_observation_and_offers_the_same_moves() -> None:
    rng = random.Random(1)
    for state, p in _positions(12):
        obs = state.observation(p)  # type: ignore[attr-defined]
        book = DeckBook(CAT)
        for _ in range(3):
            world = book.world(obs, rng)
            assert world.observation(p) == obs
            assert world.legal_actions(p) == state.legal_actions(p)  # type: ignore[attr-defined]


def test_the_opponents_preset_is_among_the_kits_that_fit_what_was_seen() -> None:
    book = DeckBook(CAT)
    narrowed = 0
    for state, p in _positions(12):
        obs = state.observation(p)  # type: ignore[attr-defined]
        q = 1 - p
        fitting = book.kits_fitting(obs, q)
        true = next(
            k
            for k in (d.kit for d in CAT.presets.values())
            if tuple(k.characters) == tuple(b.character for b in state.sides[q].bakugan)  # type: ignore[attr-defined]
        )
        assert true in fitting
        narrowed += len(fitting) < len(CAT.presets)
        # what a guess deals the opponent comes from that kit, minus what was seen
        guess = book.guess(obs, random.Random(2))
        hidden = sorted(guess.hand + guess.deck + guess.energy)
        assert any(
            sorted((Counter(k.deck) - seen_cards(obs, q)).elements()) == hidden for k in fitting
        )
    assert narrowed >= 6


def test_without_presets_the_guess_still_fits_the_view() -> None:
    bare = dataclasses.replace(CAT, presets=MappingProxyType({}))
    rng = random.Random(3)
    for state, p in _positions(6):
        obs = state.observation(p)  # type: ignore[attr-defined]
        world = DeckBook(bare).world(obs, rng)
        assert world.observation(p) == obs


def test_the_opponents_simultaneous_choice_is_drawn_from_his_guessed_cards() -> None:
    state = random_until(4, lambda s: s.phase is Phase.ENERGIZE and s.turn >= 2)
    assert state is not None
    p = state.current_players()[0]
    q = 1 - p
    state.apply(state.legal_actions(q)[-1])  # he chooses first
    obs = state.observation(p)
    assert obs.sides[q].committed and obs.sides[q].choice is None
    book = DeckBook(CAT)
    guess = book.guess(obs, random.Random(5))
    commit = opponent_commit(CAT, obs, guess, random.Random(5))
    assert isinstance(commit, Energize) and commit.card == weakest(CAT, guess.hand)
    world = book.world(obs, random.Random(6))
    assert world.observation(p) == obs and world.commits[q] is not None
    assert CAT.cards[weakest(CAT, ["pyrus_strike", "pyrus_lava_flow"]) or ""].type is CardType.FLIP
    picks = random_until(7, lambda s: s.phase is Phase.SELECT)
    assert picks is not None
    p = picks.current_players()[0]
    picks.apply(picks.legal_actions(1 - p)[0])
    obs = picks.observation(p)
    chosen = opponent_commit(CAT, obs, book.guess(obs, random.Random(8)), random.Random(8))
    assert isinstance(chosen, Pick) and chosen.player == 1 - p
