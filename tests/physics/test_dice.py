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
    STANDARD,
    TIPS,
    TOP,
    DiePose,
    DieThrow,
    TraySpec,
    roll_die,
    turn,
)
from game.physics.geometry import PhysicsError
from game.rules.api import GameError

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


@pytest.mark.parametrize(
    ("make", "problem"),
    [
        (lambda: DiePose(math.nan, 40.0, 0.0, STANDARD), "die x must be finite"),
        (lambda: DiePose(40.0, math.inf, 0.0, STANDARD), "die y must be finite"),
        (lambda: DiePose(40.0, 40.0, None, STANDARD), "die angle must be a number"),
        (lambda: DiePose(40.0, 40.0, 0.0, (1, 1, 1, 1, 1, 1)), "orientation"),
        (lambda: roll_die(TRAY, DieThrow((140, 20), 1.0, 500), 3.5), "1 to 6, not 3.5"),
        (lambda: roll_die(TRAY, DieThrow((140, 20), 1.0, 500), True), "1 to 6, not True"),
        (lambda: roll_die(TRAY, DieThrow((140, 20), 1.0, 500), 10**5000), "1 to 6, not <a"),
        (lambda: roll_die(TRAY, DieThrow((140, 20), 1.0, 500), 3, variety=0.5), "variety"),
        (lambda: roll_die(TRAY, (140, 20, 1.0, 500), 3), "throw must be a DieThrow"),  # type: ignore[arg-type]
        (
            lambda: roll_die(
                TRAY, DieThrow((140, 20), 1.0, 500), 3, [DiePose(1e9, 40.0, 0.0, STANDARD)]
            ),
            "resting die 0 .* not in the tray",
        ),
        (
            lambda: roll_die(TRAY, DieThrow((140, 20), 1.0, 500), 3, [(40.0, 40.0)]),  # type: ignore[list-item]
            "resting die 0 must be a DiePose",
        ),
    ],
)
def test_a_die_the_tray_cannot_hold_is_refused_with_the_physics_error(make, problem) -> None:  # type: ignore[no-untyped-def]
    # a resting die at NaN used to run the whole roll to the step cap on a NaN path, and
    # a face of 3.5 raised ZeroDivisionError (no start orientation ends on it)
    with pytest.raises(PhysicsError, match=problem) as caught:
        make()
    assert isinstance(caught.value, GameError)


def _square(pose: DiePose) -> list[tuple[float, float]]:
    c, s, h = math.cos(pose.angle), math.sin(pose.angle), DIE_SIZE / 2
    return [
        (pose.x + u * c - v * s, pose.y + u * s + v * c)
        for u, v in ((-h, -h), (h, -h), (h, h), (-h, h))
    ]


def _to_segment(p: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
    ax, ay = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((p[0] - a[0]) * ax + (p[1] - a[1]) * ay) / (ax * ax + ay * ay)))
    return math.dist(p, (a[0] + t * ax, a[1] + t * ay))


def _gap(a: DiePose, b: DiePose) -> float:
    """mm between the faces of two dice lying apart (the squares' nearest points)."""
    sa, sb = _square(a), _square(b)
    return min(
        _to_segment(p, q, r)
        for one, other in ((sa, sb), (sb, sa))
        for p in one
        for q, r in zip(other, other[1:] + other[:1], strict=True)
    )


def test_dice_at_rest_lie_apart_not_touching_so_each_seats_edge_reads_as_its_own() -> None:
    """Five dice thrown one after another into the Attack table's tray: however they
    come to rest against each other, a gap of at least 5 mm (5.5 px on the table) is
    left between any two, so the seat colour drawn on each one's edge is not read as
    its neighbour's (issue 25.8: the dice rested touching)."""
    tray = TraySpec(240.0, 130.0)
    rng = random.Random(11)
    least = math.inf
    for _ in range(40):
        resting: list[DiePose] = []
        for _ in range(5):
            throw = DieThrow(
                (rng.uniform(45, 195), DIE_SIZE), rng.uniform(0.5, 2.6), rng.uniform(300, 1500)
            )
            resting = roll_die(tray, throw, rng.randint(1, 6), resting).final()
        least = min(least, *(_gap(a, b) for i, a in enumerate(resting) for b in resting[i + 1 :]))
    assert least >= 5.0, f"two dice rest {least:.2f} mm apart"
