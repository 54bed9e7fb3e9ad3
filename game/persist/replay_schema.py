"""The shape of a replay's lines: what each field of the header and of each record must
be, checked once where the file is read (`replay_file.read_replay`).

A replay may come from a friend, so it is untrusted input: before this check, a header
whose ``settings`` missed a key, or a throw whose ``origin`` was a number, reached the
re-run and came out as a raw ``KeyError: 'grid'`` or ``TypeError``. Every field now has
a spec (its kind, its range, its length), a field no spec names is refused, and the
problem is one line naming the field: ``settings.grid: missing``, ``record 5 (throw):
origin[1]: must be a number, got 'x'``. What lies beyond the shape (a setting the rules
refuse, a throw off the table, an illegal move) stays the business of the re-run.

The ranges also cap the work a file can ask for (a 1,000 x 1,000 grid, a deck of a
million cards, a limit of a billion turns): a replay of any real match is far inside them.

The common parts (the header's fields every game has, the seats, the ``act`` and
``note`` records) are here; each game's parts (its settings, its kits, its other record
kinds and their fields) are a `GameSchema` that each game's record folder declares
(`game.games.<game>.replay_schema`, gathered by `game.games.replays.SCHEMAS`) and the
reader is handed. Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from game.files import decode


class Mismatch(ValueError):
    """A value that does not fit its spec: `where` (the field's path) and `problem`."""

    def __init__(self, where: str, problem: str) -> None:
        super().__init__(f"{where}: {problem}" if where else problem)
        self.where = where
        self.problem = problem


def short(value: Any, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _at(where: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{where}[{key}]"
    if not (key.isidentifier() or key == "(a key)"):
        key = short(key, 24)  # (a key of any text: quoted, escaped)
    return f"{where}.{key}" if where else key


class Spec:
    """Checks one value; raises `Mismatch` naming `where`."""

    def check(self, value: Any, where: str) -> None:
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Int(Spec):
    lo: int
    hi: int

    def check(self, value: Any, where: str) -> None:
        if isinstance(value, bool) or not isinstance(value, int):
            raise Mismatch(where, f"must be a whole number, got {short(value)}")
        if not self.lo <= value <= self.hi:
            raise Mismatch(where, f"must be from {self.lo} to {self.hi}, got {short(value)}")


@dataclass(frozen=True, slots=True)
class Num(Spec):
    """A finite number (an int or a float, never true / false)."""

    lo: float = -1e9
    hi: float = 1e9

    def check(self, value: Any, where: str) -> None:
        if not decode.finite(value):
            raise Mismatch(where, f"must be a number, got {short(value)}")
        if not self.lo <= value <= self.hi:
            raise Mismatch(where, f"must be from {self.lo:g} to {self.hi:g}, got {short(value)}")


@dataclass(frozen=True, slots=True)
class Bool(Spec):
    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, bool):
            raise Mismatch(where, f"must be true or false, got {short(value)}")


@dataclass(frozen=True, slots=True)
class Str(Spec):
    """Text of at most `longest` characters, printable; matching `pattern` if given."""

    longest: int = 80
    pattern: str | None = None
    what: str = "text"

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, str):
            raise Mismatch(where, f"must be {self.what}, got {short(value)}")
        if len(value) > self.longest:
            raise Mismatch(where, f"longer than {self.longest} characters")
        if not value.isprintable():
            raise Mismatch(where, f"holds a character that cannot be shown: {short(value)}")
        if self.pattern is not None and re.fullmatch(self.pattern, value) is None:
            raise Mismatch(where, f"must be {self.what}, got {short(value)}")


@dataclass(frozen=True, slots=True)
class OneOf(Spec):
    """One of a few values (an option's names)."""

    choices: tuple[object, ...]

    def check(self, value: Any, where: str) -> None:
        if isinstance(value, bool) or value not in self.choices:
            names = ", ".join(short(c) for c in self.choices)
            raise Mismatch(where, f"must be one of {names}, got {short(value)}")


ID = Str(64, r"[a-z0-9][a-z0-9_]*", "an id (lower_snake_case)")
DIGEST = Str(64, r"[0-9a-f]{64}", "a digest (64 hex digits)")


@dataclass(frozen=True, slots=True)
class Nullable(Spec):
    spec: Spec

    def check(self, value: Any, where: str) -> None:
        if value is not None:
            self.spec.check(value, where)


@dataclass(frozen=True, slots=True)
class ListOf(Spec):
    item: Spec
    fewest: int = 0
    most: int = 64

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, list):
            raise Mismatch(where, f"must be a list, got {short(value)}")
        if not self.fewest <= len(value) <= self.most:
            size = str(self.fewest) if self.fewest == self.most else f"{self.fewest} to {self.most}"
            raise Mismatch(where, f"must hold {size} items, holds {len(value)}")
        for i, item in enumerate(value):
            self.item.check(item, _at(where, i))


def pair(item: Spec) -> ListOf:
    return ListOf(item, 2, 2)


