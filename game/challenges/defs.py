"""A throw-challenge level as frozen data: the table, the pieces, the spheres, the goal.

Loaded from TOML by `game.content.levels` (format: docs/levels.md) and checked by
`game.challenges.validate`. Geometry is in millimetres on the table (x across, y from
the thrower's edge), angles in radians, time in seconds.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from game.physics import CardSpec
from game.physics.motion import Motion
from game.physics.pieces import ArenaCard, ArenaSpec, Piece, Rival
from game.rules.api import Text

LAND = "land"
KNOCK = "knock"
ZONE = "zone"
TARGET_KINDS = (LAND, KNOCK, ZONE)

ANY_ORDER = "any"
IN_ORDER = "in_order"
ORDERS = (ANY_ORDER, IN_ORDER)

GUIDES = ("off", "start", "whole")
"""The aim guide's levels, least help first (the settings' `AIM_GUIDES`): a level's
`guide` is the most its scored runs show."""
NO_GUIDE = "off"

ATTRIBUTES = ("pyrus", "aquos", "subterra", "haos", "darkus", "ventus", "clear")
CARD_COLOURS = ("gold", "silver", "bronze")


@dataclass(frozen=True, slots=True)
class SphereDef:
    """One Bakugan you may throw: its look (`attribute`, "clear" for none), size, mass."""

    attribute: str = "pyrus"
    radius: float = 14.0
    mass: float = 1.0

    @property
    def colour_key(self) -> str | None:
        return None if self.attribute == "clear" else self.attribute


@dataclass(frozen=True, slots=True)
class LevelCard:
    """A Gate Card of the level: where it lies (maybe moving) and how it looks."""

    card: ArenaCard
    colour: str = "gold"

    @property
    def id(self) -> str:
        return str(self.card.id)


@dataclass(frozen=True, slots=True)
class LevelRival:
    """A rival sphere lying on the table at the start (`on`: the card it lies on)."""

    rival: Rival
    attribute: str = "darkus"
    on: str | None = None

    @property
    def id(self) -> str:
        return str(self.rival.id)


@dataclass(frozen=True, slots=True)
class Target:
    """What the level asks for.

    - land: a thrown sphere opens on card `card` (a full open, caught by the magnet,
      scores the precision bonus; a partial open half of it less);
    - knock: rival `rival` no longer lies on the card it started on;
    - zone: a thrown sphere comes to rest within `radius` of `center`.
    """

    kind: str
    card: str | None = None
    rival: str | None = None
    center: tuple[float, float] = (0.0, 0.0)
    radius: float = 0.0

    def label(self) -> str:
        if self.kind == LAND:
            return f"land on {self.card}"
        if self.kind == KNOCK:
            return f"knock {self.rival} off its card"
        return f"stop within {self.radius:g} mm of ({self.center[0]:g}, {self.center[1]:g})"


@dataclass(frozen=True, slots=True)
class LevelDef:
    """One level, ready to play. `ident` comes from the file name (see docs/levels.md)."""

    ident: str
    source: str  # the file name, for messages
    name: Text
    hint: Text
    width: float
    height: float
    cushions: frozenset[str]
    zone: tuple[float, float, float, float]
    spheres: tuple[SphereDef, ...]
    throws: int
    time: float | None
    order: str
    stars: tuple[int, int, int]
    cards: tuple[LevelCard, ...] = ()
    pieces: tuple[Piece, ...] = ()
    rivals: tuple[LevelRival, ...] = ()
    targets: tuple[Target, ...] = ()
    guide: str = NO_GUIDE  # the most aim guide a scored run shows (one of GUIDES)
    arena: ArenaSpec = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "arena",
            ArenaSpec(
                width=self.width,
                height=self.height,
                cushions=self.cushions,
                cards=tuple(c.card for c in self.cards),
                pieces=self.pieces,
                rivals=tuple(r.rival for r in self.rivals),
            ),
        )

    def card(self, ident: Hashable) -> LevelCard:
        for c in self.cards:
            if c.card.id == ident:
                return c
        raise KeyError(ident)

    def rival(self, ident: Hashable) -> LevelRival:
        for r in self.rivals:
            if r.rival.id == ident:
                return r
        raise KeyError(ident)

    @property
    def moving(self) -> bool:
        return self.arena.moving

    def period(self) -> float:
        """The longest motion period on the table (0 if nothing moves)."""
        longest = 0.0
        motions: list[Motion] = [c.card.motion for c in self.cards if c.card.motion is not None]
        motions += [p.motion for p in self.pieces if p.motion is not None]
        for m in motions:
            if m.period:
                longest = max(longest, m.period)
            elif m.turn:
                longest = max(longest, 6.283185307179586 / abs(m.turn))
        return longest


def card_spec(ident: str, x: float, y: float, angle: float, magnet: float) -> CardSpec:
    return CardSpec(id=ident, center=(x, y), angle=angle, magnet_radius=magnet)


__all__ = [
    "ANY_ORDER",
    "ATTRIBUTES",
    "CARD_COLOURS",
    "IN_ORDER",
    "KNOCK",
    "LAND",
    "ORDERS",
    "TARGET_KINDS",
    "ZONE",
    "LevelCard",
    "LevelDef",
    "LevelRival",
    "SphereDef",
    "Target",
    "Text",
    "card_spec",
]
