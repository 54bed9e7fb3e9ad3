"""Loads the Battle Planet card data (`assets/data/planet/*.toml`, format in
docs/cards.md) into a rules `Catalog`: Characters, Actions, Heroes, Evolutions, Flips,
BakuCores and the preset decks.

Every problem is collected and reported as ``file: id: field: problem``; a folder with
any problem is refused whole, never half loaded.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.files.paths import game_data_dir
from game.rules.api import Text
from game.rules.planet import defs
from game.rules.planet.effects import check_condition, check_effect
from game.rules.planet.kit import check_kit

from ..errors import ContentError
from ..reader import INVALID, Bool, Int, ListOf, MapOf, OneOf, Raw, Reader, Str, Table
from ..reader import Text as TextSpec

CARD_FILES = {
    defs.CardType.ACTION: "actions.toml",
    defs.CardType.HERO: "heroes.toml",
    defs.CardType.EVOLUTION: "evolutions.toml",
    defs.CardType.FLIP: "flips.toml",
}
FACTIONS = tuple(sorted(f.value for f in defs.Faction))
_CORE_TYPES = tuple(sorted(c.value for c in defs.CoreType))
_FACTION_LIST = ListOf(
    OneOf(FACTIONS, what="faction"),
    least=1,
    most=2,
    items="list",
    expected="a list of one or two factions",
)
_EFFECTS = ListOf(Table(), default=[], expected="a list of effect tables")
_SPECIES = Str(expected="a lower_snake_case species")
_COMMON = {
    "name": TextSpec(),
    "text": TextSpec(),
    "factions": _FACTION_LIST,
    "cost": Int(0, 15),
    "effects": _EFFECTS,
}
_CARRIER = {"static": _EFFECTS, "triggers": Raw(default={})}
CARD: dict[defs.CardType, dict[str, Any]] = {
    defs.CardType.ACTION: _COMMON,
    defs.CardType.FLIP: {**_COMMON, "free_if": Raw(default=None)},
    defs.CardType.HERO: {**_COMMON, **_CARRIER},
    defs.CardType.EVOLUTION: {
        **_COMMON,
        **_CARRIER,
        "species": _SPECIES,
        "rank": OneOf(tuple(defs.RANKS_BY_NAME)),
        "b_power": Int(0, 3000, step=50),
        "damage": Int(0, 20),
    },
}
CHARACTER = {
    "name": TextSpec(),
    "text": TextSpec(),
    "species": _SPECIES,
    "ultra": Bool(default=False),
    "factions": _FACTION_LIST,
    "b_power": Int(0, 2000, step=50),
    "damage": Int(0, 15),
    "cores": Raw(),
    **_CARRIER,
}
CORE = {
    "type": OneOf(_CORE_TYPES),
    "b_power": Int(-1000, 1000, step=50, default=0),
    "damage": Int(-10, 10, default=0),
    "bonus_factions": ListOf(
        OneOf(FACTIONS, what="faction"), most=2, items="list", default=[], expected="factions"
    ),
    "bonus_b": Int(0, 1000, step=50, default=0),
    "bonus_d": Int(0, 10, default=0),
    "frost": Int(0, 10, default=0),
    "shadow": Bool(default=False),
}
DECK = {
    "name": TextSpec(),
    "characters": ListOf(Str(), expected="a list of Character ids"),
    "cores": ListOf(Str(), expected="a list of BakuCore ids"),
    "cards": MapOf(Int(1, 99), expected="a table of card id = copies (1 or more)"),
}
_TRIGGERS = {
    defs.CardType.ACTION: (),
    defs.CardType.FLIP: (),
    defs.CardType.HERO: (defs.Trigger.VICTOR, defs.Trigger.OPEN, defs.Trigger.DAMAGED),
    defs.CardType.EVOLUTION: (defs.Trigger.VICTOR,),
}


def _open(path: Path) -> Reader:
    return Reader.open(path, none_when_absent=True)


def _text(value: Any) -> Text:
    return Text(*value) if value is not INVALID else Text("", "")


def _species(r: Reader, value: Any, ident: str) -> str:
    if value is INVALID or not value.replace("_", "").isalpha() or value != value.lower():
        if value is not INVALID:
            r.say(ident, "species", f"missing or not lower_snake_case: {value!r}")
        return ""
    return str(value)


def _factions(
    r: Reader, value: Any, ident: str, field: str = "factions"
) -> tuple[defs.Faction, ...]:
    if value is INVALID:
        return ()
    if len(set(value)) != len(value):
        r.say(ident, field, "names a faction twice")
    return tuple(defs.Faction(v) for v in value)


def _effects(
    r: Reader, raw: Any, ident: str, field: str, place: str, card_type: defs.CardType
) -> tuple[defs.Effect, ...]:
    """The effects of a card, each table checked by the rules' `check_effect`."""
    if raw is INVALID:
        return ()
    out = []
    for i, e in enumerate(raw):
        problems = check_effect(e, place, card_type)
        r.say_each(ident, f"{field}[{i}]", problems)
        if not problems:
            params = {k: v for k, v in e.items() if k not in ("kind", "when", "unless")}
            out.append(
                defs.Effect(e["kind"], MappingProxyType(params), e.get("when"), e.get("unless"))
            )
    return tuple(out)


