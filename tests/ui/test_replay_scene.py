"""The replay viewer (issue 18, part 3): a recorded match plays back on the match
screen to the same end; it pauses, steps record by record, changes speed, jumps to a
battle or a turn, and shows one seat's hidden cards or nobody's."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.content.classic import shipped_catalog
from game.games.classic import shipped_levels
from game.match.sim import run_physics_sim
from game.persist.replay_file import ReplayError, read_replay
from game.replay_tools import open_in, replay_files
from game.rules.classic import Settings
from game.ui.app import App
from game.ui.replay_scene import ReplayScene

CAT = shipped_catalog()


@pytest.fixture(scope="module")
def replay_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("viewer")
    run_physics_sim(
        CAT, ["easy", "normal"], 1, 5, Settings(), shipped_levels(), record=open_in(folder)
    )
    return replay_files([folder])[0]


def _key(key: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def _run(app: App, scene: ReplayScene, frames: int) -> None:
    for _ in range(frames):
        app.step()
        if scene.feed.done and not scene.anims:
            break


def test_the_replay_plays_to_the_recorded_end(replay_path: Path) -> None:
    replay = read_replay(replay_path)
    app = App("en", fast=True)
    scene = ReplayScene(app, replay)
    app.push(scene)
    _key(pygame.K_UP)
    _key(pygame.K_UP)  # x4
    _run(app, scene, 20_000)
    assert scene.speed == 4.0
    assert scene.feed.done and scene.problem is None
    assert replay.end is not None
    assert scene.session.state.winner == replay.end["winner"]
    pygame.quit()


def test_pause_step_jump_and_view(replay_path: Path) -> None:
    replay = read_replay(replay_path)
    app = App("en", fast=True)
    scene = ReplayScene(app, replay)
    app.push(scene)
    _key(pygame.K_SPACE)
    _run(app, scene, 200)
    assert scene.paused and scene.position == 0  # paused before the first record
    _key(pygame.K_RIGHT)
    _run(app, scene, 400)
    assert scene.position == 1  # one step: one record
    battles = [m for m in scene.marks if m.kind == "battle"]
    assert battles, "a match of Easy against Normal has a battle"
    _key(pygame.K_PAGEDOWN)
    app.step()
    assert scene.position == battles[0].index
    assert scene.session.state.turn >= 1
    _key(pygame.K_HOME)
    app.step()
    assert scene.position == 0
    assert scene.viewer == 0
    _key(pygame.K_v)
    app.step()
    assert scene.viewer == 1
    _key(pygame.K_v)
    app.step()
    assert scene.viewer is None
    surface = pygame.Surface((1280, 720))
    scene.draw(surface)  # the bar draws in both languages' words
    pygame.quit()


def test_a_replay_of_other_cards_is_refused_with_a_reason(replay_path: Path) -> None:
    replay = read_replay(replay_path)
    replay.header["content_hash"] = "sha256:other"
    app = App("en", fast=True)
    with pytest.raises(ReplayError) as e:
        ReplayScene(app, replay)
    assert e.value.reason == "content"
    pygame.quit()
