"""The mutable pieces of a Battle Planet match: each player's zones, each Bakugan on its
Character, each BakuCore of the Hidden Matrix, the batch, the damage in progress and the
turn-long changes. Plain data with exact JSON and cheap copies; the rules live elsewhere.

Every deck card is in exactly one zone: deck, hand, discard, energy, a Hero in play (it
may be controlled by the other player), an Evolution on a Character, or the batch.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .hexgrid import Hex


@dataclass(slots=True)
class Bakugan:
    """A Bakugan on its Character card: open or closed, the Character face up once it
    first flipped, the cores it holds (their Matrix places), its Evolutions (top last)."""

    character: str
    open: bool = False
    face_up: bool = False
    cores: list[Hex] = field(default_factory=list)
    evolutions: list[str] = field(default_factory=list)

    def copy(self) -> Bakugan:
        return Bakugan(
            self.character, self.open, self.face_up, list(self.cores), list(self.evolutions)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "character": self.character,
            "open": self.open,
            "face_up": self.face_up,
            "cores": [list(h) for h in self.cores],
            "evolutions": list(self.evolutions),
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> Bakugan:
        return Bakugan(
            d["character"],
            d["open"],
            d["face_up"],
            [(h[0], h[1]) for h in d["cores"]],
            list(d["evolutions"]),
        )


@dataclass(slots=True)
class Hero:
    card: str
    owner: int

    def to_json(self) -> list[Any]:
        return [self.card, self.owner]


@dataclass(slots=True)
class Side:
    """One player's zones and this turn's counters. `deck[0]` is the top."""

    deck: list[str]
    bakugan: list[Bakugan]
    supply: list[str]  # BakuCores not yet placed in the Matrix
    hand: list[str] = field(default_factory=list)
    discard: list[str] = field(default_factory=list)
    energy: list[str] = field(default_factory=list)  # face down
    charged: list[bool] = field(default_factory=list)  # per energy card
    pool: int = 0  # "+N Energy this turn": evaporates at the end of the turn
    heroes: list[Hero] = field(default_factory=list)  # the Heroes this player controls
    picked: str | None = None  # the Bakugan rolled this turn
    played: int = 0  # cards announced this turn (Flow)
    credits: list[str] = field(default_factory=list)  # free plays: a faction or "" (any)

    def copy(self) -> Side:
        return Side(
            list(self.deck),
            [b.copy() for b in self.bakugan],
            list(self.supply),
            list(self.hand),
            list(self.discard),
            list(self.energy),
            list(self.charged),
            self.pool,
            [Hero(h.card, h.owner) for h in self.heroes],
            self.picked,
            self.played,
            list(self.credits),
        )

    def find(self, character: str) -> Bakugan | None:
        for b in self.bakugan:
            if b.character == character:
                return b
        return None

    def charged_count(self) -> int:
        return sum(self.charged)

    def available(self) -> int:
        """Energy that can pay now: charged cards plus this turn's pool."""
        return sum(self.charged) + self.pool

    def to_json(self) -> dict[str, Any]:
        return {
            "deck": list(self.deck),
            "bakugan": [b.to_json() for b in self.bakugan],
            "supply": list(self.supply),
            "hand": list(self.hand),
            "discard": list(self.discard),
            "energy": list(self.energy),
            "charged": list(self.charged),
            "pool": self.pool,
            "heroes": [h.to_json() for h in self.heroes],
            "picked": self.picked,
            "played": self.played,
            "credits": list(self.credits),
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> Side:
        return Side(
            list(d["deck"]),
            [Bakugan.from_json(b) for b in d["bakugan"]],
            list(d["supply"]),
            list(d["hand"]),
            list(d["discard"]),
            list(d["energy"]),
            [bool(c) for c in d["charged"]],
            d["pool"],
            [Hero(h[0], h[1]) for h in d["heroes"]],
            d["picked"],
            d["played"],
            list(d["credits"]),
        )


@dataclass(slots=True)
class MatrixCore:
    """A BakuCore placed in the Hidden Matrix. `held_by`: the Bakugan holding it (its
    (player, character)s; two share a core both opened on); empty: it lies in the
    Matrix. `revealed`: its back has been seen by both players."""

    owner: int
    core: str
    held_by: list[tuple[int, str]] = field(default_factory=list)
    revealed: bool = False

    def copy(self) -> MatrixCore:
        return MatrixCore(self.owner, self.core, list(self.held_by), self.revealed)

    def to_json(self) -> dict[str, Any]:
        return {
            "owner": self.owner,
            "core": self.core,
            "held_by": [list(x) for x in self.held_by],
            "revealed": self.revealed,
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> MatrixCore:
        return MatrixCore(
            d["owner"], d["core"], [(x[0], x[1]) for x in d["held_by"]], d["revealed"]
        )


CARD = "card"
TRIGGER = "trigger"


@dataclass(frozen=True, slots=True)
class Item:
    """One entry of the batch: a card played (its targets, the card sacrificed for it,
    whether it was milled as a Flip) or a triggered text (`source`: the Character,
    Evolution or Hero it comes from, `trigger` its kind)."""

    player: int
    card: str
    kind: str = CARD
    targets: tuple[str, ...] = ()
    sacrifice: str | None = None
    source: str = ""
    trigger: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "card": self.card,
            "kind": self.kind,
            "targets": list(self.targets),
            "sacrifice": self.sacrifice,
            "source": self.source,
            "trigger": self.trigger,
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> Item:
        return Item(
            d["player"],
            d["card"],
            d["kind"],
            tuple(d["targets"]),
            d["sacrifice"],
            d["source"],
            d["trigger"],
        )


@dataclass(frozen=True, slots=True)
class TurnMod:
    """A turn-long change from a resolved card: `side`'s Bakugan in the battle (or, with
    `every`, all of `side`'s Bakugan), the primitive (add_b, add_d, set_b, grant,
    add_frost), its value, and the faction filter."""

    side: int
    every: bool
    kind: str
    value: Any
    source: str
    faction: tuple[str, ...] = ()
    not_faction: tuple[str, ...] = ()

    def to_json(self) -> list[Any]:
        return [
            self.side,
            self.every,
            self.kind,
            self.value,
            self.source,
            list(self.faction),
            list(self.not_faction),
        ]

    @staticmethod
    def from_json(d: list[Any]) -> TurnMod:
        return TurnMod(d[0], d[1], d[2], d[3], d[4], tuple(d[5]), tuple(d[6]))


@dataclass(slots=True)
class Damage:
    """The Damage step in progress: who deals it, whether it is a Team Attack, how many
    cards are milled so far, whether a Stop ended it, the Flip waiting for its owner."""

    attacker: int
    team: bool
    dealt: int = 0
    stopped: bool = False
    flip: str | None = None  # a milled Flip whose owner has not chosen yet
    frost: int = 0  # the attackers' Frost Strike when the milling last (re)started

    def copy(self) -> Damage:
        return Damage(
            self.attacker,
            self.team,
            self.dealt,
            self.stopped,
            self.flip,
            self.frost,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "attacker": self.attacker,
            "team": self.team,
            "dealt": self.dealt,
            "stopped": self.stopped,
            "flip": self.flip,
            "frost": self.frost,
        }

    @staticmethod
    def from_json(d: dict[str, Any]) -> Damage:
        return Damage(
            d["attacker"],
            d["team"],
            d["dealt"],
            d["stopped"],
            d["flip"],
            d["frost"],
        )
