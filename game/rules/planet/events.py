"""Events: what `PlanetState.apply` reports happened, in order, for presenters and logs.

B-Power and damage come with their breakdowns (each layer: base, cores, card texts,
Heroes, cards played), the way the classic G-Power does, so a screen can show them and a
test can assert them. Events that carry a secret (a card drawn or energized, a core's
back) are `redact`-ed for a player who may not see it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .hexgrid import Hex, hex_str

HIDDEN = "?"


def _at(h: Hex | None) -> str:
    return hex_str(h) if h is not None else "no core"


@dataclass(frozen=True, slots=True)
class MatchStarted:
    starting: int

    def __str__(self) -> str:
        return f"match started: p{self.starting} starts"


@dataclass(frozen=True, slots=True)
class CoinTossed:
    """The coin: who places the first BakuCore (and is the starting player)."""

    player: int

    def __str__(self) -> str:
        return f"coin: p{self.player} places the first BakuCore"


@dataclass(frozen=True, slots=True)
class CorePlaced:
    player: int
    core: str  # HIDDEN for the other player: only the top (its type) shows
    type: str
    hex: Hex

    def __str__(self) -> str:
        return f"p{self.player} placed {self.core} ({self.type}) {hex_str(self.hex)}"


@dataclass(frozen=True, slots=True)
class MatrixComplete:
    cores: int

    def __str__(self) -> str:
        return f"the Hidden Matrix is complete ({self.cores} BakuCores); decks shuffled"


@dataclass(frozen=True, slots=True)
class TurnStarted:
    turn: int

    def __str__(self) -> str:
        return f"turn {self.turn}"


@dataclass(frozen=True, slots=True)
class Drew:
    player: int
    cards: tuple[str, ...]  # HIDDEN each for the other player

    def __str__(self) -> str:
        return f"p{self.player} drew {' '.join(self.cards) or 'nothing (deck empty)'}"


@dataclass(frozen=True, slots=True)
class Committed:
    """A simultaneous choice was made; it stays hidden until both have chosen."""

    player: int
    step: str

    def __str__(self) -> str:
        return f"p{self.player} chose ({self.step})"


@dataclass(frozen=True, slots=True)
class Energized:
    player: int
    card: str  # HIDDEN for the other player
    charged: bool = True
    source: str = "hand"

    def __str__(self) -> str:
        state = "charged" if self.charged else "uncharged"
        return f"p{self.player} energized {self.card} from {self.source} ({state})"


@dataclass(frozen=True, slots=True)
class WindowOpened:
    step: str
    first: int

    def __str__(self) -> str:
        return f"{self.step}: cards may be played (p{self.first} first)"


@dataclass(frozen=True, slots=True)
class CardPlayed:
    player: int
    card: str
    targets: tuple[str, ...]
    paid: int
    sacrifice: str | None = None

    def __str__(self) -> str:
        text = f"p{self.player} played {self.card}"
        if self.targets:
            text += " " + " ".join(self.targets)
        text += f" (paid {self.paid})"
        if self.sacrifice:
            text += f" sacrificing {self.sacrifice}"
        return text


@dataclass(frozen=True, slots=True)
class TriggerAdded:
    player: int
    source: str
    trigger: str

    def __str__(self) -> str:
        return f"p{self.player} {self.source}: {self.trigger} text on the batch"


@dataclass(frozen=True, slots=True)
class Passed:
    """A player passed (in a card-play step, or the batch's priority)."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} passed"


@dataclass(frozen=True, slots=True)
class Resolved:
    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player} {self.card} resolves"


@dataclass(frozen=True, slots=True)
class Negated:
    player: int  # the negated card's player
    card: str
    by: str

    def __str__(self) -> str:
        return f"p{self.player} {self.card} negated by {self.by}"


@dataclass(frozen=True, slots=True)
class Changed:
    """A card's effect on Bakugan: ``p0 +400 B (ice_barrier)``."""

    side: int
    text: str
    source: str

    def __str__(self) -> str:
        return f"p{self.side} {self.text} ({self.source})"


