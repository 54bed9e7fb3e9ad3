"""The game's typeface: DejaVu Sans (shipped in assets/fonts/, covers Latin and Cyrillic).

Sizes are given on the scale of pygame's default font, which the screens were laid out
with, so a size-26 label is the same height whichever face is found. Without the file
(a broken install) the bundled default font is used: never a crash over a font.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

import pygame

from game.files.paths import assets_dir

FORGET_WITH_FONTS: list[Callable[[], None]] = []
"""What the app clears with the fonts (they die with pygame): the caches of drawings made
with them that a screen module registers (`forget_with_fonts`), so the app names none."""

# pygame renders its default font at 0.6875 of the requested size; DejaVu is used as is.
_DEFAULT_SCALE = 0.6875


@lru_cache(maxsize=64)
def load_font(size: int, bold: bool = True) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    path = assets_dir() / "fonts" / name
    try:
        return pygame.font.Font(path, max(6, round(size * _DEFAULT_SCALE)))
    except (OSError, FileNotFoundError, pygame.error):
        return pygame.font.Font(None, max(1, size))


def forget_with_fonts(clear: Callable[[], None]) -> None:
    """Have `clear` (a drawing cache's ``cache_clear``) run whenever the app forgets the
    fonts."""
    FORGET_WITH_FONTS.append(clear)
