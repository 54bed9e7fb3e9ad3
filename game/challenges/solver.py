"""Proof that a level can be played: the aiming search, throw after throw.

The solver plays an Attempt the way the AI aims in a match (`game.ai.classic.aim`): it tries
throws on the simulated table and keeps the best, only with more freedom - where to
release, which way, how hard, how much spin and, when pieces move, when to let go. Each
throw is chosen greedily by the state it leads to: targets met and their precision
first, then how close the next target came. Per throw it searches in three stages and
stops as soon as a throw meets a new target cleanly:

1. straight at each open target from a few release points, a ladder of speeds, then a
   golden-section search on the speed;
2. a sweep of directions, speeds and spins (bank shots, curves, threading);
3. a pattern search around the best few found.

The result lists the throws (inputs, never outcomes), so a test can replay them on a
fresh Attempt and get the same score bit for bit.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable
from dataclasses import dataclass, field

from game.challenges.defs import KNOCK, LAND, ZONE, LevelDef
from game.challenges.run import Attempt
from game.challenges.scoring import PRECISION_POINTS, TARGET_POINTS, Score
from game.physics import DT, MAX_SPEED, Throw
from game.physics.geometry import rect_distance
from game.physics.shot import ShotResult

SPEEDS = (500.0, 750.0, 1000.0, 1250.0, 1500.0, 1800.0, 2100.0, 2500.0)
SWEEP_SPEEDS = (800.0, 1200.0, 1600.0, 2000.0, 2500.0)
SWEEP_SPINS = (-1.0, 0.0, 1.0)


@dataclass(frozen=True, slots=True)
class Shot:
    """A throw's inputs: release point, direction, speed, spin, clock step."""

    origin: tuple[float, float]
    angle: float
    speed: float
    spin: float
    start_step: int

    def throw(self, attempt: Attempt) -> Throw:
        t = attempt.make_throw(self.origin, self.angle, self.speed, self.spin)
        assert t is not None
        return t


@dataclass(frozen=True, slots=True)
class Solution:
    """What the search found: the throws, the score they reach, the effort spent."""

    level: str
    shots: tuple[Shot, ...]
    score: Score
    simulations: int
    seconds: float

    @property
    def stars(self) -> int:
        return self.score.stars


@dataclass(order=True)
class _Cand:
    value: float
    shot: Shot = field(compare=False)


def replay(level: LevelDef, shots: Iterable[Shot]) -> Attempt:
    """Play `shots` on a fresh attempt (waiting for each one's clock step)."""
    attempt = Attempt(level)
    for shot in shots:
        attempt.wait(shot.start_step - attempt.clock)
        attempt.apply(attempt.simulate(shot.throw(attempt), shot.start_step))
    return attempt


