"""Events: what `MatchState.apply` reports happened, in order, for presenters and logs.

Events that carry a secret (a face-down Gate Card's identity) can be `redacted` for a
player who may not see it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .actions import Slot, slot_str
from .defs import Attribute

HIDDEN = "?"


@dataclass(frozen=True, slots=True)
class MatchStarted:
    """«Поле Игры Открыть!»"""

    players: int

    def __str__(self) -> str:
        return f"match started ({self.players} players)"


@dataclass(frozen=True, slots=True)
class GateSet:
    """«Карта Ворот на поле!» A Gate Card was set face down."""

    player: int
    gate: str
    slot: Slot

    def __str__(self) -> str:
        return f"p{self.player} set {self.gate} {slot_str(self.slot)}"


@dataclass(frozen=True, slots=True)
class TurnStarted:
    player: int
    turn: int

    def __str__(self) -> str:
        return f"turn {self.turn}: p{self.player}"


@dataclass(frozen=True, slots=True)
class Recycled:
    """No unused Bakugan at the start of a turn: the used ones came back."""

    player: int
    bakugan: tuple[str, ...]
    support: tuple[str, ...] = ()  # used Traps and Battle Gear that came back with them

    def __str__(self) -> str:
        text = f"p{self.player} recycled {' '.join(self.bakugan)}"
        return text + (f" with {' '.join(self.support)}" if self.support else "")


@dataclass(frozen=True, slots=True)
class AbilityPlayed:
    """«Активировать Карту Способностей»"""

    player: int
    card: str
    target: str = ""

    def __str__(self) -> str:
        return f"p{self.player} played {self.card}" + (f" on {self.target}" if self.target else "")


@dataclass(frozen=True, slots=True)
class AbilityCancelled:
    player: int
    card: str
    by: str

    def __str__(self) -> str:
        return f"p{self.player}'s {self.card} cancelled by {self.by}"


@dataclass(frozen=True, slots=True)
class AbilityWasted:
    """A card played before the throw that did nothing: the battle it waited for never
    came, or its condition did not hold when the battle began. `reason` (English),
    `code` and `params` say why, for the screen's catalogs (`why.<code>`)."""

    player: int
    card: str
    reason: str = ""
    code: str = ""
    params: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        why = f": {self.reason}" if self.reason else ""
        return f"p{self.player}'s {self.card} wasted{why}"


@dataclass(frozen=True, slots=True)
class Thrown:
    """«Бакуган в бой!»"""

    player: int
    bakugan: str

    def __str__(self) -> str:
        return f"p{self.player} threw {self.bakugan}"


@dataclass(frozen=True, slots=True)
class Opened:
    player: int
    bakugan: str
    slot: Slot
    partial: bool = False

    def __str__(self) -> str:
        return f"p{self.player} {self.bakugan} opened {slot_str(self.slot)}" + (
            " (partial)" if self.partial else ""
        )


@dataclass(frozen=True, slots=True)
class Missed:
    player: int
    bakugan: str
    reason: str

    def __str__(self) -> str:
        return f"p{self.player} {self.bakugan} missed ({self.reason})"


@dataclass(frozen=True, slots=True)
class BakuganMoved:
    player: int
    bakugan: str
    source: Slot
    slot: Slot

    def __str__(self) -> str:
        return (
            f"p{self.player} moved {self.bakugan} {slot_str(self.source)} -> {slot_str(self.slot)}"
        )


@dataclass(frozen=True, slots=True)
class BakuganRecovered:
    """A used Bakugan went back to the unused pile (a card said so)."""

    player: int
    bakugan: str

    def __str__(self) -> str:
        return f"p{self.player} recovered {self.bakugan}"


@dataclass(frozen=True, slots=True)
class BattleStarted:
    slot: Slot
    attacker: tuple[int, str]
    defender: tuple[int, str]

    def __str__(self) -> str:
        (ap, ab), (dp, db) = self.attacker, self.defender
        return f"battle {slot_str(self.slot)}: p{ap} {ab} vs p{dp} {db}"


@dataclass(frozen=True, slots=True)
class AttributeChosen:
    player: int
    bakugan: str
    attribute: Attribute

    def __str__(self) -> str:
        return f"p{self.player} {self.bakugan} is {self.attribute.value}"


@dataclass(frozen=True, slots=True)
class GateOpened:
    """«Карту ворот открыть!» The Gate Card in battle turned face up."""

    slot: Slot
    owner: int
    gate: str

    def __str__(self) -> str:
        return f"gate {slot_str(self.slot)} opened: {self.gate}"