@dataclass(frozen=True, slots=True)
class NoEffect:
    card: str
    why: str

    def __str__(self) -> str:
        return f"{self.card}: no effect ({self.why})"


@dataclass(frozen=True, slots=True)
class EnergyGained:
    player: int
    amount: int
    source: str

    def __str__(self) -> str:
        return f"p{self.player} +{self.amount} Energy this turn ({self.source})"


@dataclass(frozen=True, slots=True)
class EnergyDestroyed:
    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player} Energy {self.card} destroyed"


@dataclass(frozen=True, slots=True)
class Moved:
    """A card went from one zone to another: discarded, milled, to energy ..."""

    player: int
    card: str
    what: str  # "discarded", "milled", "milled for damage", "milled for the tie-break"

    def __str__(self) -> str:
        return f"p{self.player} {self.what} {self.card}"


@dataclass(frozen=True, slots=True)
class ChoiceAsked:
    player: int
    count: int

    def __str__(self) -> str:
        return f"p{self.player} must discard {self.count}"


@dataclass(frozen=True, slots=True)
class CreditGained:
    player: int
    count: int
    faction: str

    def __str__(self) -> str:
        kind = f"{self.faction} " if self.faction else ""
        return f"p{self.player} may play {self.count} {kind}card(s) free this turn"


@dataclass(frozen=True, slots=True)
class HeroChanged:
    player: int  # who controlled it
    card: str
    what: str  # "destroyed", "taken by p1", "turned into energy"

    def __str__(self) -> str:
        return f"p{self.player} Hero {self.card} {self.what}"


@dataclass(frozen=True, slots=True)
class Evolved:
    player: int
    character: str
    card: str

    def __str__(self) -> str:
        return f"p{self.player} {self.character} evolved: {self.card}"


@dataclass(frozen=True, slots=True)
class CoreAttached:
    player: int
    character: str
    hex: Hex
    core: str

    def __str__(self) -> str:
        return f"p{self.player} {self.character} takes core {self.core} {hex_str(self.hex)}"


@dataclass(frozen=True, slots=True)
class Retracted:
    """Bakugan closed; the cores they held went back to the Hidden Matrix."""

    player: int
    characters: tuple[str, ...]
    cores: tuple[Hex, ...]

    def __str__(self) -> str:
        text = f"p{self.player} closed {' '.join(self.characters)}"
        if self.cores:
            text += f" (cores back: {' '.join(hex_str(h) for h in self.cores)})"
        return text


@dataclass(frozen=True, slots=True)
class Picked:
    player: int
    character: str

    def __str__(self) -> str:
        return f"p{self.player} rolls {self.character}"


@dataclass(frozen=True, slots=True)
class Opened:
    player: int
    character: str
    hex: Hex | None
    core: str = ""

    def __str__(self) -> str:
        if self.hex is None:
            return f"p{self.player} {self.character} opened without a core"
        return f"p{self.player} {self.character} opened on {self.core} {hex_str(self.hex)}"


@dataclass(frozen=True, slots=True)
class NotOpened:
    player: int
    character: str

    def __str__(self) -> str:
        return f"p{self.player} {self.character} did not open"


@dataclass(frozen=True, slots=True)
class Reroll:
    def __str__(self) -> str:
        return "neither opened: both roll again"


@dataclass(frozen=True, slots=True)
class Power:
    """One Bakugan's B-Power (or damage) with its layers."""

    player: int
    character: str
    total: int
    breakdown: str

    def __str__(self) -> str:
        return f"p{self.player} {self.character} {self.total} ({self.breakdown})"


@dataclass(frozen=True, slots=True)
class Powers:
    """The brawl's B-Power of both Bakugan (or damage, when a card says so)."""

    stat: str  # "B-Power" | "damage"
    sides: tuple[Power, ...]

    def __str__(self) -> str:
        return f"{self.stat}: " + "; ".join(str(s) for s in self.sides)


