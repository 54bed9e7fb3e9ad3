"""Who sits at a Battle Planet seat when it is not a person: the one place a computer
level becomes a card-play bot with a hand at the table.

A level name (``easy``, ``normal``, ``hard``) gives that level's bot
(`game.ai.planet.player.LevelBot`) and its hand at the physics table
(`game.ai.planet.levels.hand`: the level's aiming noise) from the game's difficulty
records (`levels`, read by the game's record from assets/data/planet/ai.toml). Without
the records (a damaged file) the greedy bot plays every level with the default hand.
Screens, demos and tests all take their computer players from `computer_seat`.
"""

from __future__ import annotations

from collections.abc import Mapping

from game.ai.planet.aim import DEFAULT_AIM, RollAimer
from game.ai.planet.bots import GreedyBot, make_bot
from game.ai.planet.levels import LEVEL_NAMES, Level, hand
from game.match.planet.physics_sim import BotSeat, CardBot
from game.rules.planet import Catalog, Kit

LEVELS = LEVEL_NAMES
DEFAULT_LEVEL = "normal"


def card_bot(
    catalog: Catalog, level: str, seed: int, kit: Kit, levels: Mapping[str, Level] | None
) -> CardBot:
    """The card-play brain of a computer of `level`."""
    if levels is not None and level in levels:
        return make_bot(level, catalog, seed, levels, kit)
    return GreedyBot(catalog, seed)


def computer_seat(
    catalog: Catalog,
    level: str,
    seed: int,
    kit: Kit,
    levels: Mapping[str, Level] | None = None,
) -> BotSeat:
    """A computer player of `level` for the seat bringing `kit`; ValueError names the
    levels for an unknown one."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r} ({', '.join(LEVELS)})")
    record = levels.get(level) if levels is not None else None
    aim = hand(record) if record is not None else DEFAULT_AIM
    aimer = RollAimer(catalog, aim, seed * 31 + 7)
    return BotSeat(card_bot(catalog, level, seed, kit, levels), aimer)


__all__ = ["DEFAULT_LEVEL", "LEVELS", "card_bot", "computer_seat"]
