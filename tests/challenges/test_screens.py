"""The challenge screens, headless, driven by posted events as a player would."""

from __future__ import annotations

import math
import os
import time
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.challenges.solver import solve
from game.content.levels import discover
from game.persist.progress import Progress
from game.ui.app import App
from game.ui.challenges import ChallengeScene, LevelScene, LevelSelectScene
from game.ui.slingshot import CHALLENGE

from .conftest import GOOD_LEVEL


@pytest.fixture(autouse=True)
def _no_fonts_left_behind() -> Iterator[None]:
    """Leave no cached font or text behind: a later test may quit pygame, which kills
    every font made before it."""
    yield
    from game.ui import challenges, fonts, widgets

    fonts.load_font.cache_clear()
    widgets.render.cache_clear()
    challenges._felt.cache_clear()
    challenges._card_image.cache_clear()


def _key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def _click(pos: tuple[int, int]) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def _frames(app: App, n: int = 2) -> None:
    for _ in range(n):
        app.step()


def _app(lang: str = "en") -> App:
    app = App(lang, fast=True)
    pygame.event.clear()
    return app


def _sling(
    app: App, scene: ChallengeScene, origin: tuple[float, float], angle: float, speed: float
) -> None:
    """Place the sphere, press on it, pull back against `angle` as far as throws at
    `speed` (mm/s, through the challenges' curve) and let go - by events."""
    view = scene.art.view
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=view.px(origin), rel=(0, 0), buttons=(0, 0, 0))
    )
    _frames(app, 1)
    sx, sy = view.px(scene.aim.origin())
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1))
    back = (-math.cos(angle), math.sin(angle))  # on screen, y down
    pull = CHALLENGE.curve.pull_for(speed)
    to = (round(sx + back[0] * pull), round(sy + back[1] * pull))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=to, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=to, button=1))
    _frames(app, 1)


def test_level_select_lists_every_level_and_only_the_first_is_open(home: Path) -> None:
    app = _app()
    select = LevelSelectScene(app)
    app.push(select)
    _frames(app)
    assert len(select.entries) == len(discover()) >= 15
    assert select.unlocked() == {select.entries[0].ident}
    _click(select.tile_rect(3).center)  # locked: nothing happens
    _frames(app)
    assert app.top is select and select.selected == 3  # hovering selects
    for _ in range(3):
        _key(pygame.K_LEFT)
    _key(pygame.K_RETURN)  # the first level opens
    _frames(app)
    assert isinstance(app.top, ChallengeScene)
    assert app.top.level is not None and app.top.level.ident == select.entries[0].ident
    _key(pygame.K_ESCAPE)
    _frames(app)
    assert app.top is select


def test_playing_a_level_by_hand_saves_stars_and_unlocks_the_next(home: Path) -> None:
    app = _app()
    select = LevelSelectScene(app)
    app.push(select)
    _frames(app)
    select.open(0)
    scene = app.top
    assert isinstance(scene, ChallengeScene) and scene.level is not None
    shot = solve(scene.level).shots[0]
    _sling(app, scene, shot.origin, shot.angle, shot.speed)
    assert scene.roll is not None  # it rolls ...
    for _ in range(600):
        _frames(app, 1)
        if scene.finished:
            break
    assert scene.finished and scene.attempt.throws_used == 1
    score = scene.attempt.score()
    assert score.stars >= 1
    assert Progress.load().stars(scene.level.ident) == score.stars  # saved at once
    _frames(app)
    # the next level is open now; Enter goes straight to it
    _key(pygame.K_RETURN)
    _frames(app)
    nxt = app.top
    assert isinstance(nxt, ChallengeScene) and nxt.level is not None
    assert nxt.level.ident == select.entries[1].ident
    assert select.entries[1].ident in select.unlocked()


