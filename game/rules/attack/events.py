"""Events: what `AttackState.apply` reports happened, in order, for the screen and logs.

They say enough to animate a round without asking the state: each card played (and
how: chosen, drawn at random for Runo, face down for Julie), the special card that
keeps its effect and the ones overridden, Shun's rotation card by card, the collisions,
the catches, the score sheet of each deal and the end. `Dealt` carries no hands (they
are secret); the `Deal` chance action that caused it does.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from .interned import Interned


def _players(players: tuple[int, ...]) -> str:
    return " ".join(f"p{p}" for p in players)


def _numbers(values: tuple[int, ...]) -> str:
    return " ".join(str(v) for v in values)


@dataclass(frozen=True, slots=True)
class GameStarted:
    players: int
    variant: str

    def __str__(self) -> str:
        return f"game started: {self.players} players, {self.variant} rules"


@dataclass(frozen=True, slots=True)
class DealerRolled:
    """A die of the roll-off for the first dealer."""

    player: int
    face: int

    def __str__(self) -> str:
        return f"p{self.player} rolled {self.face} for the deal"


@dataclass(frozen=True, slots=True)
class RollOffTied:
    """The highest roll was shared: those players roll again."""

    players: tuple[int, ...]
    face: int

    def __str__(self) -> str:
        return f"{_players(self.players)} tied on {self.face}: they roll again"


@dataclass(frozen=True, slots=True)
class DealerChosen:
    player: int

    def __str__(self) -> str:
        return f"p{self.player} deals first"


@dataclass(frozen=True, slots=True)
class Dealt:
    """The dealer shuffled `pool` cards and dealt `each` to every player; `aside` cards
    did not divide evenly and wait, face down, for the next shuffle."""

    deal: int
    dealer: int
    pool: int
    each: int
    aside: int

    def __str__(self) -> str:
        return (
            f"deal {self.deal}: p{self.dealer} shuffles {self.pool} cards and deals "
            f"{self.each} each ({self.aside} aside)"
        )


@dataclass(frozen=True, slots=True)
class TargetRolled:
    """A player's target: the die, adjusted for the player count."""

    player: int
    face: int
    target: int

    def __str__(self) -> str:
        return f"p{self.player} rolled {self.face}: target {self.target}"


@dataclass(frozen=True, slots=True)
class RoundStarted:
    deal: int
    round: int
    leader: int

    def __str__(self) -> str:
        return f"deal {self.deal} round {self.round}: p{self.leader} leads"


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A card face up in front of its player; `how`: "" chosen, "random" drawn unseen
    (Runo), "blind" chosen face down at once with the others (Julie), now turned up."""

    player: int
    card: str
    how: str = ""

    def __str__(self) -> str:
        tail = {"": "", "random": " (drawn at random)", "blind": " (face down, turned up)"}
        return f"p{self.player} played {self.card}{tail.get(self.how, '')}"


@dataclass(frozen=True, slots=True)
class CardChosen:
    """A player chose his card face down (after Julie leads); nobody sees which."""

    player: int

    def __str__(self) -> str:
        return f"p{self.player} chose a card face down"


@dataclass(frozen=True, slots=True)
class LeadEffect:
    """A special card led the round and changes how the others play."""

    player: int
    card: str
    effect: str

    def __str__(self) -> str:
        how = {"random_follow": "play a card at random", "blind_follow": "play at once, unseen"}
        return f"p{self.player} led {self.card}: the others {how.get(self.effect, self.effect)}"


@dataclass(frozen=True, slots=True)
class SpecialOverridden:
    """Two or more special cards: the earlier one loses its effect to the last."""

    card: str
    by: str

    def __str__(self) -> str:
        return f"{self.card} loses its effect to {self.by}"


@dataclass(frozen=True, slots=True)
class SpecialApplied:
    """The kept special card's effect acts at judging."""

    card: str
    effect: str

    def __str__(self) -> str:
        return f"{self.card}: {self.effect}"


@dataclass(frozen=True, slots=True)
class Rotated:
    """Shun: every card moved to the next player clockwise; (from, to, card) each."""

    moves: tuple[tuple[int, int, str], ...]

    def __str__(self) -> str:
        return "cards turn left: " + ", ".join(f"p{a} {c} -> p{b}" for a, b, c in self.moves)


@dataclass(frozen=True, slots=True)
class Collided:
    number: int
    players: tuple[int, ...]

    def __str__(self) -> str:
        return f"{self.number}s collide: {_players(self.players)}"


@dataclass(frozen=True, slots=True)
class Caught:
    """A player catches the Bakugan: keeps the card in front of him, face down."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player} caught {self.card}"


@dataclass(frozen=True, slots=True)
class NobodyCaught:
    def __str__(self) -> str:
        return "nobody caught"


@dataclass(frozen=True, slots=True)
class Discarded:
    """The round's other cards go face down to the discards."""

    cards: tuple[str, ...]

    def __str__(self) -> str:
        return f"discarded {' '.join(self.cards) or 'nothing'}"


@dataclass(frozen=True, slots=True)
class DealScored:
    """The score sheet after a deal. Standard rules: `caught` is each player's whole
    pile and `points` his distance from his target now (the running score); the house
    variant: the catches of this deal and the penalty added for it. `totals`: the score."""

    deal: int
    targets: tuple[int, ...]
    caught: tuple[int, ...]
    points: tuple[int, ...]
    totals: tuple[int, ...]

    def __str__(self) -> str:
        return (
            f"deal {self.deal} scored: targets {_numbers(self.targets)}, caught "
            f"{_numbers(self.caught)}, points {_numbers(self.points)}, "
            f"totals {_numbers(self.totals)}"
        )


@dataclass(frozen=True, slots=True)
class DealPassed:
    dealer: int

    def __str__(self) -> str:
        return f"the deal passes to p{self.dealer}"


@dataclass(frozen=True, slots=True)
class GameOver:
    """`reason`: "points" (a score reached the end score), "cards" (too few cards left to
    deal one each), "stalled" (no deal of the cards left can catch a Bakugan; under the
    `deal_without_catch` option: a whole deal without a catch), "deals" (the deal limit).
    Fewest points win; `winners` share first place."""

    reason: str
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    def __str__(self) -> str:
        why = {
            "points": "the end score reached",
            "cards": "the cards ran out",
            "stalled": "the game stalled",
            "deals": "the deal limit",
        }
        return (
            f"game over ({why.get(self.reason, self.reason)}): {_players(self.winners)} "
            f"{'wins' if len(self.winners) == 1 else 'share the win'} with "
            f"{min(self.totals)} points; totals {_numbers(self.totals)}"
        )


Event = (
    GameStarted
    | DealerRolled
    | RollOffTied
    | DealerChosen
    | Dealt
    | TargetRolled
    | RoundStarted
    | CardPlayed
    | CardChosen
    | LeadEffect
    | SpecialOverridden
    | SpecialApplied
    | Rotated
    | Collided
    | Caught
    | NobodyCaught
    | Discarded
    | DealScored
    | DealPassed
    | GameOver
)


SHOWN: dict[str, list[Interned[str, CardPlayed]]] = {
    how: [Interned(partial(CardPlayed, p, how=how)) for p in range(8)]
    for how in ("", "random", "blind")
}
"""Each way of playing's `CardPlayed` events, a player's by card, made once (`interned`)."""

CAUGHT: list[Interned[str, Caught]] = [Interned(partial(Caught, p)) for p in range(8)]
"""Each player's `Caught` events by card, made once (`interned`)."""
