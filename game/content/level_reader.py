"""The shared reader (`game.content.reader`) as the throw-challenge levels use it: the
same specs and problem codes, worded from the language catalogs (``levels.err.<code>``)
as `LevelProblem` lines (``file: field: problem``), so the level select shows them in
the player's language and the command line in English.

`game.content.levels` builds a level section by section with a `LevelReader`; the few
shapes only a level has (a point, a zone, the stars) are specs here too.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.challenges.defs import Text
from game.challenges.problems import LevelProblem, problem
from game.files import decode

from .reader import INVALID, Id, ListOf, Problem, Reader, Spec, Table, join
from .reader import Text as TextSpec

MAX_HINT = 140
_EXPECTED = {"text": "table", "id": "string", "list": "tables"}
"""Reader nouns that the levels' catalog words as another of its own."""
_REFS = {"card": "no_such_card", "rival": "no_such_rival"}


class LevelReader(Reader):
    """A reader of one level file (one record: no id column); `level_problems` gives
    what it found as `LevelProblem`s."""

    def __init__(self, file: str) -> None:
        super().__init__(file, one_record=True, typed_choices=True)

    def value(self, data: dict[str, Any], key: str, spec: Spec, prefix: str = "") -> Any:
        """`data[key]` read by `spec`, None if it did not read (its problem recorded)."""
        value = self.get(data, key, spec, None, prefix)
        return None if value is INVALID else value

    def tables(self, data: dict[str, Any], key: str) -> list[dict[str, Any] | None]:
        """The ``[[key]]`` tables (None for an entry that is no table, so the others
        keep their numbers: ``cards[3]`` is the third whatever the second holds)."""
        entries = self.value(data, key, ListOf(Table(), base=1, partial=True, default=[]))
        return [None if e is INVALID else e for e in entries or []]

    def entries(self, data: dict[str, Any], key: str) -> list[tuple[int, str, dict[str, Any]]]:
        """The ``[[key]]`` tables that are tables, each with its index and its place
        (``key[n]``, numbered from 1 as `tables` keeps them)."""
        return [
            (i, f"{key}[{i + 1}]", e) for i, e in enumerate(self.tables(data, key)) if e is not None
        ]

    def new_id(self, entry: dict[str, Any], prefix: str, seen: set[str]) -> str | None:
        """The entry's ``id``, or None: it did not read, or is one of `seen` (a
        duplicate, recorded)."""
        ident: str | None = self.value(entry, "id", Id(), prefix)
        if ident is not None and ident in seen:
            self.add(None, join(prefix, "id"), "duplicate", id=ident)
            return None
        return ident

    def level_problems(self) -> list[LevelProblem]:
        return [self._level_problem(p) for p in self.problems]

    def _level_problem(self, p: Problem) -> LevelProblem:
        params = dict(p.params)
        code = p.code
        params.pop("step", None)
        if code == "type":
            params["got"] = kind(params["got"])
            params["expected"] = _EXPECTED.get(params["expected"], params["expected"])
        elif code == "ref":
            code = _REFS[params["what"]]
            params = {"id": params["got"]}
        elif code == "missing":
            params = {}
        for name in ("allowed", "choices"):
            if name in params:
                params[name] = ", ".join(params[name])
        params.pop("what", None)
        return problem(self.file, p.field, code, **params)

    def level_text(self, data: dict[str, Any], key: str) -> Text | None:
        """The level's `name` or `hint` in both languages (a hint is one short line)."""
        value = self.get(data, key, TextSpec(languages=("en", "ru")))
        if value is INVALID:
            return None
        ru, en = value
        if key == "hint":
            for lang, text in (("en", en), ("ru", ru)):
                if "\n" in text or len(text) > MAX_HINT:
                    self.add(None, f"{key}.{lang}", "hint_long", max=MAX_HINT)
                    value = INVALID
        return Text(en=en.strip(), ru=ru.strip()) if value is not INVALID else None


@dataclass(frozen=True, slots=True)
class Point(Spec):
    """A point ``[x, y]`` in millimetres."""

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        if isinstance(value, list) and len(value) == 2 and all(decode.finite(v) for v in value):
            return (float(value[0]), float(value[1]))
        return r.add(ident, field, "point", got=short(value))


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


POINT = Point()

__all__ = ["MAX_HINT", "POINT", "LevelReader", "Point", "kind", "short"]
