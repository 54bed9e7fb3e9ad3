"""Aiming through the same physics: a careful hand opens on the card it aims at."""

from __future__ import annotations

import random

from game import physics
from game.ai.classic.aim import AimSkill, execute, plan_aim, plan_throw
from game.match.classic.seats import level_skill

from .helpers import LEVELS

ZONE0 = (0.0, 0.0, 800.0, 140.0)  # player 0's throw band on an 800 x 1000 table


def _table() -> physics.TableSpec:
    slots = [(2, 2), (2, 1), (1, 2), (3, 1)]
    base = physics.grid_table(slots)
    standing = [physics.standing_on(base.card((2, 1)), (1, "foe"))]
    return physics.grid_table(slots, standing=standing)


def test_a_steady_hand_opens_on_every_card_it_aims_at() -> None:
    table = _table()
    for target in [c.id for c in table.cards]:
        plan = plan_aim(table, ZONE0, target, AimSkill(16, 0.0))
        assert plan.hits, target
        landing = physics.resolve_throw(table, plan.throw, record=False).landing
        assert landing.card == target


def test_the_planned_throw_is_a_pull_of_the_match_slingshot() -> None:
    """What a bot throws is a pull through the very curve a person pulls with: its
    meant release point, in px, turned back by the curve, is the planned throw."""
    from game.ai.classic.aim import CURVE
    from game.ai.hand import Hand, pull_of
    from game.physics.pull import throw_of

    plan = plan_aim(_table(), ZONE0, (2, 2), AimSkill(16, 0.0))
    pull = pull_of(CURVE, plan.throw)
    again = throw_of(CURVE, plan.throw.origin, pull)
    assert again is not None
    assert abs(again.speed - plan.throw.speed) < 1e-9
    assert abs(again.angle - plan.throw.angle) < 1e-12
    # a hand without error lets go at that very point
    steady = Hand(0.0).throw(CURVE, plan.throw, random.Random(1))
    assert (steady.angle, steady.speed) == (plan.throw.angle, plan.throw.speed)


def test_noise_makes_the_levels_miss_more_or_less() -> None:
    table = _table()
    rates = {}
    for name in ("easy", "hard"):
        skill = level_skill(LEVELS[name])
        rng = random.Random(1)
        hits = n = 0
        for target in [c.id for c in table.cards]:
            plan = plan_aim(table, ZONE0, target, skill)
            for _ in range(15):
                t = execute(plan, skill, rng)
                hits += physics.resolve_throw(table, t, record=False).landing.card == target
                n += 1
        rates[name] = hits / n
    assert rates["hard"] >= 0.8 and rates["easy"] < rates["hard"] - 0.15, rates


def test_checks_report_how_sure_a_throw_is() -> None:
    plan = plan_aim(_table(), ZONE0, (2, 1), AimSkill(24, 3.0, 12))
    assert plan.hits and 0.0 < plan.sureness <= 1.0
    assert abs(sum(plan.outcomes.values()) - 1.0) < 1e-9


def test_plan_throw_keeps_its_old_use() -> None:
    """No target on the table: any card, drawn by the seat's generator."""
    table = _table()
    t = plan_throw(table, ZONE0, None, random.Random(3), AimSkill(6, 0.0))
    assert physics.resolve_throw(table, t, record=False).landing.opened
