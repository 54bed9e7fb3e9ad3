"""Traps and Battle Gear in a battle: every level plays one when it wins the battle
with it, and keeps it when it does not matter (scenario-like positions)."""

from __future__ import annotations

from game.ai.classic.player import LevelPolicy
from game.rules.classic import Pass, PlayGear, PlayTrap

from .helpers import battle_position, level, policy, quick_hard

LEVELS = ("easy", "normal", "hard")


def _bot(name: str, seed: int = 3) -> LevelPolicy:
    lv = quick_hard() if name == "hard" else level(name, mistakes=0.0)
    return policy(lv, seed)


def _choice(name: str, state: object) -> object:
    from game.rules.classic import MatchState

    assert isinstance(state, MatchState)
    return _bot(name).choose(state.observation(0), state.legal_actions(0))


def test_a_trap_that_turns_the_battle_is_played() -> None:
    # Warius 420 against Reaper 470 - 50 (Darkus on Gravel Pit) = 420: a tie, his.
    # The Cinder Scorpion Trap (+60) makes it 480 to 420.
    state = battle_position(
        "pyrus_warius", "darkus_reaper", "bronze_gravel_pit", traps=("trap_cinder_scorpion",)
    )
    assert state.evaluate_battle().winner == 0  # the defender, player 1, wins as it stands
    for name in LEVELS:
        assert _choice(name, state) == PlayTrap(0, "trap_cinder_scorpion"), name


def test_a_trap_is_kept_when_the_battle_is_won_anyway() -> None:
    # Dragonoid 560 against Reaper 420: won without it; he has nothing to answer with.
    state = battle_position(
        "pyrus_dragonoid", "darkus_reaper", "bronze_gravel_pit", traps=("trap_cinder_scorpion",)
    )
    for name in LEVELS:
        assert _choice(name, state) == Pass(0), name


def test_a_trap_that_cannot_turn_the_battle_is_kept() -> None:
    # Griffon 360 against Laserman 480 + 50 = 530: +60 is far too little.
    state = battle_position(
        "pyrus_griffon", "haos_laserman", "bronze_gravel_pit", traps=("trap_cinder_scorpion",)
    )
    for name in ("normal", "hard"):
        assert _choice(name, state) == Pass(0), name


def test_gear_is_played_with_the_ability_that_wins() -> None:
    # Warius 420 against Laserman 530 on a bronze card. Coral Shield is bronze (its
    # property card Aquos, Warius Pyrus): +70 alone loses, +70 with Harden (+60) wins,
    # Ebb only saves the Bakugan.
    state = battle_position(
        "pyrus_warius", "haos_laserman", "bronze_gravel_pit", gear=("gear_coral_shield",)
    )
    legal = state.legal_actions(0)
    assert PlayGear(0, "gear_coral_shield", ("harden",)) in legal
    for name in ("normal", "hard"):
        assert _choice(name, state) == PlayGear(0, "gear_coral_shield", ("harden",)), name
    # Easy plays the gear too (behind, it throws in what it has), its ability casually.
    easy = _choice("easy", state)
    assert isinstance(easy, PlayGear) and easy.gear == "gear_coral_shield"


def test_gear_whose_property_card_matches_is_played_with_every_ability_that_helps() -> None:
    # Flame Cannon on a Pyrus Bakugan: +100, Blaze +80, Scorch -60 to him: Griffon
    # 360 against Laserman 530 becomes 540 to 470 (with both abilities only).
    state = battle_position(
        "pyrus_griffon", "haos_laserman", "bronze_gravel_pit", gear=("gear_flame_cannon",)
    )
    both = PlayGear(0, "gear_flame_cannon", ("blaze", "scorch"))
    for name in ("easy", "normal"):
        assert _choice(name, state) == both, name
    # Blaze alone wins too (540 to 530): Hard's search weighs the two alike, so which
    # one it plays is its draw's; either wins the battle.
    blaze = PlayGear(0, "gear_flame_cannon", ("blaze",))
    assert _choice("hard", state) in (both, blaze)


def test_gear_abilities_that_would_lose_the_battle_are_left_out() -> None:
    # Sun Turbine on Pyrus Dragonoid (560) against Gorem (540 + 100 on Gravel Pit): +80
    # and Spin Up +70 win 710 to 640; Backfire ("the lower G-Power wins") would lose it.
    state = battle_position(
        "pyrus_dragonoid", "subterra_gorem", "bronze_gravel_pit", gear=("gear_sun_turbine",)
    )
    legal = state.legal_actions(0)
    assert PlayGear(0, "gear_sun_turbine", ("backfire", "spin_up")) in legal
    for name in ("normal", "hard"):
        assert _choice(name, state) == PlayGear(0, "gear_sun_turbine", ("spin_up",)), name
    # Easy, casual, takes every ability it may: it does not read what Backfire does.
    assert _choice("easy", state) == PlayGear(0, "gear_sun_turbine", ("backfire", "spin_up"))


def test_a_trap_with_a_hidden_face_is_weighed_over_its_faces() -> None:
    # Quartz Sentinel (Subterra): inside either "turns Pyrus" or +100 G. Gorem 540
    # against Hydranoid 620 - 50 = 570 on Gravel Pit (Subterra +100: 640 to 570).
    # Already won; as Pyrus (Gravel Pit gives Pyrus 0) it would be 540 to 570, lost:
    # the Trap can only hurt, so it is kept.
    state = battle_position(
        "subterra_gorem", "darkus_hydranoid", "bronze_gravel_pit", traps=("trap_quartz_sentinel",)
    )
    assert PlayTrap(0, "trap_quartz_sentinel") in state.legal_actions(0)
    for name in ("normal", "hard"):
        assert _choice(name, state) == Pass(0), name
