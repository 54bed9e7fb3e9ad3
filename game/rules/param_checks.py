"""The checks every game's effect schema makes of a card's parameter values
(`classic.effects.Param`, `planet.effects.Param`): a whole number within bounds, one
of a few words. Each returns the problem in words, or None; a game's own kinds of value
(an attribute, a list of factions) stay with its schema.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


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
