"""Which viewer plays a replay (issue 18, part 3): the one its game's screens name, for
the Replays list and `bakugan replay FILE` alike; a game without one is refused with its
own reason before a window opens."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.content.classic import shipped_catalog
from game.games.classic import shipped_levels
from game.games.replays import open_in, replay_files
from game.match.classic.sim import run_physics_sim
from game.persist.replay_file import ReplayError, read_replay
from game.rules.classic import Settings
from game.ui import scenes
from game.ui.app import App
from game.ui.classic.replay import ReplayScene
from game.ui.replay_open import viewer, watch


@pytest.fixture(scope="module")
def replay_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("open")
    run_physics_sim(
        shipped_catalog(),
        ["easy", "easy"],
        1,
        3,
        Settings(),
        shipped_levels(),
        record=open_in(folder),
    )
    return replay_files([folder])[0]


def test_a_classic_replay_opens_the_classic_viewer(replay_path: Path) -> None:
    app = App("en", fast=True)
    assert isinstance(viewer(app, read_replay(replay_path)), ReplayScene)
    pygame.quit()


def test_a_game_without_a_viewer_is_refused_before_a_window_opens(replay_path: Path) -> None:
    classic = scenes.game_scenes("classic")
    assert classic is not None
    scenes.register("classic", replace(classic, replay=None))
    try:
        with pytest.raises(ReplayError) as e:
            watch(replay_path)
        assert e.value.reason == "no_viewer"
        assert pygame.display.get_surface() is None  # no window was opened
    finally:
        scenes.unregister("classic")


def test_a_replay_of_an_unknown_game_is_refused(replay_path: Path) -> None:
    replay = read_replay(replay_path)
    replay.header["game"] = "chess"
    app = App("en", fast=True)
    with pytest.raises(ReplayError) as e:
        viewer(app, replay)
    assert e.value.reason == "no_viewer"
    assert "chess" in str(e.value)
    pygame.quit()
