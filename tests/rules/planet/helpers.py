"""Shared setup for the Battle Planet rules tests: the shipped catalog and a match whose
Hidden Matrix is already placed (the scenario runner's spiral)."""

from __future__ import annotations

from game.content.planet import shipped_catalog
from game.content.planet.runner import auto_matrix
from game.rules.planet import Catalog, Kit, PlanetState, Settings


def catalog() -> Catalog:
    return shipped_catalog()


def kits(a: str = "pyrus_darkus", b: str = "aquos_haos") -> list[Kit]:
    cat = catalog()
    return [cat.presets[a].kit, cat.presets[b].kit]


def started(settings: Settings | None = None, seed: int = 0, **kw: str) -> PlanetState:
    """A match at turn 1's Energy phase, decks in kit order unless `settings` says."""
    state, _ = PlanetState.new(
        catalog(), kits(**kw), settings or Settings(first=0, shuffle=False), seed
    )
    auto_matrix(state)
    return state
