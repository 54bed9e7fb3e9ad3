"""Effects: the particles of the opening pop, deterministic per seed."""

from __future__ import annotations

import math
import random
from functools import lru_cache


@lru_cache(maxsize=64)
def _burst(seed: int, count: int) -> tuple[tuple[float, float, float, float], ...]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        a = 2 * math.pi * (i + rng.uniform(-0.45, 0.45)) / max(1, count)
        speed = rng.uniform(70.0, 260.0)
        life = rng.uniform(0.35, 0.9)
        out.append((math.cos(a), math.sin(a), speed, life))
    return tuple(out)


def burst_particles(seed: int, count: int) -> list[tuple[float, float, float, float]]:
    """Deterministic particles for the opening pop: (dx, dy, speed px/s, life s); (dx, dy)
    is a unit direction, spread evenly around the circle with jitter."""
    return list(_burst(int(seed), max(0, int(count))))
