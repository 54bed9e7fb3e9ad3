"""Actions: what a player (or chance) hands to `AttackState.apply`.

A player's only action is to play a card. Everything random is a chance action of the
chance player (`CHANCE`): a die, the shuffle-and-deal, and the card Runo makes a player
draw from his own hand unseen. A script, the sim's seeded draws and the physical dice on
the table all feed the core the same actions. Each has a readable ``str()`` that
`parse_action` reads back::

    p0 play 7          p2 play masquerade
    roll p1 5          (a die: p1's roll showed 5)
    pick p3 dan        (Runo: the card drawn at random from p3's hand)
    deal p0=1,5,dan p1=2,2,7 p2=3,4,9 aside=6
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial

from game.rules import api

from .interned import Interned

CHANCE = api.CHANCE


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Play one card of this id from one's hand, face up (or face down, all at once,
    after Julie leads)."""

    player: int
    card: str

    def __str__(self) -> str:
        return f"p{self.player} play {self.card}"


@dataclass(frozen=True, slots=True)
class Roll:
    """Chance: the face a player's die shows (the first dealer's roll-off or a target)."""

    roller: int
    face: int
    player: int = CHANCE

    def __str__(self) -> str:
        return f"roll p{self.roller} {self.face}"


@dataclass(frozen=True, slots=True)
class Pick:
    """Chance: the card drawn unseen from `holder`'s hand (a round Runo leads)."""

    holder: int
    card: str
    player: int = CHANCE

    def __str__(self) -> str:
        return f"pick p{self.holder} {self.card}"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the shuffle and the deal: every player's hand (by seat) and the cards set
    aside undealt (when the pile does not divide evenly)."""

    hands: tuple[tuple[str, ...], ...]
    aside: tuple[str, ...] = ()
    player: int = CHANCE

    def __str__(self) -> str:
        parts = [f"p{i}={','.join(hand)}" for i, hand in enumerate(self.hands)]
        return "deal " + " ".join(parts) + f" aside={','.join(self.aside)}"


Action = PlayCard | Roll | Pick | Deal

SHAPES = api.ActionShapes("Bakugan Attack!", (PlayCard, Roll, Pick, Deal))
"""What `AttackState.apply` checks first: an action of this game, every field of its type."""


PLAYS: list[Interned[str, PlayCard]] = [Interned(partial(PlayCard, p)) for p in range(8)]
"""Each player's `PlayCard` actions by card, made once (`interned`)."""


class ActionSyntaxError(api.ActionSyntaxError):
    """A text that is not an Attack action in the notation above."""


def _player(word: str, text: str) -> int:
    if not (word.startswith("p") and word[1:].isascii() and word[1:].isdigit() and len(word) < 5):
        raise ActionSyntaxError(f"{text!r}: expected a player like p0, got {word!r}")
    return int(word[1:])


def _cards(word: str) -> tuple[str, ...]:
    return tuple(c for c in word.split(",") if c)


def parse_action(text: str) -> Action:
    """Read an action from its ``str()`` form; raises `ActionSyntaxError` with the reason."""
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action")
    head = words[0]
    if head == "roll":
        if len(words) != 3 or not (words[2].isascii() and words[2].isdigit()) or len(words[2]) > 3:
            raise ActionSyntaxError(f"{text!r}: expected 'roll pN FACE'")
        return Roll(_player(words[1], text), int(words[2]))
    if head == "pick":
        if len(words) != 3:
            raise ActionSyntaxError(f"{text!r}: expected 'pick pN CARD'")
        return Pick(_player(words[1], text), words[2])
    if head == "deal":
        hands: dict[int, tuple[str, ...]] = {}
        aside: tuple[str, ...] = ()
        for word in words[1:]:
            key, eq, value = word.partition("=")
            if not eq:
                raise ActionSyntaxError(f"{text!r}: expected pN=CARDS or aside=CARDS, got {word!r}")
            if key == "aside":
                aside = _cards(value)
            else:
                hands[_player(key, text)] = _cards(value)
        if sorted(hands) != list(range(len(hands))) or not hands:
            raise ActionSyntaxError(f"{text!r}: a deal names every hand p0, p1, ... in order")
        return Deal(tuple(hands[i] for i in range(len(hands))), aside)
    if len(words) == 3 and words[1] == "play":
        return PlayCard(_player(head, text), words[2])
    raise ActionSyntaxError(
        f"{text!r}: expected 'pN play CARD', 'roll pN FACE', 'pick pN CARD' or 'deal ...'"
    )
