"""Atomic files: leftovers of interrupted writes swept at start, damaged files set aside
under names of their own (issue 13)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from game.files import atomic
from game.files.atomic import set_aside, sweep_stale_temps, write_atomic


def _crashed_write(path: Path, age: float) -> Path:
    """The temporary file a write killed before its rename leaves (as mkstemp names it)."""
    stray = path.with_name(f".{path.name}.k3j9x_{int(age)}{os.getpid()}.tmp")
    stray.write_bytes(b"half a file")
    then = time.time() - age
    os.utime(stray, (then, then))
    return stray


def test_stale_temporary_files_are_swept_and_fresh_ones_kept(tmp_path: Path) -> None:
    config, data = tmp_path / "config", tmp_path / "data"
    config.mkdir()
    data.mkdir()
    old = [_crashed_write(data / "autosave.json", 3600 + i) for i in range(33)]
    old.append(_crashed_write(config / "settings.toml", 86400))
    young = _crashed_write(data / "challenges.json", 5)  # maybe another copy writing now
    keep = data / "autosave.json"
    keep.write_text("{}")
    assert sweep_stale_temps([config, data, tmp_path / "missing"]) == 34
    assert not any(p.exists() for p in old) and young.exists() and keep.exists()
    assert sweep_stale_temps([config, data]) == 0


def test_an_app_start_sweeps_the_leftovers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    (tmp_path / "data").mkdir()
    strays = [_crashed_write(tmp_path / "data" / "autosave.json", 1000 + i) for i in range(200)]
    from game.ui.app import App

    app = App("en", fast=True)
    try:
        assert not any(p.exists() for p in strays)
    finally:
        import pygame

        pygame.quit()
    del app


def test_set_aside_never_replaces_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "settings.toml"
    monkeypatch.setattr(atomic.time, "strftime", lambda fmt: "20250101-120000")
    names = []
    for i in range(3):
        path.write_text(f"damaged {i}")
        aside = set_aside(path)
        assert aside is not None and not path.exists()
        names.append(aside.name)
    assert names == [
        "settings.damaged-20250101-120000.toml",
        "settings.damaged-20250101-120000-1.toml",
        "settings.damaged-20250101-120000-2.toml",
    ]
    assert [(tmp_path / n).read_text() for n in names] == [f"damaged {i}" for i in range(3)]
    path.write_text("kept in place")
    copy = set_aside(path, copy=True)
    assert copy is not None and copy.read_text() == "kept in place" and path.exists()
    assert set_aside(tmp_path / "missing.toml") is None


def test_write_atomic_still_replaces_whole(tmp_path: Path) -> None:
    path = tmp_path / "a" / "b.json"
    write_atomic(path, "one")
    write_atomic(path, b"two")
    assert path.read_bytes() == b"two" and [p.name for p in path.parent.iterdir()] == ["b.json"]
