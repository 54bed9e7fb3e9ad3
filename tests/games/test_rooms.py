"""Each game in its own rooms (issue 26.3): a game's modules, imported in a fresh
interpreter, load no module of another game's folders, so that Battle Planet's session
or Attack's table never brings in the classic rules core (nor the other way round).
The static check of every import is tests/test_layering.py; this one runs the imports."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.games import REGISTRY

ROOT = Path(__file__).resolve().parents[2]
LAYERS = ("rules", "content", "ai", "match", "games", "ui")

CODE = """
import importlib, json, sys
wanted, others = json.loads(sys.argv[1]), json.loads(sys.argv[2])
for name in wanted:
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as e:  # OpenSpiel's adapters without open-spiel
        if e.name not in ("pyspiel", "open_spiel", "numpy"):
            raise
print(json.dumps(sorted(m for m in sys.modules if m.startswith(tuple(others)))))
"""


def game_modules(game_id: str) -> list[str]:
    """Every module in the game's folders, layer by layer."""
    out = []
    for layer in LAYERS:
        folder = ROOT / "game" / layer / game_id
        for path in sorted(folder.rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out.append(".".join(parts))
    return out


def loaded(modules: list[str], prefixes: list[str]) -> list[str]:
    """The modules under `prefixes` a fresh interpreter holds after importing `modules`."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    run = subprocess.run(
        [sys.executable, "-c", CODE, json.dumps(modules), json.dumps(prefixes)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    found: list[str] = json.loads(run.stdout.strip().splitlines()[-1])
    return found


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_a_games_modules_load_no_other_game(game_id: str) -> None:
    modules = game_modules(game_id)
    assert len(modules) > 10, modules  # the game has its folders in every layer
    others = [f"game.{layer}.{g}" for g in REGISTRY if g != game_id for layer in LAYERS]
    assert loaded(modules, others) == []


def test_planets_session_and_attacks_table_load_no_classic_rules() -> None:
    assert (
        loaded(["game.match.planet.session", "game.ui.attack.table"], ["game.rules.classic"]) == []
    )
    assert loaded(["game.match.classic.session"], ["game.rules.classic"]) != []  # it can see one
