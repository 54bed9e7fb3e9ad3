"""The specs of the shared reader (`game.content.reader`): each says how to read one
value of a data file (its type, range, choices, whether it must be given) and records
a problem in the reader when the value is not so; nothing here raises for what a file
holds.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from game.files import decode

if TYPE_CHECKING:
    from .reader import Reader


class _Mark:
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __repr__(self) -> str:
        return self.name


MISSING: Any = _Mark("MISSING")
"""No value in the file."""
REQUIRED: Any = _Mark("REQUIRED")
"""A spec's default when the field must be given."""
INVALID: Any = _Mark("INVALID")
"""A value that did not read; its problem is recorded."""

ID = re.compile(r"^[a-z][a-z0-9_]*$")
"""Every id of the data files: lower_snake_case, ASCII, starting with a letter."""


def join(prefix: str, key: str) -> str:
    return f"{prefix}.{key}" if prefix else key


def short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


@dataclass(frozen=True, slots=True)
class Spec:
    """How to read one value. `default` (REQUIRED: it must be given) stands in for an
    absent field; `expected` names what it must be (a ``noun.`` key or plain words)."""

    scalar: ClassVar[bool] = True

    @property
    def default(self) -> Any:
        return REQUIRED

    @property
    def expected(self) -> str:
        return "string"

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        raise NotImplementedError

    def absent(self, r: Reader, ident: str | None, field: str) -> Any:
        """The value of an absent optional field: the default."""
        return self.default


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int | float)


@dataclass(frozen=True, slots=True)
class Raw(Spec):
    """Any value, as the file holds it (for a field another check reads: a rules core's
    effect tables, a condition)."""

    default: Any = REQUIRED
    expected: str = "string"

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        return value


@dataclass(frozen=True, slots=True)
class Int(Spec):
    lo: int
    hi: int
    step: int = 1
    default: Any = REQUIRED

    expected = "integer"

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, int):
            return r.add(ident, field, "type", expected=self.expected, got=value)
        if not self.lo <= value <= self.hi or value % self.step:
            return r.add(ident, field, "range", lo=self.lo, hi=self.hi, step=self.step, got=value)
        return value


@dataclass(frozen=True, slots=True)
class Num(Spec):
    """A finite number (an integer reads as a float)."""

    lo: float
    hi: float
    default: Any = REQUIRED

    expected = "number"

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        if not _number(value):
            return r.add(ident, field, "type", expected=self.expected, got=value)
        if not decode.finite(value) or not self.lo <= float(value) <= self.hi:
            return r.add(ident, field, "range", lo=self.lo, hi=self.hi, step=0, got=value)
        return float(value)


@dataclass(frozen=True, slots=True)
class Bool(Spec):
    default: Any = REQUIRED

    expected = "bool"

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        if not isinstance(value, bool):
            return r.add(ident, field, "type", expected=self.expected, got=value)
        return value


@dataclass(frozen=True, slots=True)
class Str(Spec):
    """A string; `blank` allows an empty or all-space one."""

    default: Any = REQUIRED
    blank: bool = False
    expected: str = "string"

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        if not isinstance(value, str) or (not self.blank and not value.strip()):
            return r.add(ident, field, "type", expected=self.expected, got=value)
        return value


@dataclass(frozen=True, slots=True)
class Id(Spec):
    """A lower_snake_case id (`ID`)."""

    default: Any = REQUIRED

    expected = "id"

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        if not isinstance(value, str):
            return r.add(ident, field, "type", expected="string", got=value)
        if not ID.match(value):
            return r.add(ident, field, "id", got=value)
        return value


@dataclass(frozen=True, slots=True)
class OneOf(Spec):
    """One of `choices` (shown in this order); with `what`, the problem reads
    ``unknown WHAT 'x' (one of ...)`` instead of ``must be one of ..., got 'x'``."""

    choices: tuple[str, ...]
    default: Any = REQUIRED
    what: str = ""

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        if isinstance(value, str) and value in self.choices:
            return value
        code = "unknown_choice" if self.what else "choice"
        if not isinstance(value, str) and not self.what and r.typed_choices:
            return r.add(ident, field, "type", expected="string", got=value)
        return r.add(ident, field, code, choices=self.choices, what=self.what, got=value)


@dataclass(frozen=True, slots=True)
class Ref(Spec):
    """The id of another record: one of `known` (a record named in `named` that did not
    read is not reported a second time; the value is INVALID all the same)."""

    known: Collection[str]
    what: str
    named: Collection[str] = ()
    default: Any = REQUIRED

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        if isinstance(value, str) and value in self.known:
            return value
        if isinstance(value, str) and value in self.named:
            return INVALID
        if not isinstance(value, str) and r.typed_choices:
            return r.add(ident, field, "type", expected="string", got=value)
        return r.add(ident, field, "ref", what=self.what, got=value)


