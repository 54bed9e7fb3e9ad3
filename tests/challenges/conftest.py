from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.physics.shot import clear_arena_cache


@pytest.fixture(autouse=True)
def _fresh_arenas() -> Iterator[None]:
    """Every test starts without prepared arenas from another (nothing carried over)."""
    clear_arena_cache()
    yield
    clear_arena_cache()


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A throwaway user home for progress files."""
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


GOOD_LEVEL = """\
format = 1
name = { en = "Test Level", ru = "Тестовый уровень" }
hint = { en = "Land on the card.", ru = "Приземлитесь на карту." }

[table]
width = 600
height = 800

[throw]
zone = [150, 20, 450, 110]
spheres = ["pyrus", "aquos"]

[limits]
throws = 3

[goal]
stars = [1000, 1450, 1750]

[[cards]]
id = "gold"
x = 300
y = 470
magnet = 30

[[targets]]
kind = "land"
card = "gold"
"""
