"""Strategy from what a seat sees: judging battles, scoring throws, Gate Cards and cards.

Everything here reads an `Observation` and the public catalog, never a match state.
Values are in "gate units": +1 is a Gate Card captured by this seat, -1 one captured by
the opponent (worth more when it decides the match). `insight` (a level knob) says how
much is read: 0 judges battles by base G-Power only; 1 adds the Gate Card faces it knows
(or the spread of the opponent's possible ones), its own Ability Cards (tried through
the rules core's own G-Power layers) and the threat of the opponent's unseen ones.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.rules.classic import Action, Catalog, Slot
from game.rules.classic import actions as act
from game.rules.classic import battle as bt
from game.rules.classic.observation import GateView, Observation

from .battles import best_card_gain, best_support_gain, side_margin
from .knowledge import bakugan_of, guess_settings, known_opponent_cards, pools, turn_order

SIGMA = 110.0  # G-Power: how sure a margin is, given the cards still unseen
OPP_CARD_THREAT = 45.0  # G-Power an unseen Ability Card of the opponent is worth to him
CARD_COST = 0.08  # gate units: what spending an Ability Card costs (it is gone)
PIECE_COST = 0.04  # a Trap or Battle Gear: it sits out until the Bakugan are recycled
MISS_VALUE = -0.06  # a throw that opens nowhere: the Bakugan is spent, the turn is over
OPPONENT_HIT = 0.7  # the chance it expects the opponent's throws to open where he aims
FOLLOW = 0.85  # a card to take next turn is worth this much of one taken now
# The table side of each seat position (clockwise from row 0's side, as the match's table
# lays them out).
SEAT_SIDES = {
    2: ("bottom", "top"),
    3: ("bottom", "left", "right"),
    4: ("bottom", "left", "top", "right"),
}
RIVAL_SHARE = 1.2  # 3-4 players: an opponent's capture costs this / (players - 1) of it
SKIP_QUIET = 0.3  # insight 0: what a throw onto a quiet field is worth (skipping it)
SKIP_URGENT = 1.0  # ... and one with a Bakugan standing alone (to take or to stop)

HitChance = Callable[[Slot, bool], float]  # (card, a Bakugan stands on it) -> chance


def squash(x: float) -> float:
    """A smooth 0..1 of a margin in standard deviations (close to the normal CDF)."""
    if x > 12.0:
        return 1.0
    if x < -12.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-1.7 * x))


def _use(m: float) -> float:
    """How much of a piece's gain a side is expected to use, by its margin without it
    (behind or close: most of it; well ahead: it may keep the piece)."""
    return 0.8 if m < 60 else 0.3


@dataclass(frozen=True, slots=True)
class Scored:
    """A candidate decision, the card it aims at when it is a throw, and its value."""

    action: Action
    target: Slot | None
    value: float


def _view(obs: Observation, slot: Slot) -> GateView | None:
    for v in obs.field:
        if v.slot == slot:
            return v
    return None


class BattleInsight:
    """Battle odds and move values from an observation (one per bot; stateless)."""

    def __init__(self, catalog: Catalog, insight: int) -> None:
        self.catalog = catalog
        self.insight = insight
        self.pools = pools(catalog)
        self._threats: dict[tuple[str, Slot, int], float] = {}

    # ------------------------------------------------------------ what a card may be

    def possible_gates(self, obs: Observation, owner: int) -> list[str]:
        """The Gate Cards a face-down card of `owner` (not this seat) may be."""
        seen, _ = known_opponent_cards(obs, owner)
        seen_colours = [self.pools.gate_colour[g] for g in seen]
        per_colour = max(1, _kit_gates(obs) // 3)  # the Big Game: two of each
        out: list[str] = []
        for colour, pool in self.pools.gates.items():
            if seen_colours.count(colour) < per_colour:
                out.extend(g for g in pool if g not in seen)
        return out or sorted(self.catalog.gates)

    def faces(self, obs: Observation, slot: Slot) -> tuple[list[str], int]:
        """The faces the card at `slot` may have (one if known) and its owner."""
        v = _view(obs, slot)
        assert v is not None
        if v.gate is not None:
            return [v.gate], v.owner
        return self.possible_gates(obs, v.owner), v.owner

    # ------------------------------------------------------------ battles

    def _margin(self, battle: bt.Battle, gate: str, owner: int, me: int) -> tuple[float, bool]:
        """This seat's margin in G-Power (positive: it wins) and whether the gate acts."""
        ev = bt.evaluate(battle, self.catalog, gate, owner)
        mine = 0 if battle.sides[0][0] == me else 1
        return side_margin(ev, mine), ev.gate_active

    def card_gain(
        self, obs: Observation, battle: bt.Battle, gate: str, owner: int, base: float
    ) -> float:
        """The best margin gain one of this seat's Ability Cards would give in `battle`."""
        mine = 0 if battle.sides[0][0] == obs.viewer else 1
        hand = obs.me.abilities or ()
        return best_card_gain(battle, self.catalog, gate, owner, mine, hand, base)

    def odds(
        self,
        obs: Observation,
        slot: Slot,
        defender: tuple[int, str],
        attacker: tuple[int, str],
        faces: tuple[list[str], int] | None = None,
    ) -> float:
        """The chance this seat wins a battle between `defender` (on the card first) and
        `attacker` on the card at `slot`, from what it knows."""
        me = obs.viewer
        cat = self.catalog
        if self.insight <= 0:
            d, a = cat.bakugan[defender[1]].g_power, cat.bakugan[attacker[1]].g_power
            diff = (d - a) if defender[0] == me else (a - d)
            return squash((diff if diff else (1 if defender[0] == me else -1)) / 150.0)
        gates, owner = faces if faces is not None else self.faces(obs, slot)
        mine = 0 if defender[0] == me else 1
        opp = (attacker if mine == 0 else defender)[0]
        threat = OPP_CARD_THREAT * min(obs.players[opp].ability_count, 2)
        my_pieces = (obs.me.traps, obs.me.gear)
        his_pieces = (obs.players[opp].traps, obs.players[opp].gear)
        battle = bt.Battle(slot, [defender, attacker], gate_open=True)
        total = 0.0
        for gate in gates:
            m, active = self._margin(battle, gate, owner, me)
            # Traps and Battle Gear (public, not Ability Cards: no seal stops them)
            mine_s = his_s = 0.0
            if my_pieces[0] or my_pieces[1]:
                mine_s = best_support_gain(battle, cat, gate, owner, mine, *my_pieces, m)
            if his_pieces[0] or his_pieces[1]:
                his_s = best_support_gain(battle, cat, gate, owner, 1 - mine, *his_pieces, -m)
            sealed = active and any(
                e.kind == "no_abilities" for e in self.catalog.gates[gate].effects
            )
            if sealed:
                eff = m
            else:
                gain = self.card_gain(obs, battle, gate, owner, m)
                eff = m + _use(m) * gain - threat
            if mine_s or his_s:
                eff += _use(m) * mine_s - _use(-m) * his_s
            total += squash(eff / SIGMA)
        return total / len(gates)

    # ------------------------------------------------------------ throws

    def opponents(self, obs: Observation) -> list[int]:
        """The other players, in turn order from this seat (two players: the one)."""
        return turn_order(obs, obs.viewer)[1:]

    def weight(self, obs: Observation, player: int) -> float:
        """What a capture is worth to `player` (more at match point)."""
        need = obs.gates_to_win
        return 1.0 + 1.5 * (len(obs.players[player].captured) >= need - 1)

    def rival(self, obs: Observation, player: int) -> float:
        """What a capture by the opponent `player` costs this seat: all his gain with
        two players; with more, a share of an ordinary capture (the others lose by it
        too), but all of one that wins him the match: the leader is the one to stop."""
        n = len(obs.players)
        if n == 2:
            return self.weight(obs, player)
        need = obs.gates_to_win
        return RIVAL_SHARE / (n - 1) + 1.5 * (len(obs.players[player].captured) >= need - 1)

    def threat(
        self,
        obs: Observation,
        bakugan: str,
        slot: Slot,
        faces: tuple[list[str], int],
        by: int | None = None,
    ) -> float:
        """The best chance one of the Bakugan of `by` (default: of any opponent) has to
        beat ours standing on the card at `slot` (he throws his unused ones; the used
        come back when none is left)."""
        if by is None:
            return max(self.threat(obs, bakugan, slot, faces, q) for q in self.opponents(obs))
        me = obs.viewer
        attackers = obs.players[by].unused or obs.players[by].used
        key = (bakugan, slot, by)
        cached = self._threats.get(key)
        if cached is not None:
            return cached
        best = 0.0
        for x in attackers:
            best = max(best, 1.0 - self.odds(obs, slot, (me, bakugan), (by, x), faces))
        self._threats[key] = best
        return best

    def position(
        self,
        obs: Observation,
        standing: dict[Slot, list[tuple[int, str]]],
        faces_at: dict[Slot, tuple[list[str], int]],
        hit_me: float,
        hit_opp: float,
    ) -> float:
        """What the Bakugan standing alone are worth with the opponents to move (each in
        turn, one throw each): each one's alone on a card he takes by landing on it
        again; one with nothing of his own to take attacks the card of ours he is
        likeliest to win, if he is likely to; ours left alone we take on our next turn
        (one a turn)."""
        me = obs.viewer
        opps = self.opponents(obs)
        w_me = self.weight(obs, me)
        value = 0.0
        busy: set[int] = set()  # he has a card of his own to take: he does that first
        for q in opps:
            theirs = [s for s, st in standing.items() if st and all(x == q for x, _ in st)]
            if theirs:
                value += -FOLLOW * hit_opp * self.rival(obs, q) * min(len(theirs), 1)
                busy.add(q)
        ours = [s for s, st in standing.items() if st and all(q == me for q, _ in st)]
        attacked: dict[Slot, tuple[int, float]] = {}
        for q in opps:
            if q in busy:
                continue
            cands = [s for s in ours if s not in attacked]
            threats = [self.threat(obs, standing[s][0][1], s, faces_at[s], q) for s in cands]
            if threats and max(threats) >= 0.45:
                i = threats.index(max(threats))
                attacked[cands[i]] = (q, threats[i])
        for i, s in enumerate(ours):
            fought = 0.0  # nobody attacks it (one throw a turn each)
            v = 0.0
            if s in attacked:
                q, t = attacked[s]
                fought = hit_opp
                v = fought * (t * -self.rival(obs, q) + (1.0 - t) * w_me)
            if i == 0:  # we take one card a turn
                v += (1.0 - fought) * hit_me * w_me * FOLLOW
            value += v
        return value

    def throw_values(
        self, obs: Observation, throws: Sequence[act.Throw], hit: HitChance
    ) -> list[Scored]:
        """Every (Bakugan, card) throw with its value, best first: over its outcomes
        (opens on the card, or misses), what is captured now plus what the Bakugan left
        standing are worth (`position`)."""
        me = obs.viewer
        self._threats = {}
        w_me = self.weight(obs, me)
        out: list[Scored] = []
        faces_at = {v.slot: self.faces(obs, v.slot) for v in obs.field}
        now = {v.slot: list(v.standing) for v in obs.field}
        h_opp = OPPONENT_HIT
        h_me = hit((0, 0), False)
        simple = self.insight <= 0
        base = 0.0 if simple else self.position(obs, now, faces_at, h_me, h_opp)
        for t in throws:
            g = self.catalog.bakugan[t.bakugan].g_power
            for v in obs.field:
                foes = [x for x in v.standing if x[0] != me]
                own = [x for x in v.standing if x[0] == me]
                h = hit(v.slot, bool(v.standing))
                after = dict(now)
                if foes:
                    p = self.odds(obs, v.slot, foes[0], (me, t.bakugan), faces_at[v.slot])
                    value = p * w_me - (1.0 - p) * self.rival(obs, foes[0][0])
                    del after[v.slot]
                elif own:
                    value = 0.95 * w_me
                    del after[v.slot]
                else:
                    if simple:
                        threat = self.threat(obs, t.bakugan, v.slot, faces_at[v.slot])
                        value = 0.6 * ((1.0 - threat) - 0.5) + 0.3
                    else:
                        value = 0.0
                    after[v.slot] = [(me, t.bakugan)]
                if not simple:
                    value += self.position(obs, after, faces_at, h_me, h_opp)
                value = h * value + (1.0 - h) * (MISS_VALUE + base) - g * 1e-6
                out.append(Scored(t, v.slot, value))
        out.sort(key=lambda s: -s.value)
        return out

    def move_values(self, obs: Observation, moves: Sequence[act.MoveBakugan]) -> list[Scored]:
        """Every move of a standing Bakugan onto another player's (all of one's own
        stand, 3-4 players) with its value, best first: the battle (won: the card; lost:
        his), then, with `insight` 1, what is left standing (`position`): the one not
        stopped takes his card, the leader's the dearest."""
        me = obs.viewer
        self._threats = {}
        w_me = self.weight(obs, me)
        faces_at = {v.slot: self.faces(obs, v.slot) for v in obs.field}
        now = {v.slot: list(v.standing) for v in obs.field}
        out: list[Scored] = []
        for a in moves:
            foes = [x for x in now.get(a.slot, ()) if x[0] != me]
            if not foes:
                out.append(Scored(a, a.slot, -w_me))
                continue
            p = self.odds(obs, a.slot, foes[0], (me, a.bakugan), faces_at[a.slot])
            value = p * w_me - (1.0 - p) * self.rival(obs, foes[0][0])
            if self.insight > 0:
                after = {s: [x for x in st if x != (me, a.bakugan)] for s, st in now.items()}
                del after[a.slot]
                value += self.position(obs, after, faces_at, 1.0, OPPONENT_HIT)
            out.append(Scored(a, a.slot, value))
        out.sort(key=lambda x: -x.value)
        return out

    def pass_value(self, obs: Observation, hit: HitChance) -> float:
        """What the position is worth if this seat throws nothing this turn (the
        Bakugan standing as they are, the opponent to move): `throw_values`' scale."""
        self._threats = {}
        if self.insight <= 0:
            return 0.0
        faces_at = {v.slot: self.faces(obs, v.slot) for v in obs.field}
        now = {v.slot: list(v.standing) for v in obs.field}
        return self.position(obs, now, faces_at, hit((0, 0), False), OPPONENT_HIT)

    def skip_cost(self, obs: Observation, throws: Sequence[act.Throw], hit: HitChance) -> float:
        """What skipping this turn's throw costs, in gate units: the best throw's value
        over throwing nothing. With `insight` 0, a casual reading of the field: a
        Bakugan standing alone (a card to take or to stop) makes the throw urgent."""
        if not throws:
            return 0.0
        if self.insight <= 0:
            alone = any(v.standing and len({q for q, _ in v.standing}) == 1 for v in obs.field)
            return SKIP_URGENT if alone else SKIP_QUIET
        best = self.throw_values(obs, throws, hit)[0].value
        return best - self.pass_value(obs, hit)

    # ------------------------------------------------------------ Gate Cards

    def gate_value(self, obs: Observation, gate: str) -> float:
        """How much a Gate Card of this seat's favours its Bakugan over the opponents'
        (mean battle odds over the pairs, both ways round, minus a half)."""
        me = obs.viewer
        mine = bakugan_of(obs, me)
        if self.insight <= 0:
            bonus = self.catalog.gates[gate].bonus
            attr = self.catalog.bakugan
            return sum(bonus(attr[b].attribute) for b in mine) / 300.0
        theirs = [(q, x) for q in self.opponents(obs) for x in bakugan_of(obs, q)]
        faces = ([gate], me)
        total, n = 0.0, 0
        for b in mine:
            for q, x in theirs:
                total += self.odds(obs, (0, 0), (me, b), (q, x), faces)
                total += self.odds(obs, (0, 0), (q, x), (me, b), faces)
                n += 2
        return total / max(n, 1) - 0.5

    def slot_value(self, obs: Observation, slot: Slot) -> float:
        """Near one's own side of the table is easier to hit (and harder for the others),
        and the middle of that side. The seat positions go clockwise from row 0's side:
        two players sit bottom and top, three bottom, left and right, four bottom, left,
        top and right (row 0 is the bottom's, column 0 the left's)."""
        n = len(obs.players)
        if n > 2:
            cols, rows = guess_settings(obs).grid
            seating = list(obs.seating) or list(range(n))
            side = SEAT_SIDES[n][seating.index(obs.viewer)]
            c, r = slot
            near = {"bottom": rows - 1 - r, "top": r, "left": cols - 1 - c, "right": c}
            across = (
                abs(c - (cols - 1) / 2) if side in ("bottom", "top") else abs(r - (rows - 1) / 2)
            )
            return 0.02 * near[side] - 0.005 * across
        rows = 4
        toward_me = slot[1] if obs.viewer == 1 else rows - 1 - slot[1]
        return 0.02 * toward_me - 0.005 * abs(slot[0] - 2)


