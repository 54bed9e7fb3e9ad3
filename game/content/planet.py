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

from game.files.paths import data_dir
from game.rules.planet.defs import (
    RANKS_BY_NAME,
    CardDef,
    CardType,
    Catalog,
    CharacterDef,
    CoreDef,
    CoreType,
    Effect,
    Kit,
    PresetDeck,
    Rank,
    Trigger,
)
from game.rules.planet.kit import check_kit

from . import planet_fields as f
from .errors import ContentError

CARD_FILES = {
    CardType.ACTION: "actions.toml",
    CardType.HERO: "heroes.toml",
    CardType.EVOLUTION: "evolutions.toml",
    CardType.FLIP: "flips.toml",
}
_CORE_TYPES = {c.value for c in CoreType}
_COMMON = {"id", "name", "text", "factions", "cost", "effects"}
_ALLOWED = {
    CardType.ACTION: _COMMON,
    CardType.FLIP: _COMMON | {"free_if"},
    CardType.HERO: _COMMON | {"static", "triggers"},
    CardType.EVOLUTION: _COMMON | {"static", "triggers", "species", "rank", "b_power", "damage"},
}
_TRIGGERS = {
    CardType.ACTION: (),
    CardType.FLIP: (),
    CardType.HERO: (Trigger.VICTOR, Trigger.OPEN, Trigger.DAMAGED),
    CardType.EVOLUTION: (Trigger.VICTOR,),
}


def _species(entry: dict[str, Any], ident: str, probs: f.Problems) -> str:
    value = entry.get("species")
    if not isinstance(value, str) or not value.replace("_", "").isalpha() or value != value.lower():
        probs.add(ident, "species", f"missing or not lower_snake_case: {value!r}")
        return ""
    return value


def load_characters(path: Path) -> list[CharacterDef]:
    probs = f.Problems(path)
    out = []
    allowed = {"id", "name", "text", "species", "ultra", "factions", "b_power", "damage"}
    for ident, e in f.entries(f.read(path), "character", probs):
        f.unknown_fields(e, allowed | {"cores", "static", "triggers"}, ident, probs)
        cores = e.get("cores")
        if (
            not isinstance(cores, list)
            or len(cores) != 2
            or any(c not in _CORE_TYPES for c in cores)
        ):
            probs.add(
                ident, "cores", f"must name two BakuCores of {', '.join(sorted(_CORE_TYPES))}"
            )
            cores = ["fist", "fist"]
        ctype = CardType.CHARACTER
        out.append(
            CharacterDef(
                ident,
                f.text(e, "name", ident, probs),
                f.text(e, "text", ident, probs),
                _species(e, ident, probs),
                f.factions(e, "factions", ident, probs),
                f.integer(e, "b_power", ident, probs, 0, 2000, 50),
                f.integer(e, "damage", ident, probs, 0, 15),
                (CoreType(cores[0]), CoreType(cores[1])),
                f.boolean(e, "ultra", ident, probs),
                f.effects(e, "static", ident, probs, "static", ctype),
                f.triggers(e, ident, probs, (Trigger.VICTOR,), ctype),
            )
        )
    probs.raise_any()
    return out


def load_cards(path: Path, card_type: CardType) -> list[CardDef]:
    probs = f.Problems(path)
    out = []
    for ident, e in f.entries(f.read(path), card_type.value, probs):
        f.unknown_fields(e, _ALLOWED[card_type], ident, probs)
        effects = f.effects(e, "effects", ident, probs, "effects", card_type)
        if card_type in (CardType.ACTION, CardType.FLIP) and not effects and "effects" not in e:
            probs.add(ident, "effects", f"an {card_type.value} card needs at least one effect")
        species, rank, b_power, damage = "", Rank.BASE, 0, 0
        if card_type is CardType.EVOLUTION:
            species = _species(e, ident, probs)
            raw_rank = str(e.get("rank"))
            if raw_rank not in RANKS_BY_NAME:
                probs.add(
                    ident, "rank", f"must be one of {', '.join(RANKS_BY_NAME)}, got {raw_rank!r}"
                )
            else:
                rank = RANKS_BY_NAME[raw_rank]
            b_power = f.integer(e, "b_power", ident, probs, 0, 3000, 50)
            damage = f.integer(e, "damage", ident, probs, 0, 20)
        out.append(
            CardDef(
                ident,
                f.text(e, "name", ident, probs),
                f.text(e, "text", ident, probs),
                card_type,
                f.factions(e, "factions", ident, probs),
                f.integer(e, "cost", ident, probs, 0, 15),
                effects,
                f.effects(e, "static", ident, probs, "static", card_type),
                f.triggers(e, ident, probs, _TRIGGERS[card_type], card_type),
                species,
                rank,
                b_power,
                damage,
                f.condition(e, "free_if", ident, probs),
            )
        )
    probs.raise_any()
    return out


