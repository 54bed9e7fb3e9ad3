"""Who sits at a Battle Planet seat when it is not a person: the one place a computer
level becomes a card-play bot with a hand at the table.

A level name (``easy``, ``normal``, ``hard``) gives the bot of that level when the game's
difficulty records are handed in (`levels`, read by the game's record from
assets/data/planet/ai.toml), and otherwise the greedy bot; either way the hand at the
table is the level's (`AIM_LEVELS`: the share of throws opening on a core the issue asks
for). Screens, demos and tests all take their computer players from `computer_seat`, so
the level bots drop in here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.ai.planet.bots import GreedyBot
from game.ai.planet_aim import AIM_LEVELS, RollAimer
from game.match.planet_sim import BotSeat, CardBot
from game.rules.planet import Catalog, Kit

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"


def card_bot(
    catalog: Catalog, level: str, seed: int, kit: Kit, levels: Mapping[str, Any] | None
) -> CardBot:
    """The card-play brain of a computer of `level`."""
    if levels is not None and level in levels:
        from game.ai.planet import bots

        make: Any = bots.make_bot
        try:
            bot: CardBot = make(level, catalog, seed, levels=levels, kit=kit)
            return bot
        except TypeError:  # a bots module from before the levels: the greedy bot
            pass
    return GreedyBot(catalog, seed)


def computer_seat(
    catalog: Catalog,
    level: str,
    seed: int,
    kit: Kit,
    levels: Mapping[str, Any] | None = None,
) -> BotSeat:
    """A computer player of `level` for the seat bringing `kit`; ValueError names the
    levels for an unknown one."""
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r} ({', '.join(LEVELS)})")
    aimer = RollAimer(catalog, AIM_LEVELS[level], seed * 31 + 7)
    return BotSeat(card_bot(catalog, level, seed, kit, levels), aimer)


__all__ = ["DEFAULT_LEVEL", "LEVELS", "card_bot", "computer_seat"]
