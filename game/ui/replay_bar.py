"""The bar along the bottom of every replay viewer (the state, the speed, the record,
where the game stands, the view, the keys), the same in all three games, and the
line of a replay that stopped (it drifted, or a record is damaged) just above it.

The bar lies over the lowest `BAR.h` px of the match screen under it: a viewer keeps
its screen's text above `BAR.top` (tests/ui/bar_check.py asks every viewer)."""

from __future__ import annotations

import pygame

from . import widgets as w

BAR = pygame.Rect(0, 690, 1280, 30)
TEXT = BAR.inflate(-20, -4)  # the bar's line
INK = (235, 235, 235)
PROBLEM_INK = (255, 235, 235)
PROBLEM_BG = (90, 20, 20)


def draw_bar(surface: pygame.Surface, line: str, size: int = 20) -> None:
    shade = pygame.Surface(BAR.size, pygame.SRCALPHA)
    shade.fill((0, 0, 0, 190))
    surface.blit(shade, BAR)
    w.fit_text(surface, line, TEXT, size, INK)


def draw_problem(surface: pygame.Surface, problem: str, box: pygame.Rect, size: int) -> None:
    """Why the playback stopped, in a red box above the bar."""
    pygame.draw.rect(surface, PROBLEM_BG, box, border_radius=8)
    w.fit_text(surface, problem, box.inflate(-16, -6), size, PROBLEM_INK)
