"""Every rules scenario in tests/scenarios/<game>/ runs as its own test, through the
game record its file names (the same path as `bakugan scenario`)."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.content.scenario_files import find_scenarios
from game.games.scenarios import game_of

ROOT = Path(__file__).parent / "scenarios"
FILES = find_scenarios([ROOT])


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.stem}" for p in FILES])
def test_scenario(path: Path) -> None:
    record = game_of(path)
    assert record.id == path.relative_to(ROOT).parts[0], "a scenario lives in its game's folder"
    failures = record.scenarios.run(record.scenarios.load(path))
    assert not failures, "\n".join(failures)


def test_there_are_enough_classic_scenarios() -> None:
    assert len(find_scenarios([ROOT / "classic"])) >= 40
