"""The Attack difficulty record: Easy, Normal and Hard run the same code with other knobs.

`game.games.attack.load_levels` reads `assets/data/attack/ai.toml` (through
`game.content.ai_levels`) into `AttackLevel` records
(a bad file is refused as ``file: level: field: problem``). What each knob does:
docs/ai.md, "Bakugan Attack!". This module imports nothing heavy.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..level_fields import HAND_SIGMA_MAX, TITLES, Problems, level_checker

LEVEL_NAMES: tuple[str, ...] = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class AttackLevel:
    name: str
    title_en: str
    title_ru: str
    counting: int
    """0: plays by its hand and its target only (it does not look at the table or count
    the cards gone); 1: counts what was played and judges each card against what is on
    the table and what may still come."""
    mistakes: float
    """Chance, at a decision with a real choice, of a careless card (any legal one)."""
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
    hand_sigma: float
    """Its hand (`game.ai.hand`) when it throws its die into the tray: px by which its
    release misses the meant point, in x and y (standard deviation). The face comes from
    the rules, so this is only how the throw looks: like a person's of that steadiness."""


LEVEL_SCHEMA: dict[str, tuple[str, float, float]] = {
    **TITLES,
    "counting": ("int", 0, 1),
    "mistakes": ("float", 0.0, 1.0),
    "samples": ("int", 0, 10_000),
    "planning": ("int", 0, 1),
    "worlds": ("int", 0, 10_000),
    "under_weight": ("float", 0.0, 1.0),
    "think_cap_s": ("float", 0.01, 60.0),
    "hand_sigma": ("float", 0.0, HAND_SIGMA_MAX),
}


def _across(values: dict[str, Any]) -> Problems:
    if values["worlds"] > 0 and values["counting"] < 1:
        return [("counting", "a searching level counts the cards (1)")]
    return []


check_level = level_checker(AttackLevel, LEVEL_SCHEMA, across=_across)
"""An `AttackLevel` from one raw table, or None and the problems as (field, problem)."""
