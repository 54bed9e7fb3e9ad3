"""Each effect primitive, one by one: through `battle.evaluate` and through a real match."""

from __future__ import annotations

import pytest

from game.rules.classic import (
    AbilityColour,
    Attribute,
    GateColour,
    IllegalAction,
    Kit,
    Land,
    Pass,
    PlayAbility,
    Requirement,
    Throw,
    Timing,
)
from game.rules.classic.battle import DURING, Battle, Play, evaluate

from .helpers import ability, eff, gate, plain_catalog, started

D, B, A = Timing.DURING, Timing.BEFORE, Timing.AFTER


def _eval(
    *effects_on_gate, plays=(), bonus=0, attr=None, sides=(("a1", 0), ("b1", 1)), abilities=()
):  # type: ignore[no-untyped-def]
    cat = plain_catalog(
        *abilities,
        extra_gates=(gate("test_gate", GateColour.GOLD, bonus, *effects_on_gate, attr=attr),),
    )
    b = Battle((2, 1), [(p, x) for x, p in sides], window=DURING, gate_open=True)
    b.plays = [Play(p, c, x) for p, c, x in plays]
    return evaluate(b, cat, "test_gate", 1)


def test_base_and_gate_bonus_layers() -> None:
    ev = _eval(bonus=100, attr=Attribute.PYRUS)
    assert [s.total for s in ev.sides] == [500, 450]
    assert ev.sides[0].breakdown() == "base 400, gate pyrus +100"
    assert ev.winner == 0


def test_add_g_targets_self_opponent_both_attacker_defender() -> None:
    for to, want in (
        ("self", [400, 550]),
        ("opponent", [500, 450]),
        ("both", [500, 550]),
        ("attacker", [400, 550]),
        ("defender", [500, 450]),
    ):
        ev = _eval(eff("add_g", to=to, amount=100))  # gate owner is p1 (the attacker here)
        assert [s.total for s in ev.sides] == want, to


def test_lower_wins() -> None:
    assert _eval().winner == 1  # 400 vs 450: higher wins
    assert _eval(eff("lower_wins")).winner == 0


def test_swap_g_swaps_totals_with_a_breakdown_line() -> None:
    ev = _eval(eff("swap_g"))
    assert [s.total for s in ev.sides] == [450, 400]
    assert ev.sides[0].breakdown() == "base 400, swap +50"
    assert ev.winner == 0


def test_double_species_doubles_only_that_species() -> None:
    ev = _eval(eff("double_species", species="a1"))
    assert [s.total for s in ev.sides] == [800, 450]
    assert ev.sides[0].breakdown() == "base 400, x2 gate +400"


def test_tie_goes_to_the_first_on_the_card_unless_tie_to_attacker() -> None:
    assert _eval(eff("add_g", to="defender", amount=50)).winner == 0  # 450 vs 450
    assert _eval(eff("add_g", to="defender", amount=50), eff("tie_to_attacker")).winner == 1


def test_double_base_and_set_attribute_and_nullify_gate_from_cards() -> None:
    cards = (
        ability("dbl", AbilityColour.RED, (D,), eff("double_base", to="self")),
        ability("aqua", AbilityColour.RED, (D,), eff("set_attribute", attribute="aquos")),
        ability("null", AbilityColour.RED, (D,), eff("nullify_gate")),
    )
    ev = _eval(plays=[(0, "dbl", None)], abilities=cards)
    assert ev.sides[0].total == 800
    ev = _eval(plays=[(0, "aqua", None)], bonus=100, attr=Attribute.AQUOS, abilities=cards)
    assert ev.sides[0].attribute == Attribute.AQUOS and ev.sides[0].total == 500
    ev = _eval(eff("lower_wins"), plays=[(1, "null", None)], bonus=100, abilities=cards)
    assert not ev.gate_active and ev.winner == 1 and ev.sides[1].total == 450


def test_nullify_ability_cancels_and_can_itself_be_cancelled() -> None:
    cards = (
        ability("boost", AbilityColour.BLUE, (D,), eff("add_g", to="self", amount=200)),
        ability("cancel", AbilityColour.RED, (D,), eff("nullify_ability")),
    )
    assert _eval(plays=[(0, "boost", None)], abilities=cards).winner == 0
    assert _eval(plays=[(0, "boost", None), (1, "cancel", 0)], abilities=cards).winner == 1
    ev = _eval(plays=[(0, "boost", None), (1, "cancel", 0), (0, "cancel", 1)], abilities=cards)
    assert ev.winner == 0 and ev.sides[0].total == 600


def test_clear_bakugan_takes_the_opponents_current_attribute() -> None:
    ev = _eval(bonus=100, attr=Attribute.DARKUS, sides=(("c1", 0), ("b1", 1)))
    assert ev.sides[0].attribute == Attribute.DARKUS and ev.sides[0].total == 460


# --- through a real match -------------------------------------------------------------


def _battle_ready(catalog, kit0_abilities=("r", "u", "v"), kit1_abilities=("r2", "u2", "v2")):  # type: ignore[no-untyped-def]
    """p0's a1 stands on @2,1; p1 throws b1 onto it: a battle, p1's turn (p1 first)."""
    kits = (
        Kit(("a1", "a2", "a3"), ("g_gold", "g_silver", "g_bronze"), kit0_abilities),
        Kit(("b1", "b2", "b3"), ("h_gold", "h_silver", "h_bronze"), kit1_abilities),
    )
    s = started(catalog, kits)
    s.apply(Throw(0, "a1"))
    s.apply(Land((2, 1)))
    s.apply(Throw(1, "b1"))
    s.apply(Land((2, 1)))
    return s


