"""What a player brings: `check_kit` and `random_kit` (game/rules/classic/kits.py)."""

from __future__ import annotations

import random

import pytest

from game.content.classic import shipped_catalog
from game.rules.classic import InvalidKit, Kit, MatchState, check_kit, random_kit

from .helpers import KIT0, KIT1, plain_catalog


def test_a_legal_kit_has_three_bakugan_one_gate_and_one_ability_of_each_colour() -> None:
    assert check_kit(KIT0, plain_catalog()) == []


@pytest.mark.parametrize(
    "kit, reason",
    [
        (Kit(("a1", "a2"), KIT0.gates, KIT0.abilities), "bakugan: needs 3, has 2"),
        (Kit(("a1", "a1", "a2"), KIT0.gates, KIT0.abilities), "bakugan: the same piece twice"),
        (Kit(("a1", "a2", "zz"), KIT0.gates, KIT0.abilities), "bakugan: unknown id 'zz'"),
        (
            Kit(KIT0.bakugan, ("g_gold", "h_gold", "g_bronze"), KIT0.abilities),
            "gates: needs 1 silver, has 0",
        ),
        (Kit(KIT0.bakugan, KIT0.gates, ("r", "r2", "v")), "abilities: needs 1 blue, has 0"),
    ],
)
def test_an_invalid_kit_is_refused_with_the_reason(kit: Kit, reason: str) -> None:
    assert reason in check_kit(kit, plain_catalog())
    with pytest.raises(InvalidKit, match=reason.replace("(", r"\(")):
        MatchState.new(plain_catalog(), [kit, KIT1])


def test_random_kits_are_legal_and_deterministic() -> None:
    cat = shipped_catalog()
    for seed in range(50):
        kit = random_kit(cat, random.Random(seed))
        assert check_kit(kit, cat) == []
        assert kit == random_kit(cat, random.Random(seed))


def _unusable(kit: Kit) -> list[str]:
    """The kit's Ability Cards and Traps that no Bakugan of the kit can play: one that
    needs an attribute none of them has (a clear Bakugan takes its opponent's, so a kit
    with one can meet any)."""
    cat = shipped_catalog()
    defs = [cat.bakugan[b] for b in kit.bakugan]
    if any(d.attribute is None for d in defs):
        return []
    have = {d.attribute for d in defs}
    out = [a for a in kit.abilities if cat.abilities[a].requires.attribute not in (None, *have)]
    return out + [t for t in kit.traps if cat.traps[t].attribute not in have]


@pytest.mark.parametrize("big", [False, True])
def test_a_quick_pick_kit_holds_only_cards_its_bakugan_can_play(big: bool) -> None:
    """Issue 25, point 8: a quick pick gave Haos Radiance to a kit without a Haos
    Bakugan. The deal stays legal and deterministic from its seed."""
    cat = shipped_catalog()
    from game.rules.classic import Settings

    rules = Settings.preset(2, big_game=big)
    for seed in range(300):
        kit = random_kit(cat, random.Random(seed), rules, support=2)
        assert _unusable(kit) == [], f"seed {seed}: {kit}"
        assert check_kit(kit, cat, rules) == [], f"seed {seed}"
        assert random_kit(cat, random.Random(seed), rules, support=2) == kit
