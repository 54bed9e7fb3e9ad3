"""What a player may see: the other's hand, Energy faces, face-down Characters, core
backs, simultaneous choices and deck order are hidden; events are redacted alike."""

from __future__ import annotations

import random

from game.ai.planet.landing import DEFAULT_MODEL
from game.rules.planet import CHANCE, Energize, Phase, Pick, PlanetState, Roll, redact

from .helpers import started


def test_the_hand_energy_and_deck_of_the_other_player_are_hidden() -> None:
    state = started()
    state.apply(Energize(0, "pyrus_strike"))
    state.apply(Energize(1, "aquos_ice_barrier"))
    seen = state.observation(1)
    assert seen.sides[0].hand is None and seen.sides[0].hand_count == 5
    assert seen.sides[0].energy is None and seen.sides[0].charged == (True,)
    assert seen.sides[1].hand is not None and "aquos_ice_barrier" in seen.sides[1].energy  # type: ignore[operator]
    assert not hasattr(seen.sides[0], "deck")
    text = repr(seen)
    assert "pyrus_strike" not in text and "pyrus_heat_wave" not in text


def test_a_choice_stays_hidden_until_both_chose() -> None:
    state = started()
    state.apply(Energize(0, "pyrus_strike"))
    assert state.observation(1).sides[0].committed and state.observation(1).sides[0].choice is None
    assert state.observation(0).sides[0].choice == "p0 energize pyrus_strike"
    assert "pyrus_strike" not in repr(state.observation(1))


def test_face_down_characters_and_core_backs_are_hidden_until_they_show() -> None:
    state = started()
    seen = state.observation(1)
    assert [b.character for b in seen.sides[0].bakugan] == [None, None, None]
    mine = {c.hex: c.core for c in seen.matrix if c.owner == 1}
    theirs = {c.hex: c.core for c in seen.matrix if c.owner == 0}
    assert all(v is not None for v in mine.values()) and all(v is None for v in theirs.values())


def test_redacted_events_hide_the_same_things() -> None:
    state = started()
    rng = random.Random(1)
    log = []
    while state.turn < 3 and not state.is_over():
        p = state.current_players()[0]
        action = DEFAULT_MODEL.roll(state, rng) if p == CHANCE else state.legal_actions(p)[-1]
        if isinstance(action, Pick):
            action = state.legal_actions(p)[0]
        log += state.apply(action)
    for e in log:
        shown = str(redact(e, 1))
        if shown.startswith("p0 drew") or shown.startswith("p0 energized"):
            assert "?" in shown or shown.endswith("(deck empty)"), shown
        if shown.startswith("p0 rolls"):
            assert shown == "p0 rolls ?"


def _to_select(state: PlanetState) -> None:
    """Pass, charge nothing and play nothing until the players pick their Bakugan."""
    while state.phase is not Phase.SELECT:
        p = state.current_players()[0]
        state.apply(state.legal_actions(p)[0])  # Pass, or Energize nothing


def test_the_other_players_pick_stays_hidden_until_both_rolls_are_out() -> None:
    # seed 003: «Бросок оба игрока делают одновременно»: a throw is a step both take at
    # once, so which Bakugan the other rolls (even by its place) shows only after both
    state = started()
    _to_select(state)
    state.apply(Pick(0, state.sides[0].bakugan[1].character))
    state.apply(Pick(1, state.sides[1].bakugan[2].character))
    assert state.phase is Phase.ROLL
    for rolled in range(2):
        for viewer, other in ((0, 1), (1, 0), (-1, 0), (-1, 1)):
            seen = state.observation(viewer).sides[other]
            assert seen.picked is None and seen.picked_slot is None, (rolled, viewer, other)
        assert state.observation(0).sides[0].picked_slot == 1
        assert state.observation(1).sides[1].picked_slot == 2
        if rolled == 0:
            state.apply(Roll(0, True))  # the first roll is out, the second not yet
    state.apply(Roll(1, False))  # both out: p0's opened (alone, he wins the battle)
    assert state.phase is not Phase.ROLL
    assert state.observation(1).sides[0].picked_slot == 1
    assert state.observation(0).sides[1].picked_slot == 2
    assert state.observation(0).sides[1].picked is None  # still face down, never opened
