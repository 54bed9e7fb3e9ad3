"""The app loop keeps no per-frame history without bound, and shows notices about the
player's files over every screen for a while (issue 13, points 1 and 5)."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.persist.settings import UserSettings, save_settings
from game.ui import app as app_module
from game.ui.app import App
from game.ui.menu import TitleScene


def test_frame_times_are_a_bounded_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app_module, "FRAME_WINDOW", 100)
    app = App("en", fast=True)
    app.run(TitleScene(app), max_frames=450)
    assert app.frames == 450
    assert 100 <= len(app.frame_ms) <= 110  # the last frames, never all of them


def test_a_notice_shows_on_top_and_goes_away(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    settings = tmp_path / "config" / "settings.toml"
    settings.parent.mkdir(parents=True)
    settings.write_bytes(b"format = 1\nlanguage = 'ru'\nmusic_volume = \n")  # a typo
    app = App("en", fast=True)
    (notice,) = app.notices
    assert notice.startswith("Your settings could not be read (it is not valid TOML)")
    assert "settings.damaged-" in notice
    app.push(TitleScene(app))
    app.step()
    top_with = pygame.Surface.copy(app.screen.subsurface((40, 10, 1200, 40)))
    for _ in range(int(app_module.NOTICE_SECONDS * 60) + 2):
        app.step()
    assert app.notice_t == 0.0
    top_without = app.screen.subsurface((40, 10, 1200, 40))
    assert pygame.image.tobytes(top_with, "RGB") != pygame.image.tobytes(top_without, "RGB")
    pygame.quit()


@pytest.mark.parametrize(
    ("code", "why"),
    [(errno.EROFS, "settings.why_read_only"), (errno.ENOSPC, "settings.why_full")],
)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_settings_change_that_cannot_be_written_is_said_on_screen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, faults: Any, code: int, why: str, lang: str
) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    app = App(lang, fast=True)
    path = save_settings(app.settings)
    before = path.read_bytes()
    faults.read_only(path.parent, code)
    app.push(TitleScene(app))
    app.change_settings(music_volume=0.1)
    app.change_settings(music_volume=0.2)  # (said once, not once a change)
    assert app.settings.music_volume == 0.2  # it holds for the session
    expected = app.tr("settings.not_saved", why=app.tr(why))
    assert app.notices == [expected] and app.notice_t > 0
    app.step()
    assert path.read_bytes() == before
    pygame.quit()


def test_a_settings_file_that_could_not_be_read_is_said_not_written_over(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, faults: Any
) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    path = save_settings(UserSettings(language="en", music_volume=0.3))
    faults.unreadable(path)
    app = App("en", fast=True)
    app.change_settings(music_volume=0.9)
    assert app.notices[-1] == app.tr("settings.not_saved", why=app.tr("settings.why_kept"))
    pygame.quit()
