"""What a player or a bot releases: a `Throw`; what the engine records: a `Trajectory`.

A Throw is checked field by field when it is made, so a throw that exists can be
simulated; it is the same for the match table, the challenges and any game that
releases several spheres at once. No pymunk here.
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Hashable, Iterator
from dataclasses import dataclass

from game.physics.geometry import PhysicsError, Point, as_point, check_hashable, real
from game.physics.tuning import (
    DT,
    MAX_MASS,
    MAX_RADIUS,
    MIN_MASS,
    MIN_RADIUS,
    SPHERE_RADIUS,
)

_SAMPLE = struct.Struct("=3d")


@dataclass(frozen=True, slots=True)
class Throw:
    """A sphere released at `origin` toward `angle` at `speed` with `spin`.

    `angle` is in radians: 0 points along +x, pi/2 along +y (toward player 1). `speed` is
    in mm/s and is clamped to MAX_SPEED when resolved. `spin` in -1..1 curves the path:
    positive to the left of the direction of travel (counter-clockwise), negative to
    the right.
    """

    origin: Point
    angle: float
    speed: float
    spin: float = 0.0
    radius: float = SPHERE_RADIUS
    mass: float = 1.0
    sphere_id: Hashable = "sphere"

    def __post_init__(self) -> None:
        """Every field checked here, at the boundary: a throw that exists can be
        simulated. `PhysicsError` names the field (None, a string, NaN, a huge mass...)."""
        object.__setattr__(self, "origin", as_point(self.origin, "throw origin"))
        for name in ("angle", "speed", "spin", "radius", "mass"):
            object.__setattr__(self, name, real(getattr(self, name), f"throw {name}"))
        check_hashable(self.sphere_id, "sphere_id")
        if self.speed < 0:
            raise PhysicsError(f"throw speed must be >= 0, got {self.speed}")
        if not -1.0 <= self.spin <= 1.0:
            raise PhysicsError(f"throw spin must be within -1..1, got {self.spin}")
        if not MIN_RADIUS <= self.radius <= MAX_RADIUS:
            raise PhysicsError(
                f"sphere radius must be within {MIN_RADIUS:g}..{MAX_RADIUS:g} mm, got {self.radius}"
            )
        if not MIN_MASS <= self.mass <= MAX_MASS:
            raise PhysicsError(
                f"sphere mass must be within {MIN_MASS:g}..{MAX_MASS:g}, got {self.mass:g}"
            )


@dataclass(frozen=True, slots=True)
class Trajectory:
    """The thrown sphere's (x, y, angle) at t = 0 and after every step, packed as doubles.

    Sample i is the state at time i * DT. Empty when the throw was resolved with
    ``record=False``.
    """

    data: bytes = b""

    def __len__(self) -> int:
        return len(self.data) // _SAMPLE.size

    def __getitem__(self, i: int) -> tuple[float, float, float]:
        n = len(self)
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError(f"trajectory sample {i} out of range 0..{n - 1}")
        x, y, a = _SAMPLE.unpack_from(self.data, i * _SAMPLE.size)
        return (x, y, a)

    def __iter__(self) -> Iterator[tuple[float, float, float]]:
        for i in range(len(self)):
            yield self[i]

    @property
    def duration(self) -> float:
        return max(len(self) - 1, 0) * DT

    def at(self, t: float) -> tuple[float, float, float]:
        """The state at time `t`, interpolated between steps (for drawing at any rate)."""
        n = len(self)
        if n == 0:
            raise IndexError("empty trajectory")
        f = t / DT
        if f <= 0:
            return self[0]
        if f >= n - 1:
            return self[n - 1]
        i = int(f)
        u = f - i
        x0, y0, a0 = self[i]
        x1, y1, a1 = self[i + 1]
        return (x0 + (x1 - x0) * u, y0 + (y1 - y0) * u, a0 + (a1 - a0) * u)

    def as_array(self) -> array[float]:
        """A flat array('d') x0, y0, a0, x1, y1, a1, ..."""
        out = array("d")
        out.frombytes(self.data)
        return out


__all__ = ["Throw", "Trajectory"]
