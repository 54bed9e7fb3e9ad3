"""Reading one AI level's table against its schema, for the level files of every game
(`game.ai.classic.levels`, `game.ai.attack.levels`, `game.ai.planet.levels`): each field named,
typed and bounded, every problem reported as (field, problem).

A schema maps a field to (kind, low, high): "str" (non-empty), "int" or "float" (within
low..high; a bool is not a number). A game with kinds of its own passes a reader for
each: value in, (the value to keep, the problem or None) out. Every game's schema begins
with `COMMON`, the fields of `LevelBase` that every game's level record extends;
`make_level` turns a table into the game's level record, and `level_checker` makes a
game's ``check_level`` of its record and schema.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Protocol, TypeVar


class _Record(Protocol):
    """A dataclass: a game's level record."""

    __dataclass_fields__: ClassVar[dict[str, Any]]


L = TypeVar("L")
R = TypeVar("R", bound=_Record)
Schema = Mapping[str, tuple[str, float, float]]
Problems = list[tuple[str, str]]
HAND_SIGMA_MAX = 40.0
"""px: the shakiest hand (`game.ai.hand`) a level file may ask for; a whole pull is
270-360 px, so an error this large throws anywhere."""
KindReader = Callable[[Any], tuple[Any, str | None]]
COMMON: Schema = {
    "title_en": ("str", 0, 0),
    "title_ru": ("str", 0, 0),
    "mistakes": ("float", 0.0, 1.0),
    "hand_sigma": ("float", 0.0, HAND_SIGMA_MAX),
}
"""The fields every game's level schema begins with: those of `LevelBase`."""


@dataclass(frozen=True, slots=True)
class LevelBase:
    """What a computer player of every game has, whatever else its game's level turns:
    its name and titles, how often it slips, how steady its hand is."""

    name: str
    title_en: str
    title_ru: str
    mistakes: float
    """Chance, at a decision with a real choice, of a careless pick (any legal one)."""
    hand_sigma: float
    """Its hand (`game.ai.hand`): px by which its release misses the meant point, in x
    and in y of the screen (standard deviation), through the pull a person throws with.
    (Attack's die: its face comes from the rules, so this is only how the throw looks.)"""


def make_level(
    record: Callable[..., L],
    name: str,
    raw: Any,
    schema: Schema,
    kinds: Mapping[str, KindReader] | None = None,
    across: Callable[[dict[str, Any]], Problems] | None = None,
) -> tuple[L | None, Problems]:
    """The level `record(**values)` made from one raw table (`read_fields`), or None
    and the problems as (field, problem). `across` checks the fields against each other
    (a searching level that samples no worlds, say); it is asked only when every field
    is well on its own."""
    values, problems = read_fields(name, raw, schema, kinds)
    if not problems and across is not None:
        problems = across(values)
    if problems:
        return None, problems
    return record(**values), []


def level_checker(
    record: type[R],
    schema: Schema,
    kinds: Mapping[str, KindReader] | None = None,
    across: Callable[[dict[str, Any]], Problems] | None = None,
) -> Callable[[str, Any], tuple[R | None, Problems]]:
    """A game's ``check_level(name, raw)``: the level `record` made from one raw table
    (`make_level`), or None and the problems as (field, problem). The schema must name
    every field of the record but its `name`; one that does not is refused here, when
    the game's levels module loads, not at the first level file read."""
    wanted = {f.name for f in fields(record)} - {"name"}
    if set(schema) != wanted:
        raise ValueError(
            f"{record.__name__}: the level schema's fields {sorted(set(schema))} "
            f"are not the record's {sorted(wanted)}"
        )

    def check_level(name: str, raw: Any) -> tuple[R | None, Problems]:
        return make_level(record, name, raw, schema, kinds, across)

    return check_level


def read_fields(
    name: str,
    raw: Any,
    schema: Schema,
    kinds: Mapping[str, KindReader] | None = None,
) -> tuple[dict[str, Any], Problems]:
    """The level's values (with its `name`) and the problems as (field, problem); the
    values are only whole when there are no problems."""
    if not isinstance(raw, dict):
        return {"name": name}, [("-", "not a table")]
    problems: Problems = []
    values: dict[str, Any] = {"name": name}
    for extra in sorted(set(raw) - set(schema)):
        problems.append((extra, f"unknown field (one of {', '.join(schema)})"))
    for key, (kind, low, high) in schema.items():
        if key not in raw:
            problems.append((key, "missing"))
            continue
        reader = kinds.get(kind) if kinds is not None else None
        if reader is not None:
            value, problem = reader(raw[key])
        else:
            value, problem = _read(kind, low, high, raw[key])
        if problem is not None:
            problems.append((key, problem))
        else:
            values[key] = value
    return values, problems


def _read(kind: str, low: float, high: float, value: Any) -> tuple[Any, str | None]:
    if kind == "str":
        if not isinstance(value, str) or not value.strip():
            return None, f"must be a non-empty string, got {value!r}"
        return value, None
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None, f"must be a number, got {value!r}"
    if kind == "int" and not isinstance(value, int):
        return None, f"must be a whole number, got {value!r}"
    if not low <= value <= high:
        return None, f"must be within {low:g}..{high:g}, got {value!r}"
    return (float(value) if kind == "float" else int(value)), None
