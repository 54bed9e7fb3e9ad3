"""Frozen definitions of the classic game's pieces: Bakugan, Gate Cards, Ability Cards,
and the New Vestroia pieces: Bakugan Traps, Battle Gear (with its property card) and
Evolution property cards.

The rules core declares these types; `game.content` loads data files into them. Nothing
here reads files: a match is created from definitions that are passed in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from game.rules.api import Text, frozen_map


class Attribute(StrEnum):
    """The six attributes of seed 000 (Haos is the seed's CHAOS, «Свет» in Russian)."""

    PYRUS = "pyrus"
    AQUOS = "aquos"
    SUBTERRA = "subterra"
    HAOS = "haos"
    DARKUS = "darkus"
    VENTUS = "ventus"


ATTRIBUTES: tuple[Attribute, ...] = tuple(Attribute)


class GateColour(StrEnum):
    GOLD = "gold"
    SILVER = "silver"
    BRONZE = "bronze"


class AbilityColour(StrEnum):
    RED = "red"
    BLUE = "blue"
    GREEN = "green"


class Timing(StrEnum):
    """When an Ability Card may be played (each card says: before, during or after)."""

    BEFORE = "before"  # before the throw on one's own turn, or at a battle's start
    DURING = "during"  # in a battle, after the Gate Card has opened
    AFTER = "after"  # in a battle, once its winner is known, before the card is captured


@dataclass(frozen=True, slots=True)
class Effect:
    """One named primitive with its parameters, e.g. ``add_g(to=self, amount=100)``."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=frozen_map)

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        return f"{self.kind}({args})"


@dataclass(frozen=True, slots=True)
class BakuganDef:
    id: str
    species: str
    attribute: Attribute | None  # None: a clear Bakugan (чистый атрибут)
    g_power: int
    name: Text
    evolved: bool = False  # an evolved form: comes into play only by an Evolution card


@dataclass(frozen=True, slots=True)
class GateDef:
    id: str
    colour: GateColour
    bonuses: Mapping[Attribute, int]  # attribute -> G added to a Bakugan of that attribute
    effects: tuple[Effect, ...]
    name: Text
    text: Text

    def bonus(self, attribute: Attribute | None) -> int:
        return 0 if attribute is None else self.bonuses.get(attribute, 0)


@dataclass(frozen=True, slots=True)
class Requirement:
    """What must hold for an Ability Card to be playable (all given fields must match)."""

    attribute: Attribute | None = None  # the player's battling Bakugan has this attribute
    losing: bool = False  # the player's battling Bakugan is currently behind (or would lose)

    def __str__(self) -> str:
        parts = []
        if self.attribute is not None:
            parts.append(f"attribute={self.attribute}")
        if self.losing:
            parts.append("losing")
        return ", ".join(parts) or "none"


@dataclass(frozen=True, slots=True)
class AbilityDef:
    id: str
    colour: AbilityColour
    timing: frozenset[Timing]
    effects: tuple[Effect, ...]
    requires: Requirement
    name: Text
    text: Text
    level: int | None = None  # a level-marked card: allowed or refused by the Game Level
    kinds: frozenset[str] = field(init=False, compare=False)  # derived: primitive names

    def __post_init__(self) -> None:
        object.__setattr__(self, "kinds", frozenset(e.kind for e in self.effects))


@dataclass(frozen=True, slots=True)
class TrapFace:
    """What a Bakugan Trap shows when it opens: an attribute (the battling Bakugan takes
    it) or a G-Power value (added to it). Exactly one of the two is set."""

    attribute: Attribute | None = None
    g: int = 0

    def __str__(self) -> str:
        return self.attribute.value if self.attribute is not None else f"{self.g:+d} G"


@dataclass(frozen=True, slots=True)
class TrapDef:
    """A Bakugan Trap (Бакуган Ловушка). Played in a battle once the Gate Card has
    opened, only by a player whose battling Bakugan has the Trap's attribute; it opens
    on the card and shows one of its `faces` (drawn by the match's seed when several)."""

    id: str
    species: str  # what the art draws
    attribute: Attribute
    faces: tuple[TrapFace, ...]
    name: Text
    text: Text


@dataclass(frozen=True, slots=True)
class GearAbility:
    """One extra ability printed on a Battle Gear's property card (Карта свойств)."""

    id: str
    effects: tuple[Effect, ...]
    name: Text
    text: Text


# A property card's abilities: its owner may use any of them, so each subset is a choice
# in a battle (2**n of them): the card files may hold at most this many.
MAX_GEAR_ABILITIES = 4


@dataclass(frozen=True, slots=True)
class GearDef:
    """Battle Gear (Боевое снаряжение) with its property card. Played in a battle (after
    the Gate Card opened) onto one's battling Bakugan: adds `g`; all `abilities` apply
    when the Bakugan has the card's `attribute`, or else, when the gear's `colour` is
    the Gate Card's, the owner may choose one of them for the battle."""

    id: str
    species: str  # what the art draws
    colour: GateColour
    g: int
    attribute: Attribute
    abilities: tuple[GearAbility, ...]
    name: Text
    text: Text

    def ability(self, ident: str) -> GearAbility | None:
        return next((a for a in self.abilities if a.id == ident), None)


@dataclass(frozen=True, slots=True)
class EvolutionDef:
    """An evolved Bakugan's property card: once the Game Level is at least `level`, a
    player who has the `base` Bakugan may skip his turn to swap it for `evolved`."""

    id: str
    base: str  # Bakugan id
    evolved: str  # Bakugan id (an evolved form)
    level: int
    name: Text
    text: Text


@dataclass(frozen=True, slots=True, eq=False)
class Catalog:
    """Every piece definition a match may refer to, by id (equal only to itself)."""

    bakugan: Mapping[str, BakuganDef]
    gates: Mapping[str, GateDef]
    abilities: Mapping[str, AbilityDef]
    traps: Mapping[str, TrapDef] = field(default_factory=frozen_map)
    gear: Mapping[str, GearDef] = field(default_factory=frozen_map)
    evolutions: Mapping[str, EvolutionDef] = field(default_factory=frozen_map)

    @staticmethod
    def of(
        bakugan: list[BakuganDef] | tuple[BakuganDef, ...],
        gates: list[GateDef] | tuple[GateDef, ...],
        abilities: list[AbilityDef] | tuple[AbilityDef, ...],
        traps: list[TrapDef] | tuple[TrapDef, ...] = (),
        gear: list[GearDef] | tuple[GearDef, ...] = (),
        evolutions: list[EvolutionDef] | tuple[EvolutionDef, ...] = (),
    ) -> Catalog:
        return Catalog(
            MappingProxyType({b.id: b for b in bakugan}),
            MappingProxyType({g.id: g for g in gates}),
            MappingProxyType({a.id: a for a in abilities}),
            MappingProxyType({t.id: t for t in traps}),
            MappingProxyType({g.id: g for g in gear}),
            MappingProxyType({e.id: e for e in evolutions}),
        )


@dataclass(frozen=True, slots=True)
class Kit:
    """What one player brings: Bakugan, Gate Cards and Ability Cards, by id; and the New
    Vestroia pieces: Bakugan Traps, Battle Gear and Evolution property cards."""

    bakugan: tuple[str, ...]
    gates: tuple[str, ...]
    abilities: tuple[str, ...]
    traps: tuple[str, ...] = ()
    gear: tuple[str, ...] = ()
    evolutions: tuple[str, ...] = ()

    def to_json(self) -> dict[str, list[str]]:
        out = {
            "bakugan": list(self.bakugan),
            "gates": list(self.gates),
            "abilities": list(self.abilities),
        }
        for key in ("traps", "gear", "evolutions"):
            value = getattr(self, key)
            if value:
                out[key] = list(value)
        return out

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Kit:
        return Kit(
            tuple(data["bakugan"]),
            tuple(data["gates"]),
            tuple(data["abilities"]),
            tuple(data.get("traps", ())),
            tuple(data.get("gear", ())),
            tuple(data.get("evolutions", ())),
        )
