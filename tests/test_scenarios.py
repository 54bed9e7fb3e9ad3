"""Every rules scenario in tests/scenarios/ runs as its own test."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.classic import shipped_catalog
from game.content.scenarios import find_scenarios, load_scenario
from game.scenarios import run_scenario

ROOT = Path(__file__).parent / "scenarios" / "classic"
FILES = find_scenarios([ROOT])


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    failures = run_scenario(load_scenario(path), shipped_catalog())
    assert not failures, "\n".join(failures)


def test_there_are_enough_scenarios() -> None:
    assert len(FILES) >= 40
