"""The effect primitives one by one: each one's schema refuses bad parameters with the
field and the problem, each one is used by a shipped card (whose scenario shows what it
does), and the conditions are checked."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.planet import CardType
from game.rules.planet.effects import (
    CONDITIONS,
    PRIMITIVES,
    STATIC,
    TRIGGER,
    check_condition,
    check_effect,
    targets_of,
)

from .helpers import catalog

SCENARIOS = Path(__file__).parents[2] / "scenarios" / "planet"

GOOD = {
    "add_b": {"to": "self", "amount": 400},
    "add_d": {"to": "opponent", "amount": -3, "not_faction": ["ventus"]},
    "set_b": {"to": "chosen", "value": 1000},
    "grant": {"to": "self", "keyword": "shadow_strike"},
    "add_frost": {"to": "self", "amount": 2},
    "victor_by_damage": {},
    "gain_energy": {"amount": 3},
    "energize_top": {"count": 2, "charged": False},
    "to_energy": {"charged": True},
    "destroy_energy": {"count": 1},
    "draw": {"count": 2, "who": "self"},
    "discard": {"count": 1, "who": "opponent"},
    "mill": {"count": 2, "who": "opponent"},
    "negate": {"card": "flip"},
    "stop": {"factions": ["aquos"]},
    "free_play": {"count": 1, "faction": ["aquos"]},
    "destroy_hero": {"max_cost": 4},
    "hero_to_energy": {},
    "take_hero": {},
    "attach_core": {},
    "retract": {},
    "destroy_this": {},
}
TYPE_FOR = {"stop": CardType.FLIP, "destroy_this": CardType.HERO}
PLACE_FOR = {"destroy_this": TRIGGER}


def test_every_primitive_has_a_good_example_here() -> None:
    assert set(GOOD) == set(PRIMITIVES)


@pytest.mark.parametrize("kind", sorted(PRIMITIVES))
def test_each_primitive_accepts_good_parameters(kind: str) -> None:
    effect = {"kind": kind, **GOOD[kind]}
    place = PLACE_FOR.get(kind, "effects")
    assert check_effect(effect, place, TYPE_FOR.get(kind, CardType.ACTION)) == []


@pytest.mark.parametrize("kind", sorted(PRIMITIVES))
def test_each_primitive_refuses_an_unknown_parameter(kind: str) -> None:
    effect = {"kind": kind, **GOOD[kind], "colour": "red"}
    problems = check_effect(
        effect, PLACE_FOR.get(kind, "effects"), TYPE_FOR.get(kind, CardType.ACTION)
    )
    assert f"colour: unknown parameter of {kind}" in problems


@pytest.mark.parametrize(
    "kind", sorted(k for k, p in PRIMITIVES.items() if any(x.required for x in p.params))
)
def test_each_primitive_refuses_a_missing_parameter(kind: str) -> None:
    param = next(p for p in PRIMITIVES[kind].params if p.required)
    effect = {"kind": kind, **{k: v for k, v in GOOD[kind].items() if k != param.name}}
    problems = check_effect(
        effect, PLACE_FOR.get(kind, "effects"), TYPE_FOR.get(kind, CardType.ACTION)
    )
    assert f"{param.name}: missing" in problems


@pytest.mark.parametrize(
    ("effect", "problem"),
    [
        (
            {"kind": "add_b", "to": "self", "amount": "lots"},
            "amount: must be an integer, got 'lots'",
        ),
        (
            {"kind": "add_b", "to": "self", "amount": 9000},
            "amount: must be within -3000..3000, got 9000",
        ),
        (
            {"kind": "add_d", "to": "everyone", "amount": 1},
            "to: must be one of self, opponent, chosen",
        ),
        (
            {"kind": "grant", "to": "self", "keyword": "triple_strike"},
            "keyword: must be one of double_strike, shadow_strike",
        ),
        ({"kind": "stop", "factions": ["subterra"]}, "factions: unknown faction 'subterra'"),
        ({"kind": "stop"}, "factions: name either factions or except"),
        (
            {"kind": "energize_top", "count": 1, "charged": "yes"},
            "charged: must be true or false, got 'yes'",
        ),
        (
            {"kind": "add_b", "to": "self", "amount": 1, "when": "sunny"},
            "when: unknown condition 'sunny'",
        ),
        ({"kind": "teleport"}, "kind: unknown primitive 'teleport'"),
    ],
)
def test_bad_effects_name_the_field_and_the_problem(effect: dict, problem: str) -> None:  # type: ignore[type-arg]
    problems = check_effect(effect, "effects", CardType.FLIP)
    assert any(p.startswith(problem) for p in problems), problems


def test_where_a_primitive_may_stand() -> None:
    assert "kind: stop is a Flip's text" in check_effect(
        {"kind": "stop", "factions": ["pyrus"]}, "effects", CardType.ACTION
    )
    assert "kind: negate cannot stand in static" in check_effect(
        {"kind": "negate", "card": "any"}, STATIC, CardType.HERO
    )
    problem = "to: lasting text cannot name 'chosen' (self, own_all, opponent_all, all)"
    assert problem in check_effect(
        {"kind": "add_b", "to": "chosen", "amount": 1}, STATIC, CardType.HERO
    )


def test_conditions() -> None:
    for cond in [*CONDITIONS, "core:helix", "faction:aurelus", "hero:anything"]:
        assert check_condition(cond) is None
    assert check_condition("core:spoon") is not None and check_condition(3) is not None


def test_every_primitive_and_condition_is_used_by_a_shipped_card_with_a_scenario() -> None:
    cat = catalog()
    used: dict[str, str] = {}
    conds: set[str] = set()
    for piece in [*cat.cards.values(), *cat.characters.values()]:
        effects = list(piece.static) + [e for t in piece.triggers.values() for e in t]
        effects += list(getattr(piece, "effects", ()))
        for e in effects:
            used.setdefault(e.kind, piece.id)
            conds.update(c.split(":")[0] for c in (e.when, e.unless) if c)
    assert set(used) == set(PRIMITIVES), set(PRIMITIVES) - set(used)
    assert conds >= {*CONDITIONS, "core", "faction", "hero"}
    for kind, card in used.items():
        assert (SCENARIOS / f"card_{card}.toml").exists() or any(SCENARIOS.glob(f"*{card}*")), (
            kind,
            card,
        )


def test_targets_follow_the_primitives() -> None:
    cat = catalog()
    assert targets_of(cat.cards["haos_consort"].effects) == ("core", "open")
    assert targets_of(cat.cards["ventus_cocoon_shield"].effects) == ("side",)
    assert targets_of(cat.cards["aquos_triple_cannon"].effects) == ("batch",)
    assert targets_of(cat.cards["aquos_ice_barrier"].effects) == ()