def _kit_gates(obs: Observation) -> int:
    """How many Gate Cards a kit holds (this seat's own: in hand, on the field, captured)."""
    me = obs.viewer
    n = len(obs.me.gates or ()) + sum(1 for v in obs.field if v.owner == me)
    return n + sum(1 for q in obs.players for o, _ in q.captured if o == me)


def best_attribute(judge: BattleInsight, obs: Observation, legal: Sequence[Action]) -> Action:
    """Two clear Bakugan met: take the attribute the card favours most, if it is known."""
    picks = [a for a in legal if isinstance(a, act.ChooseAttribute)]
    b = obs.battle
    if b is None or not picks:
        return legal[0]
    gates, _ = judge.faces(obs, b.slot)

    def bonus(a: act.ChooseAttribute) -> float:
        return sum(judge.catalog.gates[g].bonus(a.attribute) for g in gates) / len(gates)

    return max(picks, key=lambda a: (bonus(a), -picks.index(a)))


def take_or_move(judge: BattleInsight, obs: Observation, legal: Sequence[Action]) -> Action:
    """Two of one's own Bakugan on a card (or all of them standing): take the card if one
    may; else move onto the enemy whose battle is worth most (`BattleInsight.move_values`)."""
    takes = [a for a in legal if isinstance(a, act.TakeGate)]
    if takes:
        return takes[0]
    moves = [a for a in legal if isinstance(a, act.MoveBakugan)]
    if not moves:
        return legal[0]
    return judge.move_values(obs, moves)[0].action


