"""The match screens' message log kept across a save and Continue, for every game.

A match's autosave payload holds its rules state, which is all the match needs to go
on; the log beside the table is the screen's own (what each line said, in the words
and to the viewer of its moment) and cannot be told anew from the state. So the screen
puts its log into the payload under `KEY` (`put`), in whatever JSON shape its game's
lines take, and reads it back on Continue (`take`) through its game's reader of one
line. The payload is covered by the save's checksum like the rest of the match.

A save is a file that may have been edited: `take` keeps at most `MAX_ENTRIES` lines,
refuses a line with a text longer than `MAX_TEXT` or nested deeper than `MAX_DEPTH`,
and drops (with a warning in the log file) any line its game's reader refuses; a
damaged log never stops a match from resuming, it only comes back shorter.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

log = logging.getLogger(__name__)

KEY = "log"
MAX_ENTRIES = 100
MAX_TEXT = 500
MAX_DEPTH = 4

T = TypeVar("T")


def put(payload: dict[str, Any], entries: Sequence[Any]) -> dict[str, Any]:
    """`payload` with the log's last `MAX_ENTRIES` lines (JSON values) put in."""
    payload[KEY] = list(entries[-MAX_ENTRIES:])
    return payload


def _plain(value: Any, depth: int = 0) -> bool:
    """A small JSON value: short texts, whole numbers, None, lists and objects."""
    if depth > MAX_DEPTH:
        return False
    if value is None or isinstance(value, bool | int):
        return True
    if isinstance(value, str):
        return len(value) <= MAX_TEXT
    if isinstance(value, list):
        return len(value) <= MAX_ENTRIES and all(_plain(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return len(value) <= MAX_ENTRIES and all(
            isinstance(k, str) and len(k) <= MAX_TEXT and _plain(v, depth + 1)
            for k, v in value.items()
        )
    return False


def take(payload: Mapping[str, Any], read: Callable[[Any], T | None]) -> list[T]:
    """The log saved in `payload` (empty: none, or not a list), each line read by
    `read` (None or a TypeError, ValueError or KeyError: the line is dropped)."""
    saved = payload.get(KEY)
    if not isinstance(saved, list):
        if saved is not None:
            log.warning("saved log: not a list, left out")
        return []
    out: list[T] = []
    dropped = 0
    for entry in saved[-MAX_ENTRIES:]:
        line = None
        if _plain(entry):
            try:
                line = read(entry)
            except (TypeError, ValueError, KeyError):
                line = None
        if line is None:
            dropped += 1
        else:
            out.append(line)
    if dropped:
        log.warning("saved log: %d line(s) that do not read, left out", dropped)
    return out
