"""What a cancelled Ability Card would have given (issue 25, point 8: its lines vanished
from the battle panel without a trace): `battle.cancelled_plays` names the card, the
card that cancelled it and its lines had it stood; a card that stands is not listed."""

from __future__ import annotations

from game.content.classic import shipped_catalog
from game.rules.classic.battle import Battle, Cancelled, Play, cancelled_plays, evaluate

CAT = shipped_catalog()
GATE = "silver_ember_plain"


def _battle(*plays: Play) -> Battle:
    return Battle(
        (2, 2), [(0, "darkus_reaper"), (1, "aquos_preyas")], gate_open=True, plays=list(plays)
    )


def test_a_cancelled_card_is_listed_with_its_lines_and_the_card_that_cancelled_it() -> None:
    battle = _battle(Play(1, "blue_power_surge"), Play(0, "red_counter_seal", cancels=0))
    now = evaluate(battle, CAT, GATE, 0)
    assert all(label != "blue_power_surge" for s in now.sides for label, _ in s.parts)
    assert cancelled_plays(battle, CAT, GATE, 0) == (
        Cancelled(1, "blue_power_surge", "red_counter_seal", ((1, "blue_power_surge", 100),)),
    )


def test_a_card_against_the_opponent_is_listed_on_the_side_it_hit() -> None:
    battle = _battle(Play(0, "blue_heavy_air"), Play(1, "red_counter_seal", cancels=0))
    (cancel,) = cancelled_plays(battle, CAT, GATE, 0)
    assert cancel.lines == ((1, "blue_heavy_air", -80),)


def test_no_cancel_lists_nothing_and_a_cancelled_canceller_lets_the_card_stand() -> None:
    assert cancelled_plays(_battle(Play(1, "blue_power_surge")), CAT, GATE, 0) == ()
    battle = _battle(
        Play(1, "blue_power_surge"),
        Play(0, "red_counter_seal", cancels=0),
        Play(1, "red_counter_seal", cancels=1),
    )
    (cancel,) = cancelled_plays(battle, CAT, GATE, 0)
    assert (cancel.card, cancel.by) == ("red_counter_seal", "red_counter_seal")
    assert cancel.lines == ()
