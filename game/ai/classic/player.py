"""The level bots (Easy, Normal, Hard): one policy, turned by a difficulty record.

`LevelPolicy` implements the `Policy` protocol of `game.ai.classic.basic`: it is handed an
observation and the legal actions, never a match state. With `iterations` 0 it plays the
heuristics of `strategy` (how much it reads: `insight`); with iterations it searches
(`search.Search`) on worlds drawn from what it has seen (`knowledge.determinize`). It
slips now and then (`mistakes`) and picks among near-equal targets softly
(`temperature`).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Sequence
from typing import Any

from game.rules.classic import (
    Action,
    Catalog,
    Evolve,
    MatchState,
    PlayAbility,
    PlayGear,
    PlayTrap,
    Requirement,
    SetGate,
    Settings,
    Slot,
    Throw,
)
from game.rules.classic.observation import Observation

from ..seeding import SnapshotError, count, decision_rng, slot_or_none
from . import strategy as st
from .knowledge import Memory, determinize
from .levels import Level
from .search import Aimed, Key, Search, battle_reply, played

log = logging.getLogger(__name__)
RNG_STREAM = "level-bot"

BATTLE_WORLDS = 4  # worlds a non-searching bot imagines to judge its battle cards
ROOT_THROWS = 6  # throws (Bakugan and card) the search weighs, the heuristics' best
PRIOR_TEMPERATURE = 0.15  # gate units: how sharply the heuristics' values set the priors
OPPONENT_HIT = 0.72  # what it expects of the opponent's throws at an empty card
OCCUPIED_HIT = 0.8  # and at a card a Bakugan stands on, as a share of that
NO_CONDITION = Requirement()


class LevelPolicy:
    """A bot of one difficulty level."""

    observes = True

    def __init__(
        self,
        catalog: Catalog,
        level: Level,
        seed: int = 0,
        settings: Settings | None = None,
    ) -> None:
        self.name = level.name
        self.landing_hit: float | None = level.model_hit
        self.catalog = catalog
        self.level = level
        self.settings = settings
        self.seed = seed
        self.decisions = 0  # decisions made: the next one draws from generator number this
        self.rng = decision_rng(RNG_STREAM, seed, 0)  # replaced at every decision
        self.judge = st.BattleInsight(catalog, level.insight)
        self.memory = Memory()
        self._target: Slot | None = None
        self.last_search: dict[str, int] = {}
        self.cap_trips = 0  # decisions whose search the wall-clock safety cap stopped
        self.last_capped = False  # whether the last decision's search was stopped so

    # ----------------------------------------------------------------- protocol

    def choose(self, obs: Observation | None, legal: list[Action]) -> Action:
        assert obs is not None, "a level bot observes"
        self.rng = decision_rng(RNG_STREAM, self.seed, self.decisions)
        self.decisions += 1
        self.last_capped = False
        self.memory.start(obs)
        action, target = self._decide(obs, legal)
        self.memory.record(obs, action)
        self._target = target if isinstance(action, Throw) else None
        return action

    def aim(self, obs: Observation | None, bakugan: str) -> Slot | None:
        return self._target

    # ----------------------------------------------------------------- resuming

    def snapshot(self) -> dict[str, Any]:
        """What it carries from one decision to the next (`seeding.Resumable`)."""
        return {
            "decisions": self.decisions,
            "memory": self.memory.to_json(),
            "target": self._target,
            "cap_trips": self.cap_trips,
        }

    def restore(self, data: dict[str, Any]) -> None:
        """Go on from a `snapshot`; raises `SnapshotError` naming the field."""
        try:
            memory = Memory.from_json(data.get("memory"))
        except ValueError as e:
            raise SnapshotError(str(e)) from None
        self.decisions = count(data, "decisions")
        self.cap_trips = count(data, "cap_trips")
        self._target = slot_or_none(data.get("target"), "target")
        self.memory = memory

    # ----------------------------------------------------------------- models

    def hit_chance(self, slot: Slot, occupied: bool) -> float:
        """Its own throw model: the chance a throw opens on the card it aims at."""
        return self.level.model_hit_occupied if occupied else self.level.model_hit

    def _world_hit(self, world: MatchState, thrower: int, slot: Slot) -> float:
        fg = world.field.get(slot)
        occupied = fg is not None and bool(fg.standing)
        if thrower == self.memory.viewer:
            return self.hit_chance(slot, occupied)
        return OPPONENT_HIT * (OCCUPIED_HIT if occupied else 1.0)

    # ----------------------------------------------------------------- deciding

    def _decide(self, obs: Observation, legal: list[Action]) -> tuple[Action, Slot | None]:
        level = self.level
        rng = self.rng
        if len(legal) > 1 and level.mistakes > 0 and rng.random() < level.mistakes:
            action = legal[rng.randrange(len(legal))]
            return action, self._random_target(obs)
        if len(legal) == 1 and not isinstance(legal[0], Throw):
            return legal[0], None
        if obs.phase == "main":
            evolve = self._evolution(obs, legal)
            if evolve is not None:
                return evolve, None
        # The search (and its evaluation) is for two players; with three or four Hard
        # plays the heuristics, with its own knobs.
        searching = level.iterations > 0 and len(obs.players) == 2
        if searching and obs.phase in ("main", "battle", "setup", "own"):
            return self._search(obs, legal)
        return self._heuristic(obs, legal)

    def _random_target(self, obs: Observation) -> Slot | None:
        slots = [v.slot for v in obs.field]
        return slots[self.rng.randrange(len(slots))] if slots else None

    def _soft_pick(self, scored: Sequence[st.Scored]) -> st.Scored:
        temp = self.level.temperature
        if temp <= 0 or len(scored) == 1:
            return scored[0]
        top = scored[0].value
        weights = [math.exp((s.value - top) / temp) for s in scored]
        r = self.rng.random() * sum(weights)
        for s, w in zip(scored, weights, strict=True):
            r -= w
            if r <= 0:
                return s
        return scored[-1]

    # ----------------------------------------------------------------- evolution

    def _evolution(self, obs: Observation, legal: Sequence[Action]) -> Evolve | None:
        """Evolve (instead of the turn) when it is worth it: the evolved form's G-Power
        gain, at `evolve_worth` gate units per 100 G, against what skipping the turn's
        throw costs (`BattleInsight.skip_cost`). Every level, Hard too, by this rule."""
        evolves = [a for a in legal if isinstance(a, Evolve)]
        worth = self.level.evolve_worth
        if not evolves or worth <= 0:
            return None
        cat = self.catalog
        best = max(evolves, key=lambda a: (st.evolution_gain(cat, obs, a), a.bakugan))
        gain = st.evolution_gain(cat, obs, best)
        if gain <= 0:
            return None
        cost = self.judge.skip_cost(obs, st.throws(legal), self.hit_chance)
        return best if worth * gain / 100.0 >= cost else None

    # ----------------------------------------------------------------- heuristics

    def _heuristic(self, obs: Observation, legal: list[Action]) -> tuple[Action, Slot | None]:
        judge = self.judge
        phase = obs.phase
        if phase == "setup":
            return self._best_set(obs, legal), None
        if phase == "battle":
            b = obs.battle
            assert b is not None
            if b.window == "attribute":
                return st.best_attribute(judge, obs, legal), None
            return self._battle_card(obs, legal), None
        if phase == "own":
            return st.take_or_move(judge, obs, legal), None
        if phase == "open":  # 3-4 players, between turns: a card usable off a battle
            return self._main_card(obs, legal) or st.passes(legal) or legal[-1], None
        # main
        if st.sets(legal):
            choice = self._maybe_set(obs, legal)
            if choice is not None:
                return choice, None
        card = self._main_card(obs, legal)
        if card is not None:
            return card, None
        throws = st.throws(legal)
        if throws:
            pick = self._soft_pick(judge.throw_values(obs, throws, self.hit_chance))
            return pick.action, pick.target
        return st.take_or_move(judge, obs, legal), None

    def _best_set(self, obs: Observation, legal: Sequence[Action]) -> Action:
        cands = st.sets(legal)
        if not cands:
            return legal[0]
        judge = self.judge
        values = {g: judge.gate_value(obs, g) for g in dict.fromkeys(a.gate for a in cands)}
        return max(
            cands,
            key=lambda a: (round(values[a.gate], 6), judge.slot_value(obs, a.slot), a.gate),
        )

    def _maybe_set(self, obs: Observation, legal: Sequence[Action]) -> Action | None:
        best = self._best_set(obs, legal)
        assert isinstance(best, SetGate)
        if self.level.insight <= 0 or self.judge.gate_value(obs, best.gate) > -0.04:
            return best
        return None

    def _main_card(self, obs: Observation, legal: Sequence[Action]) -> Action | None:
        """Before the throw: bring a used Bakugan back when few are left to throw."""
        if self.level.insight <= 0:
            return None
        cat = self.catalog
        for a in st.plays(legal):
            kinds = cat.abilities[a.card].kinds
            if "recover_bakugan" in kinds and a.bakugan is not None and len(obs.me.unused) <= 1:
                best = max(obs.me.used, key=lambda b: cat.bakugan[b].g_power, default=None)
                if a.bakugan == best:
                    return a
        return None

    def _battle_card(self, obs: Observation, legal: Sequence[Action]) -> Action:
        b = obs.battle
        assert b is not None
        pass_ = st.passes(legal) or legal[0]
        cards = st.plays(legal)
        pieces = st.pieces(legal)
        if not cards and not pieces:
            return pass_
        me = obs.viewer
        mine = next(i for i, (p, _) in enumerate(b.sides) if p == me)
        if b.window == "after" and self.level.insight > 0:
            world = determinize(obs, self.catalog, self.rng, self.memory, self.settings)
            return battle_reply(world, me, legal)
        if self.level.insight <= 0:
            # Casual: behind as the battle stands, it throws in the first card it has,
            # else its first Trap or Battle Gear, with as many of the gear's abilities as
            # it may take (which ones, when it may take only one, at random).
            losing = b.evaluation.winner != mine
            if b.window == "during" and losing:
                if cards:
                    return cards[0]
                first = pieces[0]
                forms = [a for a in pieces if type(a) is type(first) and _piece(a) == _piece(first)]
                most = max(len(_abilities(a)) for a in forms)
                forms = [a for a in forms if len(_abilities(a)) == most]
                return forms[self.rng.randrange(len(forms))]
            if b.window == "after" and losing:
                for a in cards:
                    if "save_bakugan" in self.catalog.abilities[a.card].kinds:
                        return a
            return pass_
        # Imagine a few worlds, play the battle out greedily after each option (a
        # Trap: after each of its faces); keep a card or a piece unless it helps.
        worlds = [
            determinize(obs, self.catalog, self.rng, self.memory, self.settings)
            for _ in range(BATTLE_WORLDS)
        ]
        options: list[Action] = [pass_, *cards, *pieces]
        best: Action = pass_
        best_v = -math.inf
        for option in options:
            v = sum(_battle_outcome(w, option, me) for w in worlds) / len(worlds)
            v -= st.cost(option)
            if v > best_v + 1e-9:
                best, best_v = option, v
        return best

    # ----------------------------------------------------------------- search

    def _search(self, obs: Observation, legal: list[Action]) -> tuple[Action, Slot | None]:
        level = self.level
        worlds = [
            determinize(obs, self.catalog, self.rng, self.memory, self.settings)
            for _ in range(max(1, level.determinizations))
        ]
        keys, values = self._root_keys(obs, legal, worlds)
        if len(keys) == 1:
            return _unkey(keys[0])
        search = Search(
            obs.viewer,
            self.rng,
            level.iterations,
            level.rollout_turns,
            level.exploration,
            self._world_hit,
            level.think_cap_s,
        )
        result = search.run(worlds, keys, _softmax(values, PRIOR_TEMPERATURE))
        self.last_search = result.visits
        if result.capped:  # the clock stopped it: this decision may differ elsewhere
            self.cap_trips += 1
            self.last_capped = True
            log.warning(
                "hard bot: the %.1f s safety cap stopped the search after %d of %d iterations",
                level.think_cap_s,
                result.iterations,
                level.iterations,
            )
        return _unkey(result.best)

    def _root_keys(
        self, obs: Observation, legal: list[Action], worlds: Sequence[MatchState]
    ) -> tuple[list[Key], list[float]]:
        """The actions the search weighs at the root and their heuristic values (its
        priors): every battle and take-or-move choice; for the turn, the Gate Cards to
        set, the cards to play and the likeliest throws (Bakugan and card)."""
        phase = obs.phase
        if phase == "battle":
            b = obs.battle
            assert b is not None
            if b.window == "attribute":
                return [st.best_attribute(self.judge, obs, legal)], [0.0]
            me = obs.viewer
            sample = worlds[:BATTLE_WORLDS]
            odds = []
            for a in legal:
                v = sum(_battle_outcome(w, a, me) for w in sample) / len(sample)
                odds.append(v - st.cost(a))
            return list(legal), odds
        if phase != "main":
            return list(legal), [0.0] * len(legal)
        keys: list[Key] = []
        values: list[float] = []
        throws = st.throws(legal)
        scored = self.judge.throw_values(obs, throws, self.hit_chance) if throws else []
        best = scored[0].value if scored else 0.0
        sets = st.sets(legal)
        if sets:
            judge = self.judge
            slot = max(dict.fromkeys(a.slot for a in sets), key=lambda s: judge.slot_value(obs, s))
            for g in dict.fromkeys(a.gate for a in sets):
                keys.append(SetGate(obs.viewer, g, slot))
                values.append(best + 0.5 * judge.gate_value(obs, g))
        for a in st.plays(legal):
            if self.catalog.abilities[a.card].requires != NO_CONDITION:
                # A card with a condition waits for the battle's 'before' window: played
                # now it is only judged there, and wasted if the condition fails.
                continue
            keys.append(a)
            values.append(best - 0.2)
        for sc in scored[:ROOT_THROWS]:
            assert isinstance(sc.action, Throw) and sc.target is not None
            keys.append(Aimed(sc.action, sc.target))
            values.append(sc.value)
        if not throws:
            for a in legal:
                if not isinstance(a, SetGate | PlayAbility):
                    keys.append(a)
                    values.append(0.0)
        if not keys:
            return list(legal), [0.0] * len(legal)
        return keys, values


def _softmax(values: Sequence[float], temperature: float) -> list[float]:
    top = max(values)
    weights = [math.exp((v - top) / temperature) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def _unkey(key: Key) -> tuple[Action, Slot | None]:
    if isinstance(key, Aimed):
        return key.throw, key.target
    return key, None


def _piece(action: Action) -> str:
    return action.trap if isinstance(action, PlayTrap) else getattr(action, "gear", "")


def _abilities(action: Action) -> tuple[str, ...]:
    """The property-card abilities a Battle Gear play names (none for a Trap)."""
    return action.abilities if isinstance(action, PlayGear) else ()


def _battle_outcome(world: MatchState, first: Action, me: int) -> float:
    """The chance `me` wins the battle in `world` after playing `first` (each face of
    a Trap in turn), both sides then answering greedily."""
    return sum(p * _played_out(state, world, me) for p, state in played(world, first))


def _played_out(state: MatchState, world: MatchState, me: int) -> float:
    """1 if `me` wins the battle `state` is in, both sides answering greedily; else 0
    (`world`: the position before, to tell a capture)."""
    b0 = state.battle
    slot = b0.slot if b0 is not None else None
    for _ in range(12):
        b = state.battle
        if b is None or b.slot != slot or b.winner is not None:
            break
        p = state.current_player()
        assert p is not None and p >= 0
        state.apply(battle_reply(state, p, state.legal_actions(p)))
    b = state.battle
    if b is not None and b.winner is not None:
        return 1.0 if b.sides[b.winner][0] == me else 0.0
    # The battle is over: whoever captured the card won it.
    caps = [len(p.captured) for p in world.players]
    now = [len(p.captured) for p in state.players]
    return 1.0 if now[me] > caps[me] else 0.0
