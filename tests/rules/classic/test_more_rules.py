"""The rest of the classic game's API: new actions, settings, kits, JSON compatibility."""

from __future__ import annotations

import random

import pytest

from game.content.classic import shipped_catalog
from game.rules.classic import (
    LAYOUTS,
    ActionSyntaxError,
    Evolve,
    IllegalAction,
    Kit,
    MatchState,
    PlayGear,
    PlayTrap,
    Settings,
    check_kit,
    parse_action,
    random_kit,
)

CAT = shipped_catalog()
K0 = Kit(
    ("pyrus_dragonoid", "aquos_preyas", "haos_tigrerra"),
    ("gold_dragon_roost", "silver_ember_plain", "bronze_lava_flow"),
    ("red_backdraft", "blue_power_surge", "green_pyrus_firestorm"),
)
K1 = Kit(
    ("darkus_reaper", "ventus_skyress", "subterra_gorem"),
    ("gold_mirror_lake", "silver_night_marsh", "bronze_ash_waste"),
    ("red_rekindle", "blue_heavy_air", "green_darkus_abyss"),
)


@pytest.mark.parametrize(
    "action",
    [
        PlayTrap(0, "trap_x"),
        PlayGear(1, "gear_y"),
        PlayGear(1, "gear_y", ("blaze",)),
        PlayGear(1, "gear_y", ("blaze", "scorch")),
        Evolve(2, "b"),
    ],
    ids=str,
)
def test_new_actions_read_back_from_their_text(action: object) -> None:
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text, problem",
    [
        ("p0 trap", "expected 'pN trap TRAP'"),
        ("p0 gear", "'pN gear GEAR [ABILITY ...]'"),
        ("p0 evolve", "'pN evolve BAKUGAN'"),
    ],
)
def test_bad_new_action_text_is_refused(text: str, problem: str) -> None:
    with pytest.raises(ActionSyntaxError, match=problem.replace("[", r"\[").replace("]", r"\]")):
        parse_action(text)


def test_two_player_defaults_are_unchanged() -> None:
    s = Settings()
    assert s.grid == (5, 4) and s.opening_slots() == [(2, 2), (2, 1)] and s.gates_to_win == 3
    assert Settings.preset() == s
    assert s.season == 3 and s.game_level == "used_piles" and s.level_marked == "seeds"
    assert Kit(("a",), ("b",), ("c",)).traps == ()


@pytest.mark.parametrize("players, big", list(LAYOUTS))
def test_every_preset_is_valid_and_survives_json(players: int, big: bool) -> None:
    s = Settings.preset(players, big)
    s.check()
    assert Settings.from_json(s.to_json()) == s
    assert len(s.opening_layout()) == players
    if big:
        assert (s.kit_bakugan, s.kit_gates, s.kit_abilities, s.gates_to_win) == (6, 6, 6, 6)