def _triggers(
    r: Reader, raw: Any, ident: str, allowed: tuple[defs.Trigger, ...], card_type: defs.CardType
) -> MappingProxyType[defs.Trigger, tuple[defs.Effect, ...]]:
    if not isinstance(raw, dict):
        r.say(ident, "triggers", "must be a table of trigger = [effects]")
        return MappingProxyType({})
    out: dict[defs.Trigger, tuple[defs.Effect, ...]] = {}
    names = {t.value for t in allowed}
    for key, value in raw.items():
        field = f"triggers.{key}"
        if key not in names:
            r.say(ident, field, f"unknown trigger here ({', '.join(sorted(names))})")
            continue
        before = len(r.problems)
        tables = _EFFECTS.read(r, value, ident, field)
        found = _effects(r, tables, ident, field, "triggers", card_type)
        if not found and len(r.problems) == before:
            r.say(ident, field, "needs at least one effect")
        out[defs.Trigger(key)] = found
    return MappingProxyType(out)


def _condition(r: Reader, value: Any, ident: str, field: str) -> str | None:
    if value is None:
        return None
    problem = check_condition(value)
    if problem:
        r.say(ident, field, problem)
        return None
    return str(value)


def _cores(r: Reader, value: Any, ident: str) -> tuple[defs.CoreType, defs.CoreType]:
    if not isinstance(value, list) or len(value) != 2 or any(c not in _CORE_TYPES for c in value):
        r.say(ident, "cores", f"must name two BakuCores of {', '.join(_CORE_TYPES)}")
        return (defs.CoreType.FIST, defs.CoreType.FIST)
    return (defs.CoreType(value[0]), defs.CoreType(value[1]))


def _character_def(r: Reader, ident: str, v: dict[str, Any]) -> defs.CharacterDef | None:
    ctype = defs.CardType.CHARACTER
    character = defs.CharacterDef(
        ident,
        _text(v["name"]),
        _text(v["text"]),
        _species(r, v["species"], ident),
        _factions(r, v["factions"], ident),
        v["b_power"],
        v["damage"],
        _cores(r, v["cores"], ident),
        v["ultra"],
        _effects(r, v["static"], ident, "static", "static", ctype),
        _triggers(r, v["triggers"], ident, (defs.Trigger.VICTOR,), ctype),
    )
    return character if r.valid(v) else None


def load_characters(path: Path) -> list[defs.CharacterDef]:
    return _open(path).built("character", CHARACTER, _character_def)


def _card_def(
    r: Reader, ident: str, v: dict[str, Any], card_type: defs.CardType
) -> defs.CardDef | None:
    effects = _effects(r, v["effects"], ident, "effects", "effects", card_type)
    if card_type in (defs.CardType.ACTION, defs.CardType.FLIP) and v["effects"] == []:
        r.say(ident, "effects", f"an {card_type.value} card needs at least one effect")
    species, rank, b_power, damage = "", defs.Rank.BASE, 0, 0
    if card_type is defs.CardType.EVOLUTION:
        species = _species(r, v["species"], ident)
        rank = defs.RANKS_BY_NAME.get(v["rank"], defs.Rank.BASE)
        b_power, damage = v["b_power"], v["damage"]
    card = defs.CardDef(
        ident,
        _text(v["name"]),
        _text(v["text"]),
        card_type,
        _factions(r, v["factions"], ident),
        v["cost"],
        effects,
        _effects(r, v.get("static", []), ident, "static", "static", card_type),
        _triggers(r, v.get("triggers", {}), ident, _TRIGGERS[card_type], card_type),
        species,
        rank,
        b_power,
        damage,
        _condition(r, v.get("free_if"), ident, "free_if"),
    )
    return card if r.valid(v) else None


def load_cards(path: Path, card_type: defs.CardType) -> list[defs.CardDef]:
    return _open(path).built(
        card_type.value, CARD[card_type], lambda r, ident, v: _card_def(r, ident, v, card_type)
    )


