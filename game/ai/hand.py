"""The modelled hand: how a person's (or a computer's) release misses the point it meant.

Every computer throws the way a person does: it finds the pull it means - the release
point, in logical pixels from where it pressed on the sphere, that sends the sphere
where it wants it (each game's aiming searches that through the real physics:
`game.ai.classic.aim`, `game.ai.planet.aim`) - and then lets go a little off that point: a
normal error of `sigma` px in x and in y of the screen, drawn from its own seeded
generator. The pull it really made then goes through the very slingshot a person's goes
through (`game.physics.pull`): its direction is the throw's angle, its length the speed.
How far a landing went past the point it meant (`past_aim`) is what both aimings search
the speed by.

So a level's steadiness is one number, `sigma` (each AI level's data file holds it:
`hand_sigma`), and a level hits as often as a person whose release wanders that much;
`benchmarks/throw_skill.py` measures the same hand for people and bots (docs/throw.md,
docs/ai.md).
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace

from game import physics
from game.ai.level_fields import HAND_SIGMA_MAX
from game.physics.pull import PullCurve, pull_angle, pull_vector

Point = tuple[float, float]

MAX_SIGMA = HAND_SIGMA_MAX
"""px: the shakiest hand a level file may ask for."""


@dataclass(frozen=True, slots=True)
class Hand:
    """A release that misses the meant point by a normal error of `sigma` px in x and y."""

    sigma: float

    def __post_init__(self) -> None:
        if not (isinstance(self.sigma, int | float) and 0.0 <= self.sigma <= MAX_SIGMA):
            raise ValueError(f"a hand's sigma must be within 0..{MAX_SIGMA:g} px")

    def release(self, meant: Point, rng: random.Random) -> Point:
        """The pull really made when `meant` was meant (x, then y drawn)."""
        if self.sigma == 0.0:
            return meant
        return (meant[0] + rng.gauss(0.0, self.sigma), meant[1] + rng.gauss(0.0, self.sigma))

    def throw(self, curve: PullCurve, meant: physics.Throw, rng: random.Random) -> physics.Throw:
        """`meant` (a throw found by aiming) as this hand makes it: its pull is found on
        the curve, missed by the hand, and turned back into a throw by the same curve."""
        return made(curve, meant, self.release(pull_of(curve, meant), rng))


def pull_of(curve: PullCurve, throw: physics.Throw) -> Point:
    """The pull (screen px from the press) that makes `throw` on `curve`."""
    return pull_vector(throw.angle, curve.pull_for(throw.speed))


def made(curve: PullCurve, meant: physics.Throw, pull: Point) -> physics.Throw:
    """The throw a release at `pull` makes of the throw `meant` (its origin, spin and
    sphere kept). A pull too short to throw is thrown as the shortest one that throws,
    in its direction: a computer does not fumble its turn away."""
    length = math.hypot(*pull)
    angle = pull_angle(pull)
    return replace(
        meant,
        angle=meant.angle if angle is None else angle,
        speed=curve.speed(max(length, curve.release_px)),
    )


def shaken(curve: PullCurve, throw: physics.Throw, dx: float, dy: float) -> physics.Throw:
    """`throw` released (dx, dy) px off its pull: a careful aimer's look at how its throw
    fares when the hand slips (the shakes of `game.ai.classic.aim`'s checks)."""
    px, py = pull_of(curve, throw)
    return made(curve, throw, (px + dx, py + dy))


__all__ = ["MAX_SIGMA", "Hand", "made", "pull_of", "shaken"]


def past_aim(origin: Point, aim: Point, landing: physics.Landing) -> float:
    """How far past the aim point, along the line from `origin` through `aim`, the
    sphere came to rest (below 0: short of it; +inf: it flew off the table): the measure
    each game's aiming searches a throw's speed by."""
    if landing.reason == physics.OFF_TABLE:
        return math.inf
    dx, dy = aim[0] - origin[0], aim[1] - origin[1]
    length = math.hypot(dx, dy) or 1.0
    px, py = landing.position[0] - origin[0], landing.position[1] - origin[1]
    return (px * dx + py * dy) / length - length
