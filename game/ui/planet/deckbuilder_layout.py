"""Where the deck builder's pieces lie on the logical 1280 x 720 screen (shared by the
scene and its drawing)."""

from __future__ import annotations

import pygame

CARD = (140, 196)
COLUMNS, ROWS = 6, 2
GRID = pygame.Rect(352, 100, 900, 2 * (CARD[1] + 28))
SEARCH = pygame.Rect(988, 12, 276, 34)
DECK_LIST = pygame.Rect(16, 356, 320, 260)
HINT = pygame.Rect(576, 552, 440, 36)  # the keys, beside the page turners
COPY_CODE = pygame.Rect(1022, 552, 118, 36)  # the deck as a code, and a code as the deck
PASTE_CODE = pygame.Rect(1146, 552, 118, 36)
ROW_H = 20
LIST_ROWS = DECK_LIST.h // ROW_H
MESSAGE_SECONDS = 5.0


def slot_rect(slot: int) -> pygame.Rect:
    return pygame.Rect(16, 96 + slot * 74, 236, 66)


def core_centre(at: int) -> tuple[int, int]:
    slot = slot_rect(at // 2)
    return (slot.right + 22 + (at % 2) * 40, slot.centery)
