"""Where a rolled Bakugan comes to rest, without physics: the roll's chance outcome.

Each roll opens on a BakuCore lying in the Hidden Matrix with `on_core`, opens touching
a core it does not keep with `no_core`, and otherwise stays closed. The table's physics
(a later task) feeds the same `Roll` outcomes to the rules core; so can a script.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules.planet import PlanetState, Roll


@dataclass(frozen=True, slots=True)
class LandingModel:
    on_core: float = 0.6
    no_core: float = 0.1

    def roll(self, state: PlanetState, rng: random.Random) -> Roll:
        """The outcome of the roll due now (the first roller without one)."""
        roller = state.rolls.index(None)
        r = rng.random()
        free = [h for h, core in state.matrix.items() if not core.held_by]
        if r < self.on_core and free:
            return Roll(roller, True, free[rng.randrange(len(free))])
        if r < self.on_core + self.no_core:
            return Roll(roller, True)
        return Roll(roller, False)


DEFAULT_MODEL = LandingModel()
