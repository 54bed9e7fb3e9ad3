"""The simple Battle Planet bots: `random` (any legal action) and `greedy` (a one-step
look at the numbers on the cards). Each sees only its observation and the legal actions
offered to it; its choices come from its own seeded generator."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from game.ai.seeding import decision_rng
from game.ai.uniform import Counted, UniformRandom
from game.rules.planet import Action, CardType, Catalog, Kit, Observation, Phase
from game.rules.planet import actions as act

if TYPE_CHECKING:
    from .levels import Level


class Bot(Protocol):
    """A player's brain. `observes` False: it never looks (and is handed None)."""

    name: str
    observes: bool

    def choose(self, obs: Observation | None, legal: list[Action]) -> Action: ...


class RandomBot(UniformRandom):
    stream = "planet-random"

    def __init__(self, catalog: Catalog, seed: int = 0) -> None:
        super().__init__(seed)


class GreedyBot(Counted):
    """Energizes Flips first; rolls its strongest closed Bakugan; in the battle plays the
    card that moves the numbers its way most for the Energy (B-Power while the Victor is
    open to question, damage once it is known); pays a Flip that would Stop the damage;
    discards its cheapest card; passes otherwise."""

    name = "greedy"
    observes = True

    def __init__(self, catalog: Catalog, seed: int = 0) -> None:
        self.catalog = catalog
        self.seed = seed
        self.decisions = 0
        self.rng = decision_rng("planet-greedy", seed, 0)  # replaced at every decision

    def choose(self, obs: Observation | None, legal: list[Action]) -> Action:
        assert obs is not None
        self.rng = decision_rng("planet-greedy", self.seed, self.decisions)
        self.decisions += 1
        first = legal[0]
        if isinstance(first, act.Energize):
            return self._energize(obs, legal)
        if isinstance(first, act.Pick):
            return max(legal, key=lambda a: self._printed_b(a))
        if isinstance(first, act.Discard):
            return min(legal, key=self._cost)
        if isinstance(first, act.FlipChoice):
            return self._flip(obs, legal)
        if isinstance(first, act.Pass):
            return self._play(obs, legal)
        return legal[self.rng.randrange(len(legal))]

    def _cost(self, action: Action) -> int:
        assert isinstance(action, act.Discard)
        return self.catalog.cards[action.card].cost

    def _printed_b(self, action: Action) -> int:
        assert isinstance(action, act.Pick)
        return self.catalog.characters[action.character].b_power

    def _energize(self, obs: Observation, legal: list[Action]) -> Action:
        me = obs.sides[obs.viewer]
        cards = [a for a in legal if isinstance(a, act.Energize) and a.card is not None]
        flips = [a for a in cards if self.catalog.cards[a.card or ""].type is CardType.FLIP]
        if flips:
            return flips[0]
        if cards and len(me.charged) < 5:
            return max(cards, key=lambda a: self.catalog.cards[a.card or ""].cost)
        return legal[0]

    def _flip(self, obs: Observation, legal: list[Action]) -> Action:
        pay = [a for a in legal if isinstance(a, act.FlipChoice) and a.pay]
        if not pay or obs.damage is None or obs.damage.flip is None:
            return legal[0]
        card = self.catalog.cards[obs.damage.flip]
        if any(e.kind != "stop" for e in card.effects):
            return pay[0]  # a bonus Flip: take it while it is there
        attacker = [b for b in obs.battle if b.player == obs.damage.attacker]
        if not attacker:
            return legal[0]
        factions = {f.value for f in self.catalog.characters[attacker[0].character].factions}
        for e in card.effects:
            if "factions" in e.params and factions & set(e.params["factions"]):
                return pay[0]
            if "except" in e.params and not factions & set(e.params["except"]):
                return pay[0]
        return legal[0]

    def _play(self, obs: Observation, legal: list[Action]) -> Action:
        plays = [a for a in legal if isinstance(a, act.PlayCard)]
        if not plays:
            return legal[0]
        me = obs.viewer
        if obs.phase is Phase.MAIN:
            lasting = [
                a
                for a in plays
                if self.catalog.cards[a.card].type in (CardType.HERO, CardType.EVOLUTION)
            ]
            return lasting[0] if lasting else legal[0]
        mine = [b for b in obs.battle if b.player == me]
        theirs = [b for b in obs.battle if b.player != me]
        if obs.phase is Phase.POWER and mine and theirs:
            if mine[0].b_power > theirs[0].b_power:
                return legal[0]
            return self._best(plays, legal, "b", me)
        if obs.phase is Phase.VICTORY and obs.victor is not None:
            return self._best(plays, legal, "d", me, attacking=obs.victor == me)
        return legal[0]

    def _best(
        self,
        plays: list[act.PlayCard],
        legal: list[Action],
        stat: str,
        me: int,
        attacking: bool = True,
    ) -> Action:
        def gain(a: act.PlayCard) -> int:
            mine = theirs = 0
            for e in self.catalog.cards[a.card].effects:
                if e.when is not None or e.kind != f"add_{stat}":
                    continue
                to, amount = e.params["to"], int(e.params["amount"])
                if to == "chosen":
                    to = "self" if a.targets and a.targets[0] == f"p{me}" else "opponent"
                if to in ("self", "own_all", "all"):
                    mine += amount
                if to in ("opponent", "opponent_all", "all"):
                    theirs += amount
            if stat == "b":
                return mine - theirs
            return mine if attacking else -theirs

        scored = [(gain(a), -self.catalog.cards[a.card].cost, a) for a in plays]
        scored = [s for s in scored if s[0] > 0]
        if not scored:
            return legal[0]
        return max(scored, key=lambda s: (s[0], s[1]))[2]


def make_bot(
    name: str,
    catalog: Catalog,
    seed: int = 0,
    levels: Mapping[str, Level] | None = None,
    kit: Kit | None = None,
) -> Bot:
    """A bot by name: `random`, `greedy`, or a level of `levels` (`easy`, `normal`,
    `hard`: the records the game's record loads from assets/data/planet/ai.toml), who
    knows its own `kit`; ValueError names the known ones."""
    if name == "random":
        return RandomBot(catalog, seed)
    if name == "greedy":
        return GreedyBot(catalog, seed)
    if levels is not None and name in levels:
        from .player import LevelBot

        return LevelBot(catalog, levels[name], seed, kit)
    known = ", ".join((*BOTS, *(levels or ())))
    raise ValueError(f"unknown Battle Planet bot {name!r} ({known})")


BOTS = ("random", "greedy")
"""The built-in bots; the levels come from the difficulty records."""
