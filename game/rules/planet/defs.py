"""Frozen definitions of the Battle Planet pieces (seed 003): Characters, the four deck
card types (Action, Hero, Evolution, Flip), BakuCores, kits, preset decks, settings.

The rules core declares these types; `game.content.planet` loads the data files into
them. Nothing here reads files: a match is created from definitions that are passed in.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from types import MappingProxyType
from typing import Any

from game.rules.api import Text, frozen_map


class Faction(StrEnum):
    """The six factions of the seed (Ventus is «земля» there; Aurelus the rare gold)."""

    PYRUS = "pyrus"
    AQUOS = "aquos"
    VENTUS = "ventus"
    DARKUS = "darkus"
    HAOS = "haos"
    AURELUS = "aurelus"


class CoreType(StrEnum):
    """The five BakuCore kinds; `icon` is the card-text clause mark ([FT] ...)."""

    FIST = "fist"
    FLAMING_FIST = "flaming_fist"
    SHIELD = "shield"
    MAGIC_SHIELD = "magic_shield"
    HELIX = "helix"

    @property
    def icon(self) -> str:
        return _ICONS[self]


_ICONS = {
    CoreType.FIST: "FT",
    CoreType.FLAMING_FIST: "FF",
    CoreType.SHIELD: "SD",
    CoreType.MAGIC_SHIELD: "MS",
    CoreType.HELIX: "HE",
}
CORE_BY_ICON: Mapping[str, CoreType] = MappingProxyType({v: k for k, v in _ICONS.items()})


class CardType(StrEnum):
    """The five card types of the seed; a Character never goes into the deck."""

    CHARACTER = "character"
    ACTION = "action"
    HERO = "hero"
    EVOLUTION = "evolution"
    FLIP = "flip"


class Rank(IntEnum):
    """Evolution ranks, weakest first. Diamond stands outside the chain (it goes on
    anything and anything goes on it); `BASE` is a Character with no Evolution on it."""

    BASE = 0
    HYPER = 1
    TITAN = 2
    MAXIMUS = 3
    DIAMOND = 9

    @property
    def label(self) -> str:
        return self.name.lower()


RANKS_BY_NAME: Mapping[str, Rank] = MappingProxyType(
    {r.label: r for r in Rank if r is not Rank.BASE}
)


class Trigger(StrEnum):
    """When a card's triggered text goes on the batch."""

    VICTOR = "victor"  # «Victor –»: this Bakugan (a Hero: one's Bakugan) is declared Victor
    OPEN = "open"  # a Hero: one's Bakugan opened in the roll
    DAMAGED = "damaged"  # a Hero: its controller took damage (milled at least one card)


class Keyword(StrEnum):
    DOUBLE_STRIKE = "double_strike"
    SHADOW_STRIKE = "shadow_strike"


