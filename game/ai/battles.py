"""One battle judged on the rules core's own G-Power layers (`battle.evaluate`).

Shared by the heuristics (`strategy`, from an observation) and the search (`search`, in
a world it imagines): a side's margin, and what the best Ability Card of a hand would
add to it. Nothing here reads a match state: a battle, a Gate Card and a hand are given.
"""

from __future__ import annotations

from collections.abc import Iterable

from game.rules.classic import Catalog, Timing
from game.rules.classic import battle as bt

# Cards whose effect is not G-Power in this battle: they are judged elsewhere (or not).
NOT_POWER = frozenset({"move_bakugan", "recover_bakugan", "nullify_ability", "save_bakugan"})
_IN_BATTLE = frozenset({Timing.BEFORE, Timing.DURING})


def side_margin(ev: bt.Evaluation, side: int) -> float:
    """Side `side`'s margin in G-Power (positive: it wins), "lower wins" counted; a tie
    is +1 or -1 by who wins it."""
    m = float(ev.sides[side].total - ev.sides[1 - side].total)
    if ev.lower_wins:
        m = -m
    if m == 0:
        m = 1.0 if ev.winner == side else -1.0
    return m


def margin(battle: bt.Battle, catalog: Catalog, gate: str, owner: int, side: int) -> float:
    """`side_margin` of the battle as it stands on the Gate Card `gate` of `owner`."""
    return side_margin(bt.evaluate(battle, catalog, gate, owner), side)


def best_card_gain(
    battle: bt.Battle,
    catalog: Catalog,
    gate: str,
    owner: int,
    side: int,
    hand: Iterable[str],
    base: float,
) -> float:
    """The most one Ability Card of `hand` adds to `side`'s margin `base` (0 if none
    helps): each card that changes G-Power and may be played in a battle is tried in it
    through the core's layers (a "losing side" card only when behind; an attribute card
    only for its attribute). `battle` is left as it was."""
    player = battle.sides[side][0]
    best = 0.0
    for card in hand:
        ability = catalog.abilities[card]
        if ability.kinds & NOT_POWER or not ability.timing & _IN_BATTLE:
            continue
        req = ability.requires
        if req.losing and base > 0:
            continue
        if req.attribute is not None:
            ev = bt.evaluate(battle, catalog, gate, owner)
            if ev.sides[side].attribute != req.attribute:
                continue
        battle.plays.append(bt.Play(player, card))
        try:
            best = max(best, margin(battle, catalog, gate, owner, side) - base)
        finally:
            battle.plays.pop()
    return best
