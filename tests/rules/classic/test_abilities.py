"""When, by whom and on what an Ability Card may be played (`game.rules.classic.abilities`):
targets a card does not take, unknown ids, own-turn cards, several players' readings,
conditional "before" cards judged when the battle begins."""

from __future__ import annotations

import ast
import random
import tomllib
from pathlib import Path

import pytest

from game.content.classic import shipped_catalog
from game.rules.classic import (
    MULTI_FIELD_ANY,
    Attribute,
    ChooseAttribute,
    Evolve,
    IllegalAction,
    Land,
    MatchState,
    Miss,
    MoveBakugan,
    PlayAbility,
    PlayGear,
    PlayTrap,
    Requirement,
    SetGate,
    Settings,
    TakeGate,
    Throw,
    abilities,
    parse_action,
    random_kit,
)
from game.rules.classic.defs import AbilityColour, Kit, Timing
from game.rules.classic.events import AbilityWasted

from .helpers import KIT0, KIT1, ability, eff, plain_catalog, started

CAT = shipped_catalog()
ROOT = Path(__file__).resolve().parents[3]


def _random_states(rules: Settings, seeds: range, every: int = 3) -> list[MatchState]:
    """States met in random legal matches with Traps, Battle Gear and Evolution cards."""
    out = []
    for seed in seeds:
        rng = random.Random(seed)
        kits = [
            random_kit(CAT, rng, rules, support=2, evolutions=True) for _ in range(rules.players)
        ]
        state, _ = MatchState.new(CAT, kits, rules, seed=seed)
        step = 0
        while not state.is_over() and step < 400:
            if step % every == 0:
                out.append(state.clone())
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
            step += 1
    return out


RULES = [Settings(), Settings.preset(3), Settings.preset(3, multi_cards=MULTI_FIELD_ANY)]


@pytest.mark.parametrize("rules", RULES, ids=["2p", "3p", "3p field_any"])
def test_every_card_refuses_a_target_it_does_not_take(rules: Settings) -> None:
    checked = 0
    for state in _random_states(rules, range(25)):
        for a in state.legal_actions():
            if not isinstance(a, PlayAbility):
                continue
            kinds = CAT.abilities[a.card].kinds
            p = a.player
            bakugan = state.kits[p].bakugan[0]
            strays: list[PlayAbility] = []
            if a.bakugan is None:  # a card with no target: neither a Bakugan nor a card
                strays += [PlayAbility(p, a.card, bakugan), PlayAbility(p, a.card, None, (0, 0))]
            elif "recover_bakugan" in kinds:  # a Bakugan, never a Gate Card
                strays.append(PlayAbility(p, a.card, a.bakugan, (0, 0)))
            for stray in strays:
                reason = state.why_illegal(stray)
                assert reason is not None and getattr(reason, "code", "") == "no_target", stray
                before = state.to_json()
                with pytest.raises(IllegalAction):
                    state.apply(stray)
                assert state.to_json() == before
                checked += 1
    assert checked > 50


def test_a_stray_target_never_comes_back_from_the_used_pile() -> None:
    # The case: blue_power_surge "on" aquos_siege (in the used pile) in a battle.
    state, _ = MatchState.new(
        CAT,
        [
            Kit(
                ("aquos_siege", "pyrus_dragonoid", "haos_tigrerra"),
                ("gold_dragon_roost", "silver_ember_plain", "bronze_lava_flow"),
                ("red_backdraft", "blue_power_surge", "green_pyrus_firestorm"),
            ),
            Kit(
                ("darkus_reaper", "ventus_skyress", "subterra_gorem"),
                ("gold_mirror_lake", "silver_night_marsh", "bronze_ash_waste"),
                ("red_shadow_step", "blue_second_wind", "green_ventus_cyclone"),
            ),
        ],
    )
    for text in (
        "p0 set silver_ember_plain @2,2",
        "p1 set silver_night_marsh @2,1",
        "p0 throw aquos_siege",
        "miss off_card",
        "p1 throw darkus_reaper",
        "land @2,1",
        "p0 throw pyrus_dragonoid",
        "land @2,1",
    ):
        state.apply(parse_action(text))
    assert state.phase == "battle" and state.current_player() == 0
    with pytest.raises(IllegalAction, match="takes no target"):
        state.apply(PlayAbility(0, "blue_power_surge", "aquos_siege"))


