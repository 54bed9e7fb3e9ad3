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
from pathlib import Path

_TMP_SUFFIX = ".tmp"


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
