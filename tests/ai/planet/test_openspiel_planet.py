"""Battle Planet as the OpenSpiel game `bakugan_planet` (game/ai/planet/openspiel/).

Skipped where open-spiel cannot be installed (see the `test` extra in pyproject.toml).
"""

from __future__ import annotations

import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from game.games.planet import openspiel_game  # noqa: E402
from game.rules.planet import CHANCE, Energize, Phase, Pick  # noqa: E402

GAME = openspiel_game()  # registers the game with the shipped cards
SIM = int(pyspiel.PlayerId.SIMULTANEOUS)


def _step(state: Any, rng: random.Random) -> None:
    """One random move: chance by its odds, a joint move at a simultaneous node."""
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    elif state.current_player() == SIM:
        state.apply_actions([rng.choice(state.legal_actions(p)) for p in (0, 1)])
    else:
        state.apply_action(rng.choice(state.legal_actions()))


def _to(state: Any, phase: Phase, rng: random.Random) -> Any:
    while state.core is None or state.core.phase is not phase:
        assert not state.is_terminal()
        _step(state, rng)
    return state


# ----------------------------------------------------------------- OpenSpiel's own test


def test_openspiel_random_sim_test_passes_serialized() -> None:
    """20 sims here (about half a second each); the issue's 200 are
    `python benchmarks/planet_ai_openspiel.py --sims 200` (docs/ai.md)."""
    pyspiel.random_sim_test(GAME, num_sims=20, serialize=True, verbose=False)


def test_random_sim_test_passes_with_other_parameters_and_turn_based() -> None:
    game = pyspiel.load_game(
        "bakugan_planet",
        {
            "decks": "ventus_aurelus+darkus_aquos",
            "first_player": 1,
            "tie_break_empty": "loses_battle",
            "on_core": 0.3,
            "no_core": 0.3,
            "max_turns": 8,
        },
    )
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)
    pyspiel.random_sim_test(
        pyspiel.convert_to_turn_based(GAME), num_sims=5, serialize=False, verbose=False
    )


# ----------------------------------------------------------------- the game's shape


def test_the_steps_both_take_at_once_are_simultaneous_nodes() -> None:
    rng = random.Random(1)
    state = _to(GAME.new_initial_state(), Phase.ENERGIZE, rng)
    assert state.current_player() == SIM
    mine, theirs = state.legal_actions(0), state.legal_actions(1)
    assert mine and theirs
    a0 = next(a for a in mine if isinstance(state.decode(0, a), Energize) and a != mine[0])
    card = state.decode(0, a0).card
    state.apply_actions([a0, theirs[0]])
    seen_by_1 = state.information_state_string(1).split("\n")[-1]
    seen_by_0 = state.information_state_string(0).split("\n")[-1]
    assert seen_by_1.startswith("p0 ? & p1 ") and card not in seen_by_1
    assert seen_by_0.startswith(f"p0 energize {card} & p1 ") and card in seen_by_0
    state = _to(state, Phase.SELECT, rng)
    assert state.current_player() == SIM
    assert all(isinstance(state.decode(p, a), Pick) for p in (0, 1) for a in state.legal_actions(p))


def test_every_legal_action_round_trips_through_the_codec() -> None:
    rng = random.Random(2)
    seen = 0
    for _ in range(6):
        state = GAME.new_initial_state()
        while not state.is_terminal():
            core = state.core
            if core is not None and not state.is_chance_node():
                players = (0, 1) if state.current_player() == SIM else (state.current_player(),)
                for p in players:
                    for a in state.legal_actions(p):
                        action = state.decode(p, a)
                        assert state.encode(action) == a
                        assert state.action_to_string(p, a) == str(action)
                        seen += 1
                assert sorted(
                    state.encode(x) for p in players for x in core.legal_actions(p)
                ) == sorted(a for p in players for a in state.legal_actions(p))
            _step(state, rng)
    assert seen > 1000


def test_chance_is_the_deal_the_coin_the_shuffles_and_the_rolls() -> None:
    state = GAME.new_initial_state()
    texts = []
    while state.core is None:
        outcomes = state.chance_outcomes()
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        texts.append(state.action_to_string(CHANCE, outcomes[0][0]))
        state.apply_action(outcomes[0][0])
    assert texts[0].startswith("deal p0 deck") and texts[1].startswith("deal p1 deck")
    assert texts[2].startswith("coin") and len(texts) == 3 + 80
    assert state.core.phase is Phase.CORES and not state.core.settings.shuffle
    rng = random.Random(3)
    state = _to(state, Phase.ROLL, rng)
    outcomes = dict(state.chance_outcomes())
    assert outcomes[0] == pytest.approx(0.3) and outcomes[1] == pytest.approx(0.1)
    assert sum(p for a, p in outcomes.items() if a >= 2) == pytest.approx(0.6)


def test_a_seat_cannot_tell_apart_what_it_does_not_see() -> None:
    """The opponent's deck and every deck order are hidden: two deals that differ only
    there give player 0 the same information state and observation tensor."""

    def dealt(p1_deck: int, order_seed: int) -> Any:
        state = GAME.new_initial_state()
        state.apply_action(0)  # p0's deck
        state.apply_action(p1_deck)
        state.apply_action(0)  # the coin
        rng = random.Random(order_seed)
        while state.core is None:
            outcomes = state.chance_outcomes()
            if state._d.dealing()[1] == 0:  # p0's own deck: the same order both times
                state.apply_action(outcomes[0][0])
            else:
                state.apply_action(rng.choice(outcomes)[0])
        return state

    a, b = dealt(1, 1), dealt(2, 2)
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.information_state_string(1) != b.information_state_string(1)


def test_serialization_and_pickling_keep_the_whole_state() -> None:
    rng = random.Random(4)
    state = GAME.new_initial_state()
    for _ in range(160):
        _step(state, rng)
    again = GAME.deserialize_state(state.serialize())
    assert str(again) == str(state) and again.history() == state.history()
    assert again.information_state_string(1) == state.information_state_string(1)
    copied = pickle.loads(pickle.dumps(state))
    assert str(copied) == str(state)


def test_bad_parameters_are_refused_with_the_reason() -> None:
    with pytest.raises(Exception, match="card_play: only 'batch'"):
        pyspiel.load_game("bakugan_planet", {"card_play": "free"})
    with pytest.raises(Exception, match="decks: 'random' or two of"):
        pyspiel.load_game("bakugan_planet", {"decks": "nothing,else"})


def test_returns_are_zero_sum_and_name_the_winner() -> None:
    rng = random.Random(5)
    ends = set()
    for _ in range(8):
        state = GAME.new_initial_state()
        while not state.is_terminal():
            _step(state, rng)
        returns = state.returns()
        assert sum(returns) == 0
        winner = state.core.winner
        ends.add(winner)
        assert returns == (
            [0.0, 0.0] if winner is None else [1.0 if p == winner else -1.0 for p in (0, 1)]
        )
        assert state.get_game().max_game_length() >= len(state.history())
    assert {0, 1} <= ends