@dataclass(frozen=True, slots=True)
class BattleResolved:
    """The battle's result with each side's G-Power breakdown ("base 400, gate +50 ...")."""

    slot: Slot
    winner: int
    bakugan: str
    sides: tuple[tuple[int, str, int, str], ...]  # (player, bakugan, total, breakdown)

    def __str__(self) -> str:
        parts = "; ".join(f"p{p} {b} {total} [{bd}]" for p, b, total, bd in self.sides)
        return f"battle {slot_str(self.slot)} won by p{self.winner} {self.bakugan}: {parts}"


@dataclass(frozen=True, slots=True)
class GateCaptured:
    player: int
    owner: int
    gate: str
    slot: Slot

    def __str__(self) -> str:
        return f"p{self.player} captured p{self.owner}'s {self.gate} {slot_str(self.slot)}"


@dataclass(frozen=True, slots=True)
class ToUsed:
    player: int
    bakugan: str

    def __str__(self) -> str:
        return f"p{self.player} {self.bakugan} to used"


@dataclass(frozen=True, slots=True)
class ToUnused:
    player: int
    bakugan: str

    def __str__(self) -> str:
        return f"p{self.player} {self.bakugan} to unused"


@dataclass(frozen=True, slots=True)
class TrapOpened:
    """A Bakugan Trap was set onto the battle's Gate Card and showed its hidden face:
    an attribute (the Bakugan takes it) or a G-Power value (added)."""

    player: int
    trap: str
    slot: Slot
    attribute: Attribute | None
    g: int

    def __str__(self) -> str:
        shown = self.attribute.value if self.attribute is not None else f"{self.g:+d} G"
        return f"p{self.player} trap {self.trap} {slot_str(self.slot)} shows {shown}"


@dataclass(frozen=True, slots=True)
class GearOpened:
    """Battle Gear went onto a battling Bakugan: its G-Power, how its property card
    applies (`mode`: all (by the attribute), one (by the colour) or none) and the
    `abilities` its owner chose to use."""

    player: int
    gear: str
    g: int
    mode: str
    abilities: tuple[str, ...] = ()

    def __str__(self) -> str:
        if not self.abilities:
            how = "no ability"
        elif len(self.abilities) == 1:
            how = f"ability {self.abilities[0]}"
        else:
            how = "abilities " + ", ".join(self.abilities)
        return f"p{self.player} gear {self.gear} {self.g:+d} G, {how}"


@dataclass(frozen=True, slots=True)
class SupportToUsed:
    """A Trap or Battle Gear left the finished battle for its owner's used pile."""

    player: int
    kind: str  # "trap" | "gear"
    piece: str

    def __str__(self) -> str:
        return f"p{self.player} {self.kind} {self.piece} to used"


@dataclass(frozen=True, slots=True)
class Evolved:
    """A player skipped his turn and swapped a Bakugan for its evolved form."""

    player: int
    bakugan: str
    evolved: str
    card: str

    def __str__(self) -> str:
        return f"p{self.player} evolved {self.bakugan} into {self.evolved}"


@dataclass(frozen=True, slots=True)
class LevelChanged:
    """The Game Level changed (a Gate Card went to a used pile)."""

    level: int

    def __str__(self) -> str:
        return f"game level {self.level}"


@dataclass(frozen=True, slots=True)
class FieldEmpty:
    """No Gate Card is left on the field: every player sets one again."""

    def __str__(self) -> str:
        return "field empty: set gates again"


@dataclass(frozen=True, slots=True)
class GameWon:
    player: int
    captured: tuple[tuple[int, str], ...]  # (owner, gate) of each captured card

    def __str__(self) -> str:
        return f"p{self.player} wins with {len(self.captured)} gates"


Event = (
    MatchStarted
    | GateSet
    | TurnStarted
    | Recycled
    | AbilityPlayed
    | AbilityCancelled
    | AbilityWasted
    | Thrown
    | Opened
    | Missed
    | BakuganMoved
    | BakuganRecovered
    | BattleStarted
    | AttributeChosen
    | GateOpened
    | BattleResolved
    | GateCaptured
    | ToUsed
    | ToUnused
    | FieldEmpty
    | GameWon
    | TrapOpened
    | GearOpened
    | SupportToUsed
    | Evolved
    | LevelChanged
)


def redact(event: Event, viewer: int) -> Event:
    """The event as `viewer` may see it: another player's face-down Gate Card is hidden."""
    if isinstance(event, GateSet) and event.player != viewer:
        return replace(event, gate=HIDDEN)
    return event
