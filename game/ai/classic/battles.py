"""One battle judged on the rules core's own G-Power layers (`battle.evaluate`).

Shared by the heuristics (`strategy`, from an observation) and the search (`search`, in
a world it imagines): a side's margin, and what the best Ability Card of a hand would
add to it. Nothing here reads a match state: a battle, a Gate Card and a hand are given.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

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


# ----------------------------------------------------------------------- Traps, Battle Gear


def support_options(
    battle: bt.Battle,
    catalog: Catalog,
    gate: str,
    owner: int,
    side: int,
    traps: Iterable[str],
    gear: Iterable[str],
) -> list[list[tuple[float, bt.Support]]]:
    """Each way `side` may play one of its Traps or Battle Gear in `battle`, as its
    outcomes (chance, the piece as the battle would hold it), the way the rules core
    opens it: a Trap only on a Bakugan of its attribute, each of its faces equally
    likely; Battle Gear with each choice of its property card's abilities the rules allow
    (`battle.gear_choices`: any of them on a Bakugan of the card's attribute, one or none
    when the gear's colour is the Gate Card's)."""
    player = battle.sides[side][0]
    if battle.plays or battle.supports or battle.chosen:
        attribute = bt.evaluate(battle, catalog, gate, owner).sides[side].attribute
    else:  # only cards and pieces change attributes: its own, or a clear one borrows
        attribute = catalog.bakugan[battle.sides[side][1]].attribute
        if attribute is None:
            attribute = catalog.bakugan[battle.sides[1 - side][1]].attribute
    at = len(battle.plays)
    out: list[list[tuple[float, bt.Support]]] = []
    for t in traps:
        trap = catalog.traps[t]
        if trap.attribute != attribute:
            continue
        k = len(trap.faces)
        out.append([(1.0 / k, bt.Support(player, bt.TRAP, t, at, i)) for i in range(k)])
    colour = catalog.gates[gate].colour
    for g in gear:
        piece = catalog.gear[g]
        for chosen in bt.gear_choices(piece, attribute, colour):
            mode = bt.gear_mode(piece, attribute, chosen)
            out.append([(1.0, bt.Support(player, bt.GEAR, g, at, 0, mode, chosen))])
    return out


def expected_margin(
    battle: bt.Battle,
    catalog: Catalog,
    gate: str,
    owner: int,
    side: int,
    outcomes: Iterable[tuple[float, bt.Support]],
) -> float:
    """`side`'s margin averaged over a piece's outcomes (`support_options`)."""
    total = 0.0
    for chance, piece in outcomes:
        battle.supports.append(piece)
        try:
            total += chance * margin(battle, catalog, gate, owner, side)
        finally:
            battle.supports.pop()
    return total


_BEST: dict[tuple[object, ...], float] = {}


def best_support_gain(
    battle: bt.Battle,
    catalog: Catalog,
    gate: str,
    owner: int,
    side: int,
    traps: Sequence[str],
    gear: Sequence[str],
    base: float,
) -> float:
    """The most one Trap or Battle Gear adds, on average over a Trap's faces, to
    `side`'s margin `base` (0 if none helps or none may be played)."""
    key: tuple[object, ...] | None = None
    if not battle.plays and not battle.supports and not battle.chosen:
        # a fresh battle (how the heuristics judge a throw): the same question recurs
        key = (catalog, gate, owner, battle.gate_open, *battle.sides, side, *traps, "|", *gear)
        cached = _BEST.get(key)
        if cached is not None:
            return max(0.0, cached - base)
    best = -math.inf
    for outcomes in support_options(battle, catalog, gate, owner, side, traps, gear):
        best = max(best, expected_margin(battle, catalog, gate, owner, side, outcomes))
    if key is not None:
        if len(_BEST) > 100_000:
            _BEST.clear()
        _BEST[key] = best
    return max(0.0, best - base)
