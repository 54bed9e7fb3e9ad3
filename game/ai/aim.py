"""Aiming: turn "land on that Gate Card" into a throw, through the same physics.

The aimer releases from its throw zone in line with the target, tries a few speeds on
a copy of the table (`resolve_throw(record=False)`), keeps the one that opens on the
target nearest its centre, then adds execution noise in angle and power. Noise is the
difficulty knob: a sharp aimer still misses sometimes, as a person does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Hashable
from dataclasses import dataclass

from game import physics


@dataclass(frozen=True, slots=True)
class AimSkill:
    samples: int = 8  # speeds tried on the simulated table
    angle_noise: float = 0.02  # radians, standard deviation
    speed_noise: float = 0.04  # fraction of the speed, standard deviation


DEFAULT_SKILL = AimSkill()


def _release_point(
    zone_x: tuple[float, float], zone_y: float, target: physics.Point
) -> physics.Point:
    x = min(max(target[0], zone_x[0] + 30.0), zone_x[1] - 30.0)
    return (x, zone_y)


def plan_throw(
    table: physics.TableSpec,
    zone: tuple[float, float, float, float],
    target: Hashable | None,
    rng: random.Random,
    skill: AimSkill = DEFAULT_SKILL,
    radius: float = 14.0,
) -> physics.Throw:
    """A throw from `zone` (x0, y0, x1, y1) meant to open on the card `target`."""
    cards = {c.id: c for c in table.cards}
    if target not in cards:
        target = list(cards)[rng.randrange(len(cards))] if cards else None
    x0, y0, x1, y1 = zone
    # Release from the middle of the band, on the side nearer the field.
    towards_field = y1 if y1 < table.height / 2 else y0
    y = (
        (y0 + y1) / 2
        if abs(towards_field - (y0 + y1) / 2) < 1
        else (towards_field + (y0 + y1) / 2) / 2
    )
    aim_at = cards[target].center if target is not None else (table.width / 2, table.height / 2)
    origin = _release_point((x0, x1), y, aim_at)
    angle = math.atan2(aim_at[1] - origin[1], aim_at[0] - origin[0])
    best_speed, best_err = 900.0, math.inf
    for i in range(skill.samples):
        speed = 500.0 + 1300.0 * i / max(skill.samples - 1, 1)
        result = physics.resolve_throw(
            table, physics.Throw(origin, angle, speed, 0.0, radius), record=False
        )
        landing = result.landing
        if landing.card == target:
            err = math.dist(landing.position, aim_at) + (20.0 if landing.partial else 0.0)
        else:
            err = 1000.0 + math.dist(landing.position, aim_at)
        if err < best_err:
            best_speed, best_err = speed, err
    angle += rng.gauss(0.0, skill.angle_noise)
    speed = max(50.0, best_speed * (1.0 + rng.gauss(0.0, skill.speed_noise)))
    return physics.Throw(origin, angle, min(speed, physics.MAX_SPEED), 0.0, radius)
