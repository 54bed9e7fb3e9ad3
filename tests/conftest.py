from __future__ import annotations

import os
import sys
import tempfile

# Bytecode is cached even where PYTHONDONTWRITEBYTECODE is set (this machine sets it):
# otherwise each of the suite's workers compiles the game and rewrites every test
# module again (10 s a worker), and so does every `python -m game` a test starts (they
# read the caches the workers write). The caches go to the __pycache__ folders git
# ignores.
sys.dont_write_bytecode = False

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
# Settings, saves and progress go to a throwaway home, never the developer's own.
os.environ["BAKUGAN_HOME"] = tempfile.mkdtemp(prefix="bakugan-test-home-")

# The first-match hints wait for a click; tests that want them turn them on themselves.
from game.persist.settings import UserSettings, save_settings  # noqa: E402

save_settings(UserSettings(language="en", tutorial=False))


# ---------------------------------------------------------------- disk faults

import builtins  # noqa: E402
import errno  # noqa: E402
import io  # noqa: E402
from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402

_WRITES = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


class Faults:
    """Disk faults the tests cannot make for real (they may run as root, whom no
    permission stops): a folder that refuses every write (`read_only`: read-only, or
    `code=errno.ENOSPC`: full), a file that refuses to be read (`unreadable`). Each
    raises the OSError the system would, from the calls the game's writers and readers
    make (`os.open` and the `open` of `io`, `os.replace`, `os.link`, `os.rename`,
    `os.unlink`, `os.mkdir`)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.mp = monkeypatch
        self.folders: dict[Path, int] = {}
        self.files: set[Path] = set()
        self._patched = False

    def read_only(self, folder: Path, code: int = errno.EROFS) -> None:
        self.folders[folder.resolve()] = code
        self._patch()

    def lift(self) -> None:
        """The faults end (the disk is writable again, the file readable)."""
        self.folders.clear()
        self.files.clear()

    def unreadable(self, path: Path) -> None:
        self.files.add(path.resolve())
        self._patch()

    def _refused(self, path: Any) -> int | None:
        try:
            p = Path(os.fsdecode(path)).resolve()
        except (TypeError, ValueError):
            return None
        for folder, code in self.folders.items():
            if p == folder or folder in p.parents:
                return code
        return None

    def _patch(self) -> None:
        if self._patched:
            return
        self._patched = True
        real_open, real_os_open = io.open, os.open

        def fail(code: int, path: Any) -> OSError:
            return OSError(code, os.strerror(code), os.fsdecode(path))

        def guarded(name: str, nargs: int) -> Callable[..., Any]:
            real = getattr(os, name)

            def call(*args: Any, **kwargs: Any) -> Any:
                for path in args[:nargs]:
                    code = (
                        self._refused(path) if isinstance(path, str | bytes | os.PathLike) else None
                    )
                    if code is not None:
                        raise fail(code, path)
                return real(*args, **kwargs)

            return call

        def opened(file: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
            if isinstance(file, str | bytes | os.PathLike):
                writing = any(c in mode for c in "wax+")
                code = self._refused(file) if writing else None
                if code is not None:
                    raise fail(code, file)
                if not writing and Path(os.fsdecode(file)).resolve() in self.files:
                    raise fail(errno.EACCES, file)
            return real_open(file, mode, *args, **kwargs)

        def os_opened(path: Any, flags: int, *args: Any, **kwargs: Any) -> Any:
            code = self._refused(path) if flags & _WRITES else None
            if code is not None:
                raise fail(code, path)
            if not flags & _WRITES and Path(os.fsdecode(path)).resolve() in self.files:
                raise fail(errno.EACCES, path)
            return real_os_open(path, flags, *args, **kwargs)

        self.mp.setattr(io, "open", opened)
        self.mp.setattr(builtins, "open", opened)
        self.mp.setattr(os, "open", os_opened)
        for name, nargs in (
            ("replace", 2),
            ("rename", 2),
            ("link", 2),
            ("unlink", 1),
            ("remove", 1),
            ("mkdir", 1),
            ("rmdir", 1),
        ):
            self.mp.setattr(os, name, guarded(name, nargs))


@pytest.fixture
def faults(monkeypatch: pytest.MonkeyPatch) -> Iterator[Faults]:
    yield Faults(monkeypatch)


# ---------------------------------------------------------------- the suite's settings

from game.persist.paths import settings_path  # noqa: E402

_SETTINGS = settings_path()
_SUITE_SETTINGS = _SETTINGS.read_bytes()


@pytest.fixture(autouse=True)
def _suite_settings() -> Iterator[None]:
    """Each test ends by putting the suite's settings file back if it changed it: a
    screen that saves the player's choice (the game chosen on the title, a language)
    leaves it to no later test in the same worker."""
    yield
    try:
        now: bytes | None = _SETTINGS.read_bytes()
    except OSError:
        now = None
    if now != _SUITE_SETTINGS:
        _SETTINGS.parent.mkdir(parents=True, exist_ok=True)
        _SETTINGS.write_bytes(_SUITE_SETTINGS)


# ---------------------------------------------------------------- fsync

# Where a write's surviving a crash or a power cut is what is tested, fsync stays.
_FSYNC_KEPT = ("tests/files/", "tests/persist/")
_ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def _no_fsync(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Matches autosave after every step and keep their replays: thousands of atomic
    writes in the suite, each with two fsyncs, a millisecond each on a quiet disk and
    several on one the suite's workers share (up to a third of a match on screen). Their
    durability is tested in tests/files and tests/persist, with the real fsync."""
    where = Path(str(request.node.path)).resolve().relative_to(_ROOT).as_posix()
    if not where.startswith(_FSYNC_KEPT):
        monkeypatch.setattr(os, "fsync", lambda fd: None)
