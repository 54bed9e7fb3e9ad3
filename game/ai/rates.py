"""The interval every sim report gives a win rate (and the physics sims a hit rate).

One formula for the four sims (classic and Battle Planet, rules only and on the table,
and Bakugan Attack!), so that their reports' ``ci95`` figures mean one thing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of `wins` out of `n` (a rate of 0 to 1; Attack's
    shared wins count in parts, hence a float)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(max(0.0, p * (1 - p)) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def win_rates(wins: Mapping[str, int], games: int) -> dict[str, dict[str, Any]]:
    """Each bot's win rate and its interval (`wilson`), as the reports give them: 0 for
    no games."""
    return {
        k: {"rate": v / games if games else 0.0, "ci95": list(wilson(v, games))}
        for k, v in wins.items()
    }
