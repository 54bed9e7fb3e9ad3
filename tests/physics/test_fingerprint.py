"""The physics fingerprint (game.physics.fingerprint): a replay recorded with other
physics is refused as such, never reported as drifted, so whatever changes an outcome
must change `physics_hash`. Tuning constants are in it by value; the judges' rules are
code, so `tuning.JUDGE_RULES` stands for them. This test keeps that honest: reference
throws (each well inside its outcome: the same landing for a release 0.004 rad or 1 %
of speed off) whose landings are pinned with the hash they were seen under. Landings
that differ under the same hash mean the judging changed without a bump.
"""

from __future__ import annotations

import math

import pytest

from game import physics
from game.match.classic.replaying import RerunError, check_build
from game.physics import fingerprint, tuning

CLASSIC_THROWS: list[tuple[float, float]] = [  # (angle, speed) from (400, 70)
    (1.3908, 600),
    (1.3908, 750),
    (1.3908, 900),
    (1.3908, 1050),
    (1.3908, 1200),
    (1.3908, 1350),
    (1.3908, 1500),
    (1.3908, 1650),
    (1.3908, 1800),
    (1.3908, 1950),
    (1.4208, 1050),
    (1.4508, 1050),
    (1.5108, 1200),
    (1.5108, 1350),
    (1.5108, 1500),
    (1.6308, 1050),
    (1.6608, 1050),
    (1.6908, 1050),
]
PLANET_THROWS: list[tuple[float, float, float]] = [  # (x, angle, speed) from (x, 70)
    (340.0, 1.5208, 700),
    (340.0, 1.5208, 900),
    (340.0, 1.5208, 1300),
    (340.0, 1.5208, 1500),
    (340.0, 1.5208, 2100),
    (340.0, 1.5708, 700),
    (340.0, 1.5708, 1300),
    (340.0, 1.5708, 1500),
    (340.0, 1.5708, 1700),
    (340.0, 1.6208, 1100),
    (340.0, 1.6208, 1300),
    (340.0, 1.6208, 1500),
    (340.0, 1.6208, 1700),
    (340.0, 1.6208, 1900),
    (340.0, 1.6208, 2100),
    (400.0, 1.5208, 1300),
    (400.0, 1.5208, 1500),
    (400.0, 1.5208, 1700),
    (460.0, 1.5708, 1300),
    (460.0, 1.5708, 1500),
    (460.0, 1.5708, 1700),
    # slow enough for a core to hold it (JUDGE_RULES 3; the ones above roll over)
    (340.0, 1.5208, 1045),
    (340.0, 1.5708, 1085),
    (400.0, 1.5208, 1030),
    (460.0, 1.5708, 1085),
]

PINNED_HASH = "sha256:ed1af504cd81f3fd96c74c1d0cb7d8c5220947f5c09d3678f3121c990ad307dd"
PINNED: list[str] = [
    "short",
    "short",
    "short",
    "(3, 1)",
    "off_card",
    "off_card",
    "off_card",
    "off_table",
    "off_table",
    "off_table",
    "(3, 1)",
    "(3, 1)",
    "bounced",
    "bounced",
    "bounced",
    "(1, 1)",
    "(1, 1)",
    "(1, 1)",
    "short",
    "short",
    "too_fast",
    "too_fast",
    "off_table",
    "short",
    "too_fast",
    "too_fast",
    "off_table",
    "no_touch",
    "no_touch",
    "no_touch",
    "off_table",
    "off_table",
    "off_table",
    "too_fast",
    "too_fast",
    "off_table",
    "too_fast",
    "too_fast",
    "off_table",
    "(0, -1)",
    "(-1, 0)",
    "(1, -1)",
    "(1, 0)",
]
"""The reference landings under PINNED_HASH (JUDGE_RULES 3: a Planet core holds only a
sphere that reaches it slower than CORE_HOLD_SPEED)."""

RULES_2_HASH = "sha256:79bc72a2aecd62b04ad644b99c72c9d259a7771055e3360e7339347ab28eaa48"
RULES_2: list[str] = [
    "short",
    "short",
    "short",
    "(3, 1)",
    "off_card",
    "off_card",
    "off_card",
    "off_table",
    "off_table",
    "off_table",
    "(3, 1)",
    "(3, 1)",
    "bounced",
    "bounced",
    "bounced",
    "(1, 1)",
    "(1, 1)",
    "(1, 1)",
    "short",
    "short",
    "(0, -1)",
    "(0, -1)",
    "(0, -1)",
    "short",
    "(-1, 0)",
    "(-1, 0)",
    "(-1, 0)",
    "no_touch",
    "no_touch",
    "no_touch",
    "off_table",
    "off_table",
    "off_table",
    "(1, -1)",
    "(1, -1)",
    "(1, -1)",
    "(1, 0)",
    "(1, 0)",
    "(1, 0)",
]
"""The same throws under JUDGE_RULES 2 (a Planet core held a sphere at any speed), but
the last four, added with 3."""

