"""Where a seat may release a throw, in every game: a `Zone` of the table, and how deep a
throw band is and how far it keeps from the field (the classic table lays its bands out
with them in `game.match.classic.layout`, Battle Planet's in `game.match.planet.layout`).
"""

from __future__ import annotations

from dataclasses import dataclass

from game import physics
from game.physics.tuning import MIN_THROW_DISTANCE

THROW_BAND = 140.0
"""How deep a player's throw band is, from his table edge."""
CLEARANCE = MIN_THROW_DISTANCE + 8.0
"""From the grid's edge to the inner edge of a band: a throw never starts too close."""


@dataclass(frozen=True, slots=True)
class Zone:
    """An axis-aligned rectangle of the table (where a player may release a throw)."""

    x0: float
    y0: float
    x1: float
    y1: float

    def contains(self, p: physics.Point) -> bool:
        return self.x0 <= p[0] <= self.x1 and self.y0 <= p[1] <= self.y1

    @property
    def centre(self) -> physics.Point:
        return ((self.x0 + self.x1) / 2, (self.y0 + self.y1) / 2)

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (self.x0, self.y0, self.x1, self.y1)