@dataclass(frozen=True, slots=True)
class TieBreak:
    milled: tuple[tuple[int, str, int], ...]  # (player, card, energy cost)

    def __str__(self) -> str:
        parts = ", ".join(f"p{p} {c} costs {cost}" for p, c, cost in self.milled)
        return f"tie-break: {parts}"


@dataclass(frozen=True, slots=True)
class BattleWon:
    player: int
    character: str
    by: str  # "B-Power", "damage", "alone", "tie-break", "opponent cannot mill"

    def __str__(self) -> str:
        return f"p{self.player} {self.character} is the Victor ({self.by})"


@dataclass(frozen=True, slots=True)
class NoVictor:
    why: str

    def __str__(self) -> str:
        return f"no Victor ({self.why})"


@dataclass(frozen=True, slots=True)
class DamageDeclared:
    attacker: int
    amount: int
    parts: tuple[Power, ...]
    team: bool

    def __str__(self) -> str:
        kind = "Team Attack" if self.team else "damage"
        parts = "; ".join(str(p) for p in self.parts)
        return f"p{self.attacker} {kind} {self.amount}: {parts}"


@dataclass(frozen=True, slots=True)
class FlipMilled:
    player: int
    card: str
    cost: int

    def __str__(self) -> str:
        return f"p{self.player} milled Flip {self.card} (costs {self.cost})"


@dataclass(frozen=True, slots=True)
class DamageStopped:
    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player} {self.card}: Stop, the rest of the damage is blocked"


@dataclass(frozen=True, slots=True)
class DamageDone:
    attacker: int
    dealt: int

    def __str__(self) -> str:
        return f"p{self.attacker} dealt {self.dealt} damage"


@dataclass(frozen=True, slots=True)
class TurnEnded:
    turn: int
    evaporated: tuple[int, int]
    recharged: tuple[int, int]

    def __str__(self) -> str:
        ev, rc = self.evaporated, self.recharged
        return (
            f"turn {self.turn} ends: energy evaporated p0 {ev[0]} p1 {ev[1]},"
            f" recharged p0 {rc[0]} p1 {rc[1]}; until-end-of-turn effects end"
        )


@dataclass(frozen=True, slots=True)
class GameWon:
    player: int
    reason: str

    def __str__(self) -> str:
        return f"p{self.player} wins: {self.reason}"


@dataclass(frozen=True, slots=True)
class GameDrawn:
    reason: str

    def __str__(self) -> str:
        return f"draw: {self.reason}"


Event = (
    MatchStarted
    | CoinTossed
    | CorePlaced
    | MatrixComplete
    | TurnStarted
    | Drew
    | Committed
    | Energized
    | WindowOpened
    | CardPlayed
    | TriggerAdded
    | Passed
    | Resolved
    | Negated
    | Changed
    | NoEffect
    | EnergyGained
    | EnergyDestroyed
    | Moved
    | ChoiceAsked
    | CreditGained
    | HeroChanged
    | Evolved
    | CoreAttached
    | Retracted
    | Picked
    | Opened
    | NotOpened
    | Reroll
    | Powers
    | TieBreak
    | BattleWon
    | NoVictor
    | DamageDeclared
    | FlipMilled
    | DamageStopped
    | DamageDone
    | TurnEnded
    | GameWon
    | GameDrawn
)


def redact(event: Event, viewer: int) -> Event:
    """The event as `viewer` may see it: another player's drawn and energized cards and
    the backs of his BakuCores and which face-down Character he rolls are hidden."""
    if isinstance(event, Drew) and event.player != viewer:
        return replace(event, cards=tuple(HIDDEN for _ in event.cards))
    if isinstance(event, Energized) and event.player != viewer:
        return replace(event, card=HIDDEN)
    if isinstance(event, CorePlaced) and event.player != viewer:
        return replace(event, core=HIDDEN)
    if isinstance(event, Picked | NotOpened) and event.player != viewer:
        return replace(event, character=HIDDEN)  # the Character is face down
    return event
