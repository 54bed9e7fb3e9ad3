"""Loads the classic card data (`assets/data/classic/*.toml`) into a rules `Catalog`:
Bakugan, Gate Cards, Ability Cards, and the New Vestroia pieces (Bakugan Traps, Battle
Gear with its property card, Evolution property cards).

Every problem is collected and reported as ``file: id: field: problem``; a file with
any problem is refused whole, never half loaded, whatever its bytes (not UTF-8, a
number too long, nesting too deep: `game.content.reader`). A catalog that cannot deal
a kit of every game the app offers (the Big Game of four: 6 Bakugan that are not
evolved forms, 2 Gate Cards of each colour, 2 Ability Cards of each colour) is refused
at load with the reason, not when the first kit is dealt.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.files.paths import game_data_dir
from game.rules.api import Text
from game.rules.classic import defs
from game.rules.classic.effects import PRIMITIVES, check_effect

from ..errors import ContentError
from ..reader import INVALID, Bool, Id, Int, ListOf, MapOf, OneOf, Reader, Str, Table
from ..reader import Text as TextSpec
from .catalog_checks import check_dealable, check_evolutions, check_species

_ATTRS = tuple(sorted(a.value for a in defs.Attribute))
ATTRIBUTE = OneOf(_ATTRS)
GATE_COLOUR = OneOf(tuple(sorted(c.value for c in defs.GateColour)))
ABILITY_COLOUR = OneOf(tuple(sorted(c.value for c in defs.AbilityColour)))
_TIMINGS = tuple(sorted(t.value for t in defs.Timing))
EFFECTS = ListOf(Table(), default=[], expected="tables")
NAMED = {"name": TextSpec(), "text": TextSpec()}

BAKUGAN = {
    "species": Str(),
    "attribute": OneOf((*_ATTRS, "clear")),
    "g_power": Int(100, 1500, step=10),
    "name": TextSpec(),
    "evolved": Bool(default=False),
}
GATE = {
    "colour": GATE_COLOUR,
    "bonus": MapOf(
        Int(-300, 300, step=10),
        key=ATTRIBUTE,
        required=_ATTRS,
        expected="a table with all six attributes",
    ),
    "effects": EFFECTS,
    **NAMED,
}
ABILITY = {
    "colour": ABILITY_COLOUR,
    "timing": ListOf(
        OneOf(_TIMINGS), least=1, items="whole", expected=f"a list of {', '.join(_TIMINGS)}"
    ),
    "effects": EFFECTS,
    "requires": Table(
        {"attribute": OneOf(_ATTRS, default=None), "losing": Bool(default=False)}, default={}
    ),
    "level": Int(0, 24, default=None),
    **NAMED,
}
TRAP = {
    "species": Id(),
    "attribute": ATTRIBUTE,
    "faces": ListOf(
        Table(), least=1, expected="one or more faces ({ attribute = ... } or { g = ... })"
    ),
    **NAMED,
}
GEAR_ABILITY = {"id": Id(), "effects": EFFECTS, **NAMED}
GEAR = {
    "species": Id(),
    "colour": GATE_COLOUR,
    "g": Int(10, 300, step=10),
    "attribute": ATTRIBUTE,
    "abilities": ListOf(Table(), least=1, expected="one or more [[gear.abilities]] tables"),
    **NAMED,
}
EVOLUTION = {
    "base": Str(expected="a Bakugan id"),
    "evolved": Str(expected="a Bakugan id"),
    "level": Int(0, 24),
    **NAMED,
}
_WORDS = {"multiple.1": "an integer "}
"""The card files' words for an integer range (``must be an integer within 0..24``)."""


def _open(path: Path) -> Reader:
    return Reader.open(path, none_when_absent=True, words=_WORDS)


def _text(value: Any) -> Text:
    return Text(*value) if value is not INVALID else Text("", "")


def _effects(
    r: Reader,
    raw: Any,
    ident: str,
    on: str,
    timings: frozenset[defs.Timing],
    prefix: str = "",
) -> tuple[defs.Effect, ...]:
    """The effects of a card (each table checked by the rules' `check_effect`)."""
    if raw is INVALID:
        return ()
    if on in ("ability", "gear") and not raw:
        what = "an Ability Card" if on == "ability" else "a Battle Gear ability"
        r.say(ident, f"{prefix}effects", f"{what} needs at least one effect")
        return ()
    effects = []
    scopes = set()
    for i, e in enumerate(raw):
        problems = check_effect(e, on, timings)
        r.say_each(ident, f"{prefix}effects[{i}]", problems)
        if not problems:
            effects.append(
                defs.Effect(
                    e["kind"], MappingProxyType({k: v for k, v in e.items() if k != "kind"})
                )
            )
            scopes.add(PRIMITIVES[e["kind"]].scope)
    if len(scopes) > 1:
        r.say(ident, "effects", "mixes battle and field effects: make two cards")
    return tuple(effects)


def _bakugan_def(r: Reader, ident: str, v: dict[str, Any]) -> defs.BakuganDef | None:
    if r.valid(v):
        attribute = None if v["attribute"] == "clear" else defs.Attribute(v["attribute"])
        return defs.BakuganDef(
            ident, v["species"], attribute, v["g_power"], _text(v["name"]), v["evolved"]
        )
    return None


def load_bakugan(path: Path) -> list[defs.BakuganDef]:
    return _open(path).built("bakugan", BAKUGAN, _bakugan_def)


def _gate_def(r: Reader, ident: str, v: dict[str, Any]) -> defs.GateDef | None:
    effects = _effects(r, v["effects"], ident, "gate", frozenset())
    if r.valid(v):
        bonuses = MappingProxyType({a: v["bonus"][a.value] for a in defs.Attribute})
        colour = defs.GateColour(v["colour"])
        return defs.GateDef(ident, colour, bonuses, effects, _text(v["name"]), _text(v["text"]))
    return None


