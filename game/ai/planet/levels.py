"""The Battle Planet difficulty record: Easy, Normal and Hard differ by data, not code.

`assets/data/planet/ai.toml` holds one table per level; `game.content.ai_levels` reads
the file's shape and hands each table to `check_level` here, which makes the `Level` or
lists its problems as (field, problem); the file is refused whole with
``ai.toml: level: field: problem`` (`game.games.planet.load_levels` ties the two). Every
level runs the same code (`game.ai.planet.player.LevelBot`); a level turns these knobs.

A level's hand at the physics table (`hand_sigma`, `aim_samples`, turned into a
`game.ai.planet.aim.RollAim` by `hand`) lives here and nowhere else; so does what
that hand gives, measured on the table (`model_on_core`, `model_no_core`: the landing
model of its own rolls where there is no physics, and its search's chance nodes).

This module imports nothing heavy (`hand` imports the aiming on call), so the content
loader may use it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..level_fields import COMMON, KindReader, LevelBase, Problems, level_checker

if TYPE_CHECKING:
    from game.ai.planet.aim import RollAim

LEVEL_NAMES: tuple[str, ...] = ("easy", "normal", "hard")
SEARCHABLE: tuple[str, ...] = (
    "energize", "main", "select", "power", "victory", "flip", "damage", "end"
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Level(LevelBase):
    """One difficulty record (docs/ai.md, "Battle Planet", says what each knob does)."""

    # --- card play ------------------------------------------------------------------
    insight: int
    """0: reads the printed numbers of its cards (unconditional B-Power and damage) and
    plays the first that helps; 1: plays each option out on the rules core (conditions,
    core clauses, keywords, answers in the batch) and weighs the whole position."""
    worlds: int
    """Worlds (the hidden cards guessed) a level that does not search judges a play on."""
    keep_for_flips: bool
    """Whether it keeps Energy back, when it may take damage, to pay the Flips it mills."""
    energy_goal: int
    """Energy cards it builds up to from its hand (a Flip in hand goes to Energy anyway:
    it is never played from there); beyond that it keeps its cards."""
    # --- search ---------------------------------------------------------------------
    rollouts: int
    """Playouts per decision (0: no search, the heuristics play). Playouts, not the
    clock, decide: a seed gives one game."""
    search_steps: tuple[str, ...]
    """The steps whose decisions it searches (the others go to its judgement): of
    `SEARCHABLE` (``energize``, ``main``, ``select``, ``power``, ``victory``, ``flip``,
    ``damage``, ``end``)."""
    determinizations: int
    """Worlds drawn from what it has seen per decision; every option is played out in
    each (the same world and the same dice for every option, so they compare fairly)."""
    width: int
    """Options searched at most: the heuristics' best, and passing."""
    rollout_turns: int
    """Whole turns played out after the current one before the position is scored."""
    step_budget: int
    """Rules-core actions over all the playouts of one decision, at most: the search
    stops after the world that reaches it. Counted, never timed, so a seed gives one
    game on any machine."""
    # --- its model of rolls ---------------------------------------------------------
    model_on_core: float
    """The chance it expects a roll to open on a BakuCore (its search's chance nodes,
    and its own rolls in the sim without physics): the share its hand (`hand_sigma`)
    opens on a core at the physics table, measured (docs/ai.md)."""
    model_no_core: float
    """The chance it expects a roll to open without keeping a core (measured likewise)."""
    # --- aiming (the physics table) -------------------------------------------------
    aim_samples: int
    """Rolls it would simulate on a copy of the table to find one that opens on its core."""


# field -> (kind, low, high); kind "int", "float", "bool" or "str"
LEVEL_SCHEMA: dict[str, tuple[str, float, float]] = {
    **COMMON,
    "insight": ("int", 0, 1),
    "worlds": ("int", 1, 64),
    "keep_for_flips": ("bool", 0, 0),
    "energy_goal": ("int", 0, 40),
    "rollouts": ("int", 0, 100_000),
    "search_steps": ("steps", 0, 0),
    "determinizations": ("int", 0, 1_000),
    "width": ("int", 1, 64),
    "rollout_turns": ("int", 0, 10),
    "step_budget": ("int", 1, 10_000_000),
    "model_on_core": ("float", 0.0, 1.0),
    "model_no_core": ("float", 0.0, 1.0),
    "aim_samples": ("int", 1, 200),
}


def hand(level: Level) -> RollAim:
    """The level's hand at the physics table (`game.ai.planet.aim`): its `hand_sigma`
    and `aim_samples`, the one place these numbers live."""
    from game.ai.planet.aim import RollAim

    return RollAim(level.hand_sigma, level.aim_samples)


def _read_bool(value: Any) -> tuple[Any, str | None]:
    if not isinstance(value, bool):
        return None, f"must be true or false, got {value!r}"
    return value, None


def _read_steps(value: Any) -> tuple[Any, str | None]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return None, f"must be a list of step names, got {value!r}"
    bad = [v for v in value if v not in SEARCHABLE]
    if bad:
        return None, f"unknown step {bad[0]!r} (of {', '.join(SEARCHABLE)})"
    return tuple(value), None


_KINDS: dict[str, KindReader] = {"bool": _read_bool, "steps": _read_steps}


def _across(values: dict[str, Any]) -> Problems:
    problems: Problems = []
    if values["rollouts"] > 0 and values["determinizations"] < 1:
        problems.append(("determinizations", "a searching level needs at least 1"))
    if values["model_on_core"] + values["model_no_core"] > 1.0:
        problems.append(("model_no_core", "model_on_core + model_no_core must be at most 1"))
    return problems


check_level = level_checker(Level, LEVEL_SCHEMA, _KINDS, _across)
"""A `Level` from one raw table, or None and the problems as (field, problem)."""
