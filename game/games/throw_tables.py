"""Each game's tables seen from each thrower's seat, for measuring the pull.

The skill benchmark (`benchmarks/throw_skill.py`) and the tests of the pull
(tests/games/test_throw_tables.py) ask the same questions of every seat: where the
thrower's sphere waits for a straight throw at each card or core, where a throw opens,
and which pulls (in logical px, through the game's `PullCurve`) open on each target.
The answers come from the real mapping and the real physics, nothing hard-coded:

- `game.games.classic.throw_tables.classic_seats(players, big)`: the match table of
  that many players (the Big Game's too) with every slot of its grid holding a Gate
  Card, each seat's sphere on its line;
- `game.games.planet.throw_tables.planet_seats()`: the Hidden Matrix of 12 BakuCores
  (the scenario runner's spiral), both seats, the judge by contact, each sphere alone;
- `challenge_seats(levels)` here: the throw challenges, each level's throw zone.

`window(seat, target)` finds, straight at the target's centre, the run of pull lengths
that open on it (its edges to a twentieth of a pixel); `meant` is its middle, the ideal
release a careful hand aims for.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from game import physics
from game.challenges import LevelDef
from game.challenges.defs import LAND
from game.challenges.run import Attempt
from game.physics.pull import CHALLENGE, PullCurve, speed_for_roll
from game.physics.tuning import SPHERE_RADIUS

EDGE_STEPS = 8
"""Bisection steps of a window's edge after the first miss is found: a few hundredths of a px."""
PROBE = 3.0
"""px: the first step out from the middle of a window looking for its edge (doubling)."""


@dataclass(frozen=True, slots=True)
class Seat:
    """One thrower at one table: where its sphere waits for each target, what a throw
    opens on."""

    game: str
    name: str
    curve: PullCurve
    targets: tuple[Hashable, ...]
    centres: dict[Hashable, physics.Point]
    origin_for: Callable[[Hashable], physics.Point]
    land: Callable[[physics.Throw], Hashable | None]
    clear: Callable[[Hashable], bool]
    """Whether a straight throw from the seat reaches the target without touching another
    (the far target of the benchmark must be such a one)."""
    radius: float = SPHERE_RADIUS

    def angle_to(self, target: Hashable) -> float:
        ox, oy = self.origin_for(target)
        cx, cy = self.centres[target]
        return math.atan2(cy - oy, cx - ox)

    def distance(self, target: Hashable) -> float:
        return math.dist(self.origin_for(target), self.centres[target])

    def throw(self, target: Hashable, pull_px: float) -> physics.Throw:
        """The straight throw at `target` with a pull `pull_px` long."""
        return physics.Throw(
            self.origin_for(target),
            self.angle_to(target),
            self.curve.speed(pull_px),
            0.0,
            self.radius,
        )

    def opens_on(self, target: Hashable, pull_px: float) -> bool:
        return self.land(self.throw(target, pull_px)) == target


@dataclass(frozen=True, slots=True)
class Window:
    """The pulls (px) that open on a target, straight at it: from `lo` to `hi`."""

    lo: float
    hi: float

    @property
    def depth(self) -> float:
        return self.hi - self.lo

    @property
    def meant(self) -> float:
        return (self.lo + self.hi) / 2.0


def window(seat: Seat, target: Hashable) -> Window | None:
    """The run of pull lengths opening on `target` around the pull that rolls a sphere
    to its centre on a bare table (scanned in 4 px steps from the shortest throw up, if
    that one does not open on it); None when no straight pull opens on it."""
    curve = seat.curve
    lowest, highest = curve.release_px, curve.full_px
    roll = speed_for_roll(seat.distance(target))
    guess = min(max(curve.pull_for(roll), lowest), highest)

    def hit(p: float) -> bool:
        return seat.opens_on(target, p)

    middle: float | None = guess if hit(guess) else None
    if middle is None:
        p = lowest
        while p <= highest:
            if hit(p):
                middle = p
                break
            p += 4.0
    if middle is None:
        return None
    return Window(_edge(hit, middle, lowest, -1.0), _edge(hit, middle, highest, 1.0))


def _edge(hit: Callable[[float], bool], inside: float, bound: float, way: float) -> float:
    """The last pull that still hits, going from `inside` toward `bound`."""
    step = PROBE
    good = inside
    while True:
        p = inside + way * step
        if (p - bound) * way >= 0:
            if hit(bound):
                return bound
            bad = bound
            break
        if not hit(p):
            bad = p
            break
        good = p
        step *= 2.0
    for _ in range(EDGE_STEPS):
        mid = (good + bad) / 2.0
        if hit(mid):
            good = mid
        else:
            bad = mid
    return good


def always(target: Hashable) -> bool:
    """Every target is clear (a table whose straight throws cross no other target)."""
    return True


# --------------------------------------------------------------------------- challenges


def challenge_seats(levels: Sequence[LevelDef]) -> list[Seat]:
    """The throw zone of each level, aiming at its cards to land on (a level's other
    targets are not straight throws); the sphere is its first one."""
    out = []
    for level in levels:
        attempt = Attempt(level)
        targets = [t.card for t in level.targets if t.kind == LAND and t.card is not None]
        centres: dict[Hashable, physics.Point] = {
            card: level.card(card).card.target.center for card in targets
        }
        sphere = level.spheres[0]

        def origin_for(
            target: Hashable, level: LevelDef = level, radius: float = sphere.radius
        ) -> physics.Point:
            x0, y0, x1, y1 = level.zone
            cx, cy = centres_of(level)[target]
            margin = radius + 1.0
            return (min(max(cx, x0 + margin), x1 - margin), min(max(cy, y0 + margin), y1 - margin))

        def land(throw: physics.Throw, attempt: Attempt = attempt) -> Hashable | None:
            try:
                return attempt.simulate(throw).landing.card
            except ValueError:
                return None

        out.append(
            Seat(
                "challenges",
                level.name.get("en"),
                CHALLENGE,
                tuple(targets),
                centres,
                origin_for,
                land,
                always,
                sphere.radius,
            )
        )
    return out


def centres_of(level: LevelDef) -> dict[Hashable, physics.Point]:
    return {c.id: c.card.target.center for c in level.cards}


__all__ = ["Seat", "Window", "always", "challenge_seats", "window"]
