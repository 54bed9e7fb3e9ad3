"""Reading a data file's bytes into plain values without ever raising anything else
than `Undecodable`.

The standard decoders fail in more ways than their documented error: `tomllib` and
`json` raise ValueError for an integer of more than 4,300 digits, RecursionError for
deep nesting, and `bytes.decode` a UnicodeDecodeError; a huge file costs memory and
time before any of that. Every loader of the game (cards, levels, scenarios, AI
levels, settings, saves, progress, language catalogs) reads through here, so each of
them reports one clear line naming the file, whatever the bytes.

Parsed values are also checked for depth (`MAX_DEPTH`): the checks that walk them
afterwards may recurse, and a file nested a thousand levels deep is no data of ours.
Standard library only.
"""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

MAX_DEPTH = 32
"""Tables and lists inside one another: the game's own files need fewer than 8."""
MAX_BYTES = 4 * 1024 * 1024
"""The default size limit of a data file (the biggest shipped file is under 100 KB)."""


class Undecodable(ValueError):
    """Bytes that are not a data file: `code` says how (``too_large``, ``not_utf8``,
    ``syntax``, ``number``, ``nesting``, ``unreadable``, ``missing``), `detail` is
    English for the log and the command line."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(detail)
        self.code = code
        self.detail = detail


def read_bytes(path: Path, limit: int = MAX_BYTES) -> bytes:
    """The file's bytes, at most `limit` of them; raises `Undecodable` (``missing``,
    ``unreadable``, ``too_large``)."""
    try:
        with path.open("rb") as f:
            raw = f.read(limit + 1)
    except FileNotFoundError:
        raise Undecodable("missing", "file not found") from None
    except OSError as e:
        raise Undecodable("unreadable", f"cannot be read ({e.strerror or e})") from None
    except (ValueError, MemoryError) as e:  # a path the OS refuses, or no memory
        raise Undecodable("unreadable", f"cannot be read ({type(e).__name__})") from None
    if len(raw) > limit:
        raise Undecodable("too_large", f"larger than {limit // 1024} KB")
    return raw


def text(raw: bytes) -> str:
    """`raw` as UTF-8 text (a byte-order mark is allowed); raises ``not_utf8``."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise Undecodable(
            "not_utf8", f"not UTF-8 text (byte 0x{raw[e.start]:02x} at offset {e.start})"
        ) from None


def toml(raw: bytes) -> dict[str, Any]:
    """The TOML document in `raw`; raises `Undecodable`."""
    data: dict[str, Any] = _parsed(tomllib.loads, text(raw), tomllib.TOMLDecodeError, "TOML")
    return data


def json_value(raw: bytes) -> Any:
    """The JSON value in `raw` (NaN and infinities refused); raises `Undecodable`."""

    def loads(source: str) -> Any:
        return json.loads(source, parse_constant=_no_constant, parse_float=_float)

    return _parsed(loads, text(raw), json.JSONDecodeError, "JSON", _not_finite)


def _parsed(
    loads: Callable[[str], Any],
    source: str,
    syntax: type[ValueError],
    name: str,
    refused: Callable[[ValueError | OverflowError], None] = lambda e: None,
) -> Any:
    """`loads(source)` checked for depth; its every failure an `Undecodable`: its
    `syntax` error, deep nesting, what `refused` raises for a ValueError, else a number
    too long, no memory."""
    try:
        data = loads(source)
    except syntax as e:
        raise Undecodable("syntax", f"not valid {name} ({e})") from None
    except RecursionError:
        raise Undecodable("nesting", f"nested deeper than {MAX_DEPTH} levels") from None
    except (ValueError, OverflowError) as e:  # an integer of more digits than Python converts
        refused(e)
        raise Undecodable("number", "a number too long to read") from None
    except MemoryError:
        raise Undecodable("too_large", "too large to read") from None
    check_depth(data)
    return data


def _not_finite(e: ValueError | OverflowError) -> None:
    if "NaN" in str(e) or "Infinity" in str(e):
        raise Undecodable("syntax", str(e)) from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number this game writes")


def _float(literal: str) -> float:
    value = float(literal)
    if not math.isfinite(value):
        raise ValueError(f"Infinity: {literal[:20]} is too large")
    return value


def check_depth(value: Any, limit: int = MAX_DEPTH) -> None:
    """Raise ``nesting`` if dicts and lists nest deeper than `limit`, and ``not_utf8``
    for a string (or key) that cannot be written back as UTF-8 (a lone surrogate that
    JSON's ``\\ud800`` spells); walks without recursion."""
    stack: list[tuple[Any, int]] = [(value, 0)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            _check_text(item)
            continue
        if isinstance(item, dict):
            for key in item:
                _check_text(str(key))
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth >= limit:
            raise Undecodable("nesting", f"nested deeper than {limit} levels")
        stack.extend((child, depth + 1) for child in children)


def _check_text(value: str) -> None:
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Undecodable("not_utf8", "text that is not valid Unicode (a lone surrogate)") from None


def finite(value: object) -> bool:
    """True for an int or float (not a bool) that is finite."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too big for a float
        return False


__all__ = [
    "MAX_BYTES",
    "MAX_DEPTH",
    "Undecodable",
    "check_depth",
    "finite",
    "json_value",
    "read_bytes",
    "text",
    "toml",
]
