"""Bots for Bakugan Attack!: `random`, and the levels Easy, Normal and Hard."""

from .levels import LEVEL_NAMES, AttackLevel
from .policy import AttackPolicy, LevelPolicy, RandomPolicy, make_policy

__all__ = [
    "LEVEL_NAMES",
    "AttackLevel",
    "AttackPolicy",
    "LevelPolicy",
    "RandomPolicy",
    "make_policy",
]
