"""tools/build_app.py, without building (the build itself runs in .ci/run): every module
of the game goes in by name, namespace folders too, the OpenSpiel adapters and their
libraries stay out, the data goes where game/files/paths.py looks, and the check of a
built folder finds what is missing, changed or left in."""

from __future__ import annotations

import importlib.util
import itertools
import os
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("build_app", ROOT / "tools" / "build_app.py")
assert _spec is not None and _spec.loader is not None
build_app = importlib.util.module_from_spec(_spec)
sys.modules["build_app"] = build_app
_spec.loader.exec_module(build_app)


def test_every_module_of_the_game_goes_in_but_the_openspiel_adapters() -> None:
    modules = build_app.game_modules()
    every = {
        ".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
        for p in (ROOT / "game").rglob("*.py")
    }
    left_out = {m for m in every if m.startswith(build_app.LEFT_OUT)}
    assert left_out and set(modules) == every - left_out
    assert "game.ui.menu" in modules  # (game/ui has no __init__.py)
    assert "game.ui.planet.deckbuilder" in modules and "game.__main__" in modules


def test_the_command_line_names_the_traps() -> None:
    args = build_app.pyinstaller_args(Path("/tmp/work"))
    pairs = set(itertools.pairwise(args))
    assert ("--hidden-import", "_cffi_backend") in pairs
    assert ("--copy-metadata", "bakugan-table") in pairs
    for library in ("pyspiel", "open_spiel", "numpy", "game.ai.classic.openspiel"):
        assert ("--exclude-module", library) in pairs
    for folder in ("assets", "levels"):
        assert ("--add-data", f"{ROOT / folder}{os.pathsep}{folder}") in pairs
    assert ("--name", "bakugan") in pairs and "--onedir" in args
    assert args[-1] == "/tmp/work/entry.py"


def _built(tmp_path: Path) -> Path:
    """A folder laid out as a build leaves it (the data copied, an executable)."""
    folder = tmp_path / "bakugan-table"
    inside = build_app.bundle_dir(folder)
    for data in build_app.DATA:
        shutil.copytree(ROOT / data, inside / data)
    exe = build_app.executable(folder)
    exe.write_text("#!/bin/sh\n")
    exe.chmod(0o755)
    return folder


def test_a_whole_folder_passes_its_check(tmp_path: Path) -> None:
    assert build_app.check(_built(tmp_path)) == []


@pytest.mark.parametrize(
    ("spoil", "says"),
    [
        (lambda f: (f / "_internal/assets/fonts/DejaVuSans.ttf").unlink(), "missing"),
        (lambda f: (f / "_internal/assets/lang/ru.toml").write_text("x"), "differs"),
        (lambda f: (f / "_internal/numpy").mkdir(), "numpy: in the bundle"),
        (lambda f: (f / "_internal/pyspiel.so").write_text("x"), "pyspiel: in the bundle"),
        (lambda f: (f / "_internal/freesansbold.ttf").write_text("x"), "default font"),
        (lambda f: build_app.executable(f).unlink(), "no executable"),
    ],
)
def test_the_check_finds_what_is_wrong(tmp_path: Path, spoil: object, says: str) -> None:
    folder = _built(tmp_path)
    spoil(folder)  # type: ignore[operator]
    problems = build_app.check(folder)
    assert any(says in p for p in problems), problems
