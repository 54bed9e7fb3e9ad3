"""A bot in a seat of a physics match: a card policy plus an aimer."""

from __future__ import annotations

import random

from game import physics
from game.ai.aim import DEFAULT_SKILL, AimSkill, plan_throw
from game.ai.basic import Policy, make_policy
from game.match.session import Zone
from game.rules.classic import Action, Catalog, Throw
from game.rules.classic.observation import Observation


class BotSeat:
    def __init__(self, policy: Policy, seed: int = 0, skill: AimSkill = DEFAULT_SKILL) -> None:
        self.policy = policy
        self.rng = random.Random(seed)
        self.skill = skill
        self._aim: object = None

    @staticmethod
    def named(name: str, catalog: Catalog, seed: int = 0) -> BotSeat:
        return BotSeat(make_policy(name, catalog, seed), seed)

    def choose(self, obs: Observation, legal: list[Action]) -> Action:
        action = self.policy.choose(obs if self.policy.observes else None, legal)
        if isinstance(action, Throw):
            self._aim = self.policy.aim(obs if self.policy.observes else None, action.bakugan)
        return action

    def throw(
        self, obs: Observation, bakugan: str, table: physics.TableSpec, zone: Zone
    ) -> physics.Throw:
        box = (zone.x0, zone.y0, zone.x1, zone.y1)
        return plan_throw(table, box, self._aim, self.rng, self.skill)