BEFORE_HASH = "sha256:0f581a80a869b7693af019dfed9784192b48a87356ad51fff724845a15da1d9a"
BEFORE: list[str] = [
    "off_card",
    "off_card",
    "off_card",
    "(3, 1)",
    "off_card",
    "off_card",
    "off_card",
    "off_table",
    "off_table",
    "off_table",
    "(3, 1)",
    "(3, 1)",
    "off_card",
    "off_card",
    "off_card",
    "(1, 1)",
    "(1, 1)",
    "(1, 1)",
    "no_touch",
    "no_touch",
    "rolled_off",
    "rolled_off",
    "off_table",
    "no_touch",
    "rolled_off",
    "rolled_off",
    "off_table",
    "no_touch",
    "no_touch",
    "no_touch",
    "off_table",
    "off_table",
    "off_table",
    "rolled_off",
    "rolled_off",
    "off_table",
    "rolled_off",
    "rolled_off",
    "off_table",
]
"""The same throws under the physics before JUDGE_RULES 2 (a Planet sphere rolled on
past the core it opened on; a miss was only ``off_card``)."""


def classic_table() -> physics.TableSpec:
    cards = [physics.slot_card(c, r) for c, r in [(1, 1), (2, 1), (3, 1), (2, 2)]]
    return physics.TableSpec(
        cards=tuple(cards), standing=(physics.standing_on(cards[1], "standing"),)
    )


def planet_scene() -> physics.Scene:
    hexes = [(0, 0), (1, 0), (-1, 0), (0, -1), (1, -1), (0, 1), (-1, 1)]
    w = 38.0
    cores = tuple(
        physics.Placement(
            physics.CoreSpec(h, (400 + w * (h[0] + h[1] / 2), 500 + w * math.sqrt(3) / 2 * h[1]))
        )
        for h in hexes
    )
    return physics.Scene(800.0, 1000.0, targets=cores, touches=True)


def told(landing: physics.Landing) -> str:
    return str(landing.card) if landing.card is not None else str(landing.reason)


def landings() -> list[str]:
    table, scene = classic_table(), planet_scene()
    out = []
    for angle, speed in CLASSIC_THROWS:
        throw = physics.Throw((400.0, 70.0), angle, speed)
        out.append(told(physics.resolve_throw(table, throw, record=False).landing))
    for x, angle, speed in PLANET_THROWS:
        throws = [
            physics.Throw((x, 70.0), angle, speed, sphere_id="p0"),
            physics.Throw((400.0, 930.0), -math.pi / 2, 300.0, sphere_id="p1"),
        ]
        outcome = physics.simulate(scene, throws, judge=physics.PLANET, record=False)
        out.append(told(outcome.landings[0]))
    return out


def check(seen: list[str], now: str, pinned: list[str], pinned_hash: str) -> None:
    """Landings `seen` under hash `now` against those pinned under `pinned_hash` (an
    older list holds the throws of its time: the first ones)."""
    if seen[: len(pinned)] != pinned:
        assert now != pinned_hash, (
            "the reference landings changed under the same physics hash: bump "
            "tuning.JUDGE_RULES (replays recorded before are then refused as made with "
            "other physics) and pin the new hash and landings here"
        )


def test_reference_landings_change_only_with_the_physics_hash() -> None:
    seen = landings()
    now = fingerprint.physics_hash()
    check(seen, now, PINNED, PINNED_HASH)
    check(seen, now, RULES_2, RULES_2_HASH)
    check(seen, now, BEFORE, BEFORE_HASH)
    # the check itself: the same landings under the old hash would have been caught
    with pytest.raises(AssertionError, match="JUDGE_RULES"):
        check(seen, BEFORE_HASH, BEFORE, BEFORE_HASH)


def test_the_judges_rules_are_in_the_hash(monkeypatch: pytest.MonkeyPatch) -> None:
    now = fingerprint.physics_hash()
    monkeypatch.setattr(tuning, "JUDGE_RULES", tuning.JUDGE_RULES - 1)
    assert fingerprint.physics_hash() != now


def test_a_replay_recorded_before_the_change_is_refused_as_other_physics() -> None:
    header = {"content_hash": "c", "physics_hash": BEFORE_HASH, "pymunk": "x"}
    with pytest.raises(RerunError) as refused:
        check_build(header, "c")
    assert refused.value.reason == "physics"