def _core_def(r: Reader, ident: str, v: dict[str, Any]) -> defs.CoreDef | None:
    if not r.valid(v):
        return None
    bonus = _factions(r, v["bonus_factions"], ident, "bonus_factions")
    if bool(bonus) != bool(v["bonus_b"] or v["bonus_d"]):
        r.say(
            ident,
            "bonus_factions",
            "a faction bonus needs both its factions and bonus_b/bonus_d",
        )
    return defs.CoreDef(
        ident,
        defs.CoreType(v["type"]),
        v["b_power"],
        v["damage"],
        bonus,
        v["bonus_b"],
        v["bonus_d"],
        v["frost"],
        v["shadow"],
    )


def load_cores(path: Path) -> list[defs.CoreDef]:
    return _open(path).built("core", CORE, _core_def)


def _preset_deck(
    r: Reader, ident: str, v: dict[str, Any], catalog: defs.Catalog
) -> defs.PresetDeck | None:
    if not r.valid(v):
        return None
    deck = tuple(card for card, n in v["cards"].items() for _ in range(n))
    kit = defs.Kit(tuple(v["characters"]), tuple(v["cores"]), deck)
    r.say_each(ident, "", check_kit(kit, catalog))
    return defs.PresetDeck(ident, _text(v["name"]), kit)


def load_decks(path: Path, catalog: defs.Catalog) -> list[defs.PresetDeck]:
    return _open(path).built("deck", DECK, lambda r, ident, v: _preset_deck(r, ident, v, catalog))


def _cross_check(catalog: defs.Catalog, problems: list[str]) -> None:
    species = {c.species for c in catalog.characters.values()}
    for card in catalog.cards.values():
        where = f"{CARD_FILES[card.type]}: {card.id}"
        if card.id in catalog.characters:
            problems.append(f"{where}: id: also a Character's id")
        if (
            species  # no Characters read: the file's own problems say why
            and card.type is defs.CardType.EVOLUTION
            and card.species
            and card.species not in species
        ):
            problems.append(f"{where}: species: no Character of species {card.species!r}")
    heroes = {c.id for c in catalog.cards.values() if c.type is defs.CardType.HERO}
    pieces: list[defs.CharacterDef | defs.CardDef] = [
        *catalog.characters.values(),
        *catalog.cards.values(),
    ]
    for piece in pieces:
        file = "characters.toml" if isinstance(piece, defs.CharacterDef) else CARD_FILES[piece.type]
        texts: list[tuple[str, tuple[defs.Effect, ...]]] = [("static", piece.static)]
        if isinstance(piece, defs.CardDef):
            texts.append(("effects", piece.effects))
        texts += [(f"triggers.{t.value}", e) for t, e in piece.triggers.items()]
        for field, effects in texts:
            for i, e in enumerate(effects):
                for key, cond in (("when", e.when), ("unless", e.unless)):
                    if cond and cond.startswith("hero:") and cond[5:] not in heroes:
                        problems.append(
                            f"{file}: {piece.id}: {field}[{i}].{key}: no Hero {cond[5:]!r}"
                        )


def load_catalog(folder: Path | None = None) -> defs.Catalog:
    """The whole Battle Planet catalog of `folder` (default: the shipped data)."""
    folder = folder or game_data_dir("planet")
    problems: list[str] = []
    characters: list[defs.CharacterDef] = []
    cards: list[defs.CardDef] = []
    cores: list[defs.CoreDef] = []

    def attempt(load: Any, *args: Any) -> list[Any]:
        try:
            result: list[Any] = load(*args)
            return result
        except ContentError as e:
            problems.extend(e.problems)
            return []

    characters = attempt(load_characters, folder / "characters.toml")
    for card_type, name in CARD_FILES.items():
        cards += attempt(load_cards, folder / name, card_type)
    cores = attempt(load_cores, folder / "cores.toml")
    seen: dict[str, str] = {}
    for card in cards:
        if card.id in seen:
            problems.append(f"{CARD_FILES[card.type]}: {card.id}: id: also in {seen[card.id]}")
        seen[card.id] = CARD_FILES[card.type]
    catalog = defs.Catalog(
        MappingProxyType({c.id: c for c in characters}),
        MappingProxyType({c.id: c for c in cards}),
        MappingProxyType({c.id: c for c in cores}),
    )
    _cross_check(catalog, problems)
    if problems:
        raise ContentError(problems)
    presets = attempt(load_decks, folder / "decks.toml", catalog)
    if problems:
        raise ContentError(problems)
    return defs.Catalog(
        catalog.characters,
        catalog.cards,
        catalog.cores,
        MappingProxyType({d.id: d for d in presets}),
    )


@cache
def shipped_catalog() -> defs.Catalog:
    """The shipped Battle Planet catalog, loaded once."""
    return load_catalog()
