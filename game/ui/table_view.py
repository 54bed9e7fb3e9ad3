"""A table on screen: its millimetres to pixels and back.

Top-down, the near edge (y = 0: player 0's side, or the challenger's) at the bottom of
the screen, the table scaled to fit its area whatever its size: the match table of any
players' count and grid, a challenge level's arena.
"""

from __future__ import annotations

import pygame

Point = tuple[float, float]

MATCH_AREA = pygame.Rect(370, 10, 560, 700)
"""Where the match table is drawn on the 1280 x 720 screen."""


class TableView:
    """Table millimetres to screen pixels: the table fitted into `area`, near edge down."""

    def __init__(self, width: float, height: float, area: pygame.Rect = MATCH_AREA) -> None:
        self.scale = min(area.w / width, area.h / height)
        tw, th = int(width * self.scale), int(height * self.scale)
        self.rect = pygame.Rect(0, 0, tw, th)
        self.rect.center = area.center
        self.width = width
        self.height = height

    def px(self, p: Point) -> tuple[int, int]:
        return (
            round(self.rect.x + p[0] * self.scale),
            round(self.rect.bottom - p[1] * self.scale),
        )

    def mm(self, pos: tuple[int, int]) -> Point:
        return ((pos[0] - self.rect.x) / self.scale, (self.rect.bottom - pos[1]) / self.scale)

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
