"""The rule settings of one Attack game, its phases, and the seeded chance it draws from.

`Variant.HOUSE` is the seed's own change of the rules («Изменение стандартных
правил»): penalty points for catching too many and too few after every deal, the
targets rolled again before every new deal, the whole deck (caught cards too) shuffled
and dealt again each time. `Stall` and `HouseRoll` keep the readings of earlier
versions as options (the defaults follow the seed's words). docs/rules.md ("Bakugan
Attack!") has every reading.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from game.rules.api import GameError, Reason

from .cards import PLAYER_COUNTS, Deck


class Phase(StrEnum):
    DEALER_ROLL = "dealer_roll"  # chance: everybody rolls for the first dealer
    DEAL = "deal"  # chance: the dealer shuffles and deals
    TARGET_ROLL = "target_roll"  # chance: the targets, the dealer first, then clockwise
    PLAY = "play"  # one player plays a card
    BLIND = "blind"  # Julie led: the others choose at once, face down
    RANDOM_PICK = "random_pick"  # Runo led: chance draws the next player's card
    OVER = "over"


class Variant(StrEnum):
    STANDARD = "standard"
    HOUSE = "house"


class Stall(StrEnum):
    """When the standard rules' game ends though nobody reached the end score."""

    NO_CATCH_POSSIBLE = "no_catch_possible"
    """The seed: «Игра продолжается до тех пор, пока кто-то не наберет 10 очков или
    более»: a deal without a catch does not end it; only cards to deal with which no
    round of any deal can catch a Bakugan (`judge.catch_possible`) do."""
    DEAL_WITHOUT_CATCH = "deal_without_catch"
    """The reading of earlier versions: a whole deal without a catch ends the game."""


class HouseRoll(StrEnum):
    """When the house variant rolls the targets of a deal after the first."""

    BEFORE_DEAL = "before_deal"
    """The seed: «Кубик предлагается бросать перед каждой новой сдачей»: roll, then deal."""
    AFTER_DEAL = "after_deal"
    """The reading of earlier versions: deal, then roll (the order of the first deal)."""


class InvalidSettings(GameError, ValueError):
    """Settings the game cannot be played with; `reason` says why."""

    def __init__(self, reason: Reason) -> None:
        super().__init__(str(reason))
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Settings:
    players: int = 4
    variant: Variant = Variant.STANDARD
    end_score: int = 10
    """A score of this or more at the end of a deal ends the game (seed: 10)."""
    max_deals: int = 100
    """Safety net, not in the seed: the game also ends after this many deals."""
    stall: Stall = Stall.NO_CATCH_POSSIBLE
    house_roll: HouseRoll = HouseRoll.BEFORE_DEAL

    @property
    def house(self) -> bool:
        return self.variant is Variant.HOUSE

    def problem(self, deck: Deck | None = None) -> Reason | None:
        if self.players not in PLAYER_COUNTS:
            return Reason(
                f"Bakugan Attack! is played by 3, 4 or 5 players, not {self.players}",
                "attack.players",
                players=self.players,
            )
        if deck is not None and self.players not in deck.setups:
            return Reason(
                f"the deck has no setup for {self.players} players",
                "attack.setup",
                players=self.players,
            )
        if self.end_score < 1:
            return Reason(f"end_score must be at least 1, got {self.end_score}", "attack.end")
        if self.max_deals < 1:
            return Reason(f"max_deals must be at least 1, got {self.max_deals}", "attack.deals")
        return None

    def check(self, deck: Deck | None = None) -> None:
        problem = self.problem(deck)
        if problem is not None:
            raise InvalidSettings(problem)

    def to_json(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "variant": self.variant.value,
            "end_score": self.end_score,
            "max_deals": self.max_deals,
            "stall": self.stall.value,
            "house_roll": self.house_roll.value,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Settings:
        """The settings `to_json` wrote. A save or a replay written before an option
        existed was played by the reading of its time, so it reads as that, not as
        today's default: no ``stall``, a deal without a catch ended the game; no
        ``house_roll``, the targets were rolled after the deal."""
        return Settings(
            int(data["players"]),
            Variant(data["variant"]),
            int(data["end_score"]),
            int(data["max_deals"]),
            Stall(data.get("stall", Stall.DEAL_WITHOUT_CATCH.value)),
            HouseRoll(data.get("house_roll", HouseRoll.AFTER_DEAL.value)),
        )


MASK64 = (1 << 64) - 1


def mix(x: int) -> int:
    """SplitMix64's finaliser: a well-spread 64-bit number from any integer. The dice
    and Runo's picks are ``mix(key + n)`` for the n-th chance outcome of a game: pure,
    so asking twice gives the same outcome, and the same on every Python."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK64
    return x ^ (x >> 31)