def _unknown_actions(state: MatchState) -> list[object]:
    out: list[object] = []
    slot = next(iter(state.field), (0, 0))
    for p in range(len(state.players)):
        gear = state.kits[p].gear
        out += [
            PlayAbility(p, "no_such_card"),
            PlayAbility(p, "no_such_card", "no_such_bakugan"),
            PlayAbility(p, "no_such_card", "no_such_bakugan", slot),
            PlayTrap(p, "no_such_trap"),
            PlayGear(p, "no_such_gear"),
            PlayGear(p, "no_such_gear", ("no_such_ability",)),
            Evolve(p, "no_such_bakugan"),
            Throw(p, "no_such_bakugan"),
            SetGate(p, "no_such_gate", slot),
            MoveBakugan(p, "no_such_bakugan", slot),
            ChooseAttribute(p, "no_such_bakugan", Attribute.HAOS),
            TakeGate(p, (9, 9)),
        ]
        out += [PlayGear(p, g, ("no_such_ability",)) for g in gear]
        out += [PlayAbility(p, a, "no_such_bakugan") for a in state.kits[p].abilities]
    out.append(Land((9, 9)))
    return out


@pytest.mark.parametrize("rules", RULES, ids=["2p", "3p", "3p field_any"])
def test_unknown_pieces_are_refused_with_a_reason_in_every_phase(rules: Settings) -> None:
    phases: set[str] = set()
    for state in _random_states(rules, range(12), every=2):
        phases.add(state.phase)
        for action in _unknown_actions(state):
            reason = state.why_illegal(action)  # type: ignore[arg-type]
            assert reason, f"{action} accepted in {state!r}"
            before = state.to_json()
            with pytest.raises(IllegalAction):
                state.apply(action)  # type: ignore[arg-type]
            assert state.to_json() == before
    assert {"main", "battle", "landing"} <= phases


def _three_players(rules: Settings) -> MatchState:
    """Three players; p0 has aquos_preyas used and holds red_rekindle; p1's darkus_reaper
    stands on his card and he holds red_shadow_step; it is p2's turn."""
    kits = [
        Kit(
            ("pyrus_dragonoid", "aquos_preyas", "haos_tigrerra"),
            ("gold_dragon_roost", "silver_ember_plain", "bronze_lava_flow"),
            ("red_rekindle", "blue_power_surge", "green_pyrus_firestorm"),
        ),
        Kit(
            ("darkus_reaper", "ventus_skyress", "subterra_gorem"),
            ("gold_mirror_lake", "silver_night_marsh", "bronze_ash_waste"),
            ("red_shadow_step", "blue_second_wind", "green_ventus_cyclone"),
        ),
        Kit(
            ("pyrus_warius", "aquos_siege", "haos_laserman"),
            ("gold_saurus_quarry", "silver_coral_reef", "bronze_shallows"),
            ("red_gate_breaker", "blue_power_surge", "green_aquos_riptide"),
        ),
    ]
    state, _ = MatchState.new(CAT, kits, rules)
    for text in (
        "p0 set silver_ember_plain @2,2",
        "p1 set silver_night_marsh @3,1",
        "p2 set silver_coral_reef @1,1",
        "p0 throw aquos_preyas",
        "miss off_card",
    ):
        state.apply(parse_action(text))
    while state.phase == "open":
        state.apply(parse_action(f"p{state.current_player()} pass"))
    for text in ("p1 throw darkus_reaper", "land @3,1"):
        state.apply(parse_action(text))
    return state