@dataclass(frozen=True, slots=True)
class MapOf(Spec):
    """An object of any keys of `key`, each with a value of `value`."""

    key: Str
    value: Spec
    most: int = 64

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise Mismatch(where, f"must be an object, got {short(value)}")
        if len(value) > self.most:
            raise Mismatch(where, f"must hold at most {self.most} entries, holds {len(value)}")
        for k, v in value.items():
            self.key.check(k, _at(where, "(a key)"))
            self.value.check(v, _at(where, k))


@dataclass(frozen=True, slots=True)
class Obj(Spec):
    """An object with the `required` fields, perhaps the `optional` ones, and no other."""

    required: Mapping[str, Spec]
    optional: Mapping[str, Spec] = field(default_factory=dict)

    def check(self, value: Any, where: str) -> None:
        if not isinstance(value, dict):
            raise Mismatch(where, f"must be an object, got {short(value)}")
        for key, spec in self.required.items():
            if key not in value:
                raise Mismatch(_at(where, key), "missing")
            spec.check(value[key], _at(where, key))
        for key, item in value.items():
            if key in self.required:
                continue
            extra = self.optional.get(key)
            if extra is None:
                raise Mismatch(_at(where, key), "unknown field")
            extra.check(item, _at(where, key))


# ----------------------------------------------------------------------- the common parts

SEED = Int(-(2**63), 2**64)
SEAT = Obj(
    {"name": Str(32, r"[a-z][a-z0-9_]*", "a level's name or human"), "seed": SEED, "human": Bool()}
)
MOST_SEATS = 8

HEADER: Mapping[str, Spec] = {
    "format": Str(40),
    "version": Int(0, 10**6),
    "game": Str(32, r"[a-z][a-z0-9_]*", "a game's id"),
    "game_version": Str(40),
    "content_hash": Str(80),
    "physics_hash": Str(80),
    "pymunk": Str(40),
    "created": Str(40),
    "seed": SEED,
    "seats": ListOf(SEAT, 1, MOST_SEATS),
}
"""The fields every game's header has (besides ``settings``, which is the game's)."""

TURNS = Int(0, 100_000)
IDS = ListOf(ID, 0, 12)
THROW: Mapping[str, Spec] = {
    "origin": pair(Num()),
    "angle": Num(),
    "speed": Num(),
    "spin": Num(),
    "radius": Num(),
    "mass": Num(),
}
"""A throw's inputs, in a classic throw and a Planet roll (the physics checks their
ranges: a speed, a spin, a radius)."""


def option(*choices: object) -> OneOf:
    """One of a rule option's values (an enum's or a constant's), as its text."""
    return OneOf(tuple(str(c) for c in choices))


ACT = Obj({"a": Str(200, what="a move's text")})
NOTE = Obj({"kind": ID}, {"player": Int(0, MOST_SEATS - 1)})
POINT = pair(Num())


@dataclass(frozen=True, slots=True)
class GameSchema:
    """One game's parts of its replays: `settings`, the header's other fields
    (`header`, and `optional` ones), the kinds of record besides ``act`` and ``note``
    with their fields (without ``t``), and `players`: how many seats its settings
    (already checked) sit."""

    settings: Spec
    records: Mapping[str, Obj]
    players: Callable[[Mapping[str, Any]], int]
    header: Mapping[str, Spec] = field(default_factory=dict)
    optional: Mapping[str, Spec] = field(default_factory=dict)

    def record_spec(self, kind: str) -> Obj | None:
        if kind == "act":
            return ACT
        if kind == "note":
            return NOTE
        return self.records.get(kind)


def check_header(header: Mapping[str, Any], schema: GameSchema) -> None:
    """Every field of a header (its format and version already read); `Mismatch`."""
    Obj({**HEADER, "settings": schema.settings, **schema.header}, schema.optional).check(header, "")
    seats = header["seats"]
    players = schema.players(header["settings"])
    if len(seats) != players:
        raise Mismatch("seats", f"{len(seats)} seats for a game of {players} players")
    for i, seat in enumerate(seats):
        if seat["human"] != (seat["name"] == "human"):
            raise Mismatch(f"seats[{i}]", f"{short(seat['name'])} and human {seat['human']}")


def check_record(record: Mapping[str, Any], schema: GameSchema, number: int) -> None:
    """One record's fields (line `number` of the file); `Mismatch`."""
    kind = record.get("t")
    spec = schema.record_spec(kind) if isinstance(kind, str) else None
    index = number - 1  # the records are numbered from 1 after the header
    if spec is None:
        raise Mismatch(f"record {index}", f"unknown kind {short(kind)}")
    try:
        spec.check({k: v for k, v in record.items() if k != "t"}, "")
    except Mismatch as e:
        raise Mismatch(f"record {index} ({kind}): {e.where}", e.problem) from None


__all__ = [
    "ACT",
    "DIGEST",
    "HEADER",
    "ID",
    "IDS",
    "NOTE",
    "POINT",
    "THROW",
    "TURNS",
    "Bool",
    "GameSchema",
    "Int",
    "ListOf",
    "MapOf",
    "Mismatch",
    "Nullable",
    "Num",
    "Obj",
    "OneOf",
    "Spec",
    "Str",
    "check_header",
    "check_record",
    "option",
    "pair",
    "short",
]
