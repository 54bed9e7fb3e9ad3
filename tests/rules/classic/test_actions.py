from __future__ import annotations

import pytest

from game.rules.classic import (
    ActionSyntaxError,
    Attribute,
    ChooseAttribute,
    Land,
    Miss,
    MoveBakugan,
    Pass,
    PlayAbility,
    SetGate,
    TakeGate,
    Throw,
    parse_action,
)

ACTIONS = [
    SetGate(0, "gold_x", (2, 2)),
    PlayAbility(1, "red_x"),
    PlayAbility(0, "red_x", "pyrus_a"),
    PlayAbility(0, "red_x", "pyrus_a", (3, 1)),
    Pass(1),
    Throw(0, "pyrus_a"),
    Land((2, 1)),
    Land((0, 3), partial=True),
    Miss("off_table"),
    TakeGate(1, (2, 2)),
    MoveBakugan(0, "pyrus_a", (1, 1)),
    ChooseAttribute(1, "clear_x", Attribute.HAOS),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_every_action_reads_back_from_its_text(action: object) -> None:
    assert parse_action(str(action)) == action


@pytest.mark.parametrize(
    "text, problem",
    [
        ("", "empty"),
        ("p0 fly x", "unknown verb 'fly'"),
        ("p0 set gold_x 2,2", "expected a slot"),
        ("p0 attribute x fire", "unknown attribute 'fire'"),
        ("land @a,b", "bad slot"),
        ("p0 throw", "expected 'pN throw BAKUGAN'"),
        ("x0 pass", "expected 'pN VERB"),
    ],
)
def test_bad_text_is_refused_with_the_reason(text: str, problem: str) -> None:
    with pytest.raises(ActionSyntaxError, match=problem):
        parse_action(text)
