"""The challenge arena (`game.physics.pieces`, `game.physics.shot`): more than one
sphere, blocks, bumpers and moving pieces, added beside the match table without
touching it."""

from __future__ import annotations

import math
import random

import pytest

import game.physics.fast as fast_mod
from game.content.levels import discover
from game.physics import CardSpec, TableSpec, Throw, resolve_throw
from game.physics.motion import Motion, pose_at
from game.physics.pieces import (
    SIDES,
    ArenaCard,
    ArenaSpec,
    Block,
    Rival,
    Round,
    Standing,
    check_shot,
    standing_position,
)
from game.physics.shot import resolve_shot
from game.physics.tuning import DT, MAX_SPEED

CARD = CardSpec("a", (300.0, 600.0))


def test_a_plain_arena_rolls_like_the_match_table() -> None:
    table = TableSpec(600, 800, True, (CARD,))
    arena = ArenaSpec(600, 800, frozenset(SIDES), (ArenaCard(CARD),))
    rng = random.Random(1)
    for _ in range(40):
        throw = Throw(
            (rng.uniform(100, 500), 60.0),
            math.pi / 2 + rng.uniform(-0.5, 0.5),
            rng.uniform(400, 2500),
            rng.uniform(-1, 1),
        )
        a = resolve_throw(table, throw)
        b = resolve_shot(arena, throw)
        assert b.landing.card == a.landing.card and b.landing.partial == a.landing.partial
        assert b.landing.position == pytest.approx(a.landing.position, abs=1e-6)
        assert b.steps == a.steps


def _random_shots(n: int, seed: int) -> list[tuple[str, ArenaSpec, Throw, int]]:
    from game.challenges.run import Attempt

    rng = random.Random(seed)
    out = []
    entries = [e for e in discover() if e.level is not None]
    while len(out) < n:
        level = rng.choice(entries).level
        assert level is not None
        attempt = Attempt(level)
        x0, y0, x1, y1 = level.zone
        throw = attempt.make_throw(
            (rng.uniform(x0 + 16, x1 - 16), rng.uniform(y0 + 16, y1 - 16)),
            math.pi / 2 + rng.uniform(-1.2, 1.2),
            rng.uniform(300, MAX_SPEED),
            rng.uniform(-1, 1),
        )
        assert throw is not None
        start = rng.randrange(0, 3000)
        if attempt.check(throw, start) is None:
            out.append((level.ident, attempt.arena(), throw, start))
    return out


def test_same_shot_same_result_cached_fresh_and_through_the_public_step() -> None:
    for ident, arena, throw, start in _random_shots(150, 7):
        cached = resolve_shot(arena, throw, start)
        fresh = resolve_shot(arena, throw, start, fresh=True)
        assert cached == fresh, ident
    fast_mod.USE_FAST_ACCESS = False
    try:
        for ident, arena, throw, start in _random_shots(40, 8):
            slow = resolve_shot(arena, throw, start, fresh=True)
            fast_mod.USE_FAST_ACCESS = True
            fast = resolve_shot(arena, throw, start)
            fast_mod.USE_FAST_ACCESS = False
            assert slow == fast, ident
    finally:
        fast_mod.USE_FAST_ACCESS = True


def test_motion_is_a_function_of_the_clock() -> None:
    back = Motion(((100.0, 200.0), (300.0, 200.0)), speed=100.0)
    assert back.period == pytest.approx(4.0)
    base = (0.0, 0.0, 0.0)
    assert pose_at(back, base, 0.0)[:2] == (100.0, 200.0)
    assert pose_at(back, base, 1.0)[:2] == pytest.approx((200.0, 200.0))
    assert pose_at(back, base, 3.0)[:2] == pytest.approx((200.0, 200.0))  # on its way back
    assert pose_at(back, base, 9.0)[:2] == pytest.approx(pose_at(back, base, 1.0)[:2])
    loop = Motion(((0.0, 0.0), (100.0, 0.0), (100.0, 100.0)), speed=50.0, closed=True)
    assert loop.period == pytest.approx((100 + 100 + math.hypot(100, 100)) / 50)
    turn = Motion(turn=math.pi)
    assert pose_at(turn, (5.0, 6.0, 0.5), 0.5) == pytest.approx((5.0, 6.0, 0.5 + math.pi / 2))
    # the velocity changes only at the steps around each corner
    steps = back.sync_steps(0, round(8.0 / DT))
    corners = [round(t / DT) for t in (2.0, 4.0, 6.0, 8.0)]
    for c in corners:
        assert any(abs(s - c) <= 1 for s in steps)
    with pytest.raises(ValueError):
        Motion(((1.0, 1.0),), speed=10.0)


