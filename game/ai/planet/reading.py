"""How a Battle Planet bot reads a position: the chance it wins from here.

A player loses when he must mill for damage and cannot, so the cards left in each deck
are its life and each won battle takes the winner's damage off the loser's deck; the
cards in hand win the battles, the Energy pays for them, an open Victor keeps its
cores. `evaluate(state, me)` reads, on the rules core's own numbers (`stats`):

1. the battle of this turn, as far as it has gone (`pending`): in the Power step the
   B-Power (or damage) margin as it stands, read softly since cards may still come, and
   the Energy each side has left to play them; once the Victor is known, his damage (a
   Team Attack's sum when all three are open); during the damage, what is left of it.
   The player who may take that damage counts the Stop Flips of his deck he could pay
   with the Energy he has left (a Stop ends the rest of the milling);
2. each outcome of that battle as a position (`position`): a logistic model of who wins
   the match on the differences between the two sides (cards in deck, Energy cards,
   cards in hand, open Bakugan, the mean B-Power and damage of the Bakugan each may roll
   next, and who is the starting player), its weights (`WEIGHTS`) fitted to the
   outcomes of Normal-against-Normal matches at the start of each turn
   (`python benchmarks/planet_ai_fit.py`, docs/ai.md).

It is read on a state: a bot's world (its guess of the hidden cards), never the real
match.
"""

from __future__ import annotations

import math

from game.rules.planet import CardType, Catalog, Phase, PlanetState, stats

SOFT_MARGIN = 150.0  # B-Power: how much a margin may still move in the Power step
AVAIL_EDGE = 0.06  # this turn's battle odds per Energy still available ahead (tanh-shaped)
AVAIL_WEIGHT = 0.15  # before the roll: logit per Energy still available ahead (tanh-shaped)
ROLL_HOLDS_CORE = 0.86  # an opened roll holds a core (the landing model: 0.6 of 0.7)

FEATURES = ("deck", "energy", "hand", "open", "b_power", "damage", "starting")
"""The differences (one's own minus the opponent's) the position is read on: cards in
deck, Energy cards, cards in hand, open Bakugan, the mean B-Power (in hundreds) and
damage of the Bakugan each may roll next (with the usual core), starting player (+1/-1)."""

WEIGHTS: dict[str, float] = {
    "deck": 0.075,
    "energy": 0.085,
    "hand": 0.191,
    "open": 0.189,
    "b_power": 0.220,
    "damage": 0.196,
    "starting": 0.081,
}
"""Logistic weights per feature (fitted: `benchmarks/planet_ai_fit.py`)."""


_STOPS: dict[int, tuple[Catalog, dict[str, tuple[frozenset[str], frozenset[str]]]]] = {}


def _stops(catalog: Catalog) -> dict[str, tuple[frozenset[str], frozenset[str]]]:
    """Stop Flips: card -> (factions it stops, factions it spares), per catalog."""
    known = _STOPS.get(id(catalog))
    if known is not None and known[0] is catalog:
        return known[1]
    out = {}
    for cd in catalog.cards.values():
        if cd.type is not CardType.FLIP:
            continue
        for e in cd.effects:
            if e.kind == "stop":
                out[cd.id] = (
                    frozenset(e.params.get("factions", ())),
                    frozenset(e.params.get("except", ())),
                )
    _STOPS[id(catalog)] = (catalog, out)
    return out


def stop_chance(state: PlanetState, loser: int, attacker: int, energy: int) -> float:
    """The share of `loser`'s deck that is a Stop Flip he could pay with `energy` and
    that stops `attacker`'s Bakugan in the battle (its faction)."""
    side = state.sides[loser]
    if not side.deck:
        return 0.0
    a = state.sides[attacker]
    b = a.find(a.picked or "")
    if b is None:
        return 0.0
    top = state.catalog.cards[b.evolutions[-1]] if b.evolutions else None
    factions = {
        f.value for f in (top.factions if top else state.catalog.characters[b.character].factions)
    }
    frost = (
        sum(stats(state, attacker, x.character).frost for x in a.bakugan if x.open) if b.open else 0
    )
    stops = _stops(state.catalog)
    cards = state.catalog.cards
    good = 0
    for card in side.deck:
        rule = stops.get(card)
        if rule is None or cards[card].cost + frost > energy:
            continue
        hit = bool(factions & rule[0]) if rule[0] else not factions & rule[1]
        good += hit
    return good / len(side.deck)