@pytest.mark.parametrize(
    "settings, problem",
    [
        (Settings(players=5), "players"),
        (Settings(season=4), "season"),
        (Settings(game_level="max"), "game_level"),
        (Settings(level_marked="never"), "level_marked"),
        (Settings(players=3, seating=(0, 1, 1)), "seating"),
        (Settings.preset(3, multi_cards="anyone"), "multi_cards"),
        (Settings.preset(4, True, grid=(5, 4)), "off the 5x4 grid"),
    ],
)
def test_bad_settings_are_refused(settings: Settings, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        settings.check()


def test_random_kits_deal_support_pieces_within_the_season_limit() -> None:
    rng = random.Random(1)
    for _ in range(50):
        for s in (
            Settings(),
            Settings(season=2),
            Settings.preset(2, True),
            Settings.preset(2, True, season=2),
        ):
            kit = random_kit(CAT, rng, s, support=9, evolutions=True)
            assert check_kit(kit, CAT, s) == []
            _traps, gear, both = s.support_limit()
            assert len(kit.traps) + len(kit.gear) == both and len(kit.gear) <= gear
            assert all(not CAT.bakugan[b].evolved for b in kit.bakugan)
            assert all(CAT.evolutions[e].base in kit.bakugan for e in kit.evolutions)


def test_random_kits_without_options_are_dealt_as_before() -> None:
    # The quick pick draws nothing more when no support piece is asked for.
    a = random_kit(CAT, random.Random(7))
    assert (a.traps, a.gear, a.evolutions) == ((), (), ())
    assert a == random_kit(CAT, random.Random(7), support=0)


def test_a_state_saved_before_the_new_pieces_still_loads() -> None:
    state, _ = MatchState.new(CAT, [K0, K1])
    data = state.to_json()
    for key in ("turn_acted", "seating", "open"):
        data.pop(key)
    for p in data["players"]:
        for key in ("traps", "used_traps", "gear", "used_gear", "evolutions", "evolved", "reserve"):
            p.pop(key)
    for key in (
        "season",
        "game_level",
        "level_marked",
        "big_game",
        "opening",
        "seating",
        "random_order",
        "multi_cards",
    ):
        data["settings"].pop(key)
    old = MatchState.from_json(data, CAT)
    assert old == state


def test_refusals_carry_reason_codes() -> None:
    kits = [Kit(K0.bakugan, K0.gates, K0.abilities, evolutions=("evo_delta_dragonoid",)), K1]
    state, _ = MatchState.new(CAT, kits)
    state.apply(parse_action("p0 set silver_ember_plain @2,2"))
    state.apply(parse_action("p1 set silver_night_marsh @2,1"))
    with pytest.raises(IllegalAction) as info:
        state.apply(Evolve(0, "pyrus_dragonoid"))
    assert info.value.reason.code == "level_not_reached"
    assert info.value.reason.params == {"level": 1, "game_level": 0}


def test_the_evolved_form_waits_in_reserve_and_every_piece_has_one_place() -> None:
    kits = [
        Kit(
            K0.bakugan,
            K0.gates,
            K0.abilities,
            ("trap_cinder_scorpion",),
            ("gear_flame_cannon",),
            ("evo_delta_dragonoid",),
        ),
        K1,
    ]
    state, _ = MatchState.new(CAT, kits, Settings(game_level="unused_gates"))
    where = state.where()
    assert where[("bakugan", 0, "pyrus_delta_dragonoid")] == "reserve"
    assert where[("trap", 0, "trap_cinder_scorpion")] == "unused"
    assert where[("gear", 0, "gear_flame_cannon")] == "unused"
    assert where[("evolution", 0, "evo_delta_dragonoid")] == "ready"
    state.apply(parse_action("p0 set silver_ember_plain @2,2"))
    state.apply(parse_action("p1 set silver_night_marsh @2,1"))
    state.apply(Evolve(0, "pyrus_dragonoid"))
    where = state.where()
    assert where[("bakugan", 0, "pyrus_dragonoid")] == "reserve"
    assert where[("bakugan", 0, "pyrus_delta_dragonoid")] == "unused"
    assert where[("evolution", 0, "evo_delta_dragonoid")] == "done"
    assert len(where) == 18 + 4


def test_the_gear_abilities_named_in_any_order_are_one_action() -> None:
    assert PlayGear(0, "g", ("b", "a")) == PlayGear(0, "g", ("a", "b"))
    assert str(PlayGear(0, "g", ("b", "a"))) == "p0 gear g a b"
    with pytest.raises(TypeError, match="tuple of ability ids"):
        PlayGear(0, "g", "blaze")  # type: ignore[arg-type]


def _gear_battle(record_choice: object, mode: str) -> MatchState:
    """p1's darkus_reaper wearing gear_twin_blaster in a battle on silver_night_marsh, its
    record as a save of another version wrote it (`record_choice` at the choice's place)."""
    kits = [K0, Kit(K1.bakugan, K1.gates, K1.abilities, gear=("gear_twin_blaster",))]
    state, _ = MatchState.new(CAT, kits)
    for text in (
        "p0 set silver_ember_plain @2,2",
        "p1 set silver_night_marsh @2,1",
        "p0 throw pyrus_dragonoid",
        "land @2,1",
        "p1 throw darkus_reaper",
        "land @2,1",
        "p1 gear gear_twin_blaster",
    ):
        state.apply(parse_action(text))
    data = state.to_json()
    data["battle"]["supports"][0][5:7] = [mode, record_choice]
    return MatchState.from_json(data, CAT)


@pytest.mark.parametrize(
    "choice, mode, want",
    [
        (None, "all", "base 470, x2 gear_twin_blaster.overcharge +470, gate darkus +200"),
        ("feedback", "one", "base 470, gate darkus +200, gear_twin_blaster +120"),
        (["overcharge"], "all", "base 470, x2 gear_twin_blaster.overcharge +470"),
        (None, "none", "base 470, gate darkus +200, gear_twin_blaster +120"),
    ],
)
def test_gear_records_of_older_saves_keep_their_abilities(
    choice: object, mode: str, want: str
) -> None:
    # Before the owner chose: "all" with no choice meant every ability, "one" named one.
    state = _gear_battle(choice, mode)
    reaper = state.evaluate_battle().sides[1].breakdown()
    assert reaper.startswith(want)
    assert MatchState.from_json(state.to_json(), CAT) == state
