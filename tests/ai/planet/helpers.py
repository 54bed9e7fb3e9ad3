"""Shared pieces of the Battle Planet AI tests: the shipped cards and levels, a match
driven to a decision, and a quick Hard (a small search budget, same code)."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable

from game.ai.planet.landing import DEFAULT_MODEL
from game.ai.planet.levels import Level
from game.content.planet import shipped_catalog
from game.games.planet import shipped_levels
from game.rules.planet import CHANCE, Catalog, Kit, PlanetState, Settings

CAT: Catalog = shipped_catalog()
LEVELS = shipped_levels()


def kits(a: str = "pyrus_darkus", b: str = "aquos_haos") -> list[Kit]:
    return [CAT.presets[a].kit, CAT.presets[b].kit]


def quick_hard(**changes: object) -> Level:
    """Hard with a small budget (the same code and knobs otherwise)."""
    return dataclasses.replace(LEVELS["hard"], rollouts=12, determinizations=3, **changes)


def random_until(
    seed: int, want: Callable[[PlanetState], bool], settings: Settings | None = None
) -> PlanetState | None:
    """A random match (seeded) played until `want(state)` holds at a player's decision
    with a real choice; None if it ends first."""
    rng = random.Random(seed)
    names = sorted(CAT.presets)
    chosen = [CAT.presets[names[rng.randrange(len(names))]].kit for _ in range(2)]
    state, _ = PlanetState.new(CAT, chosen, settings, seed)
    while not state.is_over():
        acting = state.current_players()
        p = acting[rng.randrange(len(acting))]
        if p == CHANCE:
            state.apply(DEFAULT_MODEL.roll(state, rng))
            continue
        legal = state.legal_actions(p)
        if len(legal) > 1 and want(state):
            return state
        state.apply(legal[rng.randrange(len(legal))])
    return None
