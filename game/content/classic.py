"""Loads the classic card data (`assets/data/classic/*.toml`) into a rules `Catalog`.

Every problem is collected and reported as ``file: id: field: problem``; a file with
any problem is refused whole, never half loaded.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.paths import data_dir
from game.rules.classic.defs import (
    AbilityColour,
    AbilityDef,
    Attribute,
    BakuganDef,
    Catalog,
    Effect,
    GateColour,
    GateDef,
    Requirement,
    Text,
    Timing,
)
from game.rules.classic.effects import PRIMITIVES, check_effect

from .errors import ContentError

_ATTRS = {a.value for a in Attribute}


class _Problems:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.items: list[str] = []

    def add(self, ident: str, field: str, problem: str) -> None:
        self.items.append(f"{self.path.name}: {ident}: {field}: {problem}")


def _read(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise ContentError([f"{path}: file not found"]) from None
    except tomllib.TOMLDecodeError as e:
        raise ContentError([f"{path.name}: -: -: not valid TOML ({e})"]) from None
    except OSError as e:
        raise ContentError([f"{path}: cannot read ({e})"]) from None


def _entries(data: dict[str, Any], key: str, probs: _Problems) -> list[tuple[str, dict[str, Any]]]:
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
            or not ident.replace("_", "").isalnum()
            or ident != ident.lower()
        ):
            probs.add(f"#{i + 1}", "id", f"missing or not lower_snake_case: {ident!r}")
            continue
        if ident in seen:
            probs.add(ident, "id", "used twice")
            continue
        seen.add(ident)
        out.append((ident, entry))
    return out


def _text(entry: dict[str, Any], field: str, ident: str, probs: _Problems) -> Text:
    value = entry.get(field)
    if not isinstance(value, dict):
        probs.add(ident, field, "missing (a table with ru and en)")
        return Text("", "")
    for lang in ("ru", "en"):
        if not isinstance(value.get(lang), str) or not value[lang].strip():
            probs.add(ident, f"{field}.{lang}", "missing or empty")
    return Text(str(value.get("ru", "")), str(value.get("en", "")))


def _unknown_fields(entry: dict[str, Any], allowed: set[str], ident: str, probs: _Problems) -> None:
    for extra in sorted(set(entry) - allowed):
        probs.add(ident, extra, "unknown field")


def _int(entry: dict[str, Any], field: str, ident: str, probs: _Problems, lo: int, hi: int) -> int:
    value = entry.get(field)
    if not isinstance(value, int) or isinstance(value, bool):
        probs.add(ident, field, f"must be an integer, got {value!r}")
        return 0
    if not lo <= value <= hi or value % 10:
        probs.add(ident, field, f"must be a multiple of 10 within {lo}..{hi}, got {value}")
    return value


def _effects(
    entry: dict[str, Any], ident: str, probs: _Problems, on: str, timings: frozenset[Timing]
) -> tuple[Effect, ...]:
    raw = entry.get("effects", [])
    if on == "ability" and not raw:
        probs.add(ident, "effects", "an Ability Card needs at least one effect")
        return ()
    if not isinstance(raw, list):
        probs.add(ident, "effects", "must be a list of tables")
        return ()
    effects = []
    scopes = set()
    for i, e in enumerate(raw):
        if not isinstance(e, dict):
            probs.add(ident, f"effects[{i}]", "not a table")
            continue
        problems = check_effect(e, on, timings)
        for problem in problems:
            probs.add(ident, f"effects[{i}].{problem.split(':', 1)[0]}", problem.split(": ", 1)[1])
        if not problems:
            effects.append(
                Effect(e["kind"], MappingProxyType({k: v for k, v in e.items() if k != "kind"}))
            )
            scopes.add(PRIMITIVES[e["kind"]].scope)
    if len(scopes) > 1:
        probs.add(ident, "effects", "mixes battle and field effects: make two cards")
    return tuple(effects)


def load_bakugan(path: Path) -> list[BakuganDef]:
    probs = _Problems(path)
    out = []
    for ident, e in _entries(_read(path), "bakugan", probs):
        _unknown_fields(e, {"id", "species", "attribute", "g_power", "name"}, ident, probs)
        species = e.get("species")
        if not isinstance(species, str) or not species:
            probs.add(ident, "species", "missing")
            species = ""
        attr = e.get("attribute")
        if attr != "clear" and attr not in _ATTRS:
            probs.add(
                ident,
                "attribute",
                f"must be one of {', '.join(sorted(_ATTRS))} or clear, got {attr!r}",
            )
        g = _int(e, "g_power", ident, probs, 100, 1500)
        name = _text(e, "name", ident, probs)
        attribute = Attribute(attr) if attr in _ATTRS else None
        out.append(BakuganDef(ident, species, attribute, g, name))
    if probs.items:
        raise ContentError(probs.items)
    return out


def load_gates(path: Path) -> list[GateDef]:
    probs = _Problems(path)
    out = []
    colours = {c.value for c in GateColour}
    for ident, e in _entries(_read(path), "gate", probs):
        _unknown_fields(e, {"id", "colour", "bonus", "effects", "name", "text"}, ident, probs)
        colour = e.get("colour")
        if colour not in colours:
            probs.add(
                ident, "colour", f"must be one of {', '.join(sorted(colours))}, got {colour!r}"
            )
        bonus_raw = e.get("bonus")
        bonuses: dict[Attribute, int] = {}
        if not isinstance(bonus_raw, dict):
            probs.add(ident, "bonus", "missing (a table with all six attributes)")
        else:
            for a in Attribute:
                if a.value not in bonus_raw:
                    probs.add(ident, f"bonus.{a.value}", "missing")
                else:
                    bonuses[a] = _int(bonus_raw, a.value, ident, probs, -300, 300)
            for extra in sorted(set(bonus_raw) - _ATTRS):
                probs.add(ident, f"bonus.{extra}", "not an attribute")
        effects = _effects(e, ident, probs, "gate", frozenset())
        name, text = _text(e, "name", ident, probs), _text(e, "text", ident, probs)
        if colour in colours:
            out.append(
                GateDef(ident, GateColour(colour), MappingProxyType(bonuses), effects, name, text)
            )
    if probs.items:
        raise ContentError(probs.items)
    return out


def load_abilities(path: Path) -> list[AbilityDef]:
    probs = _Problems(path)
    out = []
    colours = {c.value for c in AbilityColour}
    timings_all = {t.value for t in Timing}
    for ident, e in _entries(_read(path), "ability", probs):
        _unknown_fields(
            e, {"id", "colour", "timing", "effects", "requires", "name", "text"}, ident, probs
        )
        colour = e.get("colour")
        if colour not in colours:
            probs.add(
                ident, "colour", f"must be one of {', '.join(sorted(colours))}, got {colour!r}"
            )
        raw_t = e.get("timing")
        if not isinstance(raw_t, list) or not raw_t or any(t not in timings_all for t in raw_t):
            probs.add(
                ident,
                "timing",
                f"must be a list of {', '.join(sorted(timings_all))}, got {raw_t!r}",
            )
            raw_t = []
        timing = frozenset(Timing(t) for t in raw_t)
        effects = _effects(e, ident, probs, "ability", timing)
        req_raw = e.get("requires", {})
        requires = Requirement()
        if not isinstance(req_raw, dict):
            probs.add(ident, "requires", "must be a table")
        else:
            for extra in sorted(set(req_raw) - {"attribute", "losing"}):
                probs.add(ident, f"requires.{extra}", "unknown condition (attribute, losing)")
            attr = req_raw.get("attribute")
            if attr is not None and attr not in _ATTRS:
                probs.add(ident, "requires.attribute", f"not an attribute: {attr!r}")
                attr = None
            losing = req_raw.get("losing", False)
            if not isinstance(losing, bool):
                probs.add(ident, "requires.losing", f"must be true or false, got {losing!r}")
                losing = False
            requires = Requirement(Attribute(attr) if attr else None, losing)
            scopes = {PRIMITIVES[x.kind].scope for x in effects}
            if (attr or losing) and "field" in scopes:
                probs.add(ident, "requires", "a field effect cannot have a battle condition")
        name, text = _text(e, "name", ident, probs), _text(e, "text", ident, probs)
        if colour in colours:
            out.append(
                AbilityDef(ident, AbilityColour(colour), timing, effects, requires, name, text)
            )
    if probs.items:
        raise ContentError(probs.items)
    return out


def load_catalog(folder: Path | None = None) -> Catalog:
    """The classic catalog from `folder` (default: the shipped data); raises ContentError."""
    folder = folder or data_dir("classic")
    problems: list[str] = []
    parts: dict[str, Any] = {}
    for key, loader, name in (
        ("bakugan", load_bakugan, "bakugan.toml"),
        ("gates", load_gates, "gates.toml"),
        ("abilities", load_abilities, "abilities.toml"),
    ):
        try:
            parts[key] = loader(folder / name)
        except ContentError as e:
            problems.extend(e.problems)
    if problems:
        raise ContentError(problems)
    catalog = Catalog.of(parts["bakugan"], parts["gates"], parts["abilities"])
    species = {b.species for b in catalog.bakugan.values()}
    for gate in catalog.gates.values():
        _check_species(gate.id, gate.effects, species, "gates.toml", problems)
    for ab in catalog.abilities.values():
        _check_species(ab.id, ab.effects, species, "abilities.toml", problems)
    if problems:
        raise ContentError(problems)
    return catalog


def _check_species(
    ident: str, effects: tuple[Effect, ...], species: set[str], file: str, problems: list[str]
) -> None:
    for i, e in enumerate(effects):
        if e.kind == "double_species" and e.params["species"] not in species:
            problems.append(
                f"{file}: {ident}: effects[{i}].species: "
                f"no Bakugan of species {e.params['species']!r}"
            )


@cache
def shipped_catalog() -> Catalog:
    """The shipped classic catalog, loaded once."""
    return load_catalog()
