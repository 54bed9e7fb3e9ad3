"""Hard's search: each candidate card played out to the end of the deal in worlds of
hidden hands drawn consistently with what the bot has seen.

A world deals the unseen cards to the other hands (the sizes it sees; what is left is
set aside). In every world each candidate is played, the round is finished and the
rest of the deal played by `fast_choice` for every seat, each aiming at his own public
target, and judged by the rules' `catch`. Every candidate meets the same worlds and the
same random picks (common random numbers), so the comparison is between the cards, not
the luck. The card of least mean loss against its own target wins.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence

from game.rules.attack import Deck, Effect, Observation, When, catch

from .heuristic import rank
from .knowledge import Goal, world

Play = tuple[int, str]


class FastPlayer:
    """The quick policy every seat follows inside the search."""

    __slots__ = ("deck", "lead_mode", "n")

    def __init__(self, deck: Deck, players: int) -> None:
        self.deck = deck
        self.n = players
        self.lead_mode: dict[str, str] = {}
        for card in deck.cards:
            if card.special and card.when is When.LEAD:
                if card.effect is Effect.RANDOM_FOLLOW:
                    self.lead_mode[card.id] = "random"
                elif card.effect is Effect.BLIND_FOLLOW:
                    self.lead_mode[card.id] = "blind"

    def choose(self, hand: Sequence[str], table: Sequence[Play], seat: int, want: bool) -> str:
        """`table`: the cards this player sees (the lead alone in a blind round)."""
        deck = self.deck
        cards = list(dict.fromkeys(hand))
        if len(cards) == 1:
            return cards[0]
        if len(table) == self.n - 1:  # last: he sees the whole round
            return self._last(cards, table, seat, want)
        numbers = [rank(deck, c) for _, c in table]
        top = max((v for v in numbers if numbers.count(v) == 1), default=-1)
        ordered = sorted(cards, key=lambda c: rank(deck, c))
        if want:
            if not table:
                return ordered[-1]
            above = [c for c in ordered if rank(deck, c) > top and rank(deck, c) not in numbers]
            return above[0] if above else ordered[0]
        below = [c for c in ordered if rank(deck, c) < top]
        return below[-1] if below else ordered[0]

    def _last(self, cards: list[str], table: Sequence[Play], seat: int, want: bool) -> str:
        """The last player knows what each card does: the cheapest one that catches
        when he wants a Bakugan, else the highest one that does not."""
        deck = self.deck
        catching: list[str] = []
        safe: list[str] = []
        specials = deck.specials
        plain = not any(c in specials for _, c in table)
        values = [deck.number[c] for _, c in table]
        numbers = [v for v in values if v is not None]
        top = max((v for v in numbers if numbers.count(v) == 1), default=-1)
        for card in cards:
            if plain and card not in specials:  # no special card: the plain rule
                value = deck.number[card]
                wins = value is not None and value not in numbers and value > top
            else:
                plays = [*table, (seat, card)]
                wins = any(p == seat for p, _ in catch(plays, deck, self.n).catchers)
            (catching if wins else safe).append(card)
        if want and catching:
            return min(catching, key=lambda c: rank(deck, c))
        if not want and safe:
            return max(safe, key=lambda c: rank(deck, c))
        return min(cards, key=lambda c: rank(deck, c))


def play_out(
    fast: FastPlayer,
    hands: list[list[str]],
    table: list[Play],
    leader: int,
    mode: str,
    needs: list[int],
    rng: random.Random,
) -> list[int]:
    """Finish the round on `table` and play the deal to its end; each player's catches.
    `hands` are consumed. `mode`: how this round's followers play ("", "random",
    "blind"); in a blind round the followers see only the lead."""
    deck, n = fast.deck, fast.n
    got = [0] * n
    first = True
    while True:
        if not first:
            if not hands[leader]:
                return got
            table = []
            mode = ""
        first = False
        order = [(leader + i) % n for i in range(n)]
        played = {p for p, _ in table}
        lead_seen = table[:1]
        for p in order:
            if p in played:
                continue
            hand = hands[p]
            if not table and p == leader:
                card = fast.choose(hand, (), p, needs[p] - got[p] > 0)
                mode = fast.lead_mode.get(card, "")
            elif mode == "random":
                card = hand[rng.randrange(len(hand))]
            elif mode == "blind":
                card = fast.choose(hand, lead_seen, p, needs[p] - got[p] > 0)
            else:
                card = fast.choose(hand, table, p, needs[p] - got[p] > 0)
            hand.remove(card)
            table.append((p, card))
            if len(table) == 1:
                lead_seen = table[:1]
        table.sort(key=lambda pc: order.index(pc[0]))
        catchers = catch(table, deck, n).catchers
        for p, _ in catchers:
            got[p] += 1
        if len(catchers) == 1:
            leader = catchers[0][0]


def search_pick(
    deck: Deck,
    obs: Observation,
    goal: Goal,
    pool: Sequence[str],
    candidates: Sequence[str],
    rng: random.Random,
    worlds: int,
    deadline: float = math.inf,
) -> tuple[str, dict[str, float], int]:
    """The candidate of least mean loss over `worlds` worlds, every mean loss, and the
    worlds played (fewer than `worlds` only when the cap tripped). Past
    `deadline` (a `time.perf_counter` reading; a safety net the shipped budgets never
    reach) it stops after the world in hand."""
    fast = FastPlayer(deck, obs.players)
    me = obs.viewer
    needs = [(s.target if s.target is not None else 0) - s.caught for s in obs.seats]
    totals = dict.fromkeys(candidates, 0.0)
    done = 0
    for _ in range(worlds):
        hands = world(obs, pool, rng)
        seed = rng.getrandbits(32)
        for card in candidates:
            copy = [list(h) for h in hands]
            copy[me].remove(card)
            table = list(obs.table)
            mode = obs.mode
            if not table:
                mode = fast.lead_mode.get(card, "")
            table.append((me, card))
            got = play_out(fast, copy, table, obs.leader, mode, needs, random.Random(seed))
            totals[card] += goal.loss(goal.need - got[me])
        done += 1
        if done < worlds and time.perf_counter() > deadline:
            break
    means = {c: totals[c] / done for c in candidates}
    best = min(candidates, key=lambda c: (means[c], deck.order[c]))
    return best, means, done
