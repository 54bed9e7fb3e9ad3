"""Loads the AI difficulty records (`assets/data/ai/levels.toml`) into `Level`s.

Every problem is collected and reported as ``file: level: field: problem``; a file with
any problem is refused whole. The file must hold every level the game offers
(`LEVEL_NAMES`: easy, normal, hard) and may hold more.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

from game.ai.levels import LEVEL_NAMES, Level, check_level
from game.paths import assets_dir
from game.persist import decode

from .errors import ContentError


def levels_path() -> Path:
    return assets_dir() / "data" / "ai" / "levels.toml"


def load_levels(path: Path | None = None) -> Mapping[str, Level]:
    """The difficulty records by name; raises `ContentError` listing every problem."""
    path = path or levels_path()
    try:
        data = decode.toml(decode.read_bytes(path))
    except decode.Undecodable as e:
        if e.code == "missing":
            raise ContentError([f"{path}: file not found"]) from None
        if e.code == "unreadable":
            raise ContentError([f"{path}: {e.detail}"]) from None
        raise ContentError([f"{path.name}: -: -: {e.detail}"]) from None
    problems: list[str] = []
    levels: dict[str, Level] = {}
    for name in LEVEL_NAMES:
        if name not in data:
            problems.append(f"{path.name}: {name}: -: missing (a [{name}] table)")
    for name, raw in data.items():
        if not name.replace("_", "").isalnum() or name != name.lower():
            problems.append(f"{path.name}: {name}: -: level names are lower_snake_case")
            continue
        level, errors = check_level(name, raw)
        problems.extend(f"{path.name}: {name}: {field}: {problem}" for field, problem in errors)
        if level is not None:
            levels[name] = level
    if problems:
        raise ContentError(problems)
    return MappingProxyType(levels)


@cache
def shipped_levels() -> Mapping[str, Level]:
    """The shipped difficulty records, loaded once."""
    return load_levels()
