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


def tr(lang: str, key: str, **fields: Any) -> str:
    """The text of `key` in `lang`, with its fields filled in."""
    text = catalog(lang).get(key, key)
    return text.format(**fields) if fields else text