def taken(damage: float, stop: float) -> float:
    """The cards expected to be milled for `damage` when each may be a Stop (`stop`)."""
    if damage <= 0:
        return 0.0
    if stop <= 0:
        return damage
    return float((1.0 - (1.0 - stop) ** damage) / stop)


def attack_total(state: PlanetState, p: int) -> int:
    """The damage `p`'s Bakugan in the battle deal if it wins: a Team Attack's sum when
    his other two are open too."""
    side = state.sides[p]
    if side.picked is None:
        return 0
    others_open = all(b.open for b in side.bakugan if b.character != side.picked)
    if others_open and len(side.bakugan) == 3:
        return sum(stats(state, p, b.character).damage for b in side.bakugan)
    return stats(state, p, side.picked).damage


def _team(state: PlanetState, p: int) -> tuple[float, float]:
    """Mean B-Power and damage of the Bakugan `p` may roll next (the closed ones; all
    when none is), each with the usual core it holds; the turn's changes left out (they
    end with the turn)."""
    side = state.sides[p]
    pool = [b for b in side.bakugan if not b.open] or side.bakugan
    if not pool:
        return 0.0, 1.0
    cores = [state.catalog.cores[c.core] for c in state.matrix.values()]
    core_b = sum(c.b_power for c in cores) / len(cores) if cores else 0.0
    core_d = sum(c.damage for c in cores) / len(cores) if cores else 0.0
    bs, ds = 0.0, 0.0
    mods, state.mods = state.mods, []
    try:
        for b in pool:
            s = stats(state, p, b.character)
            bs += s.b_power
            ds += s.damage
    finally:
        state.mods = mods
    n = len(pool)
    return bs / n + ROLL_HOLDS_CORE * core_b, max(1.0, ds / n + ROLL_HOLDS_CORE * core_d)


def _sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-x))


Branch = tuple[float, float, float, int]
"""(chance, cards of `me`'s deck lost, cards of his lost, open Bakugan gained over him)."""


def _closing(state: PlanetState, victor: int, me: int) -> int:
    """Open Bakugan `me` gains over him when `victor`'s Team Attack closes all three."""
    side = state.sides[victor]
    if not side.bakugan or not all(b.open for b in side.bakugan):
        return 0
    return -len(side.bakugan) if victor == me else len(side.bakugan)


def pending(state: PlanetState, me: int) -> list[Branch]:
    """This turn's battle still to come, as branches (see `Branch`)."""
    opp = 1 - me
    phase = state.phase
    dmg = state.damage
    if phase in (Phase.FLIP, Phase.DAMAGE) and dmg is not None:
        closing = _closing(state, dmg.attacker, me) if dmg.team else 0
        if dmg.stopped:
            return [(1.0, 0.0, 0.0, closing)]
        left = max(0, attack_total_now(state) - dmg.dealt)
        loser = 1 - dmg.attacker
        stop = stop_chance(state, loser, dmg.attacker, state.sides[loser].available())
        lost = taken(left, stop)
        return [(1.0, lost, 0.0, closing) if loser == me else (1.0, 0.0, lost, closing)]
    if phase is Phase.VICTORY and state.victor is not None:
        v = state.victor
        loser = 1 - v
        stop = stop_chance(state, loser, v, state.sides[loser].available())
        lost = taken(attack_total(state, v), stop)
        closing = _closing(state, v, me)
        return [(1.0, lost, 0.0, closing) if loser == me else (1.0, 0.0, lost, closing)]
    if phase is Phase.POWER:
        if state.sides[me].picked is None or state.sides[opp].picked is None:
            return [(1.0, 0.0, 0.0, 0)]
        return battle(state, me, _sigmoid(power_margin(state, me)) + _avail_edge(state, me))
    return [(1.0, 0.0, 0.0, 0)]


def _avail_edge(state: PlanetState, me: int) -> float:
    a, b = state.sides[me].available(), state.sides[1 - me].available()
    return AVAIL_EDGE * math.tanh((a - b) / 2.0)