def test_r_retries_at_once(home: Path) -> None:
    level = discover()[1].level
    app = _app()
    scene = ChallengeScene(app, level)
    app.push(scene)
    _frames(app)
    _sling(app, scene, (300.0, 80.0), math.pi / 2, 750.0)
    for _ in range(300):
        _frames(app, 1)
        if scene.roll is None:
            break
    assert scene.attempt.throws_used == 1
    _key(pygame.K_r)
    _frames(app)
    assert scene.attempt.throws_used == 0 and scene.attempt.clock < 20


def test_a_refused_release_says_why_and_costs_nothing(home: Path) -> None:
    level = discover()[3].level  # a wall in front of the zone
    app = _app()
    scene = ChallengeScene(app, level)
    app.push(scene)
    _frames(app)
    scene.aim.x, scene.aim.y = 1.0, 1.0  # outside the zone: clamped back in
    scene.aim.clamp()
    x0, y0, x1, y1 = level.zone  # type: ignore[union-attr]
    assert x0 <= scene.aim.x <= x1 and y0 <= scene.aim.y <= y1


def test_a_broken_level_is_listed_and_cannot_be_started(home: Path, tmp_path: Path) -> None:
    folder = tmp_path / "levels"
    folder.mkdir()
    (folder / "01_good.toml").write_text(GOOD_LEVEL, encoding="utf-8")
    (folder / "02_bad.toml").write_text(
        GOOD_LEVEL.replace("x = 300\n", "x = 590\n"), encoding="utf-8"
    )
    (folder / "03_good_too.toml").write_text(GOOD_LEVEL, encoding="utf-8")
    app = _app("ru")
    select = LevelSelectScene(app, folder)
    app.push(select)
    _frames(app)
    assert [e.ok for e in select.entries] == [True, False, True]
    select.progress.add_result("good", 1500, 2)
    select.open(1)
    assert app.top is select  # the broken one does not start
    # the one after a broken file unlocks from the last good one before it
    assert "good_too" in select.unlocked()
    select.selected = 1
    _frames(app)
    surface = pygame.Surface((1280, 720))
    select.draw(surface)  # shows the file's problems in Russian, no crash


def test_level_scene_reloads_the_file_when_it_changes(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "draft.toml"
    path.write_text(GOOD_LEVEL, encoding="utf-8")
    app = _app()
    scene = LevelScene(app, path)
    app.push(scene)
    _frames(app)
    assert scene.level is not None and scene.level.name.en == "Test Level"

    def rewrite(text: str) -> None:
        path.write_text(text, encoding="utf-8")
        stamp = time.time() + 5
        os.utime(path, (stamp, stamp))
        assert scene.check_file()

    rewrite(GOOD_LEVEL.replace("x = 300\n", "x = 595\n"))
    assert scene.level is None and scene.entry.problems
    _frames(app)  # draws the problems
    rewrite(GOOD_LEVEL.replace("Test Level", "Better Level"))
    assert scene.level is not None and scene.level.name.en == "Better Level"
    assert scene.attempt.throws_used == 0
    assert not scene.check_file()  # unchanged: nothing happens
    scene.poll = 10.0
    _frames(app)


def test_level_scene_opened_on_a_broken_file_waits_for_the_fix(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "draft.toml"
    path.write_text("format = 1\nthis is not toml", encoding="utf-8")
    app = _app("ru")
    scene = LevelScene(app, path)
    app.push(scene)
    _frames(app, 3)
    _key(pygame.K_r)  # nothing to retry: no crash
    _frames(app)
    assert scene.level is None and scene.entry.problems[0].code == "toml"
    path.write_text(GOOD_LEVEL, encoding="utf-8")
    stamp = time.time() + 5
    os.utime(path, (stamp, stamp))
    scene.poll = 10.0
    _frames(app, 2)
    assert scene.level is not None and scene.attempt.throws_used == 0


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_level_draws_in_both_languages(home: Path, lang: str) -> None:
    app = _app(lang)
    surface = pygame.Surface((1280, 720))
    for entry in discover():
        scene = ChallengeScene(app, entry.level, number=1)
        scene.update(1 / 60)
        scene.aim.pulled = CHALLENGE.curve.full_px / 2
        scene.draw(surface)
