"""The knowledge of a classic position the Hard bot's search plays with: its fast
policy and its evaluation (`search.Search` is the tree that uses them).

- the fast policy (`rollout_action`): where to throw (`quick_throws`: the chance to win
  the battle a throw would start, from the cards both hold, `_odds`), which Gate Card to
  set (`quick_sets`), what to answer in a battle (`battle_reply`), each a quick rule of
  thumb, so that a playout costs little;
- `played`: the worlds after an action with their chances (a Trap of several faces
  opens one world a face, `face_seed`);
- `evaluate`: the chance a player wins, guessed from a position.

Throws are the search's `Aimed` actions (a throw and the card it is aimed at).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

from game.rules.classic import Action, MatchState, Slot
from game.rules.classic import actions as act
from game.rules.classic import battle as bt

from .battles import best_card_gain, best_support_gain, margin

SUPPORT_KEEP = 0.03  # the evaluation's worth of a Trap or Battle Gear kept for later


@dataclass(frozen=True, slots=True)
class Aimed:
    """A throw with the card it is aimed at (the search's throw action)."""

    throw: act.Throw
    target: Slot

    def __str__(self) -> str:
        return f"{self.throw} at @{self.target[0]},{self.target[1]}"


Key = Action | Aimed


# ----------------------------------------------------------------------- fast policy


_ODDS: dict[tuple[object, ...], float] = {}


def _pieces(battle: bt.Battle, state: MatchState, p: int, side: int, base: float) -> float:
    """The most one of `p`'s Traps or Battle Gear adds to `side`'s margin `base`."""
    ps = state.players[p]
    if not ps.traps and not ps.gear:
        return 0.0
    fg = state.field[battle.slot]
    return best_support_gain(
        battle, state.catalog, fg.gate, fg.owner, side, ps.traps, ps.gear, base
    )


def _odds(state: MatchState, slot: Slot, attacker: str, defender: str, pa: int = -1) -> float:
    """The chance `attacker` (of player `pa`; by default the one not standing there)
    beats `defender`, standing on the card at `slot`, in this world: the card's bonuses
    and effects through the rules core's G-Power layers, then each side's best Ability
    Card (the one behind plays first, the other answers), ties to the defender."""
    fg = state.field[slot]
    pd = next((q for q, x in fg.standing if x == defender), 1 - pa if pa >= 0 else 0)
    if pa < 0:
        pa = 1 - pd
    key = (
        state.catalog,  # (compared by identity: two card sets never share an entry)
        fg.gate,
        fg.owner,
        pa,
        attacker,
        pd,
        defender,
        tuple(state.players[pa].abilities),
        tuple(state.players[pd].abilities),
        tuple(state.players[pa].traps + state.players[pa].gear),
        tuple(state.players[pd].traps + state.players[pd].gear),
    )
    cached = _ODDS.get(key)
    if cached is not None:
        return cached
    battle = bt.Battle(slot, [(pd, defender), (pa, attacker)], gate_open=True)
    cat = state.catalog
    m = margin(battle, cat, fg.gate, fg.owner, 1)
    gate = state.catalog.gates[fg.gate]
    if not any(e.kind == "no_abilities" for e in gate.effects):
        hand_a, hand_d = state.players[pa].abilities, state.players[pd].abilities
        ga = best_card_gain(battle, cat, fg.gate, fg.owner, 1, hand_a, m)
        gd = best_card_gain(battle, cat, fg.gate, fg.owner, 0, hand_d, -m)
        ga, gd = ga + _pieces(battle, state, pa, 1, m), gd + _pieces(battle, state, pd, 0, -m)
        # the side behind plays its best card; the other answers if that turned it
        m = m - gd + (ga if gd > m else 0.0) if m > 0 else m + ga - (gd if ga > -m else 0.0)
    else:
        ga, gd = _pieces(battle, state, pa, 1, m), _pieces(battle, state, pd, 0, -m)
        if ga or gd:  # Traps and Battle Gear are not Ability Cards: no seal stops them
            m = m - gd + (ga if gd > m else 0.0) if m > 0 else m + ga - (gd if ga > -m else 0.0)
    p = 1.0 / (1.0 + math.exp(-m / 50.0))
    if len(_ODDS) > 200_000:
        _ODDS.clear()
    _ODDS[key] = p
    return p


def quick_throws(state: MatchState, p: int) -> list[tuple[float, Aimed]]:
    """(value, throw) for every unused Bakugan at every card, by a quick reading of the
    world: take a card one's own Bakugan stands on alone; beat (and so stop) an enemy
    standing alone; else stand on a card whose bonus suits."""
    cat = state.catalog
    out: list[tuple[float, Aimed]] = []
    for b in state.players[p].unused:
        mine = cat.bakugan[b]
        for slot, fg in state.field.items():
            foe = next((x for x in fg.standing if x[0] != p), None)
            if foe is not None:
                v = 2.0 * _odds(state, slot, b, foe[1], p) - 1.0 + 0.6
            elif fg.standing:
                v = 1.0
            else:
                gate = cat.gates[fg.gate]
                v = 0.25 + gate.bonus(mine.attribute) / 1000.0 + (0.05 if fg.owner == p else 0.0)
            out.append((v - mine.g_power * 1e-5, Aimed(act.Throw(p, b), slot)))
    out.sort(key=lambda x: -x[0])
    return out


def quick_sets(state: MatchState, p: int, legal: Sequence[Action], k: int) -> list[act.SetGate]:
    """The `k` likeliest Gate Cards to set: the best bonus for one's own Bakugan, on the
    free slot nearest one's own side."""
    cands = [a for a in legal if isinstance(a, act.SetGate)]
    if not cands:
        return []
    cat = state.catalog
    ps = state.players[p]
    mine = [cat.bakugan[b].attribute for b in ps.unused + ps.used]
    rows = state.settings.grid[1]

    def score(a: act.SetGate) -> tuple[float, float]:
        gate = cat.gates[a.gate]
        near = a.slot[1] if p == 1 else rows - 1 - a.slot[1]
        return (sum(gate.bonus(x) for x in mine), near - 0.1 * abs(a.slot[0] - 2))

    by_gate: dict[str, act.SetGate] = {}
    for a in sorted(cands, key=score, reverse=True):
        by_gate.setdefault(a.gate, a)
    return list(by_gate.values())[:k]


def _losing(state: MatchState, p: int) -> bool:
    b = state.battle
    assert b is not None
    g = state.field[b.slot]
    probe = b
    if not b.gate_open:
        probe = b.clone()
        probe.gate_open = True  # judge with the card as it will open
    ev = bt.evaluate(probe, state.catalog, g.gate, g.owner)
    return b.sides[ev.winner][0] != p


def battle_reply(state: MatchState, p: int, legal: Sequence[Action]) -> Action:
    """A greedy battle move: when losing, the piece that turns the battle (a Trap or
    Battle Gear first: they come back with the Bakugan, a card does not), else pass;
    when winning, pass."""
    b = state.battle
    assert b is not None
    if b.window == bt.ATTRIBUTE:
        return legal[0]
    pass_ = next((a for a in legal if isinstance(a, act.Pass)), legal[0])
    cards = [a for a in legal if isinstance(a, act.PlayAbility)]
    pieces = [a for a in legal if isinstance(a, act.PlayTrap | act.PlayGear)]
    if not cards and not pieces:
        return pass_
    if b.window == bt.AFTER:
        for a in cards:
            kinds = state.catalog.abilities[a.card].kinds
            if "save_bakugan" in kinds or "recover_bakugan" in kinds:
                return a
        return pass_
    if not _losing(state, p):
        return pass_
    options: list[Action] = [*pieces, *cards]
    for option in options:
        trial = state.clone()
        trial.apply(option)
        if trial.battle is not None and not _losing(trial, p):
            return option
    return pass_


_FACE_SEEDS: dict[tuple[int, int], int] = {}


def face_seed(faces: int, face: int) -> int:
    """A seed whose generator's first `randrange(faces)` is `face` (the rules core
    draws a Trap's face from its generator: a world set to this seed shows that face)."""
    key = (faces, face)
    seed = _FACE_SEEDS.get(key)
    if seed is None:
        seed = 0
        while random.Random(seed).randrange(faces) != face:
            seed += 1
        _FACE_SEEDS[key] = seed
    return seed


def played(state: MatchState, action: Action) -> list[tuple[float, MatchState]]:
    """The worlds after `action` in `state` (a copy each), with their chances: one; or,
    for a Trap of several faces, one per face (that world's generator set to draw it:
    what it hides is drawn when it opens, so a bot weighs every face)."""
    if isinstance(action, act.PlayTrap):
        k = len(state.catalog.traps[action.trap].faces)
        if k > 1:
            out: list[tuple[float, MatchState]] = []
            for face in range(k):
                world = state.clone()
                world.rng = random.Random(face_seed(k, face))
                world.apply(action)
                out.append((1.0 / k, world))
            return out
    world = state.clone()
    world.apply(action)
    return [(1.0, world)]


def rollout_action(state: MatchState, p: int, rng: random.Random) -> Key:
    """The fast policy of the playouts (and of the opponent's nodes' ordering)."""
    phase = state.phase
    legal = state.legal_actions(p)
    if phase == "battle":
        return battle_reply(state, p, legal)
    if phase == "main":
        if not state.set_this_turn and rng.random() < 0.5:
            best = quick_sets(state, p, legal, 1)
            if best:
                return best[0]
        ranked = quick_throws(state, p)
        if ranked:
            if rng.random() < 0.15:
                return ranked[rng.randrange(len(ranked))][1]
            return ranked[0][1]
        takes = [a for a in legal if not isinstance(a, act.PlayAbility)]
        return (takes or legal)[0]
    if phase == "setup":
        return quick_sets(state, p, legal, 1)[0]
    return legal[0]  # "own": take the card (TakeGate comes first)


# ----------------------------------------------------------------------- evaluation


def evaluate(state: MatchState, me: int, hit: float = 0.75) -> float:
    """The chance `me` wins, guessed from a position: the cards captured, and what the
    next throw of the player to move is likely to take (his Bakugan standing alone on a
    card, or an enemy's he can beat), each throw opening where aimed with `hit`."""
    if state.winner is not None:
        return 1.0 if state.winner == me else 0.0
    opp = 1 - me
    need = state.settings.gates_to_win
    cm, co = len(state.players[me].captured), len(state.players[opp].captured)
    mover = state.turn_player
    other = 1 - mover
    alone = {
        q: [
            s
            for s, fg in state.field.items()
            if fg.standing and all(x == q for x, _ in fg.standing)
        ]
        for q in (0, 1)
    }
    # The mover's best throw: take his own card, or attack one of the other's.
    gain = 0.0
    if alone[mover]:
        gain = hit
    unused = state.players[mover].unused or state.players[mover].used
    for s in alone[other]:
        foe = state.field[s].standing[0][1]
        for b in unused:
            pw = _odds(state, s, b, foe, mover)
            # a won battle takes the card; a lost one gives it to him
            gain = max(gain, hit * (2.0 * pw - 1.0) + (hit * 0.6 if not alone[mover] else 0.0))
    x = float(cm - co)
    x += gain if mover == me else -gain
    # what stands for the other player after that throw
    x += (0.45 if other == me else -0.45) * min(len(alone[other]), 1)
    x += 0.7 * ((cm >= need - 1) - (co >= need - 1))
    x += 0.05 * (len(state.players[me].abilities) - len(state.players[opp].abilities))
    pm, po = state.players[me], state.players[opp]
    pieces = len(pm.traps) + len(pm.gear) - len(po.traps) - len(po.gear)
    if pieces:
        x += SUPPORT_KEEP * pieces
    return 1.0 / (1.0 + math.exp(-1.4 * x))
