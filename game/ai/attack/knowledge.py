"""What an Attack bot knows from its observation: the cards it has not seen, what it
still needs, how much a miss weighs, and worlds of hidden hands consistent with that.

Everything here reads an `Observation` (never a game state): the deal pool is public
(the deck less the cards caught before, all of them seen face up), and so is every
card played this deal; what is neither in the bot's hand nor seen is in the other
hands or set aside, in proportions nobody knows.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.attack import Deck, Observation, Variant

from .levels import AttackLevel


@dataclass(frozen=True, slots=True)
class Goal:
    """What the bot wants from the rest of this deal."""

    need: int  # target less caught (standard: the whole pile; house: this deal)
    rounds_left: int  # rounds still to play in this deal, this one included
    under: float  # the weight of a Bakugan missing at the end, against 1 for one too many

    def loss(self, short: int) -> float:
        """What ending the deal `short` Bakugan below the target costs (negative: over)."""
        return short * self.under if short > 0 else -short


def goal_of(obs: Observation, level: AttackLevel) -> Goal:
    me = obs.me
    target = me.target if me.target is not None else 0
    need = target - me.caught
    rounds_left = len(obs.hand)  # its card of this round is still in its hand
    under = 1.0
    if obs.variant == Variant.STANDARD.value and not _game_may_end(obs):
        under = level.under_weight
    return Goal(need, rounds_left, under)


def _game_may_end(obs: Observation) -> bool:
    """Standard rules: whether this deal may well be the last (a score close to the end,
    or so few cards left that another deal is short), so a miss counts in full."""
    worst = max(s.points for s in obs.seats)
    pool = sum(k for _, k in obs.deal_pool)
    return worst >= obs.end_score - 3 or pool < 3 * obs.players


def seen_this_deal(obs: Observation) -> Counter[str]:
    seen: Counter[str] = Counter()
    for plays, _ in obs.rounds:
        seen.update(c for _, c in plays)
    seen.update(c for _, c in obs.table)
    return seen


def unseen(obs: Observation, deck: Deck, counting: int) -> list[str]:
    """The cards it cannot place: in the other hands or set aside. Without counting it
    imagines the whole deck for the player count, less its own hand."""
    if counting:
        pool = Counter(dict(obs.deal_pool))
        pool -= seen_this_deal(obs)
    else:
        pool = Counter(deck.composition(obs.players))
    pool -= Counter(obs.hand)
    if obs.my_choice is not None:
        pool -= Counter([obs.my_choice])
    return deck.sort(list(pool.elements()))


def hidden_counts(obs: Observation) -> list[int]:
    """How many hidden cards each player holds (a face-down choice after Julie leads
    counts as held: the bot does not know it)."""
    return [0 if s.player == obs.viewer else s.hand + (1 if s.chosen else 0) for s in obs.seats]


def world(obs: Observation, pool: Sequence[str], rng: random.Random) -> list[list[str]]:
    """One assignment of the unseen cards to the other hands (sizes as observed); the
    rest are the cards set aside. The bot's own hand is its own."""
    cards = list(pool)
    rng.shuffle(cards)
    counts = hidden_counts(obs)
    hands: list[list[str]] = []
    at = 0
    for p, k in enumerate(counts):
        if p == obs.viewer:
            hands.append(list(obs.hand) + ([obs.my_choice] if obs.my_choice else []))
        else:
            hands.append(cards[at : at + k])
            at += k
    return hands
