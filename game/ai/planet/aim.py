"""Aiming a Battle Planet roll: "open on that BakuCore", turned into a throw through the
same physics that rolls it on the table.

`plan_roll` works on a copy of the table with the thrower's sphere alone (the other
player's throw is released at the same moment and nobody sees it in advance): from the
line a person's sphere waits on in the thrower's band, straight at the core's centre, it
finds by bisection the pulls (px, through Battle Planet's pull curve
`physics.pull.PLANET`, the one a person pulls with) at which the sphere stays on the
core (its magnet catches it, or it rests over it) and takes the middle of that window,
the release that stays on the core under the largest error. A sphere opens on the first
core its disc touches and stops there, so a core is reached only along a line on which
the disc meets no other core first: `clear_line` finds, along the thrower's band, the
release straight at the core's centre that passes the other cores widest (none: the
core cannot be reached, `choose_core` is not offered it). The plan is deterministic
and kept (the same table, band and core give the same throw). `execute` lets go with
the modelled hand (`game.ai.hand`): the meant release point missed by a normal error of
`sigma` px, the difficulty knob. `choose_core` picks the core to aim at from what the
player may see.

The levels plug in with their own `RollAim` (a Battle Planet level's `hand_sigma` and
`aim_samples`), and may choose the core themselves: `RollAimer.throw` takes the target.
The levels' hands live in their file, `assets/data/planet/ai.toml`, with the share of
throws it opens on a core (measured by `bakugan sim --rules planet --physics`);
`game.games.planet.level_hands()` gives each level's `RollAim`.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from game import physics
from game.ai.hand import Hand, past_aim
from game.ai.seeding import count, decision_rng, slot_or_none
from game.physics.geometry import first_touch, polygon_distance, segment_distance
from game.physics.pull import PLANET, speed_for_roll
from game.physics.table import HAND_INSET, HAND_MARGIN
from game.physics.tuning import SPHERE_RADIUS
from game.rules.planet import Catalog, Observation

Box = tuple[float, float, float, float]
"""(x0, y0, x1, y1) of the band a player releases from."""

CURVE = PLANET
"""Battle Planet's pull: the very slingshot a person throws with."""
PULL_LO = 20.0
"""px: the shortest pull the bisection tries."""
UNKNOWN_CORE_VALUE = 100.0
"""What a core whose back the player has not seen is worth to him (a typical core)."""


@dataclass(frozen=True, slots=True)
class RollAim:
    """A thrower's hand: the error of its releases and the rolls it tries before."""

    sigma: float = 5.0
    """px its release misses the meant point by, in x and y (`game.ai.hand`; s.d.)."""
    samples: int = 8
    """rolls simulated on a copy of the table to find the speed."""


DEFAULT_AIM = RollAim()


@dataclass(frozen=True, slots=True)
class RollPlan:
    """The throw meant to stay on core `target`, before the hand shakes."""

    throw: physics.Throw
    target: Hashable
    window: tuple[float, float] | None
    """The shortest and the longest pull (px) tried along this line that stayed on the
    target; None: no pull tried did."""


def release_point(box: Box, toward: physics.Point) -> physics.Point:
    """Where in the band the thrower lets go for a target at `toward`: across from it
    (within the band's ends), on the line a person's sphere waits on
    (`physics.ThrowLine.hand`)."""
    x0, y0, x1, y1 = box
    x = min(max(toward[0], x0 + HAND_MARGIN), x1 - HAND_MARGIN)
    inner, facing = (y1, 1.0) if toward[1] > y1 else (y0, -1.0)
    return (x, inner - HAND_INSET * facing)


CLEAR_STEP = 10.0
"""mm between the releases along the band that `clear_line` tries."""
ROOM_ENOUGH = 40.0
"""mm: a line that passes every other core this wide is as good as any wider one."""


