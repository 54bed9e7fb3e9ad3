"""Which first-match hints this player has seen, kept across matches and launches.

The file is ``hints.json`` in the player's config folder (`game.persist.paths`), written
atomically: ``{"format": 1, "seen": ["setup", "main", ...]}``. Each hint shows once per
player profile; How to play offers to see them all again (`forget`). A damaged file
never stops the game: its bytes are read through the one decoder
(`game.files.decode`), a damaged one is set aside (``hints.damaged-<time>.json``) and
the hints start afresh, with one warning for the log (which hints were seen is not
worth a message on screen). A file that cannot be read, or set aside, is left where it
is and never written over: the hints seen in this session are then not kept.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from pathlib import Path

from game.files import decode
from game.files.atomic import set_aside, write_atomic

from .paths import config_dir

HINTS_FILE = "hints.json"
FORMAT = 1
MAX_FILE_BYTES = 64 * 1024  # the names of five hints
MAX_HINTS = 1000

log = logging.getLogger(__name__)


def hints_path() -> Path:
    return config_dir() / HINTS_FILE


def load_seen(path: Path | None = None) -> tuple[frozenset[str], str | None]:
    """The hints seen so far and at most one warning; never raises. A file that could
    not be read or set aside is remembered (`save_seen` then refuses to write over it)."""
    try:
        p = path or hints_path()
    except Exception as e:  # no config folder: no hints remembered
        return frozenset(), f"hints: no config folder ({e})"
    try:
        raw = decode.read_bytes(p, MAX_FILE_BYTES)
    except decode.Undecodable as e:
        if e.code == "missing":
            return frozenset(), None
        if e.code != "too_large":
            _KEEP.add(p)
            return frozenset(), f"{p}: {e.detail}; the file is left as it is"
        raw = b""
    try:
        data = decode.json_value(raw)
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a hints file of this game")
        seen = data.get("seen")
        if not isinstance(seen, list) or not all(isinstance(s, str) for s in seen):
            raise ValueError("seen: expected a list of hint names")
        if len(seen) > MAX_HINTS:
            raise ValueError(f"seen: more than {MAX_HINTS} hints")
        return frozenset(seen), None
    except ValueError as e:  # (`Undecodable` is one)
        kept = set_aside(p)
        if kept is None:
            _KEEP.add(p)
        where = (
            f"kept as {kept.name}" if kept is not None else "left as it is (it could not be moved)"
        )
        return frozenset(), f"{p}: {e}; the hints start afresh, the file {where}"


_KEEP: set[Path] = set()
"""Hints files that could not be read or set aside this session: never written over."""


def save_seen(seen: Iterable[str], path: Path | None = None) -> None:
    """Write the hints seen (raises OSError when the file cannot be written, or is a
    file `load_seen` could not read: it is not written over)."""
    p = path or hints_path()
    if p in _KEEP:
        raise OSError(f"{p}: could not be read: not written over")
    payload = {"format": FORMAT, "seen": sorted(set(seen))}
    write_atomic(p, json.dumps(payload, ensure_ascii=False) + "\n")


def forget(path: Path | None = None) -> None:
    """Every hint shows again (How to play's "show the hints again")."""
    try:
        save_seen((), path)
    except OSError as e:
        log.warning("hints not reset: %s", e)
