"""Reads a file of AI difficulty records (the classic game's: `assets/data/ai/levels.toml`).

The file is one table per level. This module knows the file's shape, not the record:
each table goes to the `check` its game passes in (the classic game's is
`game.ai.levels.check_level`; `game.games.classic` ties the two), which returns the
record or its problems as (field, problem); without one, each level's raw table. So
content imports nothing of the AI, and every game's bots may keep their own record.

Every problem is collected and reported as ``file: level: field: problem``; a file with
any problem is refused whole. The file must hold every level the game offers (`names`)
and may hold more; level names are lower_snake_case.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar, overload

from game.files import decode
from game.files.paths import assets_dir

from .errors import ContentError

T = TypeVar("T")
LevelCheck = Callable[[str, Any], tuple[T | None, list[tuple[str, str]]]]
"""(name, raw table) -> (the record, or None and the problems as (field, problem))."""


def levels_path() -> Path:
    """The classic game's shipped difficulty records."""
    return assets_dir() / "data" / "ai" / "levels.toml"


def tables(name: str, raw: Any) -> tuple[dict[str, Any] | None, list[tuple[str, str]]]:
    """The check that knows no record: each level a table, returned as it is."""
    if not isinstance(raw, dict):
        return None, [("-", "not a table")]
    return dict(raw), []


@overload
def load_levels(path: Path) -> Mapping[str, dict[str, Any]]: ...


@overload
def load_levels(path: Path, check: LevelCheck[T], names: Sequence[str] = ()) -> Mapping[str, T]: ...


def load_levels(
    path: Path, check: LevelCheck[Any] = tables, names: Sequence[str] = ()
) -> Mapping[str, Any]:
    """The records of `path` by name, each made by `check` (without one: the raw
    tables, the file's shape checked); raises `ContentError` listing every problem."""
    try:
        data = decode.toml(decode.read_bytes(path))
    except decode.Undecodable as e:
        if e.code == "missing":
            raise ContentError([f"{path}: file not found"]) from None
        if e.code == "unreadable":
            raise ContentError([f"{path}: {e.detail}"]) from None
        raise ContentError([f"{path.name}: -: -: {e.detail}"]) from None
    problems: list[str] = []
    levels: dict[str, Any] = {}
    for name in names:
        if name not in data:
            problems.append(f"{path.name}: {name}: -: missing (a [{name}] table)")
    for name, raw in data.items():
        if not name.replace("_", "").isalnum() or name != name.lower():
            problems.append(f"{path.name}: {name}: -: level names are lower_snake_case")
            continue
        level, errors = check(name, raw)
        problems.extend(f"{path.name}: {name}: {field}: {problem}" for field, problem in errors)
        if level is not None:
            levels[name] = level
    if problems:
        raise ContentError(problems)
    return MappingProxyType(levels)