def test_between_turns_an_own_turn_card_is_refused_with_its_reason() -> None:
    state = _three_players(Settings.preset(3, multi_cards=MULTI_FIELD_ANY))
    assert state.phase == "open" and state.current_player() == 0
    reason = abilities.problem(state, 1, "red_shadow_step", abilities.BETWEEN_TURNS)
    assert reason is not None and reason.code == "own_turn_only"
    assert abilities.plays(state, 1, "red_shadow_step", abilities.BETWEEN_TURNS) == []
    assert abilities.plays(state, 1, "red_shadow_step", None)  # his own turn: he may
    state.apply(parse_action("p0 pass"))  # p1 is not asked: the window closes
    assert (state.phase, state.current_player()) == ("main", 2)


@pytest.mark.parametrize(
    ("option", "code"), [("own_battle", "battle_only"), (MULTI_FIELD_ANY, None)]
)
def test_a_field_card_before_ones_throw_by_the_multi_cards_option(
    option: str, code: str | None
) -> None:
    state = _three_players(Settings.preset(3, multi_cards=option))
    while state.turn_player != 0 or state.phase != "main":
        p = state.current_player()
        legal = state.legal_actions(p)
        state.apply(next((a for a in legal if str(a).endswith("pass")), None) or legal[-1])
        if state.phase == "landing":
            state.apply(Miss())
    reason = state.ability_problem(0, "red_rekindle")
    assert (reason.code if reason is not None else None) == code


def test_the_default_reading_has_no_window_between_turns() -> None:
    state = _three_players(Settings.preset(3))
    assert (state.phase, state.current_player()) == ("main", 2)
    assert Settings.preset(3).multi_cards == "own_battle"


# ---------------------------------------------------------------- conditional "before" cards

LOSING_BOOST = ability(
    "l",
    AbilityColour.RED,
    (Timing.BEFORE,),
    eff("add_g", to="self", amount=200),
    requires=Requirement(losing=True),
)


def _losing_card_battle(attacker: str) -> tuple[MatchState, list[object]]:
    """p0 plays the "before, while losing" card before the throw, then throws `attacker`
    at p1's b3 (320) standing on its card."""
    catalog = plain_catalog(LOSING_BOOST)
    kit0 = Kit(KIT0.bakugan, KIT0.gates, ("l", "u", "v"))
    state = started(catalog, (kit0, KIT1))
    for text in ("p0 throw a2", "miss off_card", "p1 throw b3", "land @2,1"):
        state.apply(parse_action(text))
    events: list[object] = list(state.apply(parse_action("p0 ability l")))
    events += state.apply(parse_action(f"p0 throw {attacker}"))
    events += state.apply(parse_action("land @2,1"))
    return state, events


def test_a_before_card_with_a_condition_counts_when_it_holds_as_the_battle_begins() -> None:
    state, events = _losing_card_battle("a3")  # 300 against 320: losing
    assert not [e for e in events if isinstance(e, AbilityWasted)]
    assert state.evaluate_battle().sides[1].total == 500


def test_a_before_card_whose_condition_fails_is_wasted_with_the_reason() -> None:
    state, events = _losing_card_battle("a1")  # 400 against 320: winning
    wasted = [e for e in events if isinstance(e, AbilityWasted)]
    assert len(wasted) == 1 and wasted[0].code == "losing"
    assert str(wasted[0]) == "p0's l wasted: l is played only by the losing side"
    assert state.evaluate_battle().sides[1].total == 400
    assert "l" in state.players[0].used_abilities  # spent all the same


def test_every_refusal_code_of_the_rules_has_a_text_in_both_catalogs() -> None:
    codes = set()
    for path in (ROOT / "game" / "rules" / "classic").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", None) == "Reason"
                and len(node.args) >= 2
                and isinstance(node.args[1], ast.Constant)
            ):
                codes.add(node.args[1].value)
    codes.add("no_battle")  # a card wasted for want of a battle (AbilityWasted.code)
    for lang in ("en", "ru"):
        with (ROOT / "assets" / "lang" / "classic" / f"{lang}.toml").open("rb") as f:
            why = tomllib.load(f)["why"]
        assert codes <= set(why), f"{lang}: no text for {sorted(codes - set(why))}"
