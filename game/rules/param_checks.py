"""The checks every game's effect schema makes of a card's parameter values
(`classic.effects.Param`, `planet.effects.Param`): a whole number within bounds, one
of a few words. Each returns the problem in words, or None; a game's own kinds of value
(an attribute, a list of factions) stay with its schema. `EffectParam` is what every
game's parameter declares: each game's `Param` adds its own (classic's ``nonzero``,
Planet's ``required``) and its `check`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class EffectParam:
    """One parameter of an effect primitive: its name, its kind of value (the game's
    `check` reads it: ``int``, ``choice`` and the game's own), the words a ``choice``
    takes and the bounds of an ``int``."""

    name: str
    kind: str
    choices: tuple[str, ...] = ()
    low: int = 0
    high: int = 0


def int_problem(value: Any, low: int, high: int) -> str | None:
    """The problem with `value` as a whole number within `low`..`high` (a bool is not
    one), or None."""
    if not isinstance(value, int) or isinstance(value, bool):
        return f"must be an integer, got {value!r}"
    if not low <= value <= high:
        return f"must be within {low}..{high}, got {value}"
    return None


def choice_problem(value: Any, choices: Sequence[str]) -> str | None:
    """The problem with `value` as one of the words `choices`, or None."""
    if not isinstance(value, str):
        return f"must be a string, got {value!r}"
    if value not in choices:
        return f"must be one of {', '.join(choices)}, got {value!r}"
    return None
