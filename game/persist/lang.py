"""Language catalogs (`assets/lang/<lang>.toml`): every string the player sees.

Keys are dotted (``call.field_open``); values may hold ``{name}`` fields. A missing key
shows as the key itself, never a crash; the catalog completeness test keeps that from
shipping.
"""

from __future__ import annotations

import tomllib
from functools import cache
from typing import Any

from game.paths import assets_dir

LANGUAGES = ("en", "ru")


def _flatten(prefix: str, table: dict[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}{key}"
        if isinstance(value, dict):
            _flatten(full + ".", value, out)
        else:
            out[full] = str(value)


@cache
def catalog(lang: str) -> dict[str, str]:
    """The flat key -> text table of `lang`."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} ({', '.join(LANGUAGES)})")
    with (assets_dir() / "lang" / f"{lang}.toml").open("rb") as f:
        data = tomllib.load(f)
    out: dict[str, str] = {}
    _flatten("", data, out)
    return out


class _Fields(dict[str, Any]):
    """Fields for a catalog text; a field the caller did not give shows as ``{name}``."""

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


def tr(lang: str, key: str, **fields: Any) -> str:
    """The text of `key` in `lang`, with its fields filled in (never raises over one)."""
    text = catalog(lang).get(key, key)
    if not fields and "{" not in text:
        return text
    try:
        return text.format_map(_Fields(fields))
    except (ValueError, IndexError, AttributeError):  # a malformed text in a catalog
        return text
