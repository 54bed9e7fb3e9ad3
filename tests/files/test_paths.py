"""Where the shipped data is found: in a packaged app (PyInstaller's bundle folder, or
beside the executable), else in the checkout."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from game.files import paths


def _data_in(root: Path) -> Path:
    (root / "assets" / "data").mkdir(parents=True)
    (root / "levels").mkdir()
    return root


def test_from_a_checkout_the_data_is_beside_the_package() -> None:
    assert not paths.frozen()
    assert paths.assets_dir() == Path(__file__).resolve().parents[2] / "assets"
    assert (paths.game_data_dir("planet") / "cards.toml").parent.name == "planet"


def test_a_packaged_app_reads_its_bundle_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bundle = _data_in(tmp_path / "_internal")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "bakugan"))
    assert paths.frozen()
    assert paths.assets_dir() == bundle / "assets"
    assert paths.levels_dir() == bundle / "levels"
    assert paths.game_data_dir("attack") == bundle / "assets" / "data" / "attack"


def test_a_packaged_app_without_a_bundle_folder_reads_beside_its_executable(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    beside = _data_in(tmp_path / "app")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.delattr(sys, "_MEIPASS", raising=False)
    monkeypatch.setattr(sys, "executable", str(beside / "bakugan"))
    assert paths.assets_dir() == beside / "assets"


def test_a_packaged_app_prefers_its_own_data_to_a_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bundle = _data_in(tmp_path / "bundle")
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "elsewhere" / "bakugan"))
    assert paths.assets_dir() != Path(__file__).resolve().parents[2] / "assets"


def test_no_data_anywhere_names_every_place_tried(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "_MEIPASS", str(tmp_path / "empty"), raising=False)
    monkeypatch.setattr(sys, "executable", str(tmp_path / "bin" / "bakugan"))
    monkeypatch.setattr(paths, "_CHECKOUT", tmp_path / "checkout")
    monkeypatch.setattr(paths, "_INSTALLED", tmp_path / "share")
    with pytest.raises(FileNotFoundError) as caught:
        paths.assets_dir()
    for place in ("empty", "bin", "checkout", "share"):
        assert str(tmp_path / place) in str(caught.value)
