"""Shared builders for the AI tests: levels with small budgets, positions, games."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from game.ai.levels import Level
from game.ai.player import LevelPolicy
from game.content.ai_levels import shipped_levels
from game.content.classic import shipped_catalog
from game.rules.classic import CHANCE, MatchState, random_kit

CAT = shipped_catalog()
LEVELS = shipped_levels()


def level(name: str, **changes: Any) -> Level:
    return dataclasses.replace(LEVELS[name], **changes)


def quick_hard(**changes: Any) -> Level:
    """Hard with a small search budget (the tests' time is short)."""
    return level("hard", **{"iterations": 40, "determinizations": 4, **changes})


def started(seed: int) -> MatchState:
    rng = random.Random(seed)
    state, _ = MatchState.new(CAT, [random_kit(CAT, rng), random_kit(CAT, rng)], seed=seed)
    return state


def play_randomly_until(state: MatchState, rng: random.Random, phase: str, min_turn: int) -> bool:
    """Random legal play (landings too) until a player is to act in `phase` at or after
    `min_turn`; False if the match ended first."""
    while not state.is_over():
        p = state.current_player()
        if p != CHANCE and state.phase == phase and state.turn >= min_turn:
            return True
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return False


def policy(lv: Level, seed: int = 0) -> LevelPolicy:
    return LevelPolicy(CAT, lv, seed)