class _Search:
    def __init__(self, attempt: Attempt, budget: int) -> None:
        self.base = attempt
        self.level = attempt.level
        self.budget = budget
        self.sims = 0
        self.best: _Cand | None = None
        self.tried: dict[tuple[float, ...], float] = {}
        met = sum(1 for b in attempt.bonuses if b is not None)
        self.good = (met + 1) * TARGET_POINTS + 0.75 * PRECISION_POINTS
        sphere = attempt.sphere()
        assert sphere is not None
        self.radius = sphere.radius

    # --- evaluation ------------------------------------------------------------------

    def value(self, shot: Shot) -> float:
        key = (
            round(shot.origin[0], 3),
            round(shot.origin[1], 3),
            round(shot.angle, 6),
            round(shot.speed, 2),
            round(shot.spin, 3),
            float(shot.start_step),
        )
        if key in self.tried:
            return self.tried[key]
        throw = shot.throw(self.base)
        try:
            result = self.base.simulate(throw, shot.start_step)
        except ValueError:  # not a legal release (outside the zone, too close ...)
            v = -1e9
        else:
            self.sims += 1
            v = self._judge(result)
        self.tried[key] = v
        cand = _Cand(v, shot)
        if self.best is None or cand.value > self.best.value:
            self.best = cand
        return v

    def _judge(self, result: ShotResult) -> float:
        after = self.base.clone()
        after.apply(result)
        v = float(sum(TARGET_POINTS + b for b in after.bonuses if b is not None))
        if result.landing.card is not None and not any(
            t.kind == LAND and t.card == result.landing.card for t in self.level.targets
        ):
            v -= 60.0  # a Bakugan left standing in the way of later throws
        if after.complete:
            return v + 50.0
        shaping = min(self._distance(after, i, result) for i in after.open_targets())
        return v - 0.25 * min(shaping, 1600.0)

    def _distance(self, after: Attempt, index: int, result: ShotResult) -> float:
        """How far the shot left target `index` from being met (mm-ish)."""
        target = self.level.targets[index]
        exited = result.landing.reason == "off_table"
        rest = result.landing.position
        if target.kind == LAND:
            assert target.card is not None
            card = self.level.card(target.card).card
            cx, cy, _ = card.pose(result.end_step * DT)
            return 1600.0 if exited else math.dist(rest, (cx, cy))
        if target.kind == ZONE:
            d = math.dist(rest, target.center) - target.radius
            return 1600.0 if exited else max(d, 0.0) + 1.0
        assert target.kind == KNOCK and target.rival is not None
        lr = self.level.rival(target.rival)
        pos, _ = after.rivals[lr.id]
        if pos is None or lr.on is None:
            return 0.0
        spec = self.level.card(lr.on).card.target
        still_on = lr.rival.radius - rect_distance(spec.frame, pos[0], pos[1])
        moved = math.dist(pos, lr.rival.position)
        near = 0.0 if moved > 0.5 else (1600.0 if exited else math.dist(rest, pos))
        return max(still_on, 0.0) * 4.0 + near

    def done(self) -> bool:
        """Out of budget, or a throw meets a new target cleanly - or at all, once a
        third of the budget is spent."""
        if self.sims >= self.budget or self.best is None:
            return self.sims >= self.budget
        if self.best.value >= self.good:
            return True
        return self.best.value >= self.good - PRECISION_POINTS and 3 * self.sims >= self.budget

    # --- release points and aim points ---------------------------------------------

    def origins(self, count: int) -> list[tuple[float, float]]:
        x0, y0, x1, y1 = self.level.zone
        r = self.radius + 2.0
        xs = [x0 + r + (x1 - x0 - 2 * r) * k / max(count - 1, 1) for k in range(count)]
        if count == 1:
            xs = [(x0 + x1) / 2]
        # release from the zone's edge that faces the table's middle
        cy = self.level.height / 2
        y = y1 - r if abs(y1 - cy) < abs(y0 - cy) else y0 + r
        if y1 - y0 < 2 * r:
            y = (y0 + y1) / 2
        return [(x, y) for x in xs]

    def starts(self, count: int) -> list[int]:
        clock = self.base.clock
        if not self.level.moving:
            return [clock]
        period = self.level.period()
        limit = self.level.time
        out = []
        for k in range(count):
            s = clock + round(k * period / count / DT)
            if limit is None or s * DT < limit - 1.0:
                out.append(s)
        return out or [clock]

    def aim_points(self, start: int) -> list[tuple[float, float]]:
        pts = []
        t = start * DT + 0.6  # about when a throw gets there
        for i in self.base.open_targets():
            target = self.level.targets[i]
            if target.kind == LAND:
                assert target.card is not None
                x, y, _ = self.level.card(target.card).card.pose(t)
                pts.append((x, y))
            elif target.kind == ZONE:
                pts.append(target.center)
            else:
                assert target.rival is not None
                pos, _ = self.base.rivals[target.rival]
                if pos is not None:
                    pts.append(pos)
        return pts

    # --- the stages -----------------------------------------------------------------

    def direct(self, origins: int, starts: int) -> None:
        for start in self.starts(starts):
            for origin in self.origins(origins):
                for aim in self.aim_points(start):
                    angle = math.atan2(aim[1] - origin[1], aim[0] - origin[0])
                    best_v, best_s = -math.inf, SPEEDS[0]
                    for speed in SPEEDS:
                        v = self.value(Shot(origin, angle, speed, 0.0, start))
                        if v > best_v:
                            best_v, best_s = v, speed
                        if self.done():
                            return
                    self._golden(origin, angle, best_s, start)
                    if self.done():
                        return

    def _golden(self, origin: tuple[float, float], angle: float, speed: float, start: int) -> None:
        lo, hi = max(speed - 260.0, 150.0), min(speed + 260.0, MAX_SPEED)
        g = (math.sqrt(5) - 1) / 2
        a, b = hi - g * (hi - lo), lo + g * (hi - lo)
        fa = self.value(Shot(origin, angle, a, 0.0, start))
        fb = self.value(Shot(origin, angle, b, 0.0, start))
        for _ in range(6):
            if self.done():
                return
            if fa >= fb:
                hi, b, fb = b, a, fa
                a = hi - g * (hi - lo)
                fa = self.value(Shot(origin, angle, a, 0.0, start))
            else:
                lo, a, fa = a, b, fb
                b = lo + g * (hi - lo)
                fb = self.value(Shot(origin, angle, b, 0.0, start))

    def sweep(self, origins: int, angles: int, starts: int) -> list[_Cand]:
        found: list[_Cand] = []
        cx, cy = self.level.width / 2, self.level.height / 2
        for start in self.starts(starts):
            for origin in self.origins(origins):
                ahead = math.atan2(cy - origin[1], cx - origin[0])
                for k in range(angles):
                    angle = ahead + math.radians(-84.0 + 168.0 * k / max(angles - 1, 1))
                    for spin in SWEEP_SPINS:
                        for speed in SWEEP_SPEEDS:
                            shot = Shot(origin, angle, speed, spin, start)
                            found.append(_Cand(self.value(shot), shot))
                            if self.done():
                                return found
        return found

    def refine(self, seeds: list[_Cand], rounds: int) -> None:
        x0, _, x1, _ = self.level.zone
        for seed in seeds:
            shot = seed.shot
            v = seed.value
            steps = [12.0, math.radians(2.0), 120.0, 0.25, 12.0]
            for _ in range(rounds):
                improved = False
                for p in range(5):
                    for sign in (1.0, -1.0):
                        trial = _nudge(shot, p, sign * steps[p], x0 + self.radius, x1 - self.radius)
                        if trial is None:
                            continue
                        tv = self.value(trial)
                        if tv > v:
                            shot, v, improved = trial, tv, True
                            break
                        if self.done():
                            return
                if not improved:
                    steps = [s / 2 for s in steps]
                if self.done():
                    return


