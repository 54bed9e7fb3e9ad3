"""Aiming: turn "open on that Gate Card" into a throw, through the same physics.

`plan_aim` works on a copy of the table (`resolve_throw(record=False)`): it draws a few
lines from the thrower's line to the card (straight at its centre; beside a Bakugan
standing on it, or past one in the way), finds on each line by bisection the pull (in
px, through the match's pull curve `physics.pull.CLASSIC`) that stops the sphere on the
card, and, with `checks`, re-simulates the best candidates released a fixed pattern of
pixels off their pull, the way its own hand slips, keeping the throw that still opens on
the card most often. Standing Bakugan never move in this physics, so a throw cannot
knock one away; one that bounces off them is simply less sure, and the checks see that.
`execute` then lets go with the modelled hand (`game.ai.hand`): the meant release point
missed by a normal error of `sigma` px, the difficulty knob, as a person's hand misses.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field, replace

from game import physics
from game.ai.hand import Hand, past_aim, shaken
from game.physics.pull import CLASSIC, speed_for_roll

CURVE = CLASSIC
"""The match's pull: the very slingshot a person throws with."""
PULL_LO = 30.0
"""px: the shortest pull the bisection tries (a sphere rolls about 6 cm)."""

# A fixed pattern of release errors (x, y) in standard deviations of the hand: the
# shaken copies a careful aimer tries its throw with (quasi-random, symmetric,
# deterministic).
_SHAKES: tuple[tuple[float, float], ...] = (
    (0.0, 1.0),
    (0.0, -1.0),
    (1.0, 0.0),
    (-1.0, 0.0),
    (0.7, 0.7),
    (-0.7, -0.7),
    (0.7, -0.7),
    (-0.7, 0.7),
    (0.0, 1.6),
    (0.0, -1.6),
    (1.6, 0.0),
    (-1.6, 0.0),
    (1.2, 1.2),
    (-1.2, -1.2),
    (1.2, -1.2),
    (-1.2, 1.2),
    (0.4, 2.0),
    (-0.4, -2.0),
    (2.0, -0.4),
    (-2.0, 0.4),
)


@dataclass(frozen=True, slots=True)
class AimSkill:
    samples: int = 8  # throws simulated on the table to find the one that opens on the card
    sigma: float = 5.0  # px: the hand's release error (game.ai.hand), standard deviation
    checks: int = 0  # shaken copies each of the best candidates is re-simulated with


# The hand of the built-in `random` and `greedy` bots: a casual thrower, about as steady
# as the Easy level (docs/ai.md).
DEFAULT_SKILL = AimSkill(samples=6, sigma=9.0)


@dataclass(frozen=True, slots=True)
class AimPlan:
    """The throw meant to open on `target`, before the hand shakes."""

    throw: physics.Throw
    target: Hashable | None
    hits: bool  # the noiseless throw opens on the target
    sureness: float  # share of the shaken copies that opened on the target (checks > 0)
    outcomes: dict[Hashable | None, float] = field(default_factory=dict)
    """Where the shaken copies opened (a card id, or None for a miss) and how often."""


def _release(
    table: physics.TableSpec, zone: tuple[float, float, float, float]
) -> tuple[physics.ThrowLine, Callable[[float], physics.Point]]:
    """The band's line, and where on it the aimer lets go nearest a point `along` it:
    on the line a person's sphere waits on (`ThrowLine.hand_point`)."""
    line = physics.ThrowLine.of(zone, table)
    return line, line.hand_point


def _lines(
    table: physics.TableSpec,
    zone: tuple[float, float, float, float],
    card: physics.CardSpec,
    count: int,
    radius: float,
) -> tuple[list[tuple[physics.Point, physics.Point]], physics.Obstacle | None]:
    """(origin, aim point) pairs, the plainest first, and the Bakugan standing on the
    card if one does."""
    band, origin = _release(table, zone)
    ca, cx = band.along(card.center), band.across(card.center)
    blocker = next((o for o in table.standing if card.contains(o.position)), None)
    toward = -band.facing  # from the card toward the thrower
    # Cards lie unturned: their length runs along y, across a bottom or top seat's throw.
    half_depth = (card.length if band.horizontal else card.width) / 2
    half_side = (card.width if band.horizontal else card.length) / 2
    extra: list[tuple[physics.Point, physics.Point]] = []
    if blocker is None:
        out = [(origin(ca), card.center)]
    else:
        # Stop on the near part of the card, short of the Bakugan standing on it, or
        # roll past beside it.
        ba, bx = band.along(blocker.position), band.across(blocker.position)
        gap = blocker.radius + radius
        near_edge = cx + toward * half_depth
        front = bx + toward * gap
        near = band.point(ca, (near_edge + front) / 2 if abs(near_edge - front) > 4 else near_edge)
        out = [(origin(ca), near)]
        side = min(gap + 1.0, half_side)
        extra += [
            (origin(ba + side), band.point(ba + side, cx)),
            (origin(ba - side), band.point(ba - side, cx)),
            (origin(ca + 90.0), near),
            (origin(ca - 90.0), near),
        ]
    extra += [(origin(ca + d), card.center) for d in (90.0, -90.0, 180.0, -180.0)]
    for o, a in extra:
        if len(out) >= count:
            break
        if physics.check_origin(table, o, radius) is None and (o, a) not in out:
            out.append((o, a))
    return out, blocker


