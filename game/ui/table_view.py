"""A table on screen: its millimetres to pixels and back.

Top-down, the near edge (y = 0: player 0's side, or the challenger's) at the bottom of
the screen. A view starts fitted into an area (a challenge level's arena, the lab) and
may then be moved and zoomed by a camera (`game.ui.classic.camera`): the match frames its
field, widens for a throw, follows the rolling sphere and closes in on a battle. All
that changes is the scale and where the table's origin lies on screen.
"""

from __future__ import annotations

import pygame

Point = tuple[float, float]

MATCH_AREA = pygame.Rect(370, 10, 560, 700)
"""Where a whole match table fits before the camera takes over (tests, the demo)."""


class TableView:
    """Table millimetres to screen pixels: `scale` px per mm, the table's origin (its
    near left corner) at screen (`ox`, `oy`), y growing away from the near edge."""

    def __init__(self, width: float, height: float, area: pygame.Rect = MATCH_AREA) -> None:
        self.width = width
        self.height = height
        self.scale = 1.0
        self.ox = 0.0
        self.oy = 0.0
        self.fit(area)

    def fit(self, area: pygame.Rect) -> None:
        """The whole table fitted into `area`, centred."""
        scale = min(area.w / self.width, area.h / self.height)
        self.place(scale, (self.width / 2, self.height / 2), area.center)

    def place(self, scale: float, centre: Point, at: tuple[float, float]) -> None:
        """Zoom to `scale` px per mm with the table point `centre` at screen point `at`."""
        self.scale = scale
        self.ox = at[0] - centre[0] * scale
        self.oy = at[1] + centre[1] * scale

    @property
    def rect(self) -> pygame.Rect:
        """The whole table's rectangle on screen (it may reach past the screen)."""
        left, bottom = round(self.ox), round(self.oy)
        w, h = round(self.width * self.scale), round(self.height * self.scale)
        return pygame.Rect(left, bottom - h, w, h)

    def px(self, p: Point) -> tuple[int, int]:
        return (round(self.ox + p[0] * self.scale), round(self.oy - p[1] * self.scale))

    def fpx(self, p: Point) -> tuple[float, float]:
        """`px` without rounding (the slingshot measures in fractions of a pixel)."""
        return (self.ox + p[0] * self.scale, self.oy - p[1] * self.scale)

    def mm(self, pos: tuple[float, float]) -> Point:
        return ((pos[0] - self.ox) / self.scale, (self.oy - pos[1]) / self.scale)

    def length(self, mm: float) -> int:
        return max(1, round(mm * self.scale))

    def box(self, centre: Point, width: float, length: float) -> pygame.Rect:
        """The screen rectangle of an unturned box (a Gate Card) lying at `centre`."""
        r = pygame.Rect(0, 0, self.length(width), self.length(length))
        r.center = self.px(centre)
        return r

    def zone_rect(self, zone: tuple[float, float, float, float]) -> pygame.Rect:
        """The screen rectangle of the table area (x0, y0, x1, y1)."""
        x0, y0, x1, y1 = zone
        left, top = self.px((x0, y1))
        right, bottom = self.px((x1, y0))
        return pygame.Rect(left, top, right - left, bottom - top)
