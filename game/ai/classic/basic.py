"""The simple built-in policies: `random` (a random legal action) and `greedy`.

A policy chooses among the legal actions from an observation only; for a throw it also
names the Gate Card it aims at (`aim`), which a landing model or the physics uses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from game.rules.classic import (
    Action,
    Catalog,
    MoveBakugan,
    Pass,
    PlayAbility,
    SetGate,
    Settings,
    Slot,
    TakeGate,
    Throw,
)
from game.rules.classic.observation import Observation

from ..seeding import slot_or_none
from ..uniform import UniformRandom
from .levels import Level
from .player import LevelPolicy


class Policy(Protocol):
    """A player's brain. `observes` False: it never looks, and is handed no observation
    (the random bot; it saves building one per decision in long simulations)."""

    name: str
    observes: bool
    landing_hit: float | None
    """The chance a landing model gives its aimed throws (None: the model's default)."""

    def choose(self, obs: Observation | None, legal: list[Action]) -> Action: ...

    def aim(self, obs: Observation | None, bakugan: str) -> Slot | None: ...


class RandomPolicy(UniformRandom):
    """Any legal action, uniformly; aims at a random Gate Card."""

    stream = "random-bot"
    landing_hit: float | None = None

    def __init__(self, catalog: Catalog, seed: int = 0) -> None:
        super().__init__(seed)

    def aim(self, obs: Observation | None, bakugan: str) -> Slot | None:
        return None  # no aim: the landing is any card, or a miss


class GreedyPolicy:
    """Plays for the G-Power it can see: attacks what it can beat, boosts when behind."""

    name = "greedy"
    observes = True
    landing_hit: float | None = None

    def __init__(self, catalog: Catalog, seed: int = 0) -> None:
        self.catalog = catalog
        self._target: Slot | None = None  # it draws nothing: no generator

    def _strength(self, obs: Observation, bakugan: str, slot: Slot | None) -> int:
        """Base G-Power plus the bonus of the gate at `slot` if its face is known."""
        b = self.catalog.bakugan[bakugan]
        g = b.g_power
        if slot is not None:
            view = next(v for v in obs.field if v.slot == slot)
            if view.gate is not None:
                g += self.catalog.gates[view.gate].bonus(b.attribute)
        return g

    def choose(self, obs: Observation | None, legal: list[Action]) -> Action:
        assert obs is not None
        me = obs.viewer
        sets = [a for a in legal if isinstance(a, SetGate)]
        throws = [a for a in legal if isinstance(a, Throw)]
        plays = [a for a in legal if isinstance(a, PlayAbility)]
        if obs.phase == "setup" or (sets and obs.phase == "main"):
            mine = obs.me.unused + obs.me.used
            return max(
                sets,
                key=lambda a: (
                    sum(
                        self.catalog.gates[a.gate].bonus(self.catalog.bakugan[b].attribute)
                        for b in mine
                    ),
                    a.gate,
                    a.slot,
                ),
            )
        if obs.phase == "battle" and obs.battle is not None:
            ev = obs.battle.evaluation
            my_side = next(i for i, (p, _) in enumerate(obs.battle.sides) if p == me)
            boosts = [
                a
                for a in plays
                if any(
                    e.kind == "add_g" and e.params["to"] in ("self", "both")
                    for e in self.catalog.abilities[a.card].effects
                )
            ]
            if ev.winner != my_side and (boosts or plays):
                return (boosts or plays)[0]
            return (
                next(a for a in legal if isinstance(a, Pass))
                if any(isinstance(a, Pass) for a in legal)
                else legal[0]
            )
        if obs.phase == "own":
            return next(a for a in legal if isinstance(a, TakeGate))
        if throws:
            best_score, best_throw = -(10**9), throws[0]
            target: Slot | None = None
            for a in throws:
                for view in obs.field:
                    foe = [b for p, b in view.standing if p != me]
                    own = [b for p, b in view.standing if p == me]
                    power = self._strength(obs, a.bakugan, view.slot)
                    if foe:
                        theirs = self.catalog.bakugan[foe[0]].g_power
                        score = 200 + power - theirs
                    elif own:
                        score = -300
                    else:
                        score = power - 400
                    if score > best_score:
                        best_score, best_throw, target = score, a, view.slot
            self._target = target
            return best_throw
        moves = [a for a in legal if isinstance(a, MoveBakugan)]
        takes = [a for a in legal if isinstance(a, TakeGate)]
        return (takes or moves or legal)[0]

    def aim(self, obs: Observation | None, bakugan: str) -> Slot | None:
        return self._target

    def snapshot(self) -> dict[str, Any]:
        return {"target": self._target}

    def restore(self, data: dict[str, Any]) -> None:
        self._target = slot_or_none(data.get("target"), "target")


def make_policy(
    name: str,
    catalog: Catalog,
    seed: int = 0,
    levels: Mapping[str, Level] | None = None,
    settings: Settings | None = None,
) -> Policy:
    """A policy by name: `random`, `greedy`, or a difficulty level in `levels`."""
    if name == "random":
        return RandomPolicy(catalog, seed)
    if name == "greedy":
        return GreedyPolicy(catalog, seed)
    if levels is not None and name in levels:
        return LevelPolicy(catalog, levels[name], seed, settings)
    names = ["random", "greedy", *(levels or {})]
    raise ValueError(f"unknown policy {name!r} (one of {', '.join(names)})")