def plan_aim(
    table: physics.TableSpec,
    zone: tuple[float, float, float, float],
    target: Hashable,
    skill: AimSkill = DEFAULT_SKILL,
    radius: float = 14.0,
) -> AimPlan:
    """The throw from `zone` (x0, y0, x1, y1) that best opens on card `target`
    (deterministic: the same table and skill give the same plan)."""
    card = table.card(target)
    samples = max(1, skill.samples)
    lines, _ = _lines(table, zone, card, 1 if samples < 6 else min(6, samples // 4), radius)
    per_line = max(1, samples // len(lines))
    # (score, throw, landing): score = distance from the aim point, +1000 off the card
    found: list[tuple[float, physics.Throw, physics.Landing]] = []
    for origin, aim in lines:
        angle = math.atan2(aim[1] - origin[1], aim[0] - origin[0])
        # Friction and damping stop a sphere after about `rolled(v)` mm: start there.
        guess = CURVE.pull_for(speed_for_roll(math.dist(origin, aim)))
        lo, hi = max(PULL_LO, guess / 1.4), min(CURVE.full_px, guess * 1.4)
        best: tuple[float, physics.Throw, physics.Landing] | None = None
        for _ in range(per_line):
            pull = (lo + hi) / 2.0
            throw = physics.Throw(origin, angle, CURVE.speed(pull), 0.0, radius)
            result = physics.resolve_throw(table, throw, record=False)
            landing = result.landing
            on = landing.card == target
            score = math.dist(landing.position, aim) + (15.0 if landing.partial else 0.0)
            score += 0.0 if on else 1000.0
            if best is None or score < best[0]:
                best = (score, throw, landing)
            # Bouncing off a standing Bakugan: too hard (or the wrong line).
            bumped = any(c.other != physics.CUSHION_ID for c in result.contacts)
            if bumped or past_aim(origin, aim, landing) > 0:
                hi = pull
            else:
                lo = pull
        assert best is not None
        found.append(best)
    found.sort(key=lambda f: f[0])
    score, throw, landing = found[0]
    hits = landing.card == target
    if skill.checks <= 0 or not hits:
        outcomes: dict[Hashable | None, float] = {landing.card: 1.0}
        return AimPlan(throw, target, hits, 1.0 if hits else 0.0, outcomes)
    # Shake the best candidates (and a touch shorter and longer a pull on the best line).
    candidates = [t for s, t, _ in found[:3] if s < 1000.0]
    best_t = candidates[0]
    for k in (0.96, 1.04):
        pull = CURVE.pull_for(best_t.speed) * k
        candidates.append(replace(best_t, speed=CURVE.speed(pull)))
    shakes = _SHAKES[: min(skill.checks, len(_SHAKES))]
    chosen: tuple[float, int, physics.Throw, dict[Hashable | None, float]] | None = None
    for rank, cand in enumerate(candidates):
        seen: dict[Hashable | None, float] = {}
        for sx, sy in shakes:
            slipped = shaken(CURVE, cand, sx * skill.sigma, sy * skill.sigma)
            where = physics.resolve_throw(table, slipped, record=False).landing.card
            seen[where] = seen.get(where, 0.0) + 1.0 / len(shakes)
        sure = seen.get(target, 0.0)
        key = (sure, -rank)
        if chosen is None or key > (chosen[0], -chosen[1]):
            chosen = (sure, rank, cand, seen)
    assert chosen is not None
    sure, _, throw, seen = chosen
    return AimPlan(throw, target, True, sure, seen)


def aim_angle(origin: physics.Point, target: physics.Point) -> float:
    return math.atan2(target[1] - origin[1], target[0] - origin[0])


def execute(plan: AimPlan, skill: AimSkill, rng: random.Random) -> physics.Throw:
    """The planned throw as the hand makes it: its pull missed by the hand's error."""
    return Hand(skill.sigma).throw(CURVE, plan.throw, rng)


def plan_throw(
    table: physics.TableSpec,
    zone: tuple[float, float, float, float],
    target: Hashable | None,
    rng: random.Random,
    skill: AimSkill = DEFAULT_SKILL,
    radius: float = 14.0,
) -> physics.Throw:
    """A throw from `zone` (x0, y0, x1, y1) meant to open on the card `target` (a card
    drawn at random when `target` is not on the table), with the hand's noise."""
    cards = [c.id for c in table.cards]
    if target not in cards:
        if not cards:
            band, release = _release(table, zone)
            start = release((band.lo + band.hi) / 2)
            middle = (table.width / 2, table.height / 2)
            meant = physics.Throw(start, aim_angle(start, middle), 900.0, 0.0, radius)
            return Hand(skill.sigma).throw(CURVE, meant, rng)
        target = cards[rng.randrange(len(cards))]
    return execute(plan_aim(table, zone, target, skill, radius), skill, rng)
