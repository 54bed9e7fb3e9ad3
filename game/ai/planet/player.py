"""The Battle Planet level bots (Easy, Normal, Hard): one bot, turned by a `Level`.

`LevelBot.choose(obs, legal)` is handed its seat's observation and legal actions, never
the match. It imagines worlds from what it has seen (`knowledge.DeckBook`) and decides on
them: with `insight` 0 by the quick rules of thumb (`playbook.Playbook`) on one world;
with `insight` 1 by playing each option out one step on the rules core (`judge`); with
`rollouts` by the search (`search.Search`). It slips now and then (`mistakes`). Every
choice comes from its own seeded generator; the thinking time of each decision with a
real choice is kept (`times`; the searched ones also in `searches`, with the playouts and
rules-core actions they took) for the benchmark.

`aim(obs, character)` names the BakuCore it would throw its Bakugan at: the free core
whose back adds most for it (its own backs it knows; a hidden one counts as the mean of
its type). Where a roll comes to rest is the landing model's (its level's measured hand)
or the physics table's (`game.ai.planet.aim`, with the level's hand).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from game.rules.planet import (
    Action,
    Catalog,
    Energize,
    Hex,
    Kit,
    Observation,
    Phase,
    PlaceCore,
)
from game.rules.planet.hexgrid import hex_str

from ..seeding import count, decision_rng
from . import one_step
from .knowledge import DeckBook
from .levels import Level
from .playbook import Playbook
from .search import Search, SearchResult


class LevelBot:
    """A bot of one difficulty level (`Level`), for one seat."""

    observes = True

    def __init__(
        self, catalog: Catalog, level: Level, seed: int = 0, kit: Kit | None = None
    ) -> None:
        self.name = level.name
        self.catalog = catalog
        self.level = level
        self.seed = seed
        self.decisions = 0  # decisions with a real choice: each draws its own generator
        self.rng = decision_rng(self._stream, seed, 0)  # replaced at every decision
        self.book = DeckBook(catalog, kit)
        self.playbook = Playbook(catalog, level.insight, level.keep_for_flips, level.energy_goal)
        self.search = Search(level, self.book, self.playbook) if level.rollouts > 0 else None
        self.times: list[float] = []  # seconds, decisions with more than one legal action
        self.searches: list[tuple[float, int, int]] = []  # (seconds, playouts, steps)
        self.last_search: SearchResult | None = None

    # -- the protocol ------------------------------------------------------------------

    def choose(self, obs: Observation | None, legal: list[Action]) -> Action:
        assert obs is not None, "a level bot observes"
        if len(legal) == 1:
            return legal[0]
        self.rng = decision_rng(self._stream, self.seed, self.decisions)
        self.decisions += 1
        start = time.perf_counter()
        action = self._decide(obs, legal)
        self.times.append(time.perf_counter() - start)
        return action

    @property
    def _stream(self) -> str:
        return f"planet-level:{self.level.name}"

    def snapshot(self) -> dict[str, Any]:
        """What it carries between decisions (`game.ai.seeding.Resumable`): only the
        count; what it knows it reads from each observation afresh."""
        return {"decisions": self.decisions}

    def restore(self, data: dict[str, Any]) -> None:
        self.decisions = count(data, "decisions")

    def aim(self, obs: Observation, character: str) -> Hex | None:
        """The free BakuCore it would roll `character` at (None: no core is free)."""
        cores = self.catalog.cores
        char = self.catalog.characters[character]
        factions = set(char.factions)
        by_type: dict[str, list[float]] = {}
        for c in cores.values():
            by_type.setdefault(c.type.value, []).append(c.b_power + 100.0 * c.damage)

        def worth(view_core: str | None, kind: str) -> float:
            if view_core is None:
                values = by_type.get(kind, [0.0])
                return sum(values) / len(values)
            c = cores[view_core]
            bonus = c.bonus_b + 100.0 * c.bonus_d if factions & set(c.bonus_factions) else 0.0
            clause = 150.0 if kind in {t.value for t in char.cores} else 0.0
            return c.b_power + 100.0 * c.damage + bonus + clause

        free = [c for c in obs.matrix if not c.held_by]
        if not free:
            return None
        best = max(free, key=lambda c: (worth(c.core, c.type), hex_str(c.hex)))
        return best.hex

    # -- deciding ----------------------------------------------------------------------

    def _decide(self, obs: Observation, legal: list[Action]) -> Action:
        level, rng = self.level, self.rng
        if level.mistakes > 0 and rng.random() < level.mistakes:
            return legal[rng.randrange(len(legal))]
        if obs.phase is Phase.CORES:
            return self._place(obs, legal)
        me = obs.viewer
        if self.search is not None and self._searched(obs, legal):
            found = self.last_search = self.search.run(obs, legal, rng)
            self.searches.append((found.seconds, found.playouts, found.steps))
            return found.best
        if level.insight == 0 or isinstance(legal[0], Energize) or obs.discard_due:
            world = self.book.world(obs, rng)
            return self.playbook.act(world, me, rng)
        worlds = [self.book.world(obs, rng) for _ in range(level.worlds)]
        return one_step.best(worlds, me, legal)

    def _searched(self, obs: Observation, legal: Sequence[Action]) -> bool:
        """The decisions the search takes (`search_steps`; discards, and the rest, go
        to the judgement)."""
        return obs.phase.value in self.level.search_steps and not obs.discard_due

    def _place(self, obs: Observation, legal: list[Action]) -> Action:
        """Setup: its strongest BakuCore first, on the free place nearest its side."""
        cores = self.catalog.cores
        side = -1 if obs.viewer == 0 else 1

        def key(a: Action) -> tuple[float, int, str]:
            assert isinstance(a, PlaceCore)
            c = cores[a.core]
            return (-(c.b_power + 100.0 * c.damage), side * -a.hex[1], str(a))

        return min(legal, key=key)
