"""Frozen definitions of the classic game's pieces: Bakugan, Gate Cards, Ability Cards.

The rules core declares these types; `game.content` loads data files into them. Nothing
here reads files: a match is created from definitions that are passed in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any


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


def _frozen(mapping: Mapping[str, Any] | None = None) -> Mapping[str, Any]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True, slots=True)
class Text:
    """A name or rule text in both languages."""

    ru: str
    en: str

    def get(self, lang: str) -> str:
        return self.ru if lang == "ru" else self.en


@dataclass(frozen=True, slots=True)
class Effect:
    """One named primitive with its parameters, e.g. ``add_g(to=self, amount=100)``."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=_frozen)

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
    kinds: frozenset[str] = field(init=False, compare=False)  # derived: primitive names

    def __post_init__(self) -> None:
        object.__setattr__(self, "kinds", frozenset(e.kind for e in self.effects))


@dataclass(frozen=True, slots=True, eq=False)
class Catalog:
    """Every piece definition a match may refer to, by id (equal only to itself)."""

    bakugan: Mapping[str, BakuganDef]
    gates: Mapping[str, GateDef]
    abilities: Mapping[str, AbilityDef]

    @staticmethod
    def of(
        bakugan: list[BakuganDef] | tuple[BakuganDef, ...],
        gates: list[GateDef] | tuple[GateDef, ...],
        abilities: list[AbilityDef] | tuple[AbilityDef, ...],
    ) -> Catalog:
        return Catalog(
            MappingProxyType({b.id: b for b in bakugan}),
            MappingProxyType({g.id: g for g in gates}),
            MappingProxyType({a.id: a for a in abilities}),
        )


@dataclass(frozen=True, slots=True)
class Kit:
    """What one player brings: Bakugan, Gate Cards and Ability Cards, by id."""

    bakugan: tuple[str, ...]
    gates: tuple[str, ...]
    abilities: tuple[str, ...]
