"""Motion of a piece as a function of simulated time (no pymunk here).

A moving block, bumper or Gate Card of a challenge follows a path at a speed, or turns,
or both; where it is at time t is a pure function of t, so a throw released at any
clock step sees every piece where the clock puts it, and the engine needs to correct a
kinematic body's velocity only at the steps where its path turns a corner.
"""

from __future__ import annotations

import bisect
import itertools
import math
from dataclasses import dataclass, field

from game.physics.geometry import PhysicsError, Point, Pose, finite
from game.physics.tuning import DT


@dataclass(frozen=True, slots=True)
class Motion:
    """Where a moving piece is at simulated time t (seconds on the level's clock).

    ``path`` (two or more points, table coordinates) is followed at ``speed`` mm/s:
    ``closed`` goes from the last point back to the first, otherwise the piece goes
    back along the path. ``turn`` rotates the piece (rad/s, counter-clockwise).
    ``phase`` (s) is added to the clock. Without a path the piece stays where it is.
    """

    path: tuple[Point, ...] = ()
    speed: float = 0.0
    closed: bool = False
    turn: float = 0.0
    phase: float = 0.0
    legs: tuple[tuple[float, float, float, float, float], ...] = field(
        init=False, repr=False, compare=False
    )
    """(x0, y0, dx/dt, dy/dt, t0) per leg; leg i lasts from t0 to the next leg's t0."""
    starts: tuple[float, ...] = field(init=False, repr=False, compare=False)
    period: float = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        path = tuple((float(x), float(y)) for x, y in self.path)
        object.__setattr__(self, "path", path)
        for name in ("speed", "turn", "phase"):
            object.__setattr__(self, name, float(getattr(self, name)))
        object.__setattr__(self, "closed", bool(self.closed))
        if not finite(self.speed, self.turn, self.phase, *(c for p in path for c in p)):
            raise PhysicsError("motion: values must be finite")
        legs: list[tuple[float, float, float, float, float]] = []
        period = 0.0
        if path:
            if len(path) < 2:
                raise PhysicsError("motion: a path needs at least two points")
            if self.speed <= 0:
                raise PhysicsError("motion: a path needs a positive speed")
            points = list(path)
            if self.closed:
                points.append(path[0])
            else:
                points.extend(reversed(path[:-1]))
            t = 0.0
            for (x0, y0), (x1, y1) in itertools.pairwise(points):
                length = math.hypot(x1 - x0, y1 - y0)
                if length <= 0:
                    continue
                dur = length / self.speed
                legs.append((x0, y0, (x1 - x0) / dur, (y1 - y0) / dur, t))
                t += dur
            if not legs:
                raise PhysicsError("motion: the path's points are all the same")
            period = t
        object.__setattr__(self, "legs", tuple(legs))
        object.__setattr__(self, "starts", tuple(leg[4] for leg in legs))
        object.__setattr__(self, "period", period)

    @property
    def moves(self) -> bool:
        return bool(self.legs)

    def _leg(self, t: float) -> tuple[int, float]:
        """(leg index, time into the period) at clock time t."""
        u = (t + self.phase) % self.period
        i = bisect.bisect_right(self.starts, u) - 1
        return max(i, 0), u

    def position(self, t: float, base: Point) -> Point:
        if not self.legs:
            return base
        i, u = self._leg(t)
        x0, y0, vx, vy, t0 = self.legs[i]
        return (x0 + vx * (u - t0), y0 + vy * (u - t0))

    def angle(self, t: float, base: float) -> float:
        return base + self.turn * (t + self.phase) if self.turn else base

    def sync_steps(self, first: int, last: int) -> list[int]:
        """Clock steps in first..last at which the velocity over the next step differs
        from the one before: the step a corner falls in, and the one after it."""
        if not self.legs or self.period <= 0:
            return []
        out: set[int] = set()
        t_first = first * DT + self.phase
        t_last = (last + 1) * DT + self.phase
        k = math.floor(t_first / self.period)
        while k * self.period <= t_last:
            for start in self.starts:
                tb = k * self.period + start
                if t_first <= tb <= t_last:
                    a = math.floor((tb - self.phase) / DT)
                    out.add(a)
                    out.add(a + 1)
            k += 1
        return sorted(s for s in out if first <= s <= last)


STILL = Motion()


def pose_at(motion: Motion | None, base: Pose, t: float) -> Pose:
    """The pose (x, y, angle) of a piece placed at `base` with `motion` at time t."""
    if motion is None:
        return base
    x, y = motion.position(t, (base[0], base[1]))
    return (x, y, motion.angle(t, base[2]))


__all__ = ["STILL", "Motion", "pose_at"]
