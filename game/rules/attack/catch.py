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
"""

from __future__ import annotations

from collections.abc import Sequence
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
