"""Where the parts of the Battle Planet match screen lie on the 1280 x 720 surface.

The left column is the top seat's side, the battle panel and the bottom seat's side;
the bottom side ends at the scene's `floor` (the screen's edge in play, above the bar in
a replay viewer) and the battle panel gives up what the floor takes."""

from __future__ import annotations

import pygame

TABLE_AREA = pygame.Rect(352, 0, 576, 720)
SIDE_TOP = pygame.Rect(0, 0, 352, 232)
SIDE_H = SIDE_TOP.h
"""A side's header, its three Characters, its Energy, its counts line and its Heroes
(`board.draw_side`: 26 + 132 + 5 + 32 + 18 + 18 px, one to spare)."""


def side_bottom(floor: int = 720) -> pygame.Rect:
    """The bottom seat's side, ending at `floor`."""
    return pygame.Rect(0, floor - SIDE_H, SIDE_TOP.w, SIDE_H)


def battle(floor: int = 720) -> pygame.Rect:
    """The battle panel, between the two sides."""
    top = SIDE_TOP.bottom + 2
    return pygame.Rect(2, top, SIDE_TOP.w - 4, side_bottom(floor).top - 2 - top)


BATTLE = battle()
SIDE_BOTTOM = side_bottom()
PROMPT = pygame.Rect(932, 4, 344, 100)
BATCH = pygame.Rect(932, 108, 344, 150)
HAND = pygame.Rect(932, 262, 344, 250)
CHOICES = pygame.Rect(932, 516, 344, 200)

__all__ = [
    "BATCH",
    "BATTLE",
    "CHOICES",
    "HAND",
    "PROMPT",
    "SIDE_BOTTOM",
    "SIDE_H",
    "SIDE_TOP",
    "TABLE_AREA",
    "battle",
    "side_bottom",
]