@dataclass(frozen=True, slots=True)
class Text(Spec):
    """A text in both languages, ``{ ru = "...", en = "..." }``, read as (ru, en)."""

    default: Any = REQUIRED
    languages: tuple[str, ...] = ("ru", "en")

    scalar = False
    expected = "text"

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        if not isinstance(value, dict):
            return r.add(ident, field, "type", expected=self.expected, got=value)
        r.unknown(value, self.languages, ident, field)
        ok = True
        for lang in self.languages:
            text = value.get(lang)
            if not isinstance(text, str) or not text.strip():
                r.add(ident, join(field, lang), "empty_text")
                ok = False
        return (str(value.get("ru", "")), str(value.get("en", ""))) if ok else INVALID


@dataclass(frozen=True, slots=True)
class Table(Spec):
    """A table of known fields (`schema`, read into a dict), or of any fields (None)."""

    schema: Mapping[str, Spec] | None = None
    default: Any = REQUIRED
    expected: str = "table"

    scalar = False

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        if not isinstance(value, dict):
            return r.add(ident, field, "type", expected=self.expected, got=value)
        if self.schema is None:
            return dict(value)
        return r.fields(value, self.schema, ident, field)

    def absent(self, r: Reader, ident: str | None, field: str) -> Any:
        """A default table is read as if the file held it (its fields' defaults)."""
        if isinstance(self.default, dict) and self.schema is not None:
            return self.read(r, self.default, ident, field)
        return self.default


@dataclass(frozen=True, slots=True)
class MapOf(Spec):
    """A table of any keys (each read by `key`, when given: a bad key is reported at the
    table's field) to values read by `value`; `required` keys must be there."""

    value: Spec
    key: Spec | None = None
    required: tuple[str, ...] = ()
    default: Any = REQUIRED
    expected: str = "table"

    scalar = False

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        if not isinstance(value, dict):
            return r.add(ident, field, "type", expected=self.expected, got=value)
        out: dict[str, Any] = {}
        ok = True
        for name in self.required:
            if name not in value:
                r.add(ident, join(field, name), "missing_key")
                ok = False
        for name, raw in value.items():
            key = name if self.key is None else self.key.read(r, name, ident, field)
            item = self.value.read(r, raw, ident, join(field, name)) if key is not INVALID else key
            if item is INVALID:
                ok = False
            else:
                out[key] = item
        return out if ok else INVALID


@dataclass(frozen=True, slots=True)
class ListOf(Spec):
    """A list of `item` values, `least`..`most` of them (None: any number).

    `items` says where an item's problem goes: ``each`` at ``field[i]`` (counted from
    `base`), ``list`` at the list's own field, ``whole`` as one problem of the whole list
    (``must be EXPECTED, got [...]``). `unique` names the field of table items that must
    differ between items. The list reads as INVALID if any item does not read, unless
    `partial`: then such an item is INVALID in the list, the others as they read."""

    item: Spec
    least: int = 0
    most: int | None = None
    default: Any = REQUIRED
    expected: str = "list"
    items: str = "each"
    base: int = 0
    unique: str = ""
    partial: bool = False

    def read(self, r: Reader, value: Any, ident: str | None, field: str) -> Any:
        if not isinstance(value, list):
            return r.add(ident, field, "type", expected=self.expected, got=value)
        if len(value) < self.least or (self.most is not None and len(value) > self.most):
            return r.add(ident, field, "length", expected=self.expected, got=len(value))
        reader = r if self.items != "whole" else r.scratch()
        out: list[Any] = []
        seen: set[Any] = set()
        for i, raw in enumerate(value):
            at = field if self.items == "list" else f"{field}[{i + self.base}]"
            item = self.item.read(reader, raw, ident, at)
            if self.unique and isinstance(item, dict) and item.get(self.unique) is not INVALID:
                key = item.get(self.unique)
                if key in seen:
                    r.add(ident, join(at, self.unique), "duplicate", id=key)
                    item = INVALID
                seen.add(key)
            out.append(item)
        if any(item is INVALID for item in out) and not self.partial:
            if self.items == "whole":
                r.add(ident, field, "type", expected=self.expected, got=value)
            return INVALID
        return out


__all__ = [
    "ID",
    "INVALID",
    "MISSING",
    "REQUIRED",
    "Bool",
    "Id",
    "Int",
    "ListOf",
    "MapOf",
    "Num",
    "OneOf",
    "Raw",
    "Ref",
    "Spec",
    "Str",
    "Table",
    "Text",
    "join",
    "short",
]
