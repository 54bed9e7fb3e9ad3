"""Loads the classic card data (`assets/data/classic/*.toml`) into a rules `Catalog`:
Bakugan, Gate Cards, Ability Cards, and the New Vestroia pieces (Bakugan Traps, Battle
Gear with its property card, Evolution property cards).

Every problem is collected and reported as ``file: id: field: problem``; a file with
any problem is refused whole, never half loaded, whatever its bytes (not UTF-8, a
number too long, nesting too deep: `game.files.decode`). A catalog that cannot deal
a kit of every game the app offers (the Big Game of four: 6 Bakugan that are not
evolved forms, 2 Gate Cards of each colour, 2 Ability Cards of each colour) is refused
at load with the reason, not when the first kit is dealt.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.files import decode
from game.files.paths import data_dir
from game.rules.classic.defs import (
    MAX_GEAR_ABILITIES,
    AbilityColour,
    AbilityDef,
    Attribute,
    BakuganDef,
    Catalog,
    Effect,
    EvolutionDef,
    GateColour,
    GateDef,
    GearAbility,
    GearDef,
    Requirement,
    Text,
    Timing,
    TrapDef,
    TrapFace,
)
from game.rules.classic.effects import PRIMITIVES, check_effect

from .catalog_checks import check_dealable, check_evolutions, check_species
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
        return decode.toml(decode.read_bytes(path))
    except decode.Undecodable as e:
        if e.code == "missing":
            raise ContentError([f"{path}: file not found"]) from None
        if e.code == "unreadable":
            raise ContentError([f"{path}: {e.detail}"]) from None
        raise ContentError([f"{path.name}: -: -: {e.detail}"]) from None


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
    entry: dict[str, Any],
    ident: str,
    probs: _Problems,
    on: str,
    timings: frozenset[Timing],
    prefix: str = "",
) -> tuple[Effect, ...]:
    raw = entry.get("effects", [])
    if on in ("ability", "gear") and not raw:
        what = "an Ability Card" if on == "ability" else "a Battle Gear ability"
        probs.add(ident, f"{prefix}effects", f"{what} needs at least one effect")
        return ()
    if not isinstance(raw, list):
        probs.add(ident, f"{prefix}effects", "must be a list of tables")
        return ()
    effects = []
    scopes = set()
    for i, e in enumerate(raw):
        if not isinstance(e, dict):
            probs.add(ident, f"{prefix}effects[{i}]", "not a table")
            continue
        problems = check_effect(e, on, timings)
        for problem in problems:
            probs.add(
                ident,
                f"{prefix}effects[{i}].{problem.split(':', 1)[0]}",
                problem.split(": ", 1)[1],
            )
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
        _unknown_fields(
            e, {"id", "species", "attribute", "g_power", "name", "evolved"}, ident, probs
        )
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
        evolved = e.get("evolved", False)
        if not isinstance(evolved, bool):
            probs.add(ident, "evolved", f"must be true or false, got {evolved!r}")
            evolved = False
        out.append(BakuganDef(ident, species, attribute, g, name, evolved))
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
            e,
            {"id", "colour", "timing", "effects", "requires", "level", "name", "text"},
            ident,
            probs,
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
        level = e.get("level")
        if level is not None and (
            not isinstance(level, int) or isinstance(level, bool) or not 0 <= level <= 24
        ):
            probs.add(ident, "level", f"must be an integer within 0..24, got {level!r}")
            level = None
        name, text = _text(e, "name", ident, probs), _text(e, "text", ident, probs)
        if colour in colours:
            out.append(
                AbilityDef(
                    ident, AbilityColour(colour), timing, effects, requires, name, text, level
                )
            )
    if probs.items:
        raise ContentError(probs.items)
    return out


def _species(e: dict[str, Any], ident: str, probs: _Problems) -> str:
    species = e.get("species")
    if (
        not isinstance(species, str)
        or not species
        or not species.replace("_", "").isalnum()
        or species != species.lower()
    ):
        probs.add(ident, "species", f"missing or not lower_snake_case: {species!r}")
        return ""
    return species


def _attribute(e: dict[str, Any], field: str, ident: str, probs: _Problems) -> Attribute | None:
    attr = e.get(field)
    if attr not in _ATTRS:
        probs.add(ident, field, f"must be one of {', '.join(sorted(_ATTRS))}, got {attr!r}")
        return None
    return Attribute(attr)


def load_traps(path: Path) -> list[TrapDef]:
    """Bakugan Traps (`traps.toml`); a missing file means no Traps."""
    if not path.exists():
        return []
    probs = _Problems(path)
    out = []
    for ident, e in _entries(_read(path), "trap", probs):
        _unknown_fields(e, {"id", "species", "attribute", "faces", "name", "text"}, ident, probs)
        species = _species(e, ident, probs)
        attribute = _attribute(e, "attribute", ident, probs)
        raw = e.get("faces")
        faces: list[TrapFace] = []
        if not isinstance(raw, list) or not raw:
            probs.add(
                ident, "faces", "needs one or more faces ({ attribute = ... } or { g = ... })"
            )
            raw = []
        for i, face in enumerate(raw):
            where = f"faces[{i}]"
            if not isinstance(face, dict) or len(face) != 1 or not {"attribute", "g"} >= set(face):
                probs.add(ident, where, "must be { attribute = ATTRIBUTE } or { g = G }")
                continue
            if "attribute" in face:
                shown = _attribute(face, "attribute", ident, probs)
                if shown is not None:
                    faces.append(TrapFace(attribute=shown))
            else:
                g = face["g"]
                if not isinstance(g, int) or isinstance(g, bool) or not 10 <= g <= 300 or g % 10:
                    probs.add(
                        ident, f"{where}.g", f"must be a multiple of 10 within 10..300, got {g!r}"
                    )
                    continue
                faces.append(TrapFace(g=g))
        name, text = _text(e, "name", ident, probs), _text(e, "text", ident, probs)
        if attribute is not None:
            out.append(TrapDef(ident, species, attribute, tuple(faces), name, text))
    if probs.items:
        raise ContentError(probs.items)
    return out


def load_gear(path: Path) -> list[GearDef]:
    """Battle Gear with its property card (`gear.toml`); a missing file means none."""
    if not path.exists():
        return []
    probs = _Problems(path)
    out = []
    colours = {c.value for c in GateColour}
    for ident, e in _entries(_read(path), "gear", probs):
        _unknown_fields(
            e,
            {"id", "species", "colour", "g", "attribute", "abilities", "name", "text"},
            ident,
            probs,
        )
        species = _species(e, ident, probs)
        colour = e.get("colour")
        if colour not in colours:
            probs.add(
                ident, "colour", f"must be one of {', '.join(sorted(colours))}, got {colour!r}"
            )
        g = _int(e, "g", ident, probs, 10, 300)
        attribute = _attribute(e, "attribute", ident, probs)
        raw = e.get("abilities")
        abilities: list[GearAbility] = []
        if not isinstance(raw, list) or not raw:
            probs.add(ident, "abilities", "needs one or more [[gear.abilities]] tables")
            raw = []
        elif len(raw) > MAX_GEAR_ABILITIES:
            probs.add(
                ident,
                "abilities",
                f"at most {MAX_GEAR_ABILITIES} (its owner may use any of them), has {len(raw)}",
            )
            raw = raw[:MAX_GEAR_ABILITIES]
        seen: set[str] = set()
        for i, ab in enumerate(raw):
            where = f"abilities[{i}]"
            if not isinstance(ab, dict):
                probs.add(ident, where, "not a table")
                continue
            for extra in sorted(set(ab) - {"id", "effects", "name", "text"}):
                probs.add(ident, f"{where}.{extra}", "unknown field")
            ab_id = ab.get("id")
            if (
                not isinstance(ab_id, str)
                or not ab_id.replace("_", "").isalnum()
                or ab_id != ab_id.lower()
            ):
                probs.add(ident, f"{where}.id", f"missing or not lower_snake_case: {ab_id!r}")
                continue
            if ab_id in seen:
                probs.add(ident, f"{where}.id", f"{ab_id!r} used twice")
            seen.add(ab_id)
            effects = _effects(ab, ident, probs, "gear", frozenset(), prefix=f"{where}.")
            ab_name = _text(ab, "name", ident, probs)
            ab_text = _text(ab, "text", ident, probs)
            abilities.append(GearAbility(ab_id, effects, ab_name, ab_text))
        name, text = _text(e, "name", ident, probs), _text(e, "text", ident, probs)
        if colour in colours and attribute is not None:
            out.append(
                GearDef(
                    ident, species, GateColour(colour), g, attribute, tuple(abilities), name, text
                )
            )
    if probs.items:
        raise ContentError(probs.items)
    return out


def load_evolutions(path: Path) -> list[EvolutionDef]:
    """Evolution property cards (`evolutions.toml`); a missing file means none. Their
    Bakugan are checked against the catalog by `load_catalog`."""
    if not path.exists():
        return []
    probs = _Problems(path)
    out = []
    for ident, e in _entries(_read(path), "evolution", probs):
        _unknown_fields(e, {"id", "base", "evolved", "level", "name", "text"}, ident, probs)
        ids = []
        for field in ("base", "evolved"):
            value = e.get(field)
            if not isinstance(value, str) or not value:
                probs.add(ident, field, "missing (a Bakugan id)")
                value = ""
            ids.append(value)
        level = e.get("level")
        if not isinstance(level, int) or isinstance(level, bool) or not 0 <= level <= 24:
            probs.add(ident, "level", f"must be an integer within 0..24, got {level!r}")
            level = 0
        name, text = _text(e, "name", ident, probs), _text(e, "text", ident, probs)
        out.append(EvolutionDef(ident, ids[0], ids[1], level, name, text))
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
        ("traps", load_traps, "traps.toml"),
        ("gear", load_gear, "gear.toml"),
        ("evolutions", load_evolutions, "evolutions.toml"),
    ):
        try:
            parts[key] = loader(folder / name)
        except ContentError as e:
            problems.extend(e.problems)
    if problems:
        raise ContentError(problems)
    catalog = Catalog.of(
        parts["bakugan"],
        parts["gates"],
        parts["abilities"],
        parts["traps"],
        parts["gear"],
        parts["evolutions"],
    )
    species = {b.species for b in catalog.bakugan.values()}
    for gate in catalog.gates.values():
        check_species(gate.id, gate.effects, species, "gates.toml", problems)
    for ab in catalog.abilities.values():
        check_species(ab.id, ab.effects, species, "abilities.toml", problems)
    for gear in catalog.gear.values():
        for i, gab in enumerate(gear.abilities):
            check_species(gear.id, gab.effects, species, "gear.toml", problems, f"abilities[{i}].")
    check_evolutions(catalog, problems)
    check_dealable(catalog, problems)
    if problems:
        raise ContentError(problems)
    return catalog


@cache
def shipped_catalog() -> Catalog:
    """The shipped classic catalog, loaded once."""
    return load_catalog()
