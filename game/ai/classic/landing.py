"""Where a thrown Bakugan opens when no table rolls it: the one landing model.

Three users ask it: the rules-only sim (`game.match.classic.sim`: the world its bots play in),
the OpenSpiel game (`game.ai.classic.openspiel`: the chance node of a throw), and a searching
bot (`game.ai.classic.search`: its chance nodes and playouts, what it expects of a throw).

A throw aimed at a card on the field opens on it with `hit_aim`; else, with
`hit_other`, on another card; else it misses. Where that other card lies is the
model's `spill`:

- `ANY`: any card of the field, uniformly (the aimed one too): the world of the sim
  and of the OpenSpiel game, where a throw that misses its card rolls anywhere;
- `NEAR`: a card touching the aimed one (none touching: a miss): what a bot expects
  of its own hand (`LandingModel.expected`).

A throw at no card on the field opens on any card with ``hit_aim + hit_other``.

`outcomes` lists the outcomes with their chances; `land` draws one. Each spill draws
the way its users always have, so a seed gives the same throws as it did: `ANY` takes
a second number for the uniform card, `NEAR` walks one number through `outcomes`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from game.rules.classic import Action, Land, MatchState, Miss, Slot

ANY = "any"
NEAR = "near"
OFF_CARD = "off_card"  # the reason of a miss (`Miss`)
OTHER_CARD = 0.45
"""What a bot expects: of a throw that misses its card, the share that opens on a card
touching it (`LandingModel.expected`)."""


@dataclass(frozen=True, slots=True)
class LandingModel:
    """Where a thrown Bakugan opens, without physics (see the module's text)."""

    hit_aim: float = 0.55  # opens on the aimed card
    hit_other: float = 0.20  # opens on another card (or any card when not aiming)
    spill: str = ANY  # where the other card lies: ANY card, or NEAR the aimed one

    @staticmethod
    def expected(hit: float) -> LandingModel:
        """What a bot expects of a throw that opens on its card with `hit`: of the rest,
        a share `OTHER_CARD` opens on a card touching it, the others miss."""
        return LandingModel(hit, (1.0 - hit) * OTHER_CARD, NEAR)

    def outcomes(self, state: MatchState, aim: Slot | None) -> list[tuple[Action, float]]:
        """Each outcome of a throw at `aim` (None: at no card) with its chance."""
        if self.spill == NEAR:
            return self._near(state, aim)
        return self._any(state, aim)

    def land(self, state: MatchState, aim: Slot | None, rng: random.Random) -> Action:
        """One outcome of a throw at `aim`, drawn with `rng`."""
        if self.spill == NEAR:
            r = rng.random()
            options = self._near(state, aim)
            for action, p in options:
                r -= p
                if r <= 0:
                    return action
            return options[-1][0]
        slots = list(state.field)
        r = rng.random()
        if aim in state.field and r < self.hit_aim:
            assert aim is not None
            return Land(aim)
        if r < self.hit_aim + self.hit_other:
            return Land(slots[rng.randrange(len(slots))])
        return Miss(OFF_CARD)

    def _any(self, state: MatchState, aim: Slot | None) -> list[tuple[Action, float]]:
        """Every card with its share of the spread (the aimed card its hit besides), in
        the field's order, then the miss; chances clamped to [0, 1] and summing to 1."""
        slots = list(state.field)
        n = len(slots)
        aimed = aim is not None and aim in slots
        spread = self.hit_other if aimed else self.hit_aim + self.hit_other
        spread = min(max(spread, 0.0), 1.0)
        chances: list[tuple[Action, float]] = []
        for s in slots:
            p = spread / n
            if aimed and s == aim:
                p += min(max(self.hit_aim, 0.0), 1.0 - spread)
            chances.append((Land(s), p))
        miss = 1.0 - sum(p for _, p in chances)
        out = [(a, p) for a, p in chances if p > 0.0]
        if miss > 1e-12:
            out.append((Miss(OFF_CARD), miss))
        norm = sum(p for _, p in out)
        return [(a, p / norm) for a, p in out]

    def _near(self, state: MatchState, aim: Slot | None) -> list[tuple[Action, float]]:
        """The aimed card, then the cards touching it in grid order, then the miss."""
        out: list[tuple[Action, float]] = []
        if aim is not None and aim in state.field:
            out.append((Land(aim), self.hit_aim))
            rest = 1.0 - self.hit_aim
            other = self.hit_other
            near = [
                s
                for s in sorted(state.field)
                if s != aim and max(abs(s[0] - aim[0]), abs(s[1] - aim[1])) == 1
            ]
        else:
            rest = 1.0
            other = self.hit_aim + self.hit_other
            near = sorted(state.field)
        if near and rest > 0:
            share = other / len(near)
            out.extend((Land(s), share) for s in near)
            rest -= other
        if rest > 1e-9:
            out.append((Miss(OFF_CARD), rest))
        return out
