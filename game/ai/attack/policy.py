"""The Attack bots: `random`, and the levels Easy, Normal and Hard (one policy, turned by
a difficulty record, `AttackLevel`).

A policy is handed its seat's observation and its legal actions, never a game state
(the random bot asks for no observation at all). Every decision draws only from the
bot's own seeded generator, so a seed gives one game. Each level aims at its own
target: Easy by its hand alone and carelessly; Normal counts what was played and
weighs each card's chance to catch now and later; Hard searches worlds of the hidden
hands and plays each candidate out to the end of the deal.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from game.rules.attack import Action, Deck, Observation, PlayCard

from ..seeding import count, decision_rng
from ..uniform import UniformRandom
from .heuristic import counted_pick
from .knowledge import goal_of, unseen
from .levels import AttackLevel
from .search import FastPlayer, search_pick

log = logging.getLogger(__name__)

SEARCH_CANDIDATES = 6  # Hard plays out at most this many cards: Normal's best ones


class AttackPolicy(Protocol):
    """A seat's brain. `observes` False: it never looks (no observation is built)."""

    name: str
    observes: bool

    def choose(self, obs: Observation | None, legal: Sequence[Action]) -> Action: ...


class RandomPolicy(UniformRandom):
    """Any legal card, uniformly."""

    stream = "attack-random"


class LevelPolicy:
    """A bot of one difficulty level. `thinking` keeps the seconds of each decision
    (the benchmark reads them; the clock never changes a choice unless the safety cap
    trips, which `cap_trips` counts). Each decision with a real choice draws from its
    own generator (`game.ai.seeding`): the seed and the number of that decision."""

    observes = True

    def __init__(self, deck: Deck, level: AttackLevel, seed: int = 0) -> None:
        self.name = level.name
        self.deck = deck
        self.level = level
        self.seed = seed
        self.decisions = 0
        self.rng = decision_rng(self._stream, seed, 0)  # replaced at every decision
        self.thinking: list[float] = []
        self.fast: FastPlayer | None = None
        self.cap_trips = 0
        self.last_capped = False

    @property
    def _stream(self) -> str:
        return f"attack-level:{self.level.name}"

    def snapshot(self) -> dict[str, Any]:
        return {"decisions": self.decisions, "cap_trips": self.cap_trips}

    def restore(self, data: dict[str, Any]) -> None:
        self.decisions = count(data, "decisions")
        self.cap_trips = count(data, "cap_trips")

    def choose(self, obs: Observation | None, legal: Sequence[Action]) -> Action:
        assert obs is not None
        plays = [a for a in legal if isinstance(a, PlayCard)]
        self.last_capped = False
        if len(plays) <= 1:
            return legal[0]
        self.rng = decision_rng(self._stream, self.seed, self.decisions)
        self.decisions += 1
        start = time.perf_counter()
        card = self.pick(obs, [a.card for a in plays])
        self.thinking.append(time.perf_counter() - start)
        return next(a for a in plays if a.card == card)

    def pick(self, obs: Observation, cards: list[str]) -> str:
        level, deck, rng = self.level, self.deck, self.rng
        if level.mistakes and rng.random() < level.mistakes:
            return cards[rng.randrange(len(cards))]
        goal = goal_of(obs, level)
        if not level.counting or level.samples == 0:
            if self.fast is None:
                self.fast = FastPlayer(deck, obs.players)
            return self.fast.choose(obs.hand, obs.table, obs.viewer, goal.need > 0)
        pool = unseen(obs, deck, level.counting)
        best, losses = counted_pick(deck, obs, goal, pool, rng, level.samples, level.planning)
        if level.worlds == 0 or len(losses) == 1:
            return best
        ranked = sorted(losses, key=lambda c: (losses[c], deck.order[c]))
        candidates = ranked[:SEARCH_CANDIDATES]
        deadline = time.perf_counter() + level.think_cap_s
        best, _, done = search_pick(deck, obs, goal, pool, candidates, rng, level.worlds, deadline)
        if done < level.worlds:  # the cap stopped it: recorded, and logged
            self.cap_trips += 1
            self.last_capped = True
            log.warning("attack bot: the %.1f s cap stopped the search", level.think_cap_s)
        return best


def make_policy(
    name: str,
    deck: Deck,
    seed: int = 0,
    levels: Mapping[str, AttackLevel] | None = None,
) -> AttackPolicy:
    """A policy by name: `random`, or a level of `levels` (easy, normal, hard)."""
    if name == "random":
        return RandomPolicy(seed)
    if levels is not None and name in levels:
        return LevelPolicy(deck, levels[name], seed)
    names = ["random", *(levels or {})]
    raise ValueError(f"unknown policy {name!r} (one of {', '.join(names)})")
