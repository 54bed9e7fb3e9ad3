"""One seat-seed rule (issue 26.2): in every game the computer in seat p of a match
seeded s plays with the seed `seat_seed(s, p)`, and the replay kept of the match says
so in its header. Each game used to restate its own formula in its screen and again
in its replay hook (``seed + p``, ``seed * 2 + p + 1``, ``seed * 97 + p * 13``), so a
header could tell seeds its computers never had."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from game.ai.seeding import seat_seed
from game.content.classic import shipped_catalog
from game.persist.replay_file import read_replay
from game.rules.classic import Settings, random_kit
from game.ui.app import App
from game.ui.attack.demo import quick_match
from game.ui.classic.match import MatchScene
from game.ui.planet.match import PlanetMatchScene
from game.ui.planet.setup import PlanetSetupScene

SEED = 4321


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    return tmp_path


def _classic(app: App) -> tuple[Any, dict[int, int]]:
    catalog = shipped_catalog()
    rules = Settings.preset(3, False)
    rng = random.Random(SEED)
    kits = [random_kit(catalog, rng, rules) for _ in range(3)]
    scene = MatchScene(app, kits, (True, False, False), 0, seed=SEED, level="hard", settings=rules)
    return scene, {p: bot.seed for p, bot in scene.bots.items()}


def _attack(app: App) -> tuple[Any, dict[int, int]]:
    scene = quick_match(app, "normal", seed=SEED)
    return scene, {p: bot.seed for p, bot in scene.match.bots.items()}


def _planet(app: App) -> tuple[Any, dict[int, int]]:
    setup = PlanetSetupScene(app, hotseat=False, seed=SEED)
    app.push(setup)
    setup.start()
    scene = app.top
    assert isinstance(scene, PlanetMatchScene)
    seats = scene.match.seats
    return scene, {p: s.bot.seed for p, s in enumerate(seats) if s is not None}


@pytest.mark.parametrize("make", [_classic, _attack, _planet], ids=["classic", "attack", "planet"])
def test_the_computers_seeds_are_the_one_rules_and_the_replay_header_tells_them(
    make: Any, home: Path
) -> None:
    app = App("en", fast=True)
    scene, played = make(app)
    if not app.stack or app.top is not scene:
        app.push(scene)
    assert played and played == {p: seat_seed(SEED, p) for p in played}
    for _ in range(5):
        app.step()
    (path,) = (home / "data" / "replays").glob("*")
    seats = read_replay(path).header["seats"]
    told = {p: s["seed"] for p, s in enumerate(seats) if not s["human"]}
    assert told == played
