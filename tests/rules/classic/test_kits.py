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
