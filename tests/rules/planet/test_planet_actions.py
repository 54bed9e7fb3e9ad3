"""The action notation: every action's str() reads back; bad texts say why."""

from __future__ import annotations

import pytest

from game.rules.planet import (
    ActionSyntaxError,
    Discard,
    Energize,
    FlipChoice,
    Pass,
    Pick,
    PlaceCore,
    PlayCard,
    Roll,
    parse_action,
)

ACTIONS = [
    PlaceCore(0, "fist_0_2", (1, -1)),
    Energize(1, "pyrus_lava_flow"),
    Energize(0, None),
    PlayCard(0, "aquos_ice_barrier"),
    PlayCard(1, "ventus_cocoon_shield", ("p0",)),
    PlayCard(0, "haos_consort", ("@-2,2", "p1:aquos_trox")),
    PlayCard(1, "darkus_tainted_touch", (), "pyrus_strike"),
    PlayCard(1, "aquos_triple_cannon", ("#0",), "x"),
    Pass(1),
    Pick(0, "pyrus_dragonoid"),
    Roll(0, True, (0, 0)),
    Roll(1, True),
    Roll(1, False),
    FlipChoice(1, True),
    FlipChoice(0, False),
    Discard(1, "aquos_current"),
]


@pytest.mark.parametrize("action", ACTIONS, ids=str)
def test_every_action_reads_back_from_its_text(action: object) -> None:
    assert parse_action(str(action)) == action


def test_the_texts_read_as_documented() -> None:
    assert str(Roll(0, True, (-1, 2))) == "roll p0 @-1,2"
    assert str(Roll(1, True)) == "roll p1 open"
    assert (
        str(PlayCard(1, "darkus_tainted_touch", (), "pyrus_strike"))
        == "p1 play darkus_tainted_touch sac pyrus_strike"
    )
    assert Roll(0, False).player == -1


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("", "empty action"),
        ("roll p0", "expected 'roll pN @q,r|open|closed'"),
        ("roll p0 @x", "expected @q,r, open or closed"),
        ("x0 pass", "expected a player like p0"),
        ("p0 fly", "unknown verb 'fly'"),
        ("p0 core fist @1", "bad hex '@1'"),
        ("p0 play a sac b c", "'sac CARD' comes last"),
        ("p0 flip maybe", "expected 'flip pay' or 'flip let'"),
        ("p0 pass now", "expected 'pN pass'"),
    ],
)
def test_bad_texts_are_refused_with_the_reason(text: str, why: str) -> None:
    with pytest.raises(ActionSyntaxError, match=why.replace("(", r"\(").replace("|", r"\|")):
        parse_action(text)
