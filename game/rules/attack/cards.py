"""Frozen definitions of the Bakugan Attack! deck (seed 002): the number cards, the six
special cards with their effects, and what each player count changes.

The rules core declares these types; `game.content.attack` loads
`assets/data/attack/cards.toml` into them. A special card's effect is one named
primitive (`Effect`) with the moment it acts (`When`) and its parameters, so the
numbers and effects the seed leaves open are data, not code (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType

from game.rules.api import Text

PLAYER_COUNTS = (3, 4, 5)
DIE_FACES = 6


class Effect(StrEnum):
    """The primitives a special card's effect is made of."""

    NONE = "none"  # no effect beyond its number (Dan: the only 11)
    LOWEST_CATCHES = "lowest_catches"  # the lowest number catches (Masquerade)
    COLLIDED_CATCH = "collided_catch"  # every collided card catches (Marucho)
    RANDOM_FOLLOW = "random_follow"  # the others play a card drawn at random (Runo)
    BLIND_FOLLOW = "blind_follow"  # the others play at once, unseen (Julie)
    ROTATE = "rotate"  # every card moves `seats` players clockwise (Shun)


class When(StrEnum):
    """When a special card's effect acts."""

    ANY = "any"  # wherever it is played in the round
    LEAD = "lead"  # only when it leads the round
    LAST = "last"  # only when it ends the round


EFFECT_WHEN: Mapping[Effect, frozenset[When]] = MappingProxyType(
    {
        Effect.NONE: frozenset({When.ANY}),
        Effect.LOWEST_CATCHES: frozenset({When.ANY}),
        Effect.COLLIDED_CATCH: frozenset({When.ANY}),
        Effect.RANDOM_FOLLOW: frozenset({When.LEAD}),
        Effect.BLIND_FOLLOW: frozenset({When.LEAD}),
        Effect.ROTATE: frozenset({When.LAST}),
    }
)
"""The moments each primitive can act at (a lead effect changes how the others play,
so it can only act when leading)."""


@dataclass(frozen=True, slots=True)
class CardDef:
    """One kind of card: `copies` identical cards of it are in the full deck.

    `number` is what it counts as in a round (None: no number, like Masquerade: it never
    catches and never collides). A `special` card counts for the rule "two or more
    special cards in a round: only the last played keeps its effect"."""

    id: str
    number: int | None
    copies: int
    name: Text
    text: Text
    special: bool = False
    effect: Effect = Effect.NONE
    when: When = When.ANY
    seats: int = 1  # Effect.ROTATE: how many players clockwise each card moves

    @property
    def sort_key(self) -> tuple[int, str]:
        return (-1 if self.number is None else self.number, self.id)

    @property
    def overridable(self) -> bool:
        """Whether a later special takes an effect from it (`SpecialOverridden`): one
        that acts at judging wherever it was played. A lead card (Julie, Runo) has
        acted as it led, or had nothing to do; Shun acts only ending the round."""
        return self.when is When.ANY and self.effect is not Effect.NONE


@dataclass(frozen=True, slots=True)
class PlayerSetup:
    """What a player count changes: the cards set aside before the game and the shift
    added to every target roll (3 players: +1; 5 players: -1)."""

    players: int
    remove: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    target_shift: int = 0


class Deck:
    """The cards by id, in the deck's order (numbers low to high, then by id), and the
    setups by player count; with the lookups the rules core uses in every round."""

    __slots__ = ("by_id", "cards", "number", "order", "setups", "specials")

    def __init__(self, cards: tuple[CardDef, ...], setups: Mapping[int, PlayerSetup]) -> None:
        self.cards = tuple(sorted(cards, key=lambda c: c.sort_key))
        self.by_id: Mapping[str, CardDef] = MappingProxyType({c.id: c for c in self.cards})
        self.setups: Mapping[int, PlayerSetup] = MappingProxyType(dict(setups))
        self.number: Mapping[str, int | None] = MappingProxyType(
            {c.id: c.number for c in self.cards}
        )
        self.order: Mapping[str, int] = MappingProxyType(
            {c.id: i for i, c in enumerate(self.cards)}
        )
        self.specials = frozenset(c.id for c in self.cards if c.special)

    def composition(self, players: int) -> dict[str, int]:
        """How many of each card are played with `players` (the removed ones left out)."""
        remove = self.setups[players].remove
        return {c.id: c.copies - remove.get(c.id, 0) for c in self.cards}

    def full(self) -> dict[str, int]:
        return {c.id: c.copies for c in self.cards}

    def sort(self, cards: list[str]) -> list[str]:
        order = self.order
        return sorted(cards, key=order.__getitem__)

    def problems(self) -> list[tuple[str, str, str]]:
        """What makes this deck unplayable, as (card or setup id, field, problem)."""
        out: list[tuple[str, str, str]] = []
        numbers = [c.number for c in self.cards if c.number is not None]
        for c in self.cards:
            if c.copies < 1:
                out.append((c.id, "copies", f"must be at least 1, got {c.copies}"))
            if c.special and c.copies != 1:
                out.append((c.id, "copies", "a special card is unique (1 copy)"))
            if c.when not in EFFECT_WHEN[c.effect]:
                allowed = ", ".join(sorted(w.value for w in EFFECT_WHEN[c.effect]))
                problem = f"{c.effect.value} acts at {allowed}, not {c.when.value}"
                out.append((c.id, "when", problem))
            if c.effect is not Effect.NONE and not c.special:
                out.append((c.id, "effect", "only a special card has an effect"))
            if c.effect is Effect.ROTATE and c.seats < 1:
                out.append((c.id, "seats", f"must be at least 1, got {c.seats}"))
        if not numbers:
            out.append(("-", "cards", "no card has a number"))
        for players in PLAYER_COUNTS:
            setup = self.setups.get(players)
            key = f"players.{players}"
            if setup is None:
                out.append((key, "-", "missing (every count 3, 4 and 5 needs a setup)"))
                continue
            for card, count in setup.remove.items():
                if card not in self.by_id:
                    out.append((key, "remove", f"unknown card {card!r}"))
                elif not 0 <= count <= self.by_id[card].copies:
                    have = self.by_id[card].copies
                    out.append((key, "remove", f"{card}: cannot remove {count} of {have}"))
            if not out:
                total = sum(self.composition(players).values())
                if total < players:
                    out.append((key, "remove", f"{total} cards left for {players} players"))
        for players in self.setups:
            if players not in PLAYER_COUNTS:
                out.append((f"players.{players}", "-", "the game is for 3, 4 or 5 players"))
        return out
