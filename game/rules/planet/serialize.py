"""Exact JSON for a Battle Planet match (`PlanetState.to_json` / `from_json`): every
field, the seeded generator's state included, so a saved match goes on identically."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from .actions import Action, Roll, parse_action
from .defs import Catalog, Settings
from .phases import Phase
from .zones import Damage, Item, MatrixCore, Side, TurnMod

if TYPE_CHECKING:
    from .state import PlanetState

VERSION = 1


def _action(a: Action | None) -> str | None:
    return None if a is None else str(a)


def state_to_json(s: PlanetState) -> dict[str, Any]:
    version, internal, gauss = s.rng.getstate()
    return {
        "version": VERSION,
        "settings": s.settings.to_json(),
        "rng": [version, list(internal), gauss],
        "sides": [side.to_json() for side in s.sides],
        "matrix": [[h[0], h[1], c.to_json()] for h, c in s.matrix.items()],
        "phase": s.phase.value,
        "turn": s.turn,
        "starting": s.starting,
        "placer": s.placer,
        "commits": [_action(a) for a in s.commits],
        "rolls": [_action(a) for a in s.rolls],
        "batch": [i.to_json() for i in s.batch],
        "priority": s.priority,
        "passes": s.passes,
        "passed": list(s.passed),
        "damage": s.damage.to_json() if s.damage is not None else None,
        "victor": s.victor,
        "by_damage": s.by_damage,
        "mods": [m.to_json() for m in s.mods],
        "choices": [list(c) for c in s.choices],
        "over": s.over,
        "winner": s.winner,
        "end_reason": s.end_reason,
    }


def state_from_json(d: dict[str, Any], catalog: Catalog) -> PlanetState:
    from .state import PlanetState

    if d.get("version") != VERSION:
        raise ValueError(f"version: expected {VERSION}, got {d.get('version')!r}")
    rng = random.Random()
    version, internal, gauss = d["rng"]
    rng.setstate((version, tuple(internal), gauss))
    s = PlanetState(catalog, Settings.from_json(d["settings"]), rng)
    s.sides = [Side.from_json(x) for x in d["sides"]]
    s.matrix = {(q, r): MatrixCore.from_json(c) for q, r, c in d["matrix"]}
    s.phase = Phase(d["phase"])
    s.turn = d["turn"]
    s.starting = d["starting"]
    s.placer = d["placer"]
    s.commits = [None if a is None else parse_action(a) for a in d["commits"]]
    rolls = [None if a is None else parse_action(a) for a in d["rolls"]]
    s.rolls = [r if isinstance(r, Roll) else None for r in rolls]
    s.batch = [Item.from_json(i) for i in d["batch"]]
    s.priority = d["priority"]
    s.passes = d["passes"]
    s.passed = list(d["passed"])
    s.damage = Damage.from_json(d["damage"]) if d["damage"] is not None else None
    s.victor = d["victor"]
    s.by_damage = d["by_damage"]
    s.mods = [TurnMod.from_json(m) for m in d["mods"]]
    s.choices = [list(c) for c in d["choices"]]
    s.over = d["over"]
    s.winner = d["winner"]
    s.end_reason = d["end_reason"]
    return s
