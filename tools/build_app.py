"""Build the packaged app: ``python tools/build_app.py`` makes ``dist/bakugan-table/``, a
folder holding the ``bakugan`` executable (``bakugan.exe`` on Windows) and all it needs:
Python itself, pygame-ce, pymunk, the game, the card data, the language catalogs, the
fonts and the sounds. Nothing else is needed on the machine. docs/packaging.md tells
why PyInstaller, what is left out, and what is untried on Windows and macOS.

Needs PyInstaller (``pip install -e ".[app]"``) in the environment that runs the game.
The traps it handles:

- every module of `game` goes in, walked from the source tree: the registry and the
  scene registry import a game's parts by name (``"game.ui.planet"``), which
  PyInstaller's analysis cannot follow, and `game/ui` has no ``__init__.py``, which its
  ``collect_submodules`` skips; the OpenSpiel adapters stay out, and open-spiel and
  numpy with them (the app never loads them);
- pymunk's Chipmunk library is loaded through cffi: ``_cffi_backend`` goes in by name;
- ``assets/`` and ``levels/`` go into the bundle's own folder (``_internal``, the
  ``sys._MEIPASS`` that `game/files/paths.py` looks in first);
- pygame's default font is taken out of the bundle: the game never draws with it
  (`game/ui/fonts.py`), and whatever did would fail in the smoke runs of `.ci/run`;
- the package's metadata goes in, for the version ``bakugan --version`` prints.

Then the folder is checked (the executable, every data file byte for byte, nothing of
OpenSpiel) and one JSON line is printed: the seconds the build took, the folder's size.
``--check`` checks a folder built before without building.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NAME = "bakugan-table"  # the folder, and the package whose metadata goes in
EXE = "bakugan"
DIST = ROOT / "dist" / NAME
WORK = ROOT / "build" / "app"
DATA = ("assets", "levels")  # folders copied whole into the bundle's own folder
LEFT_OUT = ("game.ai.classic.openspiel", "game.ai.openspiel_base", "game.ai.planet.openspiel")
"""The OpenSpiel adapters (for researchers, `docs/openspiel.md`): not in the app."""
EXCLUDED = ("pyspiel", "open_spiel", "numpy", "tkinter", "pytest", "hypothesis", "mypy")
"""Libraries kept out even where installed (the test environment has them all)."""
PYGAME_DEFAULT_FONT = "freesansbold.ttf"
ENTRY = """import sys

from game.__main__ import main

sys.exit(main())
"""


def game_modules(root: Path = ROOT) -> list[str]:
    """Every module of the `game` package by its dotted name, from the source tree
    (namespace folders too), less the OpenSpiel adapters."""
    out = []
    for path in sorted((root / "game").rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        name = ".".join(parts)
        if not any(name == m or name.startswith(m + ".") for m in LEFT_OUT):
            out.append(name)
    return out


def executable(folder: Path = DIST) -> Path:
    return folder / (EXE + (".exe" if sys.platform == "win32" else ""))


def bundle_dir(folder: Path = DIST) -> Path:
    """Where the data goes: PyInstaller's contents folder (``sys._MEIPASS``)."""
    return folder / "_internal"


def pyinstaller_args(work: Path = WORK) -> list[str]:
    """The PyInstaller command line (the same on every system)."""
    entry = work / "entry.py"
    args = [
        "--noconfirm",
        "--onedir",
        "--console",  # (the game is a command too: bakugan --version, sim, replay ...)
        "--noupx",
        "--log-level",
        "WARN",
        "--name",
        EXE,
        "--distpath",
        str(work / "dist"),
        "--workpath",
        str(work / "work"),
        "--specpath",
        str(work),
        "--paths",
        str(ROOT),
        "--copy-metadata",
        NAME,
        "--hidden-import",
        "_cffi_backend",
    ]
    for folder in DATA:
        args += ["--add-data", f"{ROOT / folder}{os.pathsep}{folder}"]
    for module in game_modules():
        args += ["--hidden-import", module]
    for module in (*EXCLUDED, *LEFT_OUT):
        args += ["--exclude-module", module]
    return [*args, str(entry)]


def build(work: Path = WORK, dist: Path = DIST) -> None:
    import PyInstaller.__main__ as pyinstaller  # type: ignore[import-untyped]

    work.mkdir(parents=True, exist_ok=True)
    (work / "entry.py").write_text(ENTRY, encoding="utf-8")
    pyinstaller.run(pyinstaller_args(work))
    if dist.exists():
        shutil.rmtree(dist)
    dist.parent.mkdir(parents=True, exist_ok=True)
    shutil.move(str(work / "dist" / EXE), dist)
    for font in bundle_dir(dist).rglob(PYGAME_DEFAULT_FONT):
        font.unlink()


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def check(dist: Path = DIST) -> list[str]:
    """What is wrong with a built folder (empty: nothing)."""
    problems = []
    exe = executable(dist)
    if not exe.is_file():
        problems.append(f"{exe}: no executable")
    elif sys.platform != "win32" and not os.access(exe, os.X_OK):
        problems.append(f"{exe}: not executable")
    inside = bundle_dir(dist)
    for folder in DATA:
        for source in sorted((ROOT / folder).rglob("*")):
            if not source.is_file():
                continue
            copy = inside / source.relative_to(ROOT)
            if not copy.is_file():
                problems.append(f"{copy}: missing")
            elif _digest(copy) != _digest(source):
                problems.append(f"{copy}: differs from {source}")
    for font in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        if not (inside / "assets" / "fonts" / font).is_file():
            problems.append(f"{font}: the game's font is not in the bundle")
    names = {p.name.split(".")[0] for p in inside.rglob("*")}
    for library in ("pyspiel", "open_spiel", "numpy"):
        if library in names:
            problems.append(f"{library}: in the bundle, though the app never loads it")
    if list(inside.rglob(PYGAME_DEFAULT_FONT)):
        problems.append(f"{PYGAME_DEFAULT_FONT}: pygame's default font is in the bundle")
    return problems


def _files(folder: Path) -> list[Path]:
    """The folder's files, each once (a link to a library is not a second copy)."""
    return [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]


def size_mb(folder: Path) -> float:
    return round(sum(p.stat().st_size for p in _files(folder)) / 1e6, 1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="check a built folder only")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    if not args.check:
        build()
    seconds = round(time.perf_counter() - start, 1)
    problems = check()
    for problem in problems:
        print(f"build_app: {problem}", file=sys.stderr)
    report = {
        "folder": str(DIST.relative_to(ROOT)),
        "executable": executable().name,
        "build_seconds": None if args.check else seconds,
        "size_mb": size_mb(DIST) if DIST.exists() else 0.0,
        "files": len(_files(DIST)) if DIST.exists() else 0,
        "ok": not problems,
    }
    print(json.dumps(report))
    return 0 if not problems else 1


if __name__ == "__main__":
    sys.exit(main())
