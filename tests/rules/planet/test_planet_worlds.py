"""`worlds.world`: a state rebuilt from one player's view and a guess of what it hides.
With the truth it is the real state; with any other guess that fits it shows that player
exactly the same view and offers him the same legal actions; a guess that does not fit
is refused with the reason."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from game.ai.planet.landing import DEFAULT_MODEL
from game.rules.planet import CHANCE, CardPlay, Phase, PlanetState, Settings
from game.rules.planet.worlds import Guess, WorldMismatch, true_guess, world

from .helpers import catalog, kits


def _without_rng(state: PlanetState) -> dict[str, object]:
    data = state.to_json()
    del data["rng"]
    return data


def _shuffled(guess: Guess, rng: random.Random) -> Guess:
    """Another guess that fits the same view: the opponent's hidden cards dealt again
    among his hand, deck and Energy, and one's own deck in another order."""
    hidden = list(guess.hand + guess.deck + guess.energy)
    rng.shuffle(hidden)
    a, b = len(guess.hand), len(guess.hand) + len(guess.deck)
    own = list(guess.own_deck)
    rng.shuffle(own)
    return replace(
        guess, own_deck=tuple(own), hand=tuple(hidden[:a]), deck=tuple(hidden[a:b]),
        energy=tuple(hidden[b:]),
    )  # fmt: skip


def _decisions(seed: int, card_play: CardPlay) -> list[PlanetState]:
    """Copies of the state at decisions of a random match (after setup)."""
    rng = random.Random(seed)
    state, _ = PlanetState.new(catalog(), kits(), Settings(card_play=card_play), seed)
    out = []
    while not state.is_over():
        acting = state.current_players()
        p = acting[rng.randrange(len(acting))]
        if p == CHANCE:
            state.apply(DEFAULT_MODEL.roll(state, rng))
            continue
        if state.phase is not Phase.CORES and rng.random() < 0.3:
            out.append(state.clone())
        legal = state.legal_actions(p)
        state.apply(legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("card_play", [CardPlay.BATCH, CardPlay.FREE])
def test_the_truth_rebuilds_the_state_and_another_guess_the_same_view(card_play: CardPlay) -> None:
    rng = random.Random(3)
    checked = 0
    for seed in range(6):
        for state in _decisions(seed, card_play):
            for viewer in (0, 1):
                obs = state.observation(viewer)
                truth = world(obs, state.catalog, true_guess(state, viewer))
                assert _without_rng(truth) == _without_rng(state)
                other = world(obs, state.catalog, _shuffled(true_guess(state, viewer), rng))
                assert other.observation(viewer) == obs
                assert other.legal_actions(viewer) == state.legal_actions(viewer)
                checked += 1
    assert checked > 200


def test_a_guess_that_does_not_fit_is_refused_with_the_reason() -> None:
    state = _decisions(1, CardPlay.BATCH)[5]
    obs = state.observation(0)
    guess = true_guess(state, 0)
    with pytest.raises(WorldMismatch, match="hand: 2 cards, the view shows"):
        world(obs, state.catalog, replace(guess, hand=("pyrus_strike", "pyrus_strike")))
    with pytest.raises(WorldMismatch, match="characters: unknown Character 'nobody'"):
        world(obs, state.catalog, replace(guess, characters=("nobody",) * 3))


def test_a_hidden_choice_must_be_guessed_and_is_kept_hidden() -> None:
    state, _ = PlanetState.new(catalog(), kits(), Settings(first=0, shuffle=False), 0)
    from game.content.planet.runner import auto_matrix

    auto_matrix(state)
    state.apply(state.legal_actions(1)[1])  # p1 energizes a card
    obs = state.observation(0)
    guess = true_guess(state, 0)
    with pytest.raises(WorldMismatch, match="commit: p1 has chosen"):
        world(obs, state.catalog, replace(guess, commit=None))
    rebuilt = world(obs, state.catalog, guess)
    assert rebuilt.observation(0) == obs and rebuilt.commits[1] == state.commits[1]
