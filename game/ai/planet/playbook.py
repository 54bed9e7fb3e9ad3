"""The quick Battle Planet policy: rules of thumb on the printed numbers of the cards.

`Playbook.act(state, player, rng)` answers every decision of the game at once, reading
the state it is given (a bot's world, never the real match) with no lookahead, so it is
cheap enough for the search's playouts. Easy plays it with `insight` 0 (the printed
unconditional numbers only, like the greedy bot, and what it does with them); the
search plays it with `insight` 1 for both sides (conditions, core clauses and turn
changes read through the rules core; Heroes, Evolutions and card engines put down in
the End step, when the Energy they cost would only evaporate; Energy kept back for the
Flips it may mill).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game.rules.planet import Action, CardDef, CardType, Catalog, Phase, PlanetState, actions, stats
from game.rules.planet.power import condition, factions_of

from .knowledge import weakest
from .reading import attack_total

ENGINES = frozenset({"draw", "energize_top", "destroy_energy", "mill", "free_play"})
"""Effects worth playing whenever the Energy is free (the End step)."""


def _fits(state: PlanetState, p: int, e_faction: Sequence[str], e_not: Sequence[str]) -> bool:
    side = state.sides[p]
    b = side.find(side.picked or "")
    if b is None:
        return not e_faction
    mine = {f.value for f in factions_of(state, b)}
    return (not e_faction or bool(mine & set(e_faction))) and not mine & set(e_not)


def gains(state: PlanetState, play: actions.PlayCard, insight: int) -> tuple[int, int, int, int]:
    """What `play` does to this turn's battle, read from its text without playing it:
    (B-Power to one's Bakugan, B-Power to his, damage to one's, damage to his). With
    `insight` 0 only texts without conditions count."""
    p = play.player
    card = state.catalog.cards[play.card]
    side = state.sides[p]
    b = side.find(side.picked or "")
    out = [0, 0, 0, 0]
    for e in card.effects:
        if e.when is not None or e.unless is not None:
            if insight == 0:
                continue
            if e.when is not None and not _holds(state, e.when, p, b, play):
                continue
            if e.unless is not None and _holds(state, e.unless, p, b, play):
                continue
        to = e.params.get("to", "self")
        if to == "chosen":
            to = "self" if play.targets and play.targets[0] == f"p{p}" else "opponent"
        whom = []
        if to in ("self", "own_all", "all") and _fits(state, p, *_filters(e)):
            whom.append(0)
        if to in ("opponent", "opponent_all", "all") and _fits(state, 1 - p, *_filters(e)):
            whom.append(1)
        for w in whom:
            if e.kind == "add_b":
                out[w] += int(e.params["amount"])
            elif e.kind == "add_d":
                out[2 + w] += int(e.params["amount"])
            elif e.kind == "set_b":
                q = p if w == 0 else 1 - p
                now = _b_now(state, q)
                out[w] += int(e.params["value"]) - now
            elif e.kind == "grant" and e.params.get("keyword") == "double_strike":
                q = p if w == 0 else 1 - p
                out[2 + w] += _d_now(state, q)
    return out[0], out[1], out[2], out[3]


def _filters(e: object) -> tuple[Sequence[str], Sequence[str]]:
    params = e.params  # type: ignore[attr-defined]
    return params.get("faction", ()), params.get("not_faction", ())


def _holds(state: PlanetState, cond: str, p: int, b: object, play: actions.PlayCard) -> bool:
    if cond == "sacrifice":
        return play.sacrifice is not None
    return condition(state, cond, p, b, None)  # type: ignore[arg-type]


def _b_now(state: PlanetState, p: int) -> int:
    side = state.sides[p]
    return stats(state, p, side.picked).b_power if side.picked else 0


def _d_now(state: PlanetState, p: int) -> int:
    side = state.sides[p]
    return stats(state, p, side.picked).damage if side.picked else 0


def keep_value(catalog: Catalog, card: str, energy: int) -> float:
    """How much a card is worth keeping in hand (the lowest goes to Energy first)."""
    cd = catalog.cards[card]
    if cd.type is CardType.FLIP:
        return 0.0
    if cd.cost > energy + 2:
        return 0.5 + cd.cost * 0.01
    lasting = 1.0 if cd.type in (CardType.HERO, CardType.EVOLUTION) else 0.0
    return 1.0 + lasting + 0.1 * cd.cost


class Playbook:
    """The quick policy of one reading (`insight` 0 or 1)."""

    def __init__(
        self, catalog: Catalog, insight: int, keep_for_flips: bool = True, energy_goal: int = 4
    ) -> None:
        self.catalog = catalog
        self.insight = insight
        self.keep_for_flips = keep_for_flips
        self.energy_goal = energy_goal

    def act(
        self, state: PlanetState, p: int, rng: random.Random, temperature: float = 0.0
    ) -> Action:
        legal = state.legal_actions(p)
        if len(legal) == 1:
            return legal[0]
        first = legal[0]
        if isinstance(first, actions.Discard):
            return self.discard(state, p, legal)
        if isinstance(first, actions.PlaceCore):
            return self.place(state, p, legal)
        if isinstance(first, actions.Energize):
            return self.energize(state, p, legal)
        if isinstance(first, actions.Pick):
            return self.pick(state, p, legal, rng, temperature)
        if isinstance(first, actions.FlipChoice):
            return self.flip(state, p, legal)
        return self.window(state, p, legal)

    # -- the simple steps --------------------------------------------------------------

    def discard(self, state: PlanetState, p: int, legal: list[Action]) -> Action:
        energy = len(state.sides[p].energy)
        cards = [a for a in legal if isinstance(a, actions.Discard)]
        return min(cards, key=lambda a: (keep_value(self.catalog, a.card, energy), str(a)))

    def place(self, state: PlanetState, p: int, legal: list[Action]) -> Action:
        cores = self.catalog.cores
        side = -1 if p == 0 else 1  # p0 sits on the side of negative r

        def key(a: Action) -> tuple[float, int, str]:
            assert isinstance(a, actions.PlaceCore)
            c = cores[a.core]
            return (-(c.b_power + 100 * c.damage), side * -a.hex[1], str(a))

        return min(legal, key=key)

    def energize(self, state: PlanetState, p: int, legal: list[Action]) -> Action:
        side = state.sides[p]
        cards = [a for a in legal if isinstance(a, actions.Energize) and a.card is not None]
        if not cards:
            return legal[0]
        flips = [a for a in cards if self.catalog.cards[a.card or ""].type is CardType.FLIP]
        if flips:
            return flips[0]
        if len(side.energy) >= self.energy_goal:
            return legal[0]
        if self.insight == 0:
            return max(cards, key=lambda a: self.catalog.cards[a.card or ""].cost)
        return actions.Energize(p, weakest_to_energize(self.catalog, side.hand, len(side.energy)))

    def pick(
        self, state: PlanetState, p: int, legal: list[Action], rng: random.Random, temp: float
    ) -> Action:
        picks = [a for a in legal if isinstance(a, actions.Pick)]
        scores = [self.pick_score(state, p, a.character) for a in picks]
        if temp > 0:
            top = max(scores)
            weights = [math.exp((s - top) / temp) for s in scores]
            return rng.choices(picks, weights)[0]
        return picks[max(range(len(picks)), key=lambda i: scores[i])]

    def pick_score(self, state: PlanetState, p: int, character: str) -> float:
        if self.insight == 0:
            return float(self.catalog.characters[character].b_power)
        side = state.sides[p]
        s = stats(state, p, character)
        score = s.b_power + 120.0 * s.damage
        others = [b for b in side.bakugan if b.character != character]
        if others and all(b.open for b in others):  # a win here is a Team Attack
            score += 100.0 * sum(stats(state, p, b.character).damage for b in others)
        return score

    def flip(self, state: PlanetState, p: int, legal: list[Action]) -> Action:
        pay = next((a for a in legal if isinstance(a, actions.FlipChoice) and a.pay), None)
        dmg = state.damage
        if pay is None or dmg is None or dmg.flip is None:
            return legal[0]
        card = self.catalog.cards[dmg.flip]
        stop = [e for e in card.effects if e.kind == "stop"]
        if not stop:
            return pay if self._flip_helps(card) else legal[0]
        a = state.sides[dmg.attacker]
        b = a.find(a.picked or "")
        factions = {f.value for f in factions_of(state, b)} if b is not None else set()
        for e in stop:
            if "factions" in e.params and factions & set(e.params["factions"]):
                return pay
            if "except" in e.params and not factions & set(e.params["except"]):
                return pay
        return legal[0]

    def _flip_helps(self, card: CardDef) -> bool:
        if self.insight == 0:
            return True
        for e in card.effects:
            if e.kind in ("draw", "gain_energy", "energize_top", "free_play"):
                return True
            if e.kind == "add_d" and e.params.get("to") == "opponent":
                return True
            if e.kind == "discard" and e.params.get("who") == "opponent":
                return True
        return False

    # -- card play ---------------------------------------------------------------------

    def window(self, state: PlanetState, p: int, legal: list[Action]) -> Action:
        pass_ = next((a for a in legal if isinstance(a, actions.Pass)), legal[0])
        plays = [a for a in legal if isinstance(a, actions.PlayCard)]
        if not plays:
            return pass_
        phase = state.phase
        if phase is Phase.MAIN:
            return self._main(state, p, plays, pass_)
        if phase is Phase.POWER:
            return self._power(state, p, plays, pass_)
        if phase is Phase.VICTORY:
            return self._victory(state, p, plays, pass_)
        if phase is Phase.DAMAGE:
            return self._answer(state, p, plays, pass_)
        if phase is Phase.END and self.insight > 0:
            return self._end(state, p, plays, pass_)
        return pass_

    def _lasting(self, state: PlanetState, plays: list[actions.PlayCard]) -> list[actions.PlayCard]:
        out = []
        for a in plays:
            cd = self.catalog.cards[a.card]
            evolution = cd.type is CardType.EVOLUTION and self._evolves_up(state, a)
            if cd.type is CardType.HERO or evolution:
                out.append(a)
        return out

    def _evolves_up(self, state: PlanetState, a: actions.PlayCard) -> bool:
        if self.insight == 0:
            return True
        cd = self.catalog.cards[a.card]
        char = a.targets[0].partition(":")[2] if a.targets else ""
        b = state.sides[a.player].find(char)
        if b is None:
            return False
        top = (
            self.catalog.cards[b.evolutions[-1]]
            if b.evolutions
            else self.catalog.characters[b.character]
        )
        return (cd.b_power - top.b_power) + 100 * (cd.damage - top.damage) > 0

    def _main(
        self, state: PlanetState, p: int, plays: list[actions.PlayCard], pass_: Action
    ) -> Action:
        lasting = self._lasting(state, plays)
        if self.insight == 0:
            return lasting[0] if lasting else pass_
        avail = state.sides[p].available()
        for a in lasting:  # only with Energy to spare for the battle; else in the End step
            if avail - self.catalog.cards[a.card].cost >= 2:
                return a
        return pass_

    def _end(
        self, state: PlanetState, p: int, plays: list[actions.PlayCard], pass_: Action
    ) -> Action:
        lasting = self._lasting(state, plays)
        if lasting:
            return max(lasting, key=lambda a: self.catalog.cards[a.card].cost)
        for a in plays:
            cd = self.catalog.cards[a.card]
            if cd.type is not CardType.ACTION or not any(e.kind in ENGINES for e in cd.effects):
                continue
            hurts = any(
                e.kind in ("mill", "discard") and e.params.get("who") == "self" for e in cd.effects
            )
            if not hurts:
                return a
        return pass_

    def _margin(self, state: PlanetState, p: int) -> int:
        a, b = state.sides[p].picked, state.sides[1 - p].picked
        if a is None or b is None:
            return 0
        sa, sb = stats(state, p, a), stats(state, 1 - p, b)
        if state.by_damage:
            return 100 * (sa.damage - sb.damage)
        return sa.b_power - sb.b_power

    def _pending(self, state: PlanetState, p: int) -> int:
        """The batch's cards, read from their texts, as B-Power margin for `p`."""
        total = 0
        for item in state.batch:
            if item.kind != "card":
                continue
            play = actions.PlayCard(item.player, item.card, item.targets, item.sacrifice)
            mine, theirs, _, _ = gains(state, play, self.insight)
            total += (mine - theirs) if item.player == p else (theirs - mine)
        return total

    def _power(
        self, state: PlanetState, p: int, plays: list[actions.PlayCard], pass_: Action
    ) -> Action:
        margin = self._margin(state, p) + self._pending(state, p)
        if margin > 0:
            return pass_
        best: tuple[int, int, actions.PlayCard] | None = None
        for a in plays:
            g = self._b_gain(state, a)
            if g <= 0:
                continue
            cost = self.catalog.cards[a.card].cost
            wins = margin + g > 0
            key = (1 if wins else 0, -cost if wins else g)
            if best is None or key > best[:2]:
                best = (key[0], key[1], a)
        if best is None:
            return pass_
        if best[0] == 0 and self.insight > 0 and self._keep(state, p):
            return pass_  # it would not turn the battle: keep the Energy for the Flips
        return best[2]

    def _b_gain(self, state: PlanetState, a: actions.PlayCard) -> int:
        cd = self.catalog.cards[a.card]
        if self.insight > 0 and any(e.kind == "negate" for e in cd.effects) and a.targets:
            at = int(a.targets[0][1:]) if a.targets[0].startswith("#") else -1
            if 0 <= at < len(state.batch):
                item = state.batch[at]
                other = actions.PlayCard(item.player, item.card, item.targets, item.sacrifice)
                mine, theirs, _, _ = gains(state, other, self.insight)
                return mine - theirs
            return 0
        mine, theirs, _, _ = gains(state, a, self.insight)
        return mine - theirs

    def _keep(self, state: PlanetState, p: int) -> bool:
        return self.keep_for_flips and state.sides[p].available() <= 3

    def _victory(
        self, state: PlanetState, p: int, plays: list[actions.PlayCard], pass_: Action
    ) -> Action:
        if state.victor is None:
            return pass_
        attacking = state.victor == p
        enough = attacking and attack_total(state, p) > len(state.sides[1 - p].deck)
        if enough and self.insight > 0:
            return pass_  # already enough to empty his deck
        best: tuple[float, actions.PlayCard] | None = None
        for a in plays:
            _, _, dm, do = gains(state, a, self.insight)
            g = dm if attacking else -do
            if g <= 0:
                continue
            cost = self.catalog.cards[a.card].cost
            key = g / (1.0 + cost)
            if best is None or key > best[0]:
                best = (key, a)
        if best is None:
            return pass_
        if not attacking and self.insight > 0 and self._keep(state, p):
            cost = self.catalog.cards[best[1].card].cost
            if state.sides[p].available() - cost < 1:
                return pass_
        return best[1]

    def _answer(
        self, state: PlanetState, p: int, plays: list[actions.PlayCard], pass_: Action
    ) -> Action:
        """The damage's batch: negate the opponent's Flip on it, if one can."""
        if self.insight == 0 or not state.batch:
            return pass_
        top = state.batch[-1]
        if top.player == p or state.damage is None or state.damage.attacker != p:
            return pass_
        for a in plays:
            if any(e.kind == "negate" for e in self.catalog.cards[a.card].effects):
                return a
        return pass_


def weakest_to_energize(catalog: Catalog, hand: Sequence[str], energy: int) -> str | None:
    """The card of a hand worth least there (a Flip first: never played from hand)."""
    if not hand:
        return None
    return min(hand, key=lambda c: (keep_value(catalog, c, energy), c))


__all__ = ["Playbook", "gains", "keep_value", "weakest", "weakest_to_energize"]
