"""A bot in a seat of a physics match: a card policy plus an aimer.

`BotSeat.named(name, catalog, seed, levels)` makes the built-in bots: `random`, `greedy`,
and the difficulty levels `easy`, `normal`, `hard` of the records it is given (the game's
record loads the shipped ones from `assets/data/ai/levels.toml`).
The seat hands its policy the observation only; it aims through the same physics as a
person, on the table it is shown, and remembers the card it aimed at (`intended`).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping

from game import physics
from game.ai.aim import DEFAULT_SKILL, AimSkill, plan_throw
from game.ai.basic import Policy, make_policy
from game.ai.levels import LEVEL_NAMES, Level
from game.match.layout import Zone
from game.rules.classic import Action, Catalog, Settings, Throw
from game.rules.classic.observation import Observation

BUILT_IN = ("random", "greedy")


def bot_names(levels: Mapping[str, Level] | None = None) -> list[str]:
    """Every name `BotSeat.named` accepts."""
    return [*BUILT_IN, *(levels if levels is not None else LEVEL_NAMES)]


def level_skill(level: Level) -> AimSkill:
    return AimSkill(level.aim_samples, level.angle_noise, level.speed_noise, level.aim_checks)


class BotSeat:
    def __init__(self, policy: Policy, seed: int = 0, skill: AimSkill = DEFAULT_SKILL) -> None:
        self.policy = policy
        self.rng = random.Random(seed)
        self.skill = skill
        self._aim: object = None
        self.intended: Hashable | None = None  # the card its last throw was aimed at

    @property
    def name(self) -> str:
        return self.policy.name

    @staticmethod
    def named(
        name: str,
        catalog: Catalog,
        seed: int = 0,
        levels: Mapping[str, Level] | None = None,
        settings: Settings | None = None,
    ) -> BotSeat:
        """A built-in bot: `random`, `greedy`, or a difficulty level of `levels` (the
        game's records: `game.games.classic.shipped_levels()` gives the shipped easy,
        normal and hard). Raises ValueError for a name it does not know."""
        if name not in BUILT_IN and levels is None:
            raise ValueError(
                f"bot {name!r}: not random or greedy, and no difficulty records (levels=...)"
            )
        policy = make_policy(name, catalog, seed, levels, settings)
        level = levels.get(name) if levels is not None else None
        return BotSeat(policy, seed, level_skill(level) if level is not None else DEFAULT_SKILL)

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        action = self.policy.choose(obs if self.policy.observes else None, legal)
        if isinstance(action, Throw):
            self._aim = self.policy.aim(obs if self.policy.observes else None, action.bakugan)
        return action

    def throw(
        self, obs: Observation, bakugan: str, table: physics.TableSpec, zone: Zone
    ) -> physics.Throw:
        cards = [c.id for c in table.cards]
        target: Hashable | None = self._aim if self._aim in cards else None
        if target is None and cards:
            target = cards[self.rng.randrange(len(cards))]  # no aim: any card
        self.intended = target
        return plan_throw(table, zone.box, target, self.rng, self.skill)
