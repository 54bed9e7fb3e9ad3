"""Language catalogs (`assets/lang/<lang>.toml`): every string the player sees.

Keys are dotted (``call.field_open``); values may hold ``{name}`` fields (with a short
format spec such as ``{g:+d}``). A missing key shows as the key itself, never a crash;
the catalog completeness test keeps that from shipping.

A damaged catalog never stops the game: a file that does not read (not UTF-8, not
TOML, too deep, a number too long) or entries that are not safe texts (a field like
``{x:>99999999999}`` that would take gigabytes to fill, ``{x.__class__}``, a stray
brace) are reported by `problems`, one line naming the file (and key) each, and the
English text stands in for what is missing (`damage_notice` tells the player).
"""

from __future__ import annotations

import re
import string
from functools import cache
from typing import Any

from game.files import decode
from game.files.paths import assets_dir

LANGUAGES = ("en", "ru")
MAX_FILE_BYTES = 1024 * 1024
FALLBACK = "en"
# When the English catalog itself is damaged its words cannot be trusted: this one
# line is the only text of the game kept in code.
BUILTIN_NOTICE = "The language file {file} is damaged ({problem}): some texts show as their keys."

_FIELD = re.compile(r"^[A-Za-z_]\w{0,39}$")
_SPEC = re.compile(r"^(?:.?[<>^=])?[+\- ]?#?0?\d{0,2}(?:\.\d{1,2})?[bcdeEfFgGnosxX%]?$")


def text_problem(text: str) -> str | None:
    """Why `text` may not be a catalog text (None: it may): its ``{fields}`` must be
    plain names with at most a short format spec, and its braces must pair."""
    try:
        parts = list(string.Formatter().parse(text))
    except ValueError as e:
        return f"braces do not pair ({e})"
    for _, name, spec, conversion in parts:
        if name is None:
            continue
        if not _FIELD.match(name):
            return f"field {{{name[:20]}}} is not a plain name"
        if conversion not in (None, "s", "r"):
            return f"field {{{name}}}: conversion !{conversion} is not allowed"
        if spec and not _SPEC.match(spec):
            return f"field {{{name}}}: format {spec[:20]!r} is not a short format"
    return None


def _flatten(data: dict[str, Any], file: str) -> tuple[dict[str, str], list[str]]:
    """The flat key -> text table and the problems of the entries left out."""
    out: dict[str, str] = {}
    problems: list[str] = []
    stack: list[tuple[str, dict[str, Any]]] = [("", data)]
    while stack:
        prefix, table = stack.pop()
        for key, value in table.items():
            full = f"{prefix}{key}"
            if isinstance(value, dict):
                stack.append((full + ".", value))
            elif isinstance(value, list):
                problems.append(f"{file}: {full}: a list, not a text")
            else:
                text = value if isinstance(value, str) else str(value)
                why = text_problem(text)
                if why is None:
                    out[full] = text
                else:
                    problems.append(f"{file}: {full}: {why}")
    return out, sorted(problems)


@cache
def _load(lang: str) -> tuple[dict[str, str], tuple[str, ...]]:
    """The good texts of `lang`'s own file and the problems found in it."""
    path = assets_dir() / "lang" / f"{lang}.toml"
    file = f"{path.parent.name}/{path.name}"
    try:
        data = decode.toml(decode.read_bytes(path, MAX_FILE_BYTES))
    except decode.Undecodable as e:
        return {}, (f"{file}: -: {e.detail}",)
    texts, problems = _flatten(data, file)
    return texts, tuple(problems)


def problems(lang: str) -> tuple[str, ...]:
    """What is wrong with `lang`'s catalog file (empty: nothing), one line each."""
    return _load(lang)[1]


@cache
def catalog(lang: str) -> dict[str, str]:
    """The flat key -> text table of `lang` (English where `lang`'s own is damaged)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} ({', '.join(LANGUAGES)})")
    texts, bad = _load(lang)
    if not bad or lang == FALLBACK:
        return dict(texts)
    return {**_load(FALLBACK)[0], **texts}


def damage_notice(lang: str) -> str | None:
    """The player's message when the catalog `lang` shows is damaged (None: it is not)."""
    own = problems(lang)
    if not own:
        return None
    first = own[0]
    file, _, problem = first.partition(": ")
    fields = {"file": file, "problem": problem[:120]}
    english = _load(FALLBACK)
    if lang != FALLBACK and not english[1] and "lang.damaged" in english[0]:
        return english[0]["lang.damaged"].format(**fields)
    return BUILTIN_NOTICE.format(**fields)


def clear_cache() -> None:
    """Forget the loaded catalogs (tests that damage a copy of them)."""
    _load.cache_clear()
    catalog.cache_clear()


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
    except (ValueError, IndexError, AttributeError, TypeError, OverflowError, MemoryError):
        return text  # a field of the wrong type for its format
