"""The app loop keeps no per-frame history without bound, and shows notices about the
player's files over every screen for a while (issue 13, points 1 and 5)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

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
