"""The Attack core speaks the app's protocol (game/rules/api.py): notation, refusals,
chance outcomes with their odds, the public view, the result."""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType

import pytest

from game.content.attack import shipped_deck
from game.rules.api import GameState
from game.rules.attack import (
    CHANCE,
    ActionSyntaxError,
    AttackState,
    Deal,
    Deck,
    IllegalAction,
    InvalidSettings,
    Phase,
    Pick,
    PlayCard,
    PlayerSetup,
    Roll,
    Settings,
    parse_action,
)

DECK = shipped_deck()


def _playing(seed: int = 4) -> AttackState:
    state, _ = AttackState.new(DECK, Settings(4), seed=seed)
    while state.phase is not Phase.PLAY:
        state.apply(state.chance_action())
    return state


def test_the_state_is_a_game_state_and_round_trips_its_notation() -> None:
    state = _playing()
    assert isinstance(state, GameState)
    for action in (
        PlayCard(2, "masquerade"),
        Roll(1, 6),
        Pick(3, "10"),
        Deal((("1", "2"), ("dan",), ()), ("5",)),
        Deal((("3",), ("4",))),
    ):
        assert parse_action(str(action)) == action
    assert str(Deal((("1", "5", "dan"), ("2",)), ("6",))) == "deal p0=1,5,dan p1=2 aside=6"


@pytest.mark.parametrize(
    "text", ["", "p0 plays 7", "roll p1", "roll x1 3", "pick p2", "deal p1=3", "deal p0"]
)
def test_bad_notation_is_a_syntax_error_with_the_text(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        parse_action(text)


def test_settings_refuse_player_counts_with_a_reason_code() -> None:
    for players in (0, 1, 2, 6, 7):
        with pytest.raises(InvalidSettings) as refused:
            AttackState.new(DECK, Settings(players))
        assert refused.value.reason.code == "attack.players"
        assert refused.value.reason.params == {"players": players}


def test_chance_outcomes_have_their_odds() -> None:
    state, _ = AttackState.new(DECK, Settings(3), seed=1)
    faces = state.chance_outcomes()
    assert [str(a) for a, _ in faces] == [f"roll p0 {f}" for f in range(1, 7)]
    assert abs(sum(p for _, p in faces) - 1) < 1e-12
    assert state.legal_actions(CHANCE) == [a for a, _ in faces]
    assert state.legal_actions(0) == []
    hands = (("runo", "1", "2"), ("5", "5", "7"), ("3", "4", "6"), ("8", "9", "10"))
    keep = Counter(c for hand in hands for c in hand)
    remove = MappingProxyType({c: k - keep.get(c, 0) for c, k in DECK.full().items()})
    deck = Deck(DECK.cards, {4: PlayerSetup(4, remove, 0)})
    state, _ = AttackState.new(deck, Settings(4))
    for action in [*(Roll(p, 6 - p) for p in range(4)), Deal(hands)]:
        state.apply(action)
    while state.phase is not Phase.PLAY:
        state.apply(state.chance_action())
    state.apply(PlayCard(0, "runo"))
    picks = {str(a): p for a, p in state.chance_outcomes()}
    assert picks == {"pick p1 5": pytest.approx(2 / 3), "pick p1 7": pytest.approx(1 / 3)}


def test_only_the_current_players_have_legal_actions_and_the_public_view_has_no_hand() -> None:
    state = _playing()
    (turn,) = state.current_players()
    assert state.legal_actions(turn)
    assert all(state.legal_actions(p) == [] for p in range(4) if p != turn)
    assert state.legal_actions(CHANCE) == []
    public = state.observation(CHANCE)
    assert public.hand == () and public.my_caught == () and len(public.seats) == 4
    mine = state.observation(turn)
    assert sorted(mine.hand) == sorted(state.hands[turn])
    assert state.result() is None


def test_chance_is_refused_when_a_player_is_due_and_the_reason_says_who() -> None:
    state = _playing()
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(Roll(0, 3))
    assert "is to play" in str(refused.value)
    assert state.to_json() == before
