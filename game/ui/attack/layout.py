"""Where things are on the Attack table (logical 1280 x 720 px): the round table, the
seats round it (the person at the screen at the bottom, then clockwise, to the left,
as the seed passes the turn), the spot in front of each seat where his card lies, his
caught pile, the dice tray in the middle, the hand along the bottom, the side panel.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

TABLE_CENTRE = (500, 292)
TABLE_RADII = (420, 228)
TRAY_CENTRE = TABLE_CENTRE
TRAY_SCALE = 1.1  # px per mm of the dice tray
SIDE_PANEL = pygame.Rect(950, 12, 318, 560)
HAND_BOX = pygame.Rect(170, 560, 760, 160)
PROMPT_BOX = pygame.Rect(950, 582, 318, 130)
SELF_PLATE = pygame.Rect(12, 588, 150, 120)
PLATE = (184, 80)
SPOT_SHARE = 0.56  # a seat's played card lies this far from the centre toward it


@dataclass(frozen=True, slots=True)
class SeatPlace:
    player: int
    angle: float  # radians on screen (y down): pi/2 is the bottom
    rim: tuple[int, int]  # the seat on the table's edge
    plate: pygame.Rect  # name, target, points
    spot: tuple[int, int]  # the centre of the card he plays
    pile: tuple[int, int]  # his caught pile


def _point(angle: float, share: float) -> tuple[int, int]:
    cx, cy = TABLE_CENTRE
    rx, ry = TABLE_RADII
    return (round(cx + rx * share * math.cos(angle)), round(cy + ry * share * math.sin(angle)))


def seat_places(players: int, bottom: int) -> list[SeatPlace]:
    """Each player's place, by player number; `bottom` sits at the bottom."""
    out: list[SeatPlace | None] = [None] * players
    for k in range(players):
        p = (bottom + k) % players
        angle = math.pi / 2 + k * 2 * math.pi / players
        rim = _point(angle, 1.0)
        plate = pygame.Rect(0, 0, *PLATE)
        if k == 0:
            plate = SELF_PLATE.copy()
        else:
            plate.center = _point(angle, 1.02)
            plate.clamp_ip(pygame.Rect(4, 4, SIDE_PANEL.x - 8, HAND_BOX.y - 8))
        spot = _point(angle, SPOT_SHARE)
        if k == 0:
            pile = (TABLE_CENTRE[0] + 250, _point(angle, 0.84)[1])
        elif abs(math.cos(angle)) > 0.5:  # a seat at the side: the pile under its plate
            pile = (plate.centerx, plate.bottom + 34)
        else:  # at the top: beside its plate
            pile = (plate.right + 30, plate.centery + 6)
        out[p] = SeatPlace(p, angle, rim, plate, spot, pile)
    return [s for s in out if s is not None]


def tray_rect(width_mm: float, depth_mm: float) -> pygame.Rect:
    r = pygame.Rect(0, 0, round(width_mm * TRAY_SCALE), round(depth_mm * TRAY_SCALE))
    r.center = TRAY_CENTRE
    return r


def fan(count: int, focus: int | None) -> list[tuple[pygame.Rect, float]]:
    """The hand's cards along an arc at the bottom: each card's rect and tilt (degrees);
    the focused card rises."""
    from .art import HAND_CARD

    if count == 0:
        return []
    wd, ht = HAND_CARD
    step = min(wd + 6, (HAND_BOX.w - wd) / max(count - 1, 1))
    total = step * (count - 1) + wd
    left = HAND_BOX.centerx - total / 2
    out = []
    for i in range(count):
        u = (i - (count - 1) / 2) / max(count - 1, 1)  # -0.5 .. 0.5
        rect = pygame.Rect(round(left + i * step), 0, wd, ht)
        rect.y = HAND_BOX.y + 22 + round(60 * u * u)
        if focus == i:
            rect.y -= 26
        out.append((rect, -u * 14.0))
    return out
