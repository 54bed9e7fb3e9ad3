"""The random bot every game has, and the decision count most bots resume from.

Each game's `random` picks any legal action uniformly from one draw per decision
(`seeding.decision_unit`), under a stream name of its own (so the three games' random
bots never share draws); what it carries between decisions is that count alone. The
games' subclasses add only their constructor's signature and the stream name, and, for
the classic one, that it names no aim.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, TypeVar

from .seeding import count, decision_unit

A = TypeVar("A")


class Counted:
    """A bot whose between-decision state is the number of decisions it took
    (`seeding.Resumable`): each decision draws from its own generator, seeded from the
    bot's seed and that number."""

    seed: int
    decisions: int

    def snapshot(self) -> dict[str, Any]:
        return {"decisions": self.decisions}

    def restore(self, data: dict[str, Any]) -> None:
        self.decisions = count(data, "decisions")


class UniformRandom(Counted):
    """Any legal action, uniformly; it never looks (`observes` False: handed None)."""

    name = "random"
    observes = False
    stream: ClassVar[str]
    """The name of its draws (`decision_unit`'s stream), one per game."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.decisions = 0

    def choose(self, obs: object, legal: Sequence[A]) -> A:
        unit = decision_unit(self.stream, self.seed, self.decisions)
        self.decisions += 1
        return legal[int(unit * len(legal))]
