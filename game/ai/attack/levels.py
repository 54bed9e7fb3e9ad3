"""The Attack difficulty record: Easy, Normal and Hard run the same code with other knobs.

`game.games.attack.load_levels` reads `assets/data/attack/ai.toml` (through
`game.content.ai_levels`) into `AttackLevel` records
(a bad file is refused as ``file: level: field: problem``). What each knob does:
docs/ai.md, "Bakugan Attack!". This module imports nothing heavy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..level_fields import COMMON, LevelBase, Problems, level_checker

LEVEL_NAMES: tuple[str, ...] = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class AttackLevel(LevelBase):
    counting: int
    """0: plays by its hand and its target only (it does not look at the table or count
    the cards gone); 1: counts what was played and judges each card against what is on
    the table and what may still come."""
    samples: int
    """Completions of the round sampled to judge each card's chance to catch."""
    planning: int
    """0: judges this round only; 1: also what the cards it keeps will catch later, and
    plays for the total it ends the deal with."""
    worlds: int
    """Search: hidden hands sampled consistently with what it saw; each candidate card is
    played out to the end of the deal in every world (0: no search)."""
    under_weight: float
    """Standard rules: how much a Bakugan still missing weighs against one too many
    while later deals can still bring it (the house variant, and a game about to end,
    weigh both alike)."""
    think_cap_s: float
    """Wall-clock safety cap per decision (seconds); the shipped budgets stay far below
    it, so results never depend on the clock."""


LEVEL_SCHEMA: dict[str, tuple[str, float, float]] = {
    **COMMON,
    "counting": ("int", 0, 1),
    "samples": ("int", 0, 10_000),
    "planning": ("int", 0, 1),
    "worlds": ("int", 0, 10_000),
    "under_weight": ("float", 0.0, 1.0),
    "think_cap_s": ("float", 0.01, 60.0),
}


def _across(values: dict[str, Any]) -> Problems:
    if values["worlds"] > 0 and values["counting"] < 1:
        return [("counting", "a searching level counts the cards (1)")]
    return []


check_level = level_checker(AttackLevel, LEVEL_SCHEMA, across=_across)
"""An `AttackLevel` from one raw table, or None and the problems as (field, problem)."""