def load_cores(path: Path) -> list[CoreDef]:
    probs = f.Problems(path)
    out = []
    allowed = {"id", "type", "b_power", "damage", "bonus_factions", "bonus_b", "bonus_d"}
    for ident, e in f.entries(f.read(path), "core", probs):
        f.unknown_fields(e, allowed | {"frost", "shadow"}, ident, probs)
        kind = e.get("type")
        if kind not in _CORE_TYPES:
            probs.add(
                ident, "type", f"must be one of {', '.join(sorted(_CORE_TYPES))}, got {kind!r}"
            )
            continue
        bonus = f.factions(e, "bonus_factions", ident, probs) if "bonus_factions" in e else ()
        core = CoreDef(
            ident,
            CoreType(kind),
            f.integer(e, "b_power", ident, probs, -1000, 1000, 50, default=0),
            f.integer(e, "damage", ident, probs, -10, 10, default=0),
            bonus,
            f.integer(e, "bonus_b", ident, probs, 0, 1000, 50, default=0),
            f.integer(e, "bonus_d", ident, probs, 0, 10, default=0),
            f.integer(e, "frost", ident, probs, 0, 10, default=0),
            f.boolean(e, "shadow", ident, probs),
        )
        if bool(bonus) != bool(core.bonus_b or core.bonus_d):
            probs.add(
                ident,
                "bonus_factions",
                "a faction bonus needs both its factions and bonus_b/bonus_d",
            )
        out.append(core)
    probs.raise_any()
    return out


def load_decks(path: Path, catalog: Catalog) -> list[PresetDeck]:
    probs = f.Problems(path)
    out = []
    for ident, e in f.entries(f.read(path), "deck", probs):
        f.unknown_fields(e, {"id", "name", "characters", "cores", "cards"}, ident, probs)
        name = f.text(e, "name", ident, probs)
        chars, cores, cards = e.get("characters"), e.get("cores"), e.get("cards")
        if not isinstance(chars, list) or not all(isinstance(c, str) for c in chars):
            probs.add(ident, "characters", "must be a list of Character ids")
            continue
        if not isinstance(cores, list) or not all(isinstance(c, str) for c in cores):
            probs.add(ident, "cores", "must be a list of BakuCore ids")
            continue
        if not isinstance(cards, dict) or not all(
            isinstance(n, int) and not isinstance(n, bool) and n > 0 for n in cards.values()
        ):
            probs.add(ident, "cards", "must be a table of card id = copies (1 or more)")
            continue
        deck = tuple(card for card, n in cards.items() for _ in range(n))
        kit = Kit(tuple(chars), tuple(cores), deck)
        for problem in check_kit(kit, catalog):
            field, _, why = problem.partition(": ")
            probs.add(ident, field, why)
        out.append(PresetDeck(ident, name, kit))
    probs.raise_any()
    return out


def _cross_check(catalog: Catalog, problems: list[str]) -> None:
    species = {c.species for c in catalog.characters.values()}
    for card in catalog.cards.values():
        where = f"{CARD_FILES[card.type]}: {card.id}"
        if card.id in catalog.characters:
            problems.append(f"{where}: id: also a Character's id")
        if card.type is CardType.EVOLUTION and card.species and card.species not in species:
            problems.append(f"{where}: species: no Character of species {card.species!r}")
    heroes = {c.id for c in catalog.cards.values() if c.type is CardType.HERO}
    pieces: list[CharacterDef | CardDef] = [*catalog.characters.values(), *catalog.cards.values()]
    for piece in pieces:
        file = "characters.toml" if isinstance(piece, CharacterDef) else CARD_FILES[piece.type]
        texts: list[tuple[str, tuple[Effect, ...]]] = [("static", piece.static)]
        if isinstance(piece, CardDef):
            texts.append(("effects", piece.effects))
        texts += [(f"triggers.{t.value}", e) for t, e in piece.triggers.items()]
        for field, effects in texts:
            for i, e in enumerate(effects):
                for key, cond in (("when", e.when), ("unless", e.unless)):
                    if cond and cond.startswith("hero:") and cond[5:] not in heroes:
                        problems.append(
                            f"{file}: {piece.id}: {field}[{i}].{key}: no Hero {cond[5:]!r}"
                        )


def load_catalog(folder: Path | None = None) -> Catalog:
    """The whole Battle Planet catalog of `folder` (default: the shipped data)."""
    folder = folder or data_dir("planet")
    problems: list[str] = []
    characters: list[CharacterDef] = []
    cards: list[CardDef] = []
    cores: list[CoreDef] = []

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
    catalog = Catalog(
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
    return Catalog(
        catalog.characters,
        catalog.cards,
        catalog.cores,
        MappingProxyType({d.id: d for d in presets}),
    )


@cache
def shipped_catalog() -> Catalog:
    """The shipped Battle Planet catalog, loaded once."""
    return load_catalog()
