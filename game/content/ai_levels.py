"""Reads a file of AI difficulty records (each game's `assets/data/<game>/ai.toml`).

The file is one table per level. This module knows the file's shape, not the record:
each table goes to the `check` its game passes in (the classic game's is
`game.ai.classic.levels.check_level`; `game.games.classic` ties the two), which returns the
record or its problems as (field, problem); without one, each level's raw table. So
content imports nothing of the AI, and every game's bots may keep their own record.

Every problem is collected and reported as ``file: level: field: problem``; a file with
any problem is refused whole. The file must hold every level the game offers (`names`)
and may hold more; level names are lower_snake_case. The Attack and Battle Planet
records are read the same way (`game.games.attack` and `game.games.planet` pass their
games' checks).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeVar, overload

from .reader import ID, Reader

T = TypeVar("T")
LevelCheck = Callable[[str, Any], tuple[T | None, list[tuple[str, str]]]]
"""(name, raw table) -> (the record, or None and the problems as (field, problem))."""


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
    r = Reader.open(path)
    levels: dict[str, Any] = {}
    for name in names:
        if name not in r.data:
            r.say(name, "-", f"missing (a [{name}] table)")
    for name, raw in r.data.items():
        if not ID.match(name):
            r.say(name, "-", "level names are lower_snake_case")
            continue
        level, errors = check(name, raw)
        for field, problem in errors:
            r.say(name, field, problem)
        if level is not None:
            levels[name] = level
    r.raise_any()
    return MappingProxyType(levels)
