"""Where everything lies on the table of a match: its size, the Gate Card grid in the
middle and each seat's side with the band a player throws from.

Seat positions go clockwise from row 0's side as the rules core numbers them
(`Settings.opening_layout`): two players sit bottom and top; three bottom, left and
right; four bottom, left, top and right. A throw must start two card lengths (176 mm)
from every Gate Card, so each band lies that far (and a little more) from the whole grid:
any card the grid may hold is then out of reach of the band. The two-player table keeps
its 800 x 1000 mm; bigger fields get a table that grows with them.

Plain data and math: no pymunk, no pygame (the AI and the headless session use it).
"""

from __future__ import annotations

from dataclasses import dataclass

from game import physics
from game.match.zone import CLEARANCE, THROW_BAND, Zone
from game.physics.tuning import CARD_LENGTH, CARD_WIDTH
from game.rules.classic import Settings, Slot

BOTTOM, LEFT, TOP, RIGHT = "bottom", "left", "top", "right"
SIDES: dict[int, tuple[str, ...]] = {
    2: (BOTTOM, TOP),
    3: (BOTTOM, LEFT, RIGHT),
    4: (BOTTOM, LEFT, TOP, RIGHT),
}
TWO_PLAYER_WIDTH = 800.0


@dataclass(frozen=True, slots=True)
class TableLayout:
    width: float
    height: float
    grid: tuple[int, int]
    sides: tuple[str, ...]
    """The side of the table of each seat position."""
    band: float = THROW_BAND

    def slot_center(self, slot: Slot) -> physics.Point:
        return physics.slot_center(slot[0], slot[1], self.spec(), self.grid)

    def spec(self) -> physics.TableSpec:
        """The bare table (no cards): the frame slot centres are measured in."""
        return physics.TableSpec(width=self.width, height=self.height)

    def zone(self, position: int) -> Zone:
        """The band seat `position` throws from: along its whole edge for bottom and top;
        between the bottom and top bands for a side seat."""
        w, h, b = self.width, self.height, self.band
        side = self.sides[position]
        low = b if BOTTOM in self.sides else 0.0
        high = h - b if TOP in self.sides else h
        if side == BOTTOM:
            return Zone(0.0, 0.0, w, b)
        if side == TOP:
            return Zone(0.0, h - b, w, h)
        if side == LEFT:
            return Zone(0.0, low, b, high)
        return Zone(w - b, low, w, high)


def table_layout(settings: Settings) -> TableLayout:
    """The table of a match with these settings (players, grid)."""
    sides = SIDES[settings.players]
    cols, rows = settings.grid
    margin = CLEARANCE + THROW_BAND
    height = rows * CARD_LENGTH + 2 * margin
    width = cols * CARD_WIDTH + 2 * margin if LEFT in sides else TWO_PLAYER_WIDTH
    return TableLayout(round(width), round(height), settings.grid, sides)
