"""The game's typeface: DejaVu Sans (shipped in assets/fonts/, covers Latin and Cyrillic).

Sizes are given on the scale of pygame's default font, which the screens were laid out
with, so a size-26 label is the same height whichever face is found. pygame's default
font itself is never used: a packaged app may not carry it, and it has no Cyrillic.
Without the asked file (a broken install) the other shipped face is used, then a face
of the system that covers Cyrillic; with none of them `FontMissing` says which files
are missing where.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path

import pygame

from game.files.paths import assets_dir

FORGET_WITH_FONTS: list[Callable[[], None]] = []
"""What the app clears with the fonts (they die with pygame): the caches of drawings made
with them that a screen module registers (`forget_with_fonts`), so the app names none."""

log = logging.getLogger(__name__)

# pygame renders its default font at 0.6875 of the requested size; ours are scaled so.
_DEFAULT_SCALE = 0.6875
FACES = {True: "DejaVuSans-Bold.ttf", False: "DejaVuSans.ttf"}
SYSTEM_FACES = "dejavusans,notosans,liberationsans,arial,segoeui,helvetica"
"""System faces tried (pygame.font.match_font) when ours are gone; each covers Cyrillic."""


class FontMissing(OSError):
    """Neither of the shipped fonts nor a system face could be opened."""


def font_files(bold: bool) -> list[Path]:
    """The shipped faces to try for `bold`, the asked one first."""
    folder = assets_dir() / "fonts"
    return [folder / FACES[bold], folder / FACES[not bold]]


@lru_cache(maxsize=64)
def load_font(size: int, bold: bool = True) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    points = max(6, round(size * _DEFAULT_SCALE))
    tried = font_files(bold)
    for path in tried:
        try:
            return pygame.font.Font(path, points)
        except (OSError, pygame.error):
            continue
    system = pygame.font.match_font(SYSTEM_FACES, bold=bold)
    if system:
        log.warning("the game's fonts are missing (%s): using %s", tried[0].parent, system)
        try:
            return pygame.font.Font(system, points)
        except (OSError, pygame.error):
            pass
    names = ", ".join(p.name for p in tried)
    raise FontMissing(f"the game's fonts ({names}) are missing from {tried[0].parent}")


def forget_with_fonts(clear: Callable[[], None]) -> None:
    """Have `clear` (a drawing cache's ``cache_clear``) run whenever the app forgets the
    fonts."""
    FORGET_WITH_FONTS.append(clear)
