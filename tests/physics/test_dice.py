"""The dice tray: a die thrown there comes to rest showing the face it was asked to,
tumbling on the way, and stays inside the tray; the same throw is the same roll."""

from __future__ import annotations

import math
import random

import pytest

from game.physics.dice import (
    BOTTOM,
    DIE_SIZE,
    ORIENTATIONS,
    TIPS,
    TOP,
    DieThrow,
    TraySpec,
    roll_die,
    turn,
)

TRAY = TraySpec()


def _throw(rng: random.Random) -> DieThrow:
    return DieThrow(
        (rng.uniform(30, TRAY.width - 30), 20.0),
        rng.uniform(0.3, math.pi - 0.3),
        rng.uniform(200, 2000),
        rng.uniform(-1, 1),
    )


def test_every_face_comes_up_as_asked_and_the_dice_stay_in_the_tray() -> None:
    rng = random.Random(5)
    resting: list = []
    for i in range(120):
        face = 1 + i % 6
        roll = roll_die(TRAY, _throw(rng), face, resting[-4:], variety=i)
        assert roll.face == face
        final = roll.final()
        assert final[0].face == face
        for pose in final:
            assert 0 < pose.x < TRAY.width and 0 < pose.y < TRAY.depth
        resting = final


def test_a_real_throw_tumbles_and_opposite_faces_always_add_up_to_seven() -> None:
    roll = roll_die(TRAY, DieThrow((140, 20), math.pi / 2, 1500, 0.3), 4)
    assert len(roll.tips) >= 3
    tops = {roll.top_at(t / 60) for t in range(int(roll.duration * 60) + 1)}
    assert len(tops) >= 2  # the face up changes on the way
    for t in range(int(roll.duration * 60) + 1):
        o = roll.orientation_at(t / 60)
        assert o[TOP] + o[BOTTOM] == 7 and sorted(o) == [1, 2, 3, 4, 5, 6]


def test_the_same_throw_is_the_same_path_whatever_face_it_shows() -> None:
    throw = DieThrow((100, 30), 1.2, 1400, -0.5)
    a, b = roll_die(TRAY, throw, 2), roll_die(TRAY, throw, 6)
    assert a.paths == b.paths and a.tips == b.tips
    assert roll_die(TRAY, throw, 2) == a


def test_a_thrown_die_knocks_the_ones_lying_there_but_not_their_faces() -> None:
    first = roll_die(TRAY, DieThrow((140, 20), math.pi / 2, 300), 5).final()
    x, y = first[0].x, first[0].y
    hit = roll_die(TRAY, DieThrow((x, 20), math.pi / 2, 1500), 1, first)
    moved = hit.final()[1]
    assert math.hypot(moved.x - x, moved.y - y) > DIE_SIZE / 4
    assert moved.face == 5


def test_the_24_orientations_are_the_cube_and_tips_stay_within_them() -> None:
    assert len(set(ORIENTATIONS)) == 24
    for o in ORIENTATIONS:
        for perm in TIPS.values():
            assert turn(o, perm) in ORIENTATIONS


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda: roll_die(TRAY, DieThrow((140, 20), 1.0, 500), 7), "1 to 6"),
        (lambda: roll_die(TRAY, DieThrow((-5, 20), 1.0, 500), 3), "not inside the tray"),
        (lambda: DieThrow((10, 10), 1.0, -3), "speed"),
        (lambda: DieThrow((10, 10), 1.0, 5, 2.0), "spin"),
        (lambda: TraySpec(10, 100), "width"),
    ],
)
def test_bad_throws_are_refused_with_the_reason(make, problem) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=problem):
        make()
