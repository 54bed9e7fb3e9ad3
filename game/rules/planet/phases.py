"""The steps of a Battle Planet match, as an enum (who acts in each: `PlanetState`)."""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    CORES = "cores"  # setup: the players place BakuCores in turn (the Hidden Matrix)
    ENERGIZE = "energize"  # both at once: one card from hand as Energy, or none
    MAIN = "main"  # card play after the Energy phase, until the roll
    SELECT = "select"  # both at once: the closed Bakugan to roll
    ROLL = "roll"  # chance: how each rolled Bakugan came to rest
    POWER = "power"  # both opened: card play before the B-Power is compared
    VICTORY = "victory"  # the Victor is declared: «Victor –» texts, card play
    FLIP = "flip"  # a Flip was milled by damage: its owner pays or lets it go
    DAMAGE = "damage"  # a paid Flip is in the batch: card play, then milling goes on
    END = "end"  # card play; then Energy evaporates and recharges
    OVER = "over"


WINDOWS = frozenset({Phase.MAIN, Phase.POWER, Phase.VICTORY, Phase.DAMAGE, Phase.END})
"""The steps in which cards are played, each until both players pass."""
