"""Field readers for the Battle Planet data files: each reports a problem as
``file: id: field: problem`` into a `Problems` list and returns a usable value."""

from __future__ import annotations

import tomllib
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.rules.planet.defs import CardType, Effect, Faction, Text, Trigger
from game.rules.planet.effects import check_condition, check_effect

from .errors import ContentError

FACTIONS = {f.value for f in Faction}


class Problems:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.items: list[str] = []

    def add(self, ident: str, field: str, problem: str) -> None:
        self.items.append(f"{self.path.name}: {ident}: {field}: {problem}")

    def raise_any(self) -> None:
        if self.items:
            raise ContentError(self.items)


def read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise ContentError([f"{path}: file not found"]) from None
    except tomllib.TOMLDecodeError as e:
        raise ContentError([f"{path.name}: -: -: not valid TOML ({e})"]) from None
    except (OSError, UnicodeDecodeError) as e:
        raise ContentError([f"{path}: cannot read ({e})"]) from None


def entries(data: dict[str, Any], key: str, probs: Problems) -> list[tuple[str, dict[str, Any]]]:
    raw = data.get(key)
    if not isinstance(raw, list) or not raw:
        probs.add("-", key, f"expected one or more [[{key}]] tables")
        return []
    out: list[tuple[str, dict[str, Any]]] = []
    seen: set[str] = set()
    for i, entry in enumerate(raw):
        if not isinstance(entry, dict):
            probs.add(f"#{i + 1}", key, "not a table")
            continue
        ident = entry.get("id")
        if (
            not isinstance(ident, str)
            or not ident
            or not ident.replace("_", "").isalnum()
            or ident != ident.lower()
            or not ident.isascii()
        ):
            probs.add(f"#{i + 1}", "id", f"missing or not lower_snake_case: {ident!r}")
            continue
        if ident in seen:
            probs.add(ident, "id", "used twice")
            continue
        seen.add(ident)
        out.append((ident, entry))
    return out


def unknown_fields(entry: dict[str, Any], allowed: set[str], ident: str, probs: Problems) -> None:
    for extra in sorted(set(entry) - allowed):
        probs.add(ident, extra, "unknown field")


def text(entry: dict[str, Any], field: str, ident: str, probs: Problems) -> Text:
    value = entry.get(field)
    if not isinstance(value, dict):
        probs.add(ident, field, "missing (a table with ru and en)")
        return Text("", "")
    for lang in ("ru", "en"):
        if not isinstance(value.get(lang), str) or not value[lang].strip():
            probs.add(ident, f"{field}.{lang}", "missing or empty")
    for extra in sorted(set(value) - {"ru", "en"}):
        probs.add(ident, f"{field}.{extra}", "unknown language (ru, en)")
    return Text(str(value.get("ru", "")), str(value.get("en", "")))


def integer(
    entry: dict[str, Any],
    field: str,
    ident: str,
    probs: Problems,
    lo: int,
    hi: int,
    step: int = 1,
    default: int | None = None,
) -> int:
    if field not in entry and default is not None:
        return default
    value = entry.get(field)
    if not isinstance(value, int) or isinstance(value, bool):
        probs.add(ident, field, f"must be an integer, got {value!r}")
        return 0
    if not lo <= value <= hi or value % step:
        what = f"a multiple of {step} " if step > 1 else ""
        probs.add(ident, field, f"must be {what}within {lo}..{hi}, got {value}")
    return value


def boolean(entry: dict[str, Any], field: str, ident: str, probs: Problems) -> bool:
    value = entry.get(field, False)
    if not isinstance(value, bool):
        probs.add(ident, field, f"must be true or false, got {value!r}")
        return False
    return value


def factions(entry: dict[str, Any], field: str, ident: str, probs: Problems) -> tuple[Faction, ...]:
    value = entry.get(field)
    if not isinstance(value, list) or not 1 <= len(value) <= 2:
        probs.add(ident, field, f"must be a list of one or two factions, got {value!r}")
        return ()
    out = []
    for v in value:
        if v not in FACTIONS:
            probs.add(ident, field, f"unknown faction {v!r} ({', '.join(sorted(FACTIONS))})")
        else:
            out.append(Faction(v))
    if len(set(out)) != len(out):
        probs.add(ident, field, "names a faction twice")
    return tuple(out)


def effects(
    entry: dict[str, Any],
    field: str,
    ident: str,
    probs: Problems,
    place: str,
    card_type: CardType,
    label: str | None = None,
) -> tuple[Effect, ...]:
    raw = entry.get(field, [])
    field = label or field
    if not isinstance(raw, list):
        probs.add(ident, field, "must be a list of effect tables")
        return ()
    out = []
    for i, e in enumerate(raw):
        if not isinstance(e, dict):
            probs.add(ident, f"{field}[{i}]", "not a table")
            continue
        problems = check_effect(e, place, card_type)
        for problem in problems:
            name, _, why = problem.partition(": ")
            probs.add(ident, f"{field}[{i}].{name}", why)
        if not problems:
            params = {k: v for k, v in e.items() if k not in ("kind", "when", "unless")}
            out.append(Effect(e["kind"], MappingProxyType(params), e.get("when"), e.get("unless")))
    return tuple(out)


def triggers(
    entry: dict[str, Any],
    ident: str,
    probs: Problems,
    allowed: tuple[Trigger, ...],
    card_type: CardType,
) -> MappingProxyType[Trigger, tuple[Effect, ...]]:
    raw = entry.get("triggers", {})
    if not isinstance(raw, dict):
        probs.add(ident, "triggers", "must be a table of trigger = [effects]")
        return MappingProxyType({})
    out: dict[Trigger, tuple[Effect, ...]] = {}
    names = {t.value for t in allowed}
    for key in raw:
        if key not in names:
            probs.add(
                ident, f"triggers.{key}", f"unknown trigger here ({', '.join(sorted(names))})"
            )
            continue
        before = len(probs.items)
        found = effects(raw, key, ident, probs, "triggers", card_type, f"triggers.{key}")
        if not found and len(probs.items) == before:
            probs.add(ident, f"triggers.{key}", "needs at least one effect")
        out[Trigger(key)] = found
    return MappingProxyType(out)


def condition(entry: dict[str, Any], field: str, ident: str, probs: Problems) -> str | None:
    value = entry.get(field)
    if value is None:
        return None
    problem = check_condition(value)
    if problem:
        probs.add(ident, field, problem)
        return None
    return str(value)