def load_gates(path: Path) -> list[defs.GateDef]:
    return _open(path).built("gate", GATE, _gate_def)


def _ability_def(r: Reader, ident: str, v: dict[str, Any]) -> defs.AbilityDef | None:
    timing = (
        frozenset(defs.Timing(t) for t in v["timing"])
        if v["timing"] is not INVALID
        else frozenset()
    )
    effects = _effects(r, v["effects"], ident, "ability", timing)
    requires = defs.Requirement()
    if v["requires"] is not INVALID and r.valid(v["requires"]):
        attr, losing = v["requires"]["attribute"], v["requires"]["losing"]
        requires = defs.Requirement(defs.Attribute(attr) if attr else None, losing)
        scopes = {PRIMITIVES[x.kind].scope for x in effects}
        if (attr or losing) and "field" in scopes:
            r.say(ident, "requires", "a field effect cannot have a battle condition")
    if r.valid(v):
        colour = defs.AbilityColour(v["colour"])
        name, text = _text(v["name"]), _text(v["text"])
        return defs.AbilityDef(ident, colour, timing, effects, requires, name, text, v["level"])
    return None


def load_abilities(path: Path) -> list[defs.AbilityDef]:
    return _open(path).built("ability", ABILITY, _ability_def)


def _faces(r: Reader, raw: Any, ident: str) -> tuple[defs.TrapFace, ...]:
    if raw is INVALID:
        return ()
    faces: list[defs.TrapFace] = []
    for i, face in enumerate(raw):
        where = f"faces[{i}]"
        if len(face) != 1 or not {"attribute", "g"} >= set(face):
            r.say(ident, where, "must be { attribute = ATTRIBUTE } or { g = G }")
        elif "attribute" in face:
            shown = r.get(face, "attribute", ATTRIBUTE, ident, where)
            if shown is not INVALID:
                faces.append(defs.TrapFace(attribute=defs.Attribute(shown)))
        else:
            g = r.get(face, "g", Int(10, 300, step=10), ident, where)
            if g is not INVALID:
                faces.append(defs.TrapFace(g=g))
    return tuple(faces)


def _trap_def(r: Reader, ident: str, v: dict[str, Any]) -> defs.TrapDef | None:
    faces = _faces(r, v["faces"], ident)
    if r.valid(v):
        attribute = defs.Attribute(v["attribute"])
        name, text = _text(v["name"]), _text(v["text"])
        return defs.TrapDef(ident, v["species"], attribute, faces, name, text)
    return None


def load_traps(path: Path) -> list[defs.TrapDef]:
    """Bakugan Traps (`traps.toml`); a missing file means no Traps."""
    if not path.exists():
        return []
    return _open(path).built("trap", TRAP, _trap_def)


def _gear_abilities(r: Reader, raw: Any, ident: str) -> tuple[defs.GearAbility, ...]:
    if raw is INVALID:
        return ()
    if len(raw) > defs.MAX_GEAR_ABILITIES:
        r.say(
            ident,
            "abilities",
            f"at most {defs.MAX_GEAR_ABILITIES} (its owner may use any of them), has {len(raw)}",
        )
        raw = raw[: defs.MAX_GEAR_ABILITIES]
    out: list[defs.GearAbility] = []
    seen: set[str] = set()
    for i, table in enumerate(raw):
        where = f"abilities[{i}]"
        v = r.fields(table, GEAR_ABILITY, ident, where)
        if v["id"] is INVALID:
            continue
        if v["id"] in seen:
            r.say(ident, f"{where}.id", f"{v['id']!r} used twice")
        seen.add(v["id"])
        effects = _effects(r, v["effects"], ident, "gear", frozenset(), prefix=f"{where}.")
        out.append(defs.GearAbility(v["id"], effects, _text(v["name"]), _text(v["text"])))
    return tuple(out)


def _gear_def(r: Reader, ident: str, v: dict[str, Any]) -> defs.GearDef | None:
    abilities = _gear_abilities(r, v["abilities"], ident)
    if r.valid(v):
        colour, attribute = defs.GateColour(v["colour"]), defs.Attribute(v["attribute"])
        name, text = _text(v["name"]), _text(v["text"])
        return defs.GearDef(ident, v["species"], colour, v["g"], attribute, abilities, name, text)
    return None


def load_gear(path: Path) -> list[defs.GearDef]:
    """Battle Gear with its property card (`gear.toml`); a missing file means none."""
    if not path.exists():
        return []
    return _open(path).built("gear", GEAR, _gear_def)


def _evolution_def(r: Reader, ident: str, v: dict[str, Any]) -> defs.EvolutionDef | None:
    if r.valid(v):
        name, text = _text(v["name"]), _text(v["text"])
        return defs.EvolutionDef(ident, v["base"], v["evolved"], v["level"], name, text)
    return None


def load_evolutions(path: Path) -> list[defs.EvolutionDef]:
    """Evolution property cards (`evolutions.toml`); a missing file means none. Their
    Bakugan are checked against the catalog by `load_catalog`."""
    if not path.exists():
        return []
    return _open(path).built("evolution", EVOLUTION, _evolution_def)


def load_catalog(folder: Path | None = None) -> defs.Catalog:
    """The classic catalog from `folder` (default: the shipped data); raises ContentError."""
    folder = folder or game_data_dir("classic")
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
    catalog = defs.Catalog.of(
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
def shipped_catalog() -> defs.Catalog:
    """The shipped classic catalog, loaded once."""
    return load_catalog()