def power_margin(state: PlanetState, me: int) -> float:
    """The battle's margin for `me` as it stands, in units of how much it may still move
    (B-Power over `SOFT_MARGIN`, or damage when the Victor is the higher damage)."""
    opp = 1 - me
    a, b = state.sides[me].picked, state.sides[opp].picked
    assert a is not None and b is not None
    sa, sb = stats(state, me, a), stats(state, opp, b)
    if state.by_damage:
        return (sa.damage - sb.damage) / 2.0
    return (sa.b_power - sb.b_power) / SOFT_MARGIN


def battle(state: PlanetState, me: int, p_win: float) -> list[Branch]:
    """The battle of the two Bakugan picked, won by `me` with chance `p_win`: the loser
    loses the winner's damage (less the Stops he may pay) and his Bakugan closes; a
    winner with all three open deals a Team Attack and closes them."""
    opp = 1 - me
    p_win = min(1.0, max(0.0, p_win))
    mine = taken(attack_total(state, opp), stop_chance(state, me, opp, state.sides[me].available()))
    his = taken(attack_total(state, me), stop_chance(state, opp, me, state.sides[opp].available()))
    win_opens = 1 - (3 if _team_attack(state, me) else 0)
    lose_opens = -1 + (3 if _team_attack(state, opp) else 0)
    return [(p_win, 0.0, his, win_opens), (1.0 - p_win, mine, 0.0, lose_opens)]


def _team_attack(state: PlanetState, p: int) -> bool:
    side = state.sides[p]
    return len(side.bakugan) == 3 and all(
        b.open or b.character == side.picked for b in side.bakugan
    )


def attack_total_now(state: PlanetState) -> int:
    """The damage being dealt now (the Team Attack's sum, as the Damage step read it)."""
    dmg = state.damage
    assert dmg is not None
    side = state.sides[dmg.attacker]
    if dmg.team:
        return sum(stats(state, dmg.attacker, b.character).damage for b in side.bakugan if b.open)
    return stats(state, dmg.attacker, side.picked or "").damage if side.picked else 0


def features(
    state: PlanetState, me: int, lose_me: float = 0.0, lose_opp: float = 0.0, opens: int = 0
) -> dict[str, float]:
    """The position's differences for `me`, after `me` and the opponent lose `lose_me`
    and `lose_opp` cards of their decks and `me` gains `opens` open Bakugan over him."""
    opp = 1 - me
    a, b = state.sides[me], state.sides[opp]
    (bm, dm), (bo, do) = _team(state, me), _team(state, opp)
    return {
        "deck": (len(a.deck) - lose_me) - (len(b.deck) - lose_opp),
        "energy": len(a.energy) - len(b.energy),
        "hand": len(a.hand) - len(b.hand),
        "open": sum(x.open for x in a.bakugan) - sum(x.open for x in b.bakugan) + opens,
        "b_power": (bm - bo) / 100.0,
        "damage": dm - do,
        "starting": 1.0 if state.starting == me else -1.0,
    }


def position(
    state: PlanetState,
    me: int,
    lose_me: float = 0.0,
    lose_opp: float = 0.0,
    opens: int = 0,
    weights: dict[str, float] = WEIGHTS,
) -> float:
    """The chance `me` wins from this position (see `features`); a deck emptied by more
    damage than it holds has lost."""
    opp = 1 - me
    if lose_opp > len(state.sides[opp].deck):
        return 1.0
    if lose_me > len(state.sides[me].deck):
        return 0.0
    f = features(state, me, lose_me, lose_opp, opens)
    logit = sum(weights[k] * v for k, v in f.items())
    if state.phase in (Phase.ENERGIZE, Phase.MAIN, Phase.SELECT):
        a, b = state.sides[me].available(), state.sides[opp].available()
        logit += AVAIL_WEIGHT * math.tanh((a - b) / 2.0)  # Energy left for this battle
    return _sigmoid(logit)


def evaluate(
    state: PlanetState,
    me: int,
    branches: list[Branch] | None = None,
    weights: dict[str, float] = WEIGHTS,
) -> float:
    """The chance `me` wins the match from `state` (1 or 0 once it is over); `branches`
    replaces this turn's battle still to come (`pending`) when given."""
    if state.over:
        if state.winner is None:
            return 0.5
        return 1.0 if state.winner == me else 0.0
    value = 0.0
    for chance, lose_me, lose_opp, opens in (
        branches if branches is not None else pending(state, me)
    ):
        if chance > 0.0:
            value += chance * position(state, me, lose_me, lose_opp, opens, weights)
    return value
