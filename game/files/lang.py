"""Language catalogs: every string the player sees.

One catalog for the app itself (`assets/lang/<lang>.toml`: menus, settings, controls,
saves, throw challenges) and one per game (`assets/lang/<game>/<lang>.toml`: its setup,
match, How to play, demo), found by their folders: a game brings its own catalog
without this module naming it. All of a language's catalogs make one table of keys:
a key lives in exactly one catalog (a test checks; were one in two, the app's own
would win, then the games' in the order of their folders' names).

Keys are dotted (``call.field_open``); values may hold ``{name}`` fields (with a short
format spec such as ``{g:+d}``). A missing key shows as the key itself, never a crash;
the catalog completeness test (both languages have the same keys, catalog by catalog)
keeps that from shipping.

A damaged catalog never stops the game: a file that does not read (not UTF-8, not
TOML, too deep, a number too long, missing) or entries that are not safe texts (a field
like ``{x:>99999999999}`` that would take gigabytes to fill, ``{x.__class__}``, a stray
brace) are reported by `problems`, one line naming the file (and key) each, and the
English text of that catalog stands in for what is missing (`damage_notice` tells the
player).
"""

from __future__ import annotations

import re
import string
from functools import cache
from pathlib import Path
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


APP = ""
"""The app's own catalog among `parts()` (the others are named by their game's folder)."""


@cache
def parts() -> tuple[str, ...]:
    """The catalogs: `APP` first, then each folder of `assets/lang/` that holds one,
    by name (``("", "attack", "classic", "planet")``)."""
    folder = assets_dir() / "lang"
    try:
        games = sorted(d.name for d in folder.iterdir() if d.is_dir() and any(d.glob("*.toml")))
    except OSError:
        games = []
    return (APP, *games)


def _path(lang: str, part: str) -> Path:
    folder = assets_dir() / "lang"
    return folder / f"{lang}.toml" if part == APP else folder / part / f"{lang}.toml"


@cache
def _load(lang: str, part: str = APP) -> tuple[dict[str, str], tuple[str, ...]]:
    """The good texts of `lang`'s file of the catalog `part` and the problems found in
    it (each naming the file as ``lang/ru.toml`` or ``lang/classic/ru.toml``)."""
    path = _path(lang, part)
    file = f"lang/{path.name}" if part == APP else f"lang/{part}/{path.name}"
    try:
        data = decode.toml(decode.read_bytes(path, MAX_FILE_BYTES))
    except decode.Undecodable as e:
        return {}, (f"{file}: -: {e.detail}",)
    texts, problems = _flatten(data, file)
    return texts, tuple(problems)


def part_catalog(lang: str, part: str) -> dict[str, str]:
    """The good texts of one catalog file (`part` one of `parts()`), as it stands."""
    return dict(_load(lang, part)[0])


def problems(lang: str) -> tuple[str, ...]:
    """What is wrong with `lang`'s catalog files (empty: nothing), one line each; the
    app's own file first."""
    return tuple(line for part in parts() for line in _load(lang, part)[1])


@cache
def catalog(lang: str) -> dict[str, str]:
    """The flat key -> text table of `lang`, all its catalogs together (in a damaged
    file of `lang`, that catalog's English stands in for what is missing)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} ({', '.join(LANGUAGES)})")
    out: dict[str, str] = {}
    for part in reversed(parts()):  # the app's own last: it wins a key in two
        texts, bad = _load(lang, part)
        if bad and lang != FALLBACK:
            out.update(_load(FALLBACK, part)[0])
        out.update(texts)
    return out


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
    parts.cache_clear()
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
