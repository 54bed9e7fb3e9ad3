"""A crash says what happened (issue 28): an error planted in a screen, met through a
posted event, writes a plain-text report (the traceback, the version lines, the game,
the last log lines, the replay so far) into the data folder, shows where it is, leaves
the autosave as it was, and goes back to the title, whose Continue resumes the match."""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

import game.ui.launch as launch
from game.games.about import build_info
from game.persist import saves
from game.persist.replay_file import read_replay
from game.ui import crash, crash_report, text_fit
from game.ui.app import App
from game.ui.crash import CrashScene, recover
from game.ui.crash_report import LogTail
from game.ui.live_file import open_files
from game.ui.menu import TitleScene
from game.ui.planet.match import PlanetMatchScene
from game.ui.planet.setup import PlanetSetupScene
from tests.ui.driver import post_click, post_key
from tests.ui.test_text_fit import _check

PLANTED = pygame.K_F9


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    tail = LogTail()
    logger = logging.getLogger("game")
    level = logger.level
    logger.setLevel(logging.INFO)
    logger.addHandler(tail)
    monkeypatch.setattr(crash_report, "_TAIL", tail)
    monkeypatch.setattr(crash, "_RECENT", [])
    yield tmp_path
    logger.removeHandler(tail)
    logger.setLevel(level)


def _window() -> App:
    """An app as `bakugan play` makes it: the title its home, crashes caught."""
    app = App("en", fast=True)
    app.home = TitleScene
    app.on_crash = recover
    app.push(TitleScene(app))
    return app


def _plant(monkeypatch: pytest.MonkeyPatch, scene_type: type) -> None:
    """The planted error: the screen's `handle` fails on F9."""
    real = scene_type.handle

    def handle(self: object, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == PLANTED:
            raise RuntimeError("planted in the screen")
        real(self, event)

    monkeypatch.setattr(scene_type, "handle", handle)


def _press(app: App, label: str) -> None:
    button = next(b for b in app.top.buttons if b.label == label)  # type: ignore[attr-defined]
    post_click(button.rect.center)
    app.step()


def test_an_error_in_a_match_writes_a_report_keeps_the_autosave_and_goes_home(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _window()
    app.top.choose("planet")  # type: ignore[attr-defined]
    setup = PlanetSetupScene(app, hotseat=False, seed=5)
    app.push(setup)
    setup.start()
    scene = app.top
    assert isinstance(scene, PlanetMatchScene)
    for _ in range(30):
        app.step()
    scene.autosave()
    save = saves.save_path("planet")
    before = save.read_bytes()
    (replay,) = open_files()
    logging.getLogger("game.test").warning("a line logged before the crash")
    _plant(monkeypatch, PlanetMatchScene)
    post_key(PLANTED)
    app.step()

    assert isinstance(app.top, CrashScene) and len(app.stack) == 1
    assert save.read_bytes() == before  # the autosave as it was
    assert open_files() == []  # the match let go of its replay file
    (report,) = (home / "data" / "crashes").iterdir()
    assert app.top.report == report
    text = report.read_text("utf-8")
    assert "RuntimeError: planted in the screen" in text
    assert "Traceback (most recent call last):" in text and "in handle" in text
    for line in build_info().lines():
        assert line in text
    assert "game: planet" in text and "screens: TitleScene > PlanetMatchScene" in text
    assert f"autosave (left as it was): {save}" in text
    assert "a line logged before the crash" in text
    recorded = read_replay(replay)
    at = text.index(f"== the replay so far ({replay.name}) ==")
    shown = text[at:].splitlines()
    assert shown[2] == f"{len(recorded.records)} records, finished: False"
    assert json.loads(shown[3]) == recorded.header
    assert [json.loads(line) for line in shown[4 : 4 + len(recorded.records)]] == recorded.records
    drawn = " ".join(app.top.lines())
    assert str(report) in drawn and "RuntimeError" in drawn and "planted" not in drawn
    assert app.tr("crash.kept") in drawn

    _press(app, app.tr("crash.title_screen"))
    assert isinstance(app.top, TitleScene) and len(app.stack) == 1
    _press(app, app.tr("save.continue"))
    assert isinstance(app.top, PlanetMatchScene)
    assert app.top.match.to_json()["state"] == json.loads(before)["payload"]["state"]
    app.go_home()
    pygame.quit()


def test_an_error_on_the_title_is_caught_too_and_quit_ends_the_game(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _window()
    _plant(monkeypatch, TitleScene)
    post_key(PLANTED)
    app.step()
    assert isinstance(app.top, CrashScene)
    text = app.top.report.read_text("utf-8")  # type: ignore[union-attr]
    assert "(no match was being recorded)" in text and "screens: TitleScene" in text
    assert app.tr("crash.kept") not in app.top.lines()  # (there is no autosave to keep)
    _press(app, app.tr("crash.quit"))
    assert not app.running and app.stack == []
    pygame.quit()


def test_an_error_on_the_crash_screen_or_too_many_are_not_caught_again(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _window()
    _plant(monkeypatch, TitleScene)
    _plant(monkeypatch, CrashScene)
    post_key(PLANTED)
    app.step()
    assert isinstance(app.top, CrashScene)
    post_key(PLANTED)
    with pytest.raises(RuntimeError, match="planted"):
        app.step()
    crash._RECENT.clear()
    app = _window()
    for _ in range(crash.MOST):
        post_key(PLANTED)
        app.step()
        app.go_home()
    post_key(PLANTED)
    with pytest.raises(RuntimeError, match="planted"):
        app.step()
    pygame.quit()


def test_a_report_that_cannot_be_written_is_said_so(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (home / "data").mkdir()
    (home / "data" / "crashes").write_text("a file where the folder would be")
    app = _window()
    _plant(monkeypatch, TitleScene)
    post_key(PLANTED)
    app.step()
    assert isinstance(app.top, CrashScene) and app.top.report is None
    assert app.top.lines()[1].startswith("A report could not be written (")
    pygame.quit()


def test_only_the_newest_reports_are_kept(home: Path) -> None:
    folder = home / "old"
    folder.mkdir()
    for i in range(crash_report.KEEP + 5):
        (folder / f"crash-2000010{i:02d}-000000.txt").write_text("old")
    error = ValueError("x")
    path, why = crash_report.write_report(crash_report.Crash(error, "classic", []), folder)
    assert why == "" and path is not None and path.exists()
    assert len(list(folder.glob("crash-*.txt"))) == crash_report.KEEP


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_crash_screen_fits(lang: str, home: Path) -> None:
    app = App(lang, fast=True)
    long = home / ("a-long-folder-name-" * 3) / "data" / "crashes" / "crash-20261201-203000.txt"
    for scene in (
        CrashScene(app, "ZeroDivisionError", long, kept=True),
        CrashScene(app, "KeyError", None, "PermissionError: [Errno 13] Permission denied: '/x'"),
    ):
        app.push(scene)
        with text_fit.recording() as ledger:
            scene.draw(app.screen)
        _check(ledger, f"crash screen {lang}")
    pygame.quit()


def test_the_window_catches_crashes_and_keeps_the_log(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[App] = []
    monkeypatch.setattr(App, "run", lambda self, first, *a, **k: made.append(self))
    monkeypatch.setattr(launch, "install_log_tail", lambda: made.append("tail"))  # type: ignore[arg-type]
    assert launch.main("en") == 0
    assert made[0] == "tail" and made[1].on_crash is recover  # type: ignore[union-attr]
    pygame.quit()
