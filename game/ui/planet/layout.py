"""Where the parts of the Battle Planet match screen lie on the 1280 x 720 surface."""

from __future__ import annotations

import pygame

TABLE_AREA = pygame.Rect(352, 0, 576, 720)
SIDE_TOP = pygame.Rect(0, 0, 352, 238)
BATTLE = pygame.Rect(2, 240, 348, 240)
SIDE_BOTTOM = pygame.Rect(0, 482, 352, 238)
PROMPT = pygame.Rect(932, 4, 344, 100)
BATCH = pygame.Rect(932, 108, 344, 150)
HAND = pygame.Rect(932, 262, 344, 250)
CHOICES = pygame.Rect(932, 516, 344, 200)

__all__ = ["BATCH", "BATTLE", "CHOICES", "HAND", "PROMPT", "SIDE_BOTTOM", "SIDE_TOP", "TABLE_AREA"]
