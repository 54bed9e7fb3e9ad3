"""Judging one round: who catches, given the cards played in order.

A pure function of the plays, the deck and the player count, shared by the rules core
and the bots' look-ahead, so both judge a round the same way (docs/rules.md, "Bakugan
Attack!"):

1. Specials: when two or more special cards are in the round, only the one played last
   keeps its effect; the others are overridden.
2. Shun, kept and ending the round, moves every card `seats` players clockwise (to the
   left) before judging; each player then judges with the card in front of him.
3. Cards of equal number collide and drop out (Masquerade has no number: it never
   collides and never catches). A special card that collides keeps its effect.
4. Marucho kept: every collided card catches (no collision: nobody). Else the highest
   number left catches (Masquerade kept: the lowest); none left: nobody catches.

`catch_possible` asks the same of every round the cards to deal could make.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from .cards import Deck, Effect, When

Play = tuple[int, str]  # (player, card)


@dataclass(frozen=True, slots=True)
class Catch:
    """What a round came to, in the order a table would show it."""

    holders: tuple[Play, ...]
    """(player, card) in front of each player when judged, in play order (after Shun)."""
    kept: str | None
    """The special card whose effect counts (the last special played), or None."""
    overridden: tuple[str, ...]
    """The special cards played before it, which lost their effect."""
    effect: Effect
    """The effect that acted at judging (NONE when none did)."""
    rotated: bool
    collisions: tuple[tuple[int, tuple[int, ...]], ...]
    """(number, players) of every group of equal numbers, highest first."""
    catchers: tuple[Play, ...]
    """(player, card) of every catcher, in play order."""

    @property
    def lowest(self) -> bool:
        return self.effect is Effect.LOWEST_CATCHES


def kept_special(plays: Sequence[Play], deck: Deck) -> tuple[str | None, tuple[str, ...]]:
    """The special card that keeps its effect (the last one played) and the overridden."""
    specials = deck.specials
    found = [c for _, c in plays if c in specials]
    if not found:
        return None, ()
    return found[-1], tuple(found[:-1])


def catch(plays: Sequence[Play], deck: Deck, players: int) -> Catch:
    """Judge a complete round (`plays`: every player's card, in the order played)."""
    number = deck.number
    specials = deck.specials
    kept: str | None = None
    overridden: tuple[str, ...] = ()
    effect = Effect.NONE
    holders = tuple(plays)
    rotated = False
    for _, c in holders:
        if c in specials:
            kept, overridden = kept_special(plays, deck)
            break
    if kept is not None:
        card = deck.by_id[kept]
        if card.when is When.ANY or (card.when is When.LAST and plays[-1][1] == kept):
            effect = card.effect
        if effect is Effect.ROTATE:
            holders = tuple(((p + card.seats) % players, c) for p, c in plays)
            rotated = True
    values = [number[c] for _, c in holders]
    counts: dict[int, int] = {}
    for value in values:
        if value is not None:  # no number (Masquerade): never collides, never catches
            counts[value] = counts.get(value, 0) + 1
    collided = [v for v, k in counts.items() if k > 1]
    collisions: tuple[tuple[int, tuple[int, ...]], ...] = ()
    if collided:
        collided.sort(reverse=True)
        collisions = tuple(
            (v, tuple(holders[i][0] for i, x in enumerate(values) if x == v)) for v in collided
        )
    catchers: tuple[Play, ...]
    if effect is Effect.COLLIDED_CATCH:
        catchers = tuple(
            h for h, v in zip(holders, values, strict=True) if v is not None and counts[v] > 1
        )
    else:
        single = [v for v, k in counts.items() if k == 1]
        if single:
            best = min(single) if effect is Effect.LOWEST_CATCHES else max(single)
            catchers = (holders[values.index(best)],)
        else:
            catchers = ()
    return Catch(holders, kept, overridden, effect, rotated, collisions, catchers)


def catch_possible(cards: Iterable[str], deck: Deck, players: int) -> bool:
    """Whether some round of some deal of `cards` (the cards to shuffle and deal) can
    catch a Bakugan, whoever holds what and whatever is played.

    Any `players` of the cards can be the first round of a deal, in any seat order (the
    shuffle decides who holds what, the deal sets the rest aside), and every later
    round is also some `players` of them. How a round is judged depends on the cards and
    on which special card is played last (it keeps its effect; Shun's only when he ends
    the round, which he does when last): so each distinct set of `players` cards is
    judged once per special card in it, that card played last (once, with no special
    card). A set where every number collides (where Marucho keeps his effect: where none
    does) catches nothing. The game ends "stalled" when no set catches (docs/rules.md).
    """
    counts = Counter(cards)
    specials = deck.specials
    plain = [k for c, k in counts.items() if c not in specials]
    if plain and sum(plain) - min(plain) >= players - 1:
        return True  # the rarest plain number with others: no special card, it is alone
    kinds = sorted(counts)

    def sets(start: int, left: int) -> Iterator[list[str]]:
        if left == 0:
            yield []
            return
        for i in range(start, len(kinds)):
            card = kinds[i]
            for k in range(min(counts[card], left), 0, -1):
                for rest in sets(i + 1, left - k):
                    yield [card] * k + rest

    for chosen in sets(0, players):
        lasts = sorted({c for c in chosen if c in specials}) or [chosen[-1]]
        for last in lasts:
            order = list(chosen)
            order.remove(last)
            order.append(last)
            if catch(list(enumerate(order)), deck, players).catchers:
                return True
    return False
