"""The game draws its words with its own shipped faces, never pygame's default font (a
packaged app need not carry that file, and it has no Cyrillic): the other shipped face
stands in for a missing one, then a system face; with none, a clear error."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.ui import fonts
from game.ui.app import App, _forget_fonts
from game.ui.menu import SettingsScene, TitleScene


@pytest.fixture(autouse=True)
def _fresh() -> Iterator[None]:
    _forget_fonts()
    pygame.font.init()
    yield
    _forget_fonts()


def _spy(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """Every file `pygame.font.Font` is asked to open; pygame's default (None) raises."""
    real = pygame.font.Font
    asked: list[Any] = []

    def font(path: Any, size: int) -> pygame.font.Font:
        asked.append(path)
        if path is None:
            raise AssertionError("pygame's default font was asked for")
        return real(path, size)

    monkeypatch.setattr(pygame.font, "Font", font)
    return asked


def _fonts_in(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *names: str) -> Path:
    folder = tmp_path / "assets" / "fonts"
    folder.mkdir(parents=True)
    for name in names:
        shutil.copy(Path(fonts.assets_dir()) / "fonts" / name, folder / name)
    monkeypatch.setattr(fonts, "assets_dir", lambda: tmp_path / "assets")
    return folder


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_screens_are_drawn_with_the_shipped_faces_only(
    lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked = _spy(monkeypatch)
    app = App(lang, fast=True)
    for scene in (TitleScene(app), SettingsScene(app)):
        app.push(scene)
        app.draw()
    pygame.quit()
    assert asked, "nothing was drawn with a font"
    assert {Path(p).name for p in asked} <= set(fonts.FACES.values())


def test_a_missing_face_is_stood_in_for_by_the_other(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _fonts_in(tmp_path, monkeypatch, fonts.FACES[False])
    asked = _spy(monkeypatch)
    assert fonts.load_font(26, bold=True).size("Бакуган")[0] > 0
    assert asked[-1] == folder / fonts.FACES[False]


def test_without_the_shipped_faces_a_system_face_is_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fonts_in(tmp_path, monkeypatch)
    system = Path(fonts.__file__).parents[2] / "assets" / "fonts" / fonts.FACES[True]
    monkeypatch.setattr(pygame.font, "match_font", lambda names, bold=False: str(system))
    asked = _spy(monkeypatch)
    assert fonts.load_font(20).size("x")[0] > 0
    assert asked[-1] == str(system)


def test_with_no_face_at_all_the_error_names_the_files_and_the_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = _fonts_in(tmp_path, monkeypatch)
    monkeypatch.setattr(pygame.font, "match_font", lambda names, bold=False: None)
    asked = _spy(monkeypatch)
    with pytest.raises(fonts.FontMissing) as caught:
        fonts.load_font(20)
    assert str(folder) in str(caught.value)
    assert fonts.FACES[True] in str(caught.value)
    assert None not in asked