def _nudge(shot: Shot, p: int, delta: float, xmin: float, xmax: float) -> Shot | None:
    ox, oy = shot.origin
    if p == 0:
        x = min(max(ox + delta, xmin), xmax)
        return Shot((x, oy), shot.angle, shot.speed, shot.spin, shot.start_step)
    if p == 1:
        return Shot(shot.origin, shot.angle + delta, shot.speed, shot.spin, shot.start_step)
    if p == 2:
        s = min(max(shot.speed + delta, 100.0), MAX_SPEED)
        return Shot(shot.origin, shot.angle, s, shot.spin, shot.start_step)
    if p == 3:
        w = min(max(shot.spin + delta, -1.0), 1.0)
        return Shot(shot.origin, shot.angle, shot.speed, w, shot.start_step)
    start = shot.start_step + round(delta)
    return Shot(shot.origin, shot.angle, shot.speed, shot.spin, start) if start >= 0 else None


def choose_shot(attempt: Attempt, budget: int = 1500) -> tuple[Shot | None, int]:
    """The best throw the search finds for the attempt's next sphere, and the number of
    simulations it ran."""
    if attempt.over:
        return None, 0
    search = _Search(attempt, budget)
    moving = attempt.level.moving
    search.direct(origins=5, starts=6 if moving else 1)
    if not search.done():
        found = search.sweep(origins=3, angles=25 if not moving else 15, starts=4 if moving else 1)
        if not search.done():
            found.sort(reverse=True)
            seeds: list[_Cand] = []
            for cand in found:
                if all(_far(cand.shot, s.shot) for s in seeds):
                    seeds.append(cand)
                if len(seeds) == 4:
                    break
            if search.best is not None and all(_far(search.best.shot, s.shot) for s in seeds):
                seeds.insert(0, search.best)
            search.refine(seeds, rounds=12)
    best = search.best
    return (best.shot if best is not None else None), search.sims


def _far(a: Shot, b: Shot) -> bool:
    return (
        abs(a.angle - b.angle) > math.radians(4)
        or abs(a.origin[0] - b.origin[0]) > 30
        or abs(a.spin - b.spin) > 0.5
    )


def solve(level: LevelDef, budget: int = 1500) -> Solution:
    """Play the whole level with the aiming search, one greedy throw at a time."""
    began = time.perf_counter()
    attempt = Attempt(level)
    shots: list[Shot] = []
    sims = 0
    while not attempt.over:
        shot, n = choose_shot(attempt, budget)
        sims += n
        if shot is None:
            break
        attempt.wait(shot.start_step - attempt.clock)
        attempt.apply(attempt.simulate(shot.throw(attempt), shot.start_step))
        shots.append(shot)
    return Solution(level.ident, tuple(shots), attempt.score(), sims, time.perf_counter() - began)


__all__ = ["Shot", "Solution", "choose_shot", "replay", "solve"]
