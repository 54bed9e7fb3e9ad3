"""The system clipboard, as text (pygame-ce's `pygame.scrap.put_text` / `get_text`,
SDL's clipboard: no `scrap.init` needed, only the display). It never raises: where no
clipboard can be reached, `put` says False and `get` gives None, and the screen says so.
"""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)
MAX_READ = 64 * 1024  # characters of the clipboard a screen looks at


def put(text: str) -> bool:
    """Put `text` on the clipboard; False when it cannot be reached."""
    try:
        pygame.scrap.put_text(text)
    except (pygame.error, OSError, AttributeError) as e:
        log.warning("the clipboard cannot be written: %s", e)
        return False
    return True


def get() -> str | None:
    """The clipboard's text (cut at `MAX_READ`), "" when it holds none, None when it
    cannot be reached."""
    try:
        if not pygame.scrap.has_text():
            return ""
        return str(pygame.scrap.get_text())[:MAX_READ]
    except (pygame.error, OSError, AttributeError, UnicodeError) as e:
        log.warning("the clipboard cannot be read: %s", e)
        return None
