"""The match state: the opening, who starts, refusals, observations, copies and JSON
(game/rules/classic/state.py and the rooms it delegates to)."""

from __future__ import annotations

import json

import pytest

from game.rules.classic import (
    CHANCE,
    IllegalAction,
    Land,
    MatchState,
    Miss,
    SetGate,
    Settings,
    Throw,
)

from .helpers import KIT0, KIT1, plain_catalog, started


def test_the_opening_each_player_sets_one_gate_at_the_opening_slot() -> None:
    s, events = MatchState.new(plain_catalog(), [KIT0, KIT1])
    assert str(events[0]) == "match started (2 players)"
    assert s.phase == "setup" and s.current_player() == 0
    assert {str(a) for a in s.legal_actions()} == {
        "p0 set g_gold @2,2",
        "p0 set g_silver @2,2",
        "p0 set g_bronze @2,2",
    }
    with pytest.raises(IllegalAction, match="the opening Gate Card goes at @2,2"):
        s.apply(SetGate(0, "g_gold", (0, 0)))


def test_who_starts_is_a_setting_and_can_be_drawn_by_the_seed() -> None:
    s, _ = MatchState.new(plain_catalog(), [KIT0, KIT1], Settings(first_player=1))
    assert s.current_player() == 1
    firsts = {
        MatchState.new(plain_catalog(), [KIT0, KIT1], Settings(first_player=-1), seed=k)[
            0
        ].turn_player
        for k in range(20)
    }
    assert firsts == {0, 1}


def test_an_illegal_action_names_the_reason_and_changes_nothing() -> None:
    s = started()
    before = s.to_json()
    for action, reason in [
        (Throw(1, "b1"), "it is p0 to act, not p1"),
        (Throw(0, "b1"), "b1 is not among p0's unused Bakugan"),
        (Land((2, 1)), "it is p0 to act, not chance"),
        (SetGate(0, "g_gold", (4, 3)), "must touch one on the field"),
        (SetGate(0, "g_gold", (2, 1)), "already holds a Gate Card"),
    ]:
        with pytest.raises(IllegalAction) as info:
            s.apply(action)
        assert info.value.reason.startswith(reason) or reason in info.value.reason
        assert str(action) in str(info.value)
        assert s.to_json() == before


def test_one_gate_per_turn_and_only_touching_slots() -> None:
    s = started()
    s.apply(SetGate(0, "g_gold", (3, 3)))  # corner to corner with @2,2
    with pytest.raises(IllegalAction, match="one Gate Card per turn"):
        s.apply(SetGate(0, "g_bronze", (1, 1)))


def test_observation_hides_the_opponents_hand_and_face_down_gates() -> None:
    s = started()
    me, them = s.observation(0), s.observation(1)
    assert me.me.abilities == ("r", "u", "v") and me.players[1].abilities is None
    assert me.players[1].ability_count == 3 and me.players[1].gate_count == 2
    faces = {v.slot: v.gate for v in me.field}
    assert faces == {(2, 2): "g_silver", (2, 1): None}
    assert {v.slot: v.gate for v in them.field} == {(2, 2): None, (2, 1): "h_silver"}
    # Nothing in p0's observation names p1's hidden cards.
    text = repr(me)
    for secret in ("h_silver", "h_gold", "h_bronze", "r2", "u2", "v2"):
        assert secret not in text


def test_the_gate_face_shows_to_all_once_it_opens_in_battle() -> None:
    s = started()
    s.apply(Throw(0, "a1"))
    s.apply(Land((2, 1)))
    s.apply(Throw(1, "b1"))
    s.apply(Land((2, 1)))
    assert s.battle is not None and s.battle.gate_open
    assert {v.slot: v.gate for v in s.observation(0).field}[(2, 1)] == "h_silver"


def test_json_round_trip_and_clone_are_equal_and_independent() -> None:
    s = started()
    s.apply(Throw(0, "a1"))
    data = json.loads(json.dumps(s.to_json()))
    back = MatchState.from_json(data, s.catalog)
    assert back == s
    twin = s.clone()
    assert twin == s
    twin.apply(Miss())
    assert twin != s and s.current_player() == CHANCE