@dataclass(frozen=True, slots=True)
class Effect:
    """One named primitive with its parameters, e.g. ``add_b(to=self, amount=400)``,
    done only when the condition `when` holds and `unless` does not (both optional:
    ``flow``, ``fury``, ``turbo``, ``domination``, ``sacrifice``, ``core:shield``,
    ``faction:pyrus``, ``hero:ID``). "X; Flow: Y instead" is two effects:
    X unless flow, Y when flow."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=frozen_map)
    when: str | None = None
    unless: str | None = None

    def __str__(self) -> str:
        args = ", ".join(f"{k}={v}" for k, v in sorted(self.params.items()))
        text = f"{self.kind}({args})"
        if self.when:
            text = f"{self.when}: {text}"
        if self.unless:
            text += f" unless {self.unless}"
        return text


Effects = tuple[Effect, ...]


def _no_triggers() -> Mapping[Trigger, Effects]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True)
class CharacterDef:
    """A Bakugan's Character card: its B-Power, damage, the two BakuCores it names, and
    its text (`static`: always on while it is the top card; `triggers`: «Victor –» ...).
    Two Characters are the same Bakugan when `species`, `ultra` and `factions` match."""

    id: str
    name: Text
    text: Text
    species: str
    factions: tuple[Faction, ...]
    b_power: int
    damage: int
    cores: tuple[CoreType, CoreType]
    ultra: bool = False
    static: Effects = ()
    triggers: Mapping[Trigger, Effects] = field(default_factory=_no_triggers)

    @property
    def identity(self) -> tuple[str, bool, tuple[Faction, ...]]:
        return (self.species, self.ultra, tuple(sorted(self.factions)))


@dataclass(frozen=True, slots=True)
class CardDef:
    """A deck card: Action, Hero, Evolution or Flip.

    `effects` are done when it resolves (an Action's or Flip's whole text; a Hero's or
    Evolution's "when played"); `static` lasts while it is in play (a Hero) or the top
    card of its Character (an Evolution); `triggers` go on the batch when their moment
    comes. An Evolution prints `species` (the Bakugan it goes on), `rank`, `b_power` and
    `damage`; `free_if` is a condition under which it costs nothing (e.g. ``fury``)."""

    id: str
    name: Text
    text: Text
    type: CardType
    factions: tuple[Faction, ...]
    cost: int
    effects: Effects = ()
    static: Effects = ()
    triggers: Mapping[Trigger, Effects] = field(default_factory=_no_triggers)
    species: str = ""
    rank: Rank = Rank.BASE
    b_power: int = 0
    damage: int = 0
    free_if: str | None = None


@dataclass(frozen=True, slots=True)
class CoreDef:
    """A BakuCore's back: its B-Power and damage, a bonus for Bakugan of some factions,
    and the statuses a Helix may give (Frost Strike N, Shadow Strike)."""

    id: str
    type: CoreType
    b_power: int = 0
    damage: int = 0
    bonus_factions: tuple[Faction, ...] = ()
    bonus_b: int = 0
    bonus_d: int = 0
    frost: int = 0
    shadow: bool = False

    def label(self) -> str:
        parts = []
        if self.b_power or not (self.damage or self.bonus_factions):
            parts.append(f"{self.b_power:+d} B")
        if self.damage:
            parts.append(f"{self.damage:+d} D")
        if self.bonus_factions:
            who = "/".join(f.value for f in self.bonus_factions)
            bonus = " ".join(
                t
                for t in (
                    self.bonus_b and f"{self.bonus_b:+d} B",
                    self.bonus_d and f"{self.bonus_d:+d} D",
                )
                if t
            )
            parts.append(f"{who}: {bonus}")
        if self.frost:
            parts.append(f"frost {self.frost}")
        if self.shadow:
            parts.append("shadow strike")
        return ", ".join(parts)


@dataclass(frozen=True, slots=True)
class Kit:
    """What one player brings: three Bakugan with their Characters, six BakuCores and a
    deck of exactly 40 cards (`deck[0]` is the top when the deck is not shuffled)."""

    characters: tuple[str, ...]
    cores: tuple[str, ...]
    deck: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PresetDeck:
    """A ready legal kit, named in both languages."""

    id: str
    name: Text
    kit: Kit


@dataclass(frozen=True, slots=True)
class Catalog:
    characters: Mapping[str, CharacterDef]
    cards: Mapping[str, CardDef]
    cores: Mapping[str, CoreDef]
    presets: Mapping[str, PresetDeck] = field(default_factory=frozen_map)


class CardPlay(StrEnum):
    """How cards are played (docs/rules.md, "Battle Planet: card play")."""

    FREE = "free"  # the seed (the default): any card at any time, but never in answer to one
    BATCH = "batch"  # the official rules: a last-in-first-out batch with priority


class TieBreakEmpty(StrEnum):
    """A player who must mill for a B-Power tie-break and cannot."""

    LOSES_BATTLE = "loses_battle"  # the seed (the default): one loses only through damage
    LOSES_GAME = "loses_game"  # the official rules (and issue 16): loses at once; both: draw


DECK_SIZE = 40
MAX_COPIES = 3
HAND_SIZE = 5
TEAM_SIZE = 3
CORES_PER_KIT = 6


@dataclass(frozen=True, slots=True)
class Settings:
    """A match's rule options (docs/rules.md). `first`: who places the first BakuCore
    and is the starting player (None: a coin, from the seed); `shuffle`: False keeps the
    decks in kit order (scenarios); `turn_limit`: a match still going after it is drawn."""

    card_play: CardPlay = CardPlay.FREE
    tie_break_empty: TieBreakEmpty = TieBreakEmpty.LOSES_BATTLE
    first: int | None = None
    shuffle: bool = True
    turn_limit: int = 100

    def to_json(self) -> dict[str, Any]:
        return {
            "card_play": self.card_play.value,
            "tie_break_empty": self.tie_break_empty.value,
            "first": self.first,
            "shuffle": self.shuffle,
            "turn_limit": self.turn_limit,
        }

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Settings:
        return Settings(
            CardPlay(data["card_play"]),
            TieBreakEmpty(data["tie_break_empty"]),
            data["first"],
            bool(data["shuffle"]),
            int(data["turn_limit"]),
        )