def test_save_bakugan_sends_the_saved_one_back_to_unused() -> None:
    save = ability("save", AbilityColour.GREEN, (A,), eff("save_bakugan"))
    s = _battle_ready(plain_catalog(save), ("r", "u", "save"))
    s.apply(Pass(1))  # start window: p1 has nothing "before"; p0 has nothing either
    while s.battle is not None and s.battle.window != "after":
        s.apply(Pass(s.current_player()))  # type: ignore[arg-type]
    s.apply(PlayAbility(0, "save"))
    assert "a1" in s.players[0].unused and "b1" in s.players[1].used


def test_recover_bakugan_before_the_throw_takes_back_a_used_one() -> None:
    rec = ability("rec", AbilityColour.GREEN, (B,), eff("recover_bakugan"))
    s = started(
        plain_catalog(rec),
        (
            Kit(("a1", "a2", "a3"), ("g_gold", "g_silver", "g_bronze"), ("r", "u", "rec")),
            Kit(("b1", "b2", "b3"), ("h_gold", "h_silver", "h_bronze"), ("r2", "u2", "v2")),
        ),
    )
    assert PlayAbility(0, "rec") not in s.legal_actions()  # nothing used yet
    with pytest.raises(IllegalAction, match="no used Bakugan"):
        s.apply(PlayAbility(0, "rec", "a1"))
    from game.rules.classic import Miss

    s.apply(Throw(0, "a1"))
    s.apply(Miss())
    s.apply(Throw(1, "b1"))
    s.apply(Miss())
    s.apply(PlayAbility(0, "rec", "a1"))
    assert "a1" in s.players[0].unused and "rec" in s.players[0].used_abilities


def test_move_bakugan_moves_a_standing_bakugan_to_an_empty_card() -> None:
    mv = ability("mv", AbilityColour.RED, (B,), eff("move_bakugan"))
    kits = (
        Kit(("a1", "a2", "a3"), ("g_gold", "g_silver", "g_bronze"), ("mv", "u", "v")),
        Kit(("b1", "b2", "b3"), ("h_gold", "h_silver", "h_bronze"), ("r2", "u2", "v2")),
    )
    s = started(plain_catalog(mv), kits)
    s.apply(Throw(0, "a1"))
    s.apply(Land((2, 1)))
    s.apply(Throw(1, "b1"))
    from game.rules.classic import Miss

    s.apply(Miss())
    assert s.legal_actions().count(PlayAbility(0, "mv", "a1", (2, 2))) == 1
    s.apply(PlayAbility(0, "mv", "a1", (2, 2)))
    assert s.field[(2, 2)].standing == [(0, "a1")] and s.field[(2, 1)].standing == []


def test_a_before_card_played_before_the_throw_waits_for_the_battle() -> None:
    pre = ability("pre", AbilityColour.RED, (B,), eff("add_g", to="self", amount=300))
    kits = (
        Kit(("a1", "a2", "a3"), ("g_gold", "g_silver", "g_bronze"), ("r", "u", "v")),
        Kit(("b1", "b2", "b3"), ("h_gold", "h_silver", "h_bronze"), ("pre", "u2", "v2")),
    )
    s = started(plain_catalog(pre), kits)
    s.apply(Throw(0, "a2"))  # 350
    s.apply(Land((2, 1)))
    s.apply(PlayAbility(1, "pre"))
    s.apply(Throw(1, "b3"))  # 320 + 300
    events = s.apply(Land((2, 1)))
    while not any(type(e).__name__ == "BattleResolved" for e in events):
        events = s.apply(Pass(s.current_player()))  # type: ignore[arg-type]
    resolved = next(e for e in events if type(e).__name__ == "BattleResolved")
    assert resolved.winner == 1
    assert resolved.sides[1][3] == "base 320, pre +300"


def test_requires_attribute_and_losing_gate_the_card() -> None:
    pyro = ability(
        "pyro",
        AbilityColour.RED,
        (D,),
        eff("add_g", to="self", amount=100),
        requires=Requirement(Attribute.DARKUS),
    )
    comeback = ability(
        "comeback",
        AbilityColour.BLUE,
        (D,),
        eff("add_g", to="self", amount=100),
        requires=Requirement(losing=True),
    )
    s = _battle_ready(plain_catalog(pyro, comeback), ("pyro", "comeback", "v"), ("r2", "u2", "v2"))
    # p0's a1 is pyrus and 400 against b1's 450: losing, not darkus.
    while s.battle is not None and s.battle.window != "during":
        s.apply(Pass(s.current_player()))  # type: ignore[arg-type]
    if s.current_player() == 1:
        s.apply(Pass(1))
    legal = s.legal_actions()
    assert PlayAbility(0, "comeback") in legal and PlayAbility(0, "pyro") not in legal
    with pytest.raises(IllegalAction, match="needs a darkus Bakugan"):
        s.apply(PlayAbility(0, "pyro"))


def test_no_abilities_gate_closes_the_during_window() -> None:
    sealed = gate("sealed", GateColour.SILVER, 0, eff("no_abilities"))
    cat = plain_catalog(extra_gates=(sealed,))
    kits = (
        Kit(("a1", "a2", "a3"), ("g_gold", "g_silver", "g_bronze"), ("r", "u", "v")),
        Kit(("b1", "b2", "b3"), ("h_gold", "sealed", "h_bronze"), ("r2", "u2", "v2")),
    )
    s = started(cat, kits)
    s.apply(Throw(0, "a1"))
    s.apply(Land((2, 1)))  # p1's "sealed" gate
    s.apply(Throw(1, "b1"))
    events = s.apply(Land((2, 1)))
    names = [type(e).__name__ for e in events]
    # No "before" cards, and the gate forbids the "during" ones: the battle runs through.
    assert "GateOpened" in names and "BattleResolved" in names and "AbilityPlayed" not in names
