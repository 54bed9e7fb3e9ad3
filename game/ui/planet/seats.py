"""The computer levels the screens hand to `game.match.planet.seats.computer_seat`: the
game's difficulty records, or None when their file does not load (the greedy bot then
plays every level, and the log says why once)."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import lru_cache

from game.ai.planet.levels import Level
from game.rules.api import GameError

log = logging.getLogger(__name__)


@lru_cache(maxsize=1)
def levels() -> Mapping[str, Level] | None:
    from game.games.planet import shipped_levels

    try:
        return shipped_levels()
    except (GameError, OSError, ValueError) as e:
        log.warning("Battle Planet computer levels not loaded: %s", e)
        return None


__all__ = ["levels"]