def passes(legal: Sequence[Action]) -> Action | None:
    return next((a for a in legal if isinstance(a, act.Pass)), None)


def sets(legal: Sequence[Action]) -> list[act.SetGate]:
    return [a for a in legal if isinstance(a, act.SetGate)]


def plays(legal: Sequence[Action]) -> list[act.PlayAbility]:
    return [a for a in legal if isinstance(a, act.PlayAbility)]


def evolution_gain(catalog: Catalog, obs: Observation, action: act.Evolve) -> int:
    """The G-Power the evolved form adds over the Bakugan it replaces."""
    card = next(
        catalog.evolutions[c]
        for c in obs.me.evolutions
        if catalog.evolutions[c].base == action.bakugan
    )
    return catalog.bakugan[card.evolved].g_power - catalog.bakugan[card.base].g_power


def pieces(legal: Sequence[Action]) -> list[act.PlayTrap | act.PlayGear]:
    """The Traps and Battle Gear one may play (each gear once per ability it may take)."""
    return [a for a in legal if isinstance(a, act.PlayTrap | act.PlayGear)]


def cost(action: Action) -> float:
    """What playing `action` in a battle spends, in gate units."""
    if isinstance(action, act.PlayAbility):
        return CARD_COST
    if isinstance(action, act.PlayTrap | act.PlayGear):
        return PIECE_COST
    return 0.0


def throws(legal: Sequence[Action]) -> list[act.Throw]:
    return [a for a in legal if isinstance(a, act.Throw)]
