"""The computer levels the screens hand to `game.match.planet_seats.computer_seat`: the
game's difficulty records when the game's record loads them, else None (the built-in
bot plays every level, with the level's hand at the table)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import cache
from typing import Any

log = logging.getLogger(__name__)


@cache
def levels() -> Mapping[str, Any] | None:
    from game.games import planet

    load = getattr(planet, "load_levels", None)
    if load is None:
        return None
    try:
        loaded: Mapping[str, Any] = load()
    except Exception as e:  # a damaged levels file: the built-in bot, and one warning
        log.warning("Battle Planet computer levels not loaded: %s", e)
        return None
    return loaded


__all__ = ["levels"]
