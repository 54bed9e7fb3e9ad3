"""How Easy and Normal choose a card (and what Hard's search starts from).

Each card it may play is judged by its chance to catch in this round: the round
completed many times with cards the bot has not seen, judged by the rules' own `catch`.
Normal (`planning` 0) wants the best chance while it still needs Bakugan and the least
once it has enough. With `planning` 1 (Hard's start) the chance of each card it keeps
to catch in a later round counts too: together they give the spread of how many
Bakugan it will have caught when the deal ends, and it plays the card whose spread
costs least against its target (`Goal.loss`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.rules.attack import Deck, Observation, catch

from .knowledge import Goal

NO_NUMBER_RANK = 0  # a card without a number (Masquerade) ranks as the lowest


def rank(deck: Deck, card: str) -> int:
    number = deck.number[card]
    return NO_NUMBER_RANK if number is None else number


def round_order(obs: Observation) -> list[int]:
    """The players of this round in judging order (clockwise from the leader)."""
    n = obs.players
    return [(obs.leader + i) % n for i in range(n)]


def catch_chances(
    deck: Deck,
    obs: Observation,
    cards: Sequence[str],
    pool: Sequence[str],
    rng: random.Random,
    samples: int,
) -> dict[str, float]:
    """Each card's chance to catch if played now: the round completed `samples` times
    with unseen cards for the players whose cards are not face up (the same completions
    for every card, so the comparison is fair)."""
    order = round_order(obs)
    known = dict(obs.table)
    me = obs.viewer
    unknown = [p for p in order if p not in known and p != me]
    k = len(unknown)
    if k > len(pool):
        k = len(pool)
        unknown = unknown[:k]
    completions = [rng.sample(pool, k) for _ in range(samples)] if k else [[]]
    n = obs.players
    hits = dict.fromkeys(cards, 0)
    for drawn in completions:
        filled = dict(known)
        filled.update(zip(unknown, drawn, strict=True))
        for card in cards:
            filled[me] = card
            plays = [(p, filled[p]) for p in order if p in filled]
            if len(plays) < n:
                continue
            if any(p == me for p, _ in catch(plays, deck, n).catchers):
                hits[card] += 1
    return {c: hits[c] / len(completions) for c in cards}


def later_chances(
    deck: Deck,
    players: int,
    cards: Sequence[str],
    pool: Sequence[str],
    rng: random.Random,
    samples: int,
) -> dict[str, float]:
    """Each card's chance to catch in some later round: at a random place in a round
    of unseen cards."""
    k = min(players - 1, len(pool))
    if k < players - 1 or samples == 0:
        return {c: 0.5 for c in cards}
    hits = dict.fromkeys(cards, 0)
    for _ in range(samples):
        drawn = rng.sample(pool, k)
        seat = rng.randrange(players)
        for card in cards:
            row = list(drawn)
            row.insert(seat, card)
            plays = list(enumerate(row))
            if any(p == seat for p, _ in catch(plays, deck, players).catchers):
                hits[card] += 1
    return {c: hits[c] / samples for c in cards}


def spread(chances: Sequence[float]) -> list[float]:
    """The distribution of how many of these independent chances come true."""
    dist = [1.0]
    for p in chances:
        q = 1.0 - p
        nxt = [0.0] * (len(dist) + 1)
        for i, w in enumerate(dist):
            nxt[i] += w * q
            nxt[i + 1] += w * p
        dist = nxt
    return dist


def expected_loss(goal: Goal, now: float, later: Sequence[float]) -> float:
    dist = spread([now, *later])
    return sum(w * goal.loss(goal.need - k) for k, w in enumerate(dist))


def counted_pick(
    deck: Deck,
    obs: Observation,
    goal: Goal,
    pool: Sequence[str],
    rng: random.Random,
    samples: int,
    planning: int = 1,
) -> tuple[str, dict[str, float]]:
    """The card of least expected loss, and every candidate's loss. `planning` 0: this
    round only (want a Bakugan: the best chance, the lowest card of near-best chance;
    else the least chance, the highest card of near-least); 1: the cards it keeps count
    too, by their chance to catch later."""
    hand = list(obs.hand)
    cards = list(dict.fromkeys(hand))
    if len(cards) == 1:
        return cards[0], {cards[0]: 0.0}
    now = catch_chances(deck, obs, cards, pool, rng, samples)
    losses: dict[str, float] = {}
    if not planning:
        sign = -1.0 if goal.need > 0 else 1.0
        for card in cards:
            tie = rank(deck, card) / 1000.0  # near-equal chances: keep high cards, or shed them
            losses[card] = sign * now[card] + (tie if goal.need > 0 else -tie)
        best = min(cards, key=lambda c: (losses[c], deck.order[c]))
        return best, losses
    later = later_chances(deck, obs.players, cards, pool, rng, samples)
    for card in cards:
        rest = list(hand)
        rest.remove(card)
        losses[card] = expected_loss(goal, now[card], [later[c] for c in rest])
    best = min(cards, key=lambda c: (losses[c], deck.order[c]))
    return best, losses
