"""The Attack match driver: seats and bots play a whole game through it, the reasons a
card may not be played, and the autosave payload that continues the same game."""

from __future__ import annotations

import pytest

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels as shipped_attack_levels
from game.match.attack.session import HUMAN, AttackMatch, AttackSaveError
from game.rules.attack import InvalidSettings, Phase, PlayCard, Variant

DECK = shipped_deck()
LEVELS = shipped_attack_levels()


def _play_out(match: AttackMatch, limit: int = 20_000) -> None:
    for _ in range(limit):
        if match.state.is_over():
            return
        match.step_without_people()
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("variant", [Variant.STANDARD, Variant.HOUSE])
def test_three_computers_and_one_more_play_a_whole_game(variant: Variant) -> None:
    match = AttackMatch.new(DECK, LEVELS, ["easy", "normal", "hard", "normal"], variant, seed=3)
    _play_out(match)
    result = match.state.result()
    assert result is not None
    assert match.result_winners() == tuple(p for p in range(4) if result.places[p] == 0)
    assert str(match.events[-1]).startswith("game over")


def test_a_person_is_asked_and_the_others_wait_with_the_reason() -> None:
    match = AttackMatch.new(DECK, LEVELS, [HUMAN, "easy", "easy", "easy"], seed=1)
    while not match.choosing(0):
        if match.die_due() is not None:
            face = match.die_face()
            events = match.apply_chance()
            assert any(getattr(e, "face", None) == face for e in events)
        else:
            match.step_without_people()
    hand = match.state.hands[0]
    assert all(match.why_not(0, c) is None for c in hand)
    match.play(0, hand[0])
    if match.state.phase is Phase.PLAY and 0 not in match.to_act():
        why = match.why_not(0, match.state.hands[0][0])
        assert why is not None and why.key in {"attack_ui.why.played", "attack_ui.why.runo"}


def test_while_dice_roll_nobody_plays() -> None:
    match = AttackMatch.new(DECK, LEVELS, [HUMAN, HUMAN, HUMAN], seed=2)
    assert match.die_due() == 0 and match.throwers() == (0,) and match.to_act() == ()
    while match.state.phase is not Phase.TARGET_ROLL:
        match.apply_chance()
    assert match.why_not(0, match.state.hands[0][0]).key == "attack_ui.why.dice"  # type: ignore[union-attr]


def test_the_autosave_continues_the_same_game() -> None:
    match = AttackMatch.new(DECK, LEVELS, ["hard", "normal", "easy", "normal", "easy"], seed=8)
    for _ in range(60):
        match.step_without_people()
    saved = match.to_json()
    again = AttackMatch.from_json(saved, DECK, LEVELS)
    assert again.state == match.state and again.seats == match.seats
    twin = AttackMatch.from_json(saved, DECK, LEVELS)
    _play_out(again)
    _play_out(twin)
    assert again.state == twin.state


@pytest.mark.parametrize(
    ("change", "problem"),
    [
        (lambda d: d.update(version=9), "version"),
        (lambda d: d.update(seats="x"), "seats"),
        (lambda d: d.update(seed="7"), "seed"),
        (lambda d: d["state"].pop("hands"), "KeyError"),
        (lambda d: d.update(seats=["human", "wizard", "easy", "easy"]), "wizard"),
    ],
)
def test_a_bad_payload_is_refused_with_the_reason(change, problem) -> None:  # type: ignore[no-untyped-def]
    data = AttackMatch.new(DECK, LEVELS, [HUMAN, "easy", "easy", "easy"]).to_json()
    change(data)
    with pytest.raises(AttackSaveError, match=problem):
        AttackMatch.from_json(data, DECK, LEVELS)


def test_two_or_six_seats_are_refused() -> None:
    with pytest.raises(InvalidSettings):
        AttackMatch.new(DECK, LEVELS, [HUMAN, "easy"])
    with pytest.raises(ValueError, match="wizard"):
        AttackMatch.new(DECK, LEVELS, [HUMAN, "easy", "wizard"])


def test_blind_choices_after_julie_wait_for_every_other_player() -> None:
    match = AttackMatch.new(DECK, LEVELS, [HUMAN] * 4, seed=0)
    for _ in range(400):
        state = match.state
        if state.phase is Phase.BLIND:
            waiting = match.to_act()
            assert len(waiting) >= 1 and state.leader not in waiting
            p = waiting[0]
            match.play(p, state.hands[p][0])
            if match.state.phase is Phase.BLIND:
                why = match.why_not(p, match.state.hands[p][0])
                assert why is not None and why.key == "attack_ui.why.chosen"
            return
        if match.chance_due():
            match.apply_chance()
            continue
        p = match.to_act()[0]
        hand = state.hands[p]
        card = "julie" if "julie" in hand and not state.table else hand[-1]
        match.act(PlayCard(p, card))
    pytest.skip("Julie never led in this game")
