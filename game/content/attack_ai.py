"""Loads the Attack AI difficulty records (`assets/data/attack/ai.toml`) into
`AttackLevel`s.

Every problem is collected and reported as ``file: level: field: problem``; a file with
any problem is refused whole. The file must hold easy, normal and hard.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from types import MappingProxyType

from game.ai.attack.levels import LEVEL_NAMES, AttackLevel, check_level
from game.paths import data_dir

from .errors import ContentError


def levels_path() -> Path:
    return data_dir("attack") / "ai.toml"


def load_attack_levels(path: Path | None = None) -> Mapping[str, AttackLevel]:
    """The difficulty records by name; raises `ContentError` listing every problem."""
    path = path or levels_path()
    try:
        with path.open("rb") as f:
            data = tomllib.load(f)
    except FileNotFoundError:
        raise ContentError([f"{path}: file not found"]) from None
    except tomllib.TOMLDecodeError as e:
        raise ContentError([f"{path.name}: -: -: not valid TOML ({e})"]) from None
    except (OSError, UnicodeDecodeError) as e:
        raise ContentError([f"{path}: cannot read ({e})"]) from None
    problems: list[str] = []
    levels: dict[str, AttackLevel] = {}
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
def shipped_attack_levels() -> Mapping[str, AttackLevel]:
    """The shipped Attack difficulty records, loaded once."""
    return load_attack_levels()
