"""Typed reading of a level file's TOML data, recording every problem it meets.

`game.content.levels` builds a level section by section with a `LevelReader`: each
accessor returns the value when it is of the right type and within range, else None,
and adds a `LevelProblem` (``file: field: problem``, words from the catalogs) naming
the dotted field. Nothing here raises for anything the data holds.
"""

from __future__ import annotations

import math
import re
from typing import Any

from game.challenges.defs import Text
from game.challenges.problems import LevelProblem, problem

MAX_HINT = 140
MISSING = object()
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


class LevelReader:
    """Typed access to the TOML data that records every problem it meets."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.problems: list[LevelProblem] = []

    def add(self, field: str, code: str, **params: object) -> None:
        self.problems.append(problem(self.file, field, code, **params))

    def keys(self, data: dict[str, Any], allowed: tuple[str, ...], prefix: str) -> None:
        for key in data:
            if key not in allowed:
                self.add(join(prefix, key), "unknown", allowed=", ".join(allowed))

    def table(self, data: dict[str, Any], key: str, prefix: str = "") -> dict[str, Any] | None:
        value = data.get(key, MISSING)
        field = join(prefix, key)
        if value is MISSING:
            self.add(field, "missing")
            return None
        if not isinstance(value, dict):
            self.add(field, "type", expected="table", got=kind(value))
            return None
        return value

    def tables(self, data: dict[str, Any], key: str) -> list[dict[str, Any] | None]:
        value = data.get(key, MISSING)
        if value is MISSING:
            return []
        if not isinstance(value, list):
            self.add(key, "type", expected="tables", got=kind(value))
            return []
        out: list[dict[str, Any] | None] = []
        for i, item in enumerate(value):
            if isinstance(item, dict):
                out.append(item)
            else:
                self.add(f"{key}[{i + 1}]", "type", expected="table", got=kind(item))
                out.append(None)
        return out

    def number(
        self,
        data: dict[str, Any],
        key: str,
        prefix: str,
        lo: float,
        hi: float,
        default: Any = MISSING,
    ) -> float | None:
        value = data.get(key, MISSING)
        field = join(prefix, key)
        if value is MISSING:
            if default is MISSING:
                self.add(field, "missing")
                return None
            return float(default) if default is not None else None
        if isinstance(value, bool) or not isinstance(value, int | float):
            self.add(field, "type", expected="number", got=kind(value))
            return None
        v = float(value)
        if not math.isfinite(v) or not lo <= v <= hi:
            self.add(field, "range", lo=lo, hi=hi, got=value)
            return None
        return v

    def integer(
        self, data: dict[str, Any], key: str, prefix: str, lo: int, hi: int, default: Any = MISSING
    ) -> int | None:
        value = data.get(key, MISSING)
        field = join(prefix, key)
        if value is MISSING:
            if default is MISSING:
                self.add(field, "missing")
                return None
            return int(default) if default is not None else None
        if isinstance(value, bool) or not isinstance(value, int):
            self.add(field, "type", expected="integer", got=kind(value))
            return None
        if not lo <= value <= hi:
            self.add(field, "range", lo=lo, hi=hi, got=value)
            return None
        return value

    def boolean(self, data: dict[str, Any], key: str, prefix: str, default: bool) -> bool:
        value = data.get(key, MISSING)
        if value is MISSING:
            return default
        if not isinstance(value, bool):
            self.add(join(prefix, key), "type", expected="bool", got=kind(value))
            return default
        return value

    def choice(
        self,
        data: dict[str, Any],
        key: str,
        prefix: str,
        choices: tuple[str, ...],
        default: Any = MISSING,
    ) -> str | None:
        value = data.get(key, MISSING)
        field = join(prefix, key)
        if value is MISSING:
            if default is MISSING:
                self.add(field, "missing")
                return None
            return str(default) if default is not None else None
        if not isinstance(value, str):
            self.add(field, "type", expected="string", got=kind(value))
            return None
        if value not in choices:
            self.add(field, "choice", choices=", ".join(choices), got=value)
            return None
        return value

    def ident(self, data: dict[str, Any], key: str, prefix: str, required: bool) -> str | None:
        value = data.get(key, MISSING)
        field = join(prefix, key)
        if value is MISSING:
            if required:
                self.add(field, "missing")
            return None
        if not isinstance(value, str):
            self.add(field, "type", expected="string", got=kind(value))
            return None
        if not _ID.match(value):
            self.add(field, "id", got=value)
            return None
        return value

    def text(self, data: dict[str, Any], key: str) -> Text | None:
        value = self.table(data, key)
        if value is None:
            return None
        self.keys(value, ("en", "ru"), key)
        ok = True
        for lang in ("en", "ru"):
            v = value.get(lang)
            if not isinstance(v, str) or not v.strip():
                self.add(f"{key}.{lang}", "empty_text")
                ok = False
            elif key == "hint" and ("\n" in v or len(v) > MAX_HINT):
                self.add(f"{key}.{lang}", "hint_long", max=MAX_HINT)
                ok = False
        return Text(value["en"].strip(), value["ru"].strip()) if ok else None

    def point(self, value: Any, field: str) -> tuple[float, float] | None:
        if (
            isinstance(value, list)
            and len(value) == 2
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value)
            and all(math.isfinite(float(v)) for v in value)
        ):
            return (float(value[0]), float(value[1]))
        self.add(field, "point", got=short(value))
        return None


def join(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key


def kind(value: Any) -> str:
    """The value as TOML would spell it (words in no language)."""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, dict):
        return "{...}"
    if isinstance(value, list):
        return short(value)
    if isinstance(value, str):
        return f'"{short(value)}"'
    return short(value)


def short(value: Any) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


__all__ = ["MAX_HINT", "MISSING", "LevelReader", "join", "kind", "short"]
