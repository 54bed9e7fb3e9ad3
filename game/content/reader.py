"""One small reader for the game's TOML data files: each file's fields declared as a
schema (types, ranges, choices, required or optional, tables and lists of records, ids
unique, references to other records), read with every problem collected.

    BAKUGAN = {"g_power": Int(100, 1500, step=10), "name": Text(), "evolved": Bool(False)}
    r = Reader.open(path)                       # ContentError if the bytes are no TOML
    for ident, values in r.records(r.data, "bakugan", BAKUGAN):
        if r.valid(values): ...                 # every field read: build the definition
    r.raise_any()                               # ContentError: ``file: id: field: problem``

A spec reads one value and returns it, or `INVALID` after recording why. Nothing here
raises for anything a file holds. A problem is a code with parameters (`Problem`); the
reader words it in English (`WORDS`; a file family may keep its own words, `words=`),
and the throw-challenge levels word the same codes from the language catalogs
(`game.content.levels`), so a level author reads them in Russian too. A file that is one
record (a scenario) has no id column: ``file: field: problem``.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from game.files import decode

from .errors import ContentError
from .specs import (
    ID,
    INVALID,
    MISSING,
    REQUIRED,
    Bool,
    Id,
    Int,
    ListOf,
    MapOf,
    Num,
    OneOf,
    Raw,
    Ref,
    Spec,
    Str,
    Table,
    Text,
    join,
    short,
)

WORDS: Mapping[str, str] = {
    "missing": "missing ({expected})",
    "missing_key": "missing",
    "type": "must be {expected}, got {got}",
    "range": "must be {multiple}within {lo}..{hi}, got {got}",
    "choice": "must be one of {choices}, got {got}",
    "unknown_choice": "unknown {what} {got} (one of {choices})",
    "unknown": "unknown field (one of {allowed})",
    "id": "missing or not lower_snake_case: {got}",
    "duplicate": "used twice",
    "length": "needs {expected}, has {got}",
    "empty_text": "missing or empty",
    "ref": "no {what} {got}",
    "records": "expected one or more [[{key}]] tables",
    "not_table": "not a table",
    "text": "{text}",
    "multiple.1": "",
    "noun.integer": "an integer",
    "noun.number": "a number",
    "noun.bool": "true or false",
    "noun.string": "a string",
    "noun.table": "a table",
    "noun.tables": "a list of [[...]] tables",
    "noun.list": "a list",
    "noun.text": "a table with ru and en",
    "noun.id": "a lower_snake_case id",
}
"""The reader's English: templates by problem code; ``noun.KEY`` words `expected`, and
``multiple.1`` what an integer range says of a step of 1 (the step of a number is 0)."""

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Problem:
    """One problem: in record `ident` (``-``: the file as a whole; None: a file that is
    one record), at the dotted `field` (``-``: the record as a whole), `code` with raw
    `params` (the values as the file holds them)."""

    ident: str | None
    field: str
    code: str
    params: tuple[tuple[str, Any], ...] = ()


class Reader:
    """Reads one file's data against specs and keeps every problem it meets.

    `file` is the name the lines begin with; `one_record`: the file is one record (a
    scenario), its lines have no id column; `words` overrides some of `WORDS` (a file
    family's own words); `none_when_absent`: an absent scalar field is read as None and
    reported as a wrong value (``must be an integer, got None``), the card files' words;
    `typed_choices`: a choice or a reference that is no string is reported as a wrong
    type (the levels' words) rather than as an unknown choice."""

    def __init__(
        self,
        file: str,
        *,
        one_record: bool = False,
        words: Mapping[str, str] | None = None,
        none_when_absent: bool = False,
        typed_choices: bool = False,
    ) -> None:
        self.file = file
        self.one_record = one_record
        self.words = {**WORDS, **(words or {})}
        self.none_when_absent = none_when_absent
        self.typed_choices = typed_choices
        self.problems: list[Problem] = []
        self.data: dict[str, Any] = {}

    @classmethod
    def open(
        cls,
        path: Path,
        limit: int = decode.MAX_BYTES,
        *,
        label: str | None = None,
        **options: Any,
    ) -> Reader:
        """A reader of the TOML file at `path` (its `data`), named `label` (default: the
        file's name). A file of records that is missing or cannot be read raises
        ContentError ``PATH: problem``; bytes that are no TOML ``file: -: -: problem``
        (``file: -: problem`` for a file that is one record)."""
        reader = cls(label if label is not None else path.name, **options)
        try:
            reader.data = decode.toml(decode.read_bytes(path, limit))
        except decode.Undecodable as e:
            if e.code in ("missing", "unreadable") and not reader.one_record:
                raise ContentError([f"{path}: {e.detail}"]) from None
            reader.add(None if reader.one_record else "-", "-", "text", text=e.detail)
            reader.raise_any()
        return reader

    def scratch(self) -> Reader:
        """A reader with the same words whose problems are thrown away."""
        return type(self)(
            self.file,
            one_record=self.one_record,
            words=self.words,
            none_when_absent=self.none_when_absent,
            typed_choices=self.typed_choices,
        )

    # --- recording ---------------------------------------------------------------------

    def add(self, ident: str | None, field: str, code: str, **params: Any) -> Any:
        """Record a problem; returns INVALID (so a spec may return what this returns)."""
        self.problems.append(Problem(ident, field, code, tuple(params.items())))
        return INVALID

    def say(self, ident: str | None, field: str, text: str) -> Any:
        """Record a problem in plain words (a rules check's, a file's own)."""
        return self.add(ident, field, "text", text=text)

    def say_each(self, ident: str | None, prefix: str, problems: list[str]) -> None:
        """Record rules-check problems of the form ``field: problem`` under `prefix`."""
        for problem in problems:
            name, _, why = problem.partition(": ")
            self.say(ident, join(prefix, name), why)

    @property
    def ok(self) -> bool:
        return not self.problems

    def text(self, p: Problem) -> str:
        """The problem's words in English (`words`)."""
        params = dict(p.params)
        shown: dict[str, Any] = {}
        for name, value in params.items():
            if name == "expected":
                shown[name] = self.words.get(f"noun.{value}", value)
            elif name in ("choices", "allowed"):
                shown[name] = ", ".join(value)
            elif name == "got":
                shown[name] = short(value)
            else:
                shown[name] = value
        step = params.get("step", 0)
        shown["multiple"] = (
            f"a multiple of {step} " if step > 1 else self.words.get(f"multiple.{step}", "")
        )
        try:
            return self.words[p.code].format(**shown)
        except (KeyError, IndexError, ValueError):
            return f"{p.code} {shown}"

    def line(self, p: Problem) -> str:
        head = self.file if p.ident is None else f"{self.file}: {p.ident}"
        return f"{head}: {p.field}: {self.text(p)}"

    def lines(self) -> list[str]:
        return [self.line(p) for p in self.problems]

    def raise_any(self) -> None:
        """Raise ContentError listing every problem, if there is any."""
        if self.problems:
            raise ContentError(self.lines())

    # --- reading -----------------------------------------------------------------------

    def get(
        self,
        table: Mapping[str, Any],
        key: str,
        spec: Spec,
        ident: str | None = None,
        prefix: str = "",
    ) -> Any:
        """`table[key]` read by `spec` (its default when absent and optional)."""
        raw = table.get(key, MISSING)
        field = join(prefix, key)
        if raw is MISSING:
            if spec.default is not REQUIRED:
                return spec.absent(self, ident, field)
            if self.none_when_absent and spec.scalar:
                return spec.read(self, None, ident, field)
            return self.add(ident, field, "missing", expected=spec.expected)
        return spec.read(self, raw, ident, field)

    def unknown(
        self,
        table: Mapping[str, Any],
        allowed: Collection[str],
        ident: str | None = None,
        prefix: str = "",
    ) -> None:
        """Report every key of `table` that is not `allowed`."""
        shown = tuple(allowed)
        for key in sorted(k for k in table if k not in allowed):
            self.add(ident, join(prefix, key), "unknown", allowed=shown)

    def fields(
        self,
        table: Mapping[str, Any],
        schema: Mapping[str, Spec],
        ident: str | None = None,
        prefix: str = "",
        *,
        also: Collection[str] = (),
    ) -> dict[str, Any]:
        """Every field of `schema` read from `table` (INVALID where one did not read);
        keys that are neither in `schema` nor in `also` are reported."""
        self.unknown(table, (*also, *schema), ident, prefix)
        return {key: self.get(table, key, spec, ident, prefix) for key, spec in schema.items()}

    def records(
        self,
        data: Mapping[str, Any],
        key: str,
        schema: Mapping[str, Spec],
        *,
        required: bool = True,
    ) -> list[tuple[str, dict[str, Any]]]:
        """The ``[[key]]`` tables of `data`, each with a lower_snake_case `id` used once,
        as (id, fields read by `schema`); a table without a good id is reported (as
        ``#N``) and left out."""
        raw = data.get(key, MISSING)
        if raw is MISSING and not required:
            return []
        if not isinstance(raw, list) or not raw:
            self.add("-", key, "records", key=key)
            return []
        out: list[tuple[str, dict[str, Any]]] = []
        seen: set[str] = set()
        for i, entry in enumerate(raw):
            if not isinstance(entry, dict):
                self.add(f"#{i + 1}", key, "not_table")
                continue
            ident = entry.get("id")
            if not isinstance(ident, str) or not ID.match(ident):
                self.add(f"#{i + 1}", "id", "id", got=ident)
                continue
            if ident in seen:
                self.add(ident, "id", "duplicate", id=ident)
                continue
            seen.add(ident)
            out.append((ident, self.fields(entry, schema, ident, also=("id",))))
        return out

    def built(
        self,
        key: str,
        schema: Mapping[str, Spec],
        build: Callable[[Reader, str, dict[str, Any]], T | None],
    ) -> list[T]:
        """What `build` makes of each ``[[key]]`` record of the file (`records`; None:
        the record is not kept), in order, once every record is read raising the
        file's problems (`raise_any`): a content file of records loaded."""
        out = []
        for ident, values in self.records(self.data, key, schema):
            made = build(self, ident, values)
            if made is not None:
                out.append(made)
        self.raise_any()
        return out

    @staticmethod
    def valid(values: Mapping[str, Any] | Any) -> bool:
        """True when no value (of a dict of them) is INVALID."""
        if isinstance(values, Mapping):
            return all(v is not INVALID for v in values.values())
        return values is not INVALID


__all__ = [
    "ID",
    "INVALID",
    "MISSING",
    "REQUIRED",
    "WORDS",
    "Bool",
    "Id",
    "Int",
    "ListOf",
    "MapOf",
    "Num",
    "OneOf",
    "Problem",
    "Raw",
    "Reader",
    "Ref",
    "Spec",
    "Str",
    "Table",
    "Text",
    "join",
    "short",
]
