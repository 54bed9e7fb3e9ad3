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
PLATE_GAP = 14  # px at least between a seat's plate and any card played on the table
TABLE_CARD = (70, 100)  # a card played on the table: `art.CARD` (a test keeps them one)
MARK_BELOW = 8  # the seat's colour mark under a card lying face up


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
        if k == 0:
            plate, spot = SELF_PLATE.copy(), _point(angle, SPOT_SHARE)
        else:
            plate, spot = _clear_of_its_card(angle)
        if k == 0:
            pile = (TABLE_CENTRE[0] + 250, _point(angle, 0.84)[1])
        elif abs(math.cos(angle)) > 0.5:  # a seat at the side: the pile under its plate
            pile = (plate.centerx, plate.bottom + 34)
        else:  # at the top: beside its plate
            pile = (plate.right + 30, plate.centery + 6)
        out[p] = SeatPlace(p, angle, rim, plate, spot, pile)
    return [s for s in out if s is not None]


def card_rect(spot: tuple[int, int]) -> pygame.Rect:
    """Where a card played at `spot` lies, with its seat's mark under it."""
    r = pygame.Rect(0, 0, TABLE_CARD[0], TABLE_CARD[1] + MARK_BELOW)
    r.midtop = (spot[0], spot[1] - TABLE_CARD[1] // 2)
    return r


def _clear_of_its_card(angle: float) -> tuple[pygame.Rect, tuple[int, int]]:
    """A seat's plate on the rim and its card's spot, at least `PLATE_GAP` apart: the
    plate moves out past the rim as far as the screen lets it (the upper seats of five
    players), and only then the card in toward the tray (a seat against the side
    panel)."""
    room = pygame.Rect(4, 4, SIDE_PANEL.x - 8, HAND_BOX.y - 8)
    spot = _point(angle, SPOT_SHARE)
    card = card_rect(spot).inflate(2 * PLATE_GAP, 2 * PLATE_GAP)
    plate = pygame.Rect(0, 0, *PLATE)
    for step in range(16):  # out to 1.32 of the table's radii
        plate.center = _point(angle, 1.02 + 0.02 * step)
        plate.clamp_ip(room)
        if not plate.colliderect(card):
            return plate, spot
    plate.center = _point(angle, 1.02)
    plate.clamp_ip(room)
    for step in range(1, 21):  # in to 0.36
        spot = _point(angle, SPOT_SHARE - 0.01 * step)
        if not plate.colliderect(card_rect(spot).inflate(2 * PLATE_GAP, 2 * PLATE_GAP)):
            break
    return plate, spot


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
