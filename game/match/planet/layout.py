"""Where everything lies on the Battle Planet table, from the Hidden Matrix's hex grid.

Pure geometry, no pymunk: the rules core places BakuCores on axial hexes (q, r)
(`game.rules.planet.hexgrid`, the first at (0, 0), equidistant from both players);
here each hex becomes a point in millimetres. Cores lie flat with two flats facing +x
and -x (`CoreSpec` at angle 0), so the neighbour across the side facing direction
60° * k sits one core width (38 mm across the flats) away in that direction: axial
(q, r) is at x = w (q + r / 2), y = w (sqrt 3 / 2) r from the first core, and neighbours
touch flat to flat, parallel (the seed: «соприкасаться ... как минимум одной гранью»).

Player 0 throws from the bottom edge (y = 0, the side of negative r), player 1 from the
top. Each throws from a band along his edge, THROW_BAND deep, whose inner edge is
CLEARANCE (two card lengths, 176 mm, and a little) from the nearest core: the seed's «на
расстоянии как минимум двух карт от ближайшего к ним БакуСектора». The table is at least
800 x 1000 mm and grows with a Matrix that reaches further. Its edges are open: a
sphere that rolls over one has left the table.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from game import physics
from game.match.zone import CLEARANCE, THROW_BAND, Zone
from game.physics.targets import CORE_ACROSS_FLATS
from game.rules.planet import Hex

MIN_WIDTH = 800.0
MIN_HEIGHT = 1000.0
SIDE_MARGIN = 120.0
"""mm from a core to the left or right edge at least."""
ROW_STEP = CORE_ACROSS_FLATS * math.sqrt(3.0) / 2.0
"""mm between rows of the Matrix (r to r + 1)."""
CIRCUMRADIUS = CORE_ACROSS_FLATS / math.sqrt(3.0)
"""mm from a core's centre to a corner (the corners point to +y and -y)."""


def hex_offset(h: Hex, width: float = CORE_ACROSS_FLATS) -> physics.Point:
    """The centre of the core on hex `h`, from the first core's centre, in mm."""
    q, r = h
    return (width * (q + r / 2.0), width * math.sqrt(3.0) / 2.0 * r)


@dataclass(frozen=True, slots=True)
class PlanetLayout:
    """The table of one match: its size and the places of the Matrix (fixed once the
    cores are placed: a core that goes back returns to its place)."""

    width: float
    height: float
    places: tuple[Hex, ...]
    """Every hex of the Matrix, in the order the cores were placed."""
    band: float = THROW_BAND

    @property
    def centre(self) -> physics.Point:
        """Where the first core lies: the middle of the table."""
        return (self.width / 2.0, self.height / 2.0)

    def core_centre(self, h: Hex) -> physics.Point:
        dx, dy = hex_offset(h)
        return (self.width / 2.0 + dx, self.height / 2.0 + dy)

    def core(self, h: Hex) -> physics.CoreSpec:
        """The core on hex `h` as the physics sees it (its id is the hex)."""
        return physics.CoreSpec(h, self.core_centre(h))

    def zone(self, player: int) -> Zone:
        """The band player 0 (bottom) or player 1 (top) releases his throw from."""
        if player == 0:
            return Zone(0.0, 0.0, self.width, self.band)
        if player == 1:
            return Zone(0.0, self.height - self.band, self.width, self.height)
        raise ValueError(f"Battle Planet has players 0 and 1, not {player}")

    def scene(self, present: Iterable[Hex]) -> physics.Scene:
        """The table with the cores on `present` hexes (in the Matrix's order), each
        magnetic, tracking touches for the judge by contact."""
        lying = set(present)
        unknown = lying - set(self.places)
        if unknown:
            raise ValueError(f"no place of the Matrix at {sorted(unknown)}")
        cores = tuple(physics.Placement(self.core(h)) for h in self.places if h in lying)
        return physics.Scene(self.width, self.height, targets=cores, touches=True)

    def clearance(self, player: int) -> float:
        """mm from the player's band to the nearest place of the Matrix (its polygon)."""
        zone = self.zone(player)
        edge = zone.y1 if player == 0 else zone.y0
        ys = [y for h in self.places for _, y in self.core(h).corners()]
        return min((abs(y - edge) for y in ys), default=math.inf)


def planet_layout(places: Iterable[Hex]) -> PlanetLayout:
    """The table for a Matrix on these hexes: the first core in the middle, each band
    CLEARANCE from the nearest core, at least MIN_WIDTH x MIN_HEIGHT."""
    hexes = tuple(places)
    reach_x = max((abs(hex_offset(h)[0]) for h in hexes), default=0.0) + CORE_ACROSS_FLATS / 2
    reach_y = max((abs(hex_offset(h)[1]) for h in hexes), default=0.0) + CIRCUMRADIUS
    width = max(MIN_WIDTH, math.ceil(2.0 * (reach_x + SIDE_MARGIN)))
    height = max(MIN_HEIGHT, math.ceil(2.0 * (reach_y + CLEARANCE + THROW_BAND)))
    return PlanetLayout(float(width), float(height), hexes)


__all__ = [
    "CIRCUMRADIUS",
    "MIN_HEIGHT",
    "MIN_WIDTH",
    "ROW_STEP",
    "SIDE_MARGIN",
    "PlanetLayout",
    "hex_offset",
    "planet_layout",
]