@lru_cache(maxsize=4096)
def clear_line(
    scene: physics.Scene, box: Box, target: Hashable, radius: float = SPHERE_RADIUS
) -> tuple[physics.Point, float] | None:
    """(release, clearance): of the releases along band `box` (at `release_point`'s
    depth) aimed straight at core `target`'s centre, the one whose sphere's disc passes
    every other core widest (clearance, mm) before it meets the target; None if on
    every such line it would touch another core first."""
    core = next((p.target for p in scene.targets if p.target.id == target), None)
    if core is None:
        raise ValueError(f"no core {target!r} on the table")
    others = [
        (c.center, tuple(c.corners()), max(math.dist(c.center, k) for k in c.corners()))
        for c in (p.target for p in scene.targets)
        if c is not core
    ]
    x0, _, x1, _ = box
    across = release_point(box, core.center)
    best: tuple[float, float, physics.Point] | None = None
    steps = int((x1 - x0 - 2 * HAND_MARGIN) // CLEAR_STEP)
    for k in range(steps + 1):
        origin = (x0 + HAND_MARGIN + k * CLEAR_STEP, across[1])
        meet = _meeting_point(core, origin, radius)
        room = ROOM_ENOUGH
        for centre, corners, reach in others:
            # no nearer to the path than its centre is, less its corners' reach
            if segment_distance(centre, origin, meet) - reach - radius >= room:
                continue
            # (the release is far from every core; a path across a polygon passes
            # nearer one of its corners than any sphere's radius)
            apart = min(
                polygon_distance(corners, meet),
                *(segment_distance(c, origin, meet) for c in corners),
            )
            room = min(room, apart - radius)
            if room <= 0.0:
                break
        key = (room, -abs(origin[0] - across[0]))
        if room > 0.0 and (best is None or key > best[:2]):
            best = (*key, origin)
    return None if best is None else (best[2], best[0])


def _meeting_point(core: physics.Target, origin: physics.Point, radius: float) -> physics.Point:
    """Where a disc of `radius` rolling from `origin` toward `core`'s centre first
    touches its polygon."""
    t = first_touch(core.corners(), origin, core.center, radius)
    return (
        origin[0] + (core.center[0] - origin[0]) * t,
        origin[1] + (core.center[1] - origin[1]) * t,
    )


@lru_cache(maxsize=4096)
def plan_roll(
    scene: physics.Scene,
    box: Box,
    target: Hashable,
    samples: int = DEFAULT_AIM.samples,
    radius: float = SPHERE_RADIUS,
) -> RollPlan:
    """The throw from band `box` that best stays on the core `target` of `scene`
    (deterministic; ValueError if no such core lies on the table)."""
    core = next((p.target for p in scene.targets if p.target.id == target), None)
    if core is None:
        raise ValueError(f"no core {target!r} on the table")
    aim = core.center
    line = clear_line(scene, box, target, radius)
    origin = release_point(box, aim) if line is None else line[0]
    angle = math.atan2(aim[1] - origin[1], aim[0] - origin[0])
    guess = CURVE.pull_for(speed_for_roll(math.dist(origin, aim)))
    lo, hi = max(PULL_LO, guess / 1.3), min(CURVE.full_px, guess * 1.3)
    on_lo = on_hi = math.nan
    best = (math.inf, guess)

    def throw_of(pull: float) -> physics.Throw:
        return physics.Throw(origin, angle, CURVE.speed(pull), 0.0, radius)

    def stays(pull: float) -> bool | None:
        """True: on the target; False: short; None: long."""
        nonlocal best
        throw = throw_of(pull)
        landing = physics.simulate(scene, [throw], record=False, judge=physics.PLANET).landings[0]
        if landing.card == target:
            return True
        ahead = past_aim(origin, aim, landing)
        if abs(ahead) < best[0]:
            best = (abs(ahead), pull)
        return False if ahead < 0 else None

    for k in range(max(1, samples)):
        if math.isnan(on_lo):
            pull = (lo + hi) / 2.0
        elif k % 2 == 0:
            pull = (lo + on_lo) / 2.0  # the window's lower edge
        else:
            pull = (on_hi + hi) / 2.0  # its upper edge
        verdict = stays(pull)
        if verdict is True:
            on_lo = pull if math.isnan(on_lo) else min(on_lo, pull)
            on_hi = pull if math.isnan(on_hi) else max(on_hi, pull)
        elif verdict is False:
            lo = pull
        else:
            hi = pull
    if math.isnan(on_lo):
        return RollPlan(throw_of(best[1]), target, None)
    # the window's edges lie between the last misses and the first hits: take the middle
    # of that estimate, kept among the pulls seen staying on the target
    lower, upper = (lo + on_lo) / 2.0, (on_hi + hi) / 2.0
    pull = min(max((lower + upper) / 2.0, on_lo), on_hi)
    return RollPlan(throw_of(pull), target, (on_lo, on_hi))


def execute(plan: RollPlan, aim: RollAim, rng: random.Random) -> physics.Throw:
    """The planned throw as the hand makes it: its pull missed by the hand's error."""
    return Hand(aim.sigma).throw(CURVE, plan.throw, rng)


def core_value(catalog: Catalog, core: str | None) -> float:
    """What a core's back is worth to a Bakugan on it: its B-Power, and 100 a damage
    point (a core whose back is hidden: UNKNOWN_CORE_VALUE)."""
    if core is None:
        return UNKNOWN_CORE_VALUE
    back = catalog.cores[core]
    return float(back.b_power + 100 * back.damage)


def choose_core(
    obs: Observation,
    catalog: Catalog,
    lying: Sequence[Hashable],
    rng: random.Random,
    reachable: Callable[[Hashable], bool] | None = None,
) -> Hashable | None:
    """The core to aim at among those `lying` on the table: the one worth most to the
    player (from the backs he may see) that he can reach (`reachable`; the best of all
    if he reaches none), a tie broken by his generator; None if none lie there."""
    if not lying:
        return None
    backs: dict[Hashable, str | None] = {view.hex: view.core for view in obs.matrix}
    scored = [(core_value(catalog, backs.get(h)), h) for h in lying]
    for top in sorted({score for score, _ in scored}, reverse=True):
        best = [h for score, h in scored if score == top]
        if reachable is not None:
            best = [h for h in best if reachable(h)]
        if best:
            return best[rng.randrange(len(best))] if len(best) > 1 else best[0]
    return choose_core(obs, catalog, lying, rng)


class RollAimer:
    """A bot's hand at the Battle Planet table: picks a core (or is told one), plans the
    roll, releases it with its noise. `intended`: the core its last throw aimed at."""

    def __init__(self, catalog: Catalog, aim: RollAim = DEFAULT_AIM, seed: int = 0) -> None:
        self.catalog = catalog
        self.aim = aim
        self.seed = seed
        self.throws = 0  # each throw draws its own generator (game.ai.seeding)
        self.intended: Hashable | None = None

    def snapshot(self) -> dict[str, Any]:
        core = self.intended
        return {"throws": self.throws, "intended": list(core) if isinstance(core, tuple) else None}

    def restore(self, data: dict[str, Any]) -> None:
        self.throws = count(data, "throws")
        self.intended = slot_or_none(data.get("intended"), "intended")

    def throw(
        self,
        obs: Observation,
        scene: physics.Scene,
        box: Box,
        target: Hashable | None = None,
        radius: float = SPHERE_RADIUS,
    ) -> physics.Throw:
        rng = decision_rng("planet-aim", self.seed, self.throws)
        self.throws += 1
        lying = [p.target.id for p in scene.targets]
        if target is None:

            def reachable(h: Hashable) -> bool:
                return clear_line(scene, box, h, radius) is not None

            target = choose_core(obs, self.catalog, lying, rng, reachable)
        self.intended = target
        if target is None:  # nothing on the table: roll at its middle
            middle = (scene.width / 2.0, scene.height / 2.0)
            start = release_point(box, middle)
            angle = math.atan2(middle[1] - start[1], middle[0] - start[0])
            return Hand(self.aim.sigma).throw(
                CURVE, physics.Throw(start, angle, 900.0, 0.0, radius), rng
            )
        plan = plan_roll(scene, box, target, self.aim.samples, radius)
        return execute(plan, self.aim, rng)


__all__ = [
    "DEFAULT_AIM",
    "RollAim",
    "RollAimer",
    "RollPlan",
    "choose_core",
    "clear_line",
    "core_value",
    "execute",
    "plan_roll",
    "release_point",
]
