"""Which first-match hints this player has seen, kept across matches and launches.

The file is ``hints.json`` in the player's config folder (`game.persist.paths`), written
atomically: ``{"format": 1, "seen": ["setup", "main", ...]}``. Each hint shows once per
player profile; How to play offers to see them all again (`forget`). A damaged file
never stops the game: it is set aside (``hints.damaged-<time>.json``) and the hints
start afresh, with one warning for the log.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from pathlib import Path

from game.files.atomic import write_atomic

from .paths import config_dir
from .saves import set_aside

HINTS_FILE = "hints.json"
FORMAT = 1

log = logging.getLogger(__name__)


def hints_path() -> Path:
    return config_dir() / HINTS_FILE


def load_seen(path: Path | None = None) -> tuple[frozenset[str], str | None]:
    """The hints seen so far and at most one warning; never raises."""
    try:
        p = path or hints_path()
        raw = p.read_bytes()
    except FileNotFoundError:
        return frozenset(), None
    except Exception as e:  # no config folder, unreadable file: no hints remembered
        return frozenset(), f"hints: cannot be read ({e})"
    try:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ValueError("not a hints file of this game")
        seen = data.get("seen")
        if not isinstance(seen, list) or not all(isinstance(s, str) for s in seen):
            raise ValueError("seen: expected a list of hint names")
        return frozenset(seen), None
    except (ValueError, UnicodeDecodeError) as e:
        kept = set_aside(p)
        where = f"; kept as {kept.name}" if kept is not None else ""
        return frozenset(), f"{p}: {e}; the hints start afresh{where}"


def save_seen(seen: Iterable[str], path: Path | None = None) -> None:
    """Write the hints seen (raises OSError when the file cannot be written)."""
    p = path or hints_path()
    payload = {"format": FORMAT, "seen": sorted(set(seen))}
    write_atomic(p, json.dumps(payload, ensure_ascii=False) + "\n")


def forget(path: Path | None = None) -> None:
    """Every hint shows again (How to play's "show the hints again")."""
    try:
        save_seen((), path)
    except OSError as e:
        log.warning("hints not reset: %s", e)
