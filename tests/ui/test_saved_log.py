"""The message log survives a save and Continue (issue 25.8): each game's screen puts
its log into the autosave payload through `game.ui.saved_log` and reads it back on
Continue, and a log edited in the file comes back shorter, never as a crash."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels
from game.match.attack.session import HUMAN, AttackMatch
from game.persist.saves import load_match
from game.ui import saved_log
from game.ui.app import App
from game.ui.attack.table import AttackTableScene


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    yield tmp_path
    pygame.quit()


def _attack_scene_after_some_play(app: App) -> AttackTableScene:
    match = AttackMatch.new(shipped_deck(), shipped_levels(), [HUMAN, "easy", "easy"], seed=4)
    scene = AttackTableScene(app, match)
    app.push(scene)
    for _ in range(3000):
        if scene.idle() and scene.person_to_act() is not None:
            if match.die_due() is not None:
                scene.tray.throw(1.2, 0.6, 0.0, match.die_face())
            elif scene.can_choose() is not None and len(scene.view.log) > 12:
                break
            elif scene.can_choose() is not None:
                scene.play(0)
        if scene.view.sheet is not None:
            scene.continue_sheet()
        app.step()
    return scene


def test_the_attack_log_comes_back_on_continue(home: Path) -> None:
    app = App("en", fast=True)
    app.time_scale = 16.0
    scene = _attack_scene_after_some_play(app)
    before = list(scene.view.log)
    assert len(before) > 12, "the game went far enough to have a log"
    payload, error = load_match(game="attack")
    assert error is None and payload is not None
    back = AttackTableScene.resume(App("en", fast=True), payload)
    assert back.view.log[: len(before)] == before  # every line, its fields as they were
    assert back.view.log[len(before) :] == [("attack_ui.resumed", {})]


def test_a_planet_log_comes_back_on_continue(home: Path) -> None:
    from game.content.planet import shipped_catalog
    from game.match.planet.play import PlanetMatch, preset_setup
    from game.ui.planet.match import PlanetMatchScene

    catalog = shipped_catalog()
    app = App("en", fast=True)
    match = PlanetMatch(catalog, preset_setup(catalog, sorted(catalog.presets)[:2], seed=8))
    scene = PlanetMatchScene(app, match)
    for _ in range(60):
        people = match.people_to_act()
        if people:
            scene._took(match.act(match.legal_actions(people[0])[0]))
        elif (entries := match.step_computer()) is not None:
            scene._took(entries)
        else:
            break
    told = [dict(t) for t in scene._told]
    assert len(told) > 5, "the match went far enough to have a log"
    scene.autosave()
    payload, error = load_match(game="planet")
    assert error is None and payload is not None
    back = PlanetMatchScene.resume(App("en", fast=True), payload)
    assert back._told == told  # each viewer's lines as told then
    assert back.log == scene.log


def test_an_edited_log_comes_back_shorter_never_as_a_crash() -> None:
    def read(entry: object) -> str | None:
        return entry if isinstance(entry, str) and entry.startswith("ok") else None

    deep: object = "ok"
    for _ in range(10):
        deep = [deep]
    payload = {saved_log.KEY: ["ok 1", 7, "ok" + "x" * 10_000, deep, "bad", "ok 2"] + ["ok"] * 500}
    lines = saved_log.take(payload, read)
    assert lines[:0] == [] and len(lines) == saved_log.MAX_ENTRIES  # capped
    assert saved_log.take({saved_log.KEY: ["ok 1", 7, "bad", "ok 2"]}, read) == ["ok 1", "ok 2"]
    assert saved_log.take({saved_log.KEY: {"not": "a list"}}, read) == []
    assert saved_log.take({}, read) == []
    json.dumps(saved_log.put({}, ["a"] * 500))  # what is put is JSON, capped too
    assert len(saved_log.put({}, ["a"] * 500)[saved_log.KEY]) == saved_log.MAX_ENTRIES


def test_an_edited_attack_log_line_is_dropped_on_continue(home: Path) -> None:
    app = App("en", fast=True)
    app.time_scale = 16.0
    _attack_scene_after_some_play(app)
    payload, error = load_match(game="attack")
    assert error is None and payload is not None
    payload[saved_log.KEY][:0] = [["not_a_key_of_ours", {}], ["attack_ui.played", {"x": 1.5}], 3]
    back = AttackTableScene.resume(App("en", fast=True), payload)
    keys = [k for k, _ in back.view.log]
    assert "not_a_key_of_ours" not in keys and len(keys) > 3
