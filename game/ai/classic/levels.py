"""The difficulty record: what makes Easy, Normal and Hard different is data, not code.

`game.content.ai_levels` loads `assets/data/classic/ai.toml` into `Level` records (and
refuses a bad file with ``file: level: field: problem``). Every bot runs the same code;
a level only turns its knobs: how much it reads of the position, how often it slips,
how long it searches, how carefully it aims and how shaky its hand is.

This module imports nothing heavy, so the content loader may use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..level_fields import COMMON, LevelBase, Problems, level_checker

LEVEL_NAMES: tuple[str, ...] = ("easy", "normal", "hard")


@dataclass(frozen=True, slots=True)
class Level(LevelBase):
    """One difficulty record (see `docs/ai.md` for what each knob does)."""

    # --- card play ------------------------------------------------------------------
    insight: int
    """0: judges a battle by base G-Power only and plays the first card that helps;
    1: also counts the Gate Card faces it knows, its cards and the opponent's possible
    cards, and weighs where to set a Gate Card."""
    temperature: float
    """Softness of the pick among scored targets, in gate units (0: always the best)."""
    evolve_worth: float
    """Evolution: what evolving a Bakugan is worth, in gate units per 100 G the evolved
    form adds; it evolves when that is at least what skipping the turn's throw costs
    (0: it never evolves)."""
    # --- search ---------------------------------------------------------------------
    iterations: int
    """Information-set Monte Carlo tree search iterations per decision (0: no search,
    the heuristic plays). Iterations, not the clock, decide: a seed gives one game."""
    determinizations: int
    """Worlds sampled from what it has seen (the opponent's hidden cards) per decision;
    the iterations cycle through them."""
    rollout_turns: int
    """Turns played out by the fast policy below a new tree node before the position
    is scored by the evaluation function."""
    exploration: float
    """UCB exploration constant of the search."""
    think_cap_s: float
    """Wall-clock safety cap per decision (seconds); never reached on this machine at
    the shipped budgets, so it does not make results depend on the clock."""
    # --- aiming ---------------------------------------------------------------------
    aim_samples: int
    """Throws simulated on a copy of the table to find the one that opens on the target."""
    aim_checks: int
    """Of the best candidates, how many shaken copies (its own noise) each is re-simulated
    with, to keep the throw that still opens on the target when the hand shakes."""
    # --- its model of throws --------------------------------------------------------
    model_hit: float
    """The chance it expects a throw to open on an empty card it aims at (its search's
    chance nodes, its choice of targets, and the landing model of the rules-only
    simulation)."""
    model_hit_occupied: float
    """The same for a card a Bakugan stands on (harder: it must stop beside it)."""


# field -> (kind, low, high); kind "int", "float" or "str"
LEVEL_SCHEMA: dict[str, tuple[str, float, float]] = {
    **COMMON,
    "insight": ("int", 0, 1),
    "temperature": ("float", 0.0, 5.0),
    "evolve_worth": ("float", 0.0, 10.0),
    "iterations": ("int", 0, 100_000),
    "determinizations": ("int", 0, 1_000),
    "rollout_turns": ("int", 0, 50),
    "exploration": ("float", 0.0, 10.0),
    "think_cap_s": ("float", 0.01, 60.0),
    "aim_samples": ("int", 1, 200),
    "aim_checks": ("int", 0, 200),
    "model_hit": ("float", 0.0, 1.0),
    "model_hit_occupied": ("float", 0.0, 1.0),
}


def _across(values: dict[str, Any]) -> Problems:
    if values["iterations"] > 0 and values["determinizations"] < 1:
        return [("determinizations", "a searching level needs at least 1")]
    return []


check_level = level_checker(Level, LEVEL_SCHEMA, across=_across)
"""A `Level` from one raw table, or None and the problems as (field, problem)."""
