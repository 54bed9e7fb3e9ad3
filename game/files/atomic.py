"""Atomic file writes: a reader sees the old file or the new one, never half of either.

The data goes to a temporary file in the same folder (so the final rename stays on one
file system), is flushed and fsynced, and then `os.replace` puts it in place in one
step. A crash before the rename leaves the previous file untouched (and, at worst, a
stray ``.<name>.*.tmp`` that `remove_stale_temps` sweeps up later).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Iterable
from pathlib import Path

_TMP_SUFFIX = ".tmp"
STALE_AFTER = 300.0
"""Seconds after which a temporary file of `write_atomic` is a crash's leftover: a write
takes milliseconds, so an older one belongs to no write still under way (another copy
of the game running at the same time included)."""


def _tmp_prefix(path: Path) -> str:
    return f".{path.name}."


def write_atomic(path: str | os.PathLike[str], data: bytes | str) -> None:
    """Write `data` (text is written as UTF-8) to `path` atomically, creating its folder."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    fd, tmp_name = tempfile.mkstemp(
        prefix=_tmp_prefix(target), suffix=_TMP_SUFFIX, dir=target.parent
    )
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(payload)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp_name)
        raise
    _fsync_dir(target.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it (POSIX)."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def sweep_stale_temps(folders: Iterable[Path], older_than: float = STALE_AFTER) -> int:
    """Delete the leftovers (``.<name>.*.tmp``) of interrupted atomic writes in `folders`
    last changed more than `older_than` seconds ago; how many. Never raises."""
    now = time.time()
    removed = 0
    for folder in folders:
        try:
            strays = list(Path(folder).glob(f".*{_TMP_SUFFIX}"))
        except OSError:
            continue
        for stray in strays:
            with contextlib.suppress(OSError):
                if stray.is_file() and now - stray.stat().st_mtime > older_than:
                    stray.unlink()
                    removed += 1
    return removed


def aside_name(path: Path, tag: str, stamp: str, n: int) -> Path:
    """``<stem>.<tag>-<stamp>[-n]<suffix>`` beside `path`."""
    extra = "" if n == 0 else f"-{n}"
    return path.with_name(f"{path.stem}.{tag}-{stamp}{extra}{path.suffix}")


def set_aside(path: Path, tag: str = "damaged", *, copy: bool = False) -> Path | None:
    """Move (or, with `copy`, copy) `path` to a new name of its own beside it,
    ``<stem>.<tag>-<YYYYmmdd-HHMMSS>[-n]<suffix>``; the new path, or None when it could
    not be done (the file is then left where it was). An existing file is never
    replaced: a second damaged file in the same second gets ``-1``, ``-2`` ...
    """
    stamp = time.strftime("%Y%m%d-%H%M%S")
    if copy:
        try:
            data = path.read_bytes()
        except OSError:
            return None
    for n in range(1000):
        target = aside_name(path, tag, stamp, n)
        try:
            if copy:
                _create_new(target, data)
            else:
                _move_new(path, target)
        except FileExistsError:
            continue
        except OSError:
            return None
        return target
    return None


def _create_new(target: Path, data: bytes) -> None:
    """Write a file that must not exist yet (FileExistsError if it does)."""
    with target.open("xb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    _fsync_dir(target.parent)


def _move_new(source: Path, target: Path) -> None:
    """Rename `source` to `target`, which must not exist yet (FileExistsError if it does):
    a hard link and an unlink where the file system has them, else a checked rename
    (Windows' rename never replaces a file)."""
    if os.name == "posix":
        try:
            os.link(source, target)
        except FileExistsError:
            raise
        except OSError:  # no hard links here (FAT, some network shares)
            if target.exists():
                raise FileExistsError(target) from None
            os.rename(source, target)
        else:
            os.unlink(source)
    else:
        os.rename(source, target)
    _fsync_dir(target.parent)


def remove_stale_temps(path: str | os.PathLike[str]) -> int:
    """Delete temporary files a crashed `write_atomic(path, ...)` left behind; how many."""
    target = Path(path)
    removed = 0
    if not target.parent.is_dir():
        return 0
    for stray in target.parent.glob(f"{_tmp_prefix(target)}*{_TMP_SUFFIX}"):
        with contextlib.suppress(OSError):
            stray.unlink()
            removed += 1
    return removed