def test_a_moving_wall_is_where_the_clock_says() -> None:
    """The same throw meets the sweeping wall or not, by when it is released."""
    wall = Block(
        "sweeper",
        (300.0, 400.0),
        (200.0, 24.0),
        motion=Motion(((100.0, 400.0), (500.0, 400.0)), 200.0),
    )
    arena = ArenaSpec(600, 900, frozenset({"left", "right"}), (ArenaCard(CARD),), (wall,))
    throw = Throw((300.0, 60.0), math.pi / 2, 1300.0)
    # at step 0 the wall is at x=100..200 (clear of x=300); 1 s later it covers x=300
    clear = resolve_shot(arena, throw, 0)
    blocked = resolve_shot(arena, throw, round(0.9 / DT))
    assert not any(c.other == "sweeper" for c in clear.contacts)
    assert any(c.other == "sweeper" for c in blocked.contacts)
    assert resolve_shot(arena, throw, round(0.9 / DT)) == blocked


def test_a_bumper_gives_back_what_it_gets_and_a_post_does_not() -> None:
    def rebound(piece: Round) -> float:
        arena = ArenaSpec(600, 2000, frozenset(), (), (piece,))
        r = resolve_shot(arena, Throw((300.0, 100.0), math.pi / 2, 1200.0))
        assert r.contacts and r.contacts[0].other == piece.id
        return 500.0 - r.landing.position[1] if r.landing.reason != "off_table" else 1e9

    bumper = rebound(Round("bumper", (300.0, 500.0), 24.0, 1.0, bumper=True))
    post = rebound(Round("post", (300.0, 500.0), 24.0))
    assert bumper > 1.5 * post


def test_knock_outs_move_the_rival_and_report_where_it_went() -> None:
    rival = Rival("foe", CARD.center)
    arena = ArenaSpec(600, 800, frozenset(), (ArenaCard(CARD),), rivals=(rival,))
    soft = resolve_shot(arena, Throw((300.0, 100.0), math.pi / 2, 1300.0))
    hard = resolve_shot(arena, Throw((300.0, 100.0), math.pi / 2, 2500.0))
    assert soft.contacts[0].other == "foe"
    pos = soft.rivals[0].position
    assert pos is not None and pos[1] > CARD.center[1] + 60
    assert hard.rivals[0].position is None  # knocked off the table
    assert len(soft.track("foe")) > 1


def test_nothing_tunnels_through_cushions_bumpers_or_moving_pieces() -> None:
    pieces = (
        Round("b1", (200.0, 500.0), 20.0, 1.0, bumper=True),
        Round("b2", (420.0, 620.0), 20.0, 1.0, bumper=True),
        Block("turner", (300.0, 350.0), (180.0, 18.0), motion=Motion(turn=math.radians(200))),
        Block(
            "slider",
            (300.0, 760.0),
            (120.0, 18.0),
            motion=Motion(((100.0, 760.0), (500.0, 760.0)), 400.0),
        ),
    )
    rivals = (Rival("r1", (150.0, 650.0)), Rival("r2", (450.0, 450.0), 18.0, 2.0))
    arena = ArenaSpec(600, 900, frozenset(SIDES), (), pieces, rivals=rivals)
    rng = random.Random(11)
    for i in range(600):
        throw = Throw(
            (rng.uniform(30, 570), rng.uniform(30, 120)),
            rng.uniform(0.2, math.pi - 0.2),
            MAX_SPEED if i % 3 else rng.uniform(800, MAX_SPEED),
            rng.uniform(-1, 1),
        )
        if check_shot(arena, throw, i * 7) is not None:
            continue
        r = resolve_shot(arena, throw, i * 7, record=False)
        assert r.landing.reason != "off_table", (i, throw)
        assert all(rest.position is not None for rest in r.rivals), (i, throw)


def test_a_moving_card_catches_and_carries_the_sphere() -> None:
    slider = ArenaCard(CARD, Motion(((200.0, 600.0), (400.0, 600.0)), 60.0))
    arena = ArenaSpec(600, 900, frozenset(), (slider,))
    hit = None
    for speed in range(1000, 1300, 20):
        r = resolve_shot(arena, Throw((300.0, 100.0), math.pi / 2 + 0.08, float(speed)))
        if r.landing.card == "a" and not r.landing.partial:
            hit = r
            break
    assert hit is not None and hit.carrier == "a"
    assert math.hypot(*hit.local) < 2.0  # the magnet pulled it onto the centre
    st = Standing("b1", hit.local, 14.0, on="a")
    cards = {"a": slider}
    later = standing_position(st, cards, hit.end_step * DT + 1.0)
    now = standing_position(st, cards, hit.end_step * DT)
    assert now == pytest.approx(hit.landing.position, abs=2.0)
    assert later != pytest.approx(now, abs=1.0)  # it rides along


def test_where_a_shot_may_start() -> None:
    post = Round("post", (300.0, 150.0), 20.0)
    arena = ArenaSpec(600, 800, frozenset({"near"}), (ArenaCard(CARD),), (post,))
    assert check_shot(arena, Throw((100.0, 60.0), 1.0, 900.0)) is None
    assert "Gate Card" in (check_shot(arena, Throw((300.0, 500.0), 1.0, 900.0)) or "")
    assert "post" in (check_shot(arena, Throw((310.0, 140.0), 1.0, 900.0)) or "")
    assert "cushion" in (check_shot(arena, Throw((100.0, 5.0), 1.0, 900.0)) or "")
    with pytest.raises(ValueError):
        resolve_shot(arena, Throw((300.0, 500.0), 1.0, 900.0))
