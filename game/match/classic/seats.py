"""A bot in a seat of a physics match: a card policy plus an aimer.

`BotSeat.named(name, catalog, seed, levels)` makes the built-in bots: `random`, `greedy`,
and the difficulty levels `easy`, `normal`, `hard` of the records it is given (the game's
record loads the shipped ones from `assets/data/classic/ai.toml`).
The seat hands its policy the observation only; it aims through the same physics as a
person, on the table it is shown, and remembers the card it aimed at (`intended`).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from game import physics
from game.ai.classic.aim import DEFAULT_SKILL, AimSkill, plan_throw
from game.ai.classic.basic import Policy, make_policy
from game.ai.classic.levels import LEVEL_NAMES, Level
from game.ai.seeding import Resumable, SnapshotError, count, decision_rng, slot_or_none
from game.match.zone import Zone
from game.rules.classic import Action, Catalog, Settings, Throw
from game.rules.classic.observation import Observation

BUILT_IN = ("random", "greedy")
AIM_STREAM = "aim"


def bot_names(levels: Mapping[str, Level] | None = None) -> list[str]:
    """Every name `BotSeat.named` accepts."""
    return [*BUILT_IN, *(levels if levels is not None else LEVEL_NAMES)]


def level_skill(level: Level) -> AimSkill:
    return AimSkill(level.aim_samples, level.hand_sigma, level.aim_checks)


class BotSeat:
    """Every throw draws its aim and its hand's shake from a generator of its own (the
    seat's seed and the throw's number, `game.ai.seeding`), so a resumed seat, given its
    `snapshot`, throws as the uninterrupted one would."""

    def __init__(self, policy: Policy, seed: int = 0, skill: AimSkill = DEFAULT_SKILL) -> None:
        self.policy = policy
        self.seed = seed
        self.throws = 0
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
        rng = decision_rng(AIM_STREAM, self.seed, self.throws)
        self.throws += 1
        target: Hashable | None = self._aim if self._aim in cards else None
        if target is None and cards:
            target = cards[rng.randrange(len(cards))]  # no aim: any card
        self.intended = target
        return plan_throw(table, zone.box, target, rng, self.skill)

    # ------------------------------------------------------------------ resuming

    def snapshot(self) -> dict[str, Any]:
        """The seat between two decisions, as JSON: its throw count, the card it means
        to aim at, and its policy's own snapshot."""
        policy = self.policy.snapshot() if isinstance(self.policy, Resumable) else None
        return {
            "name": self.name,
            "throws": self.throws,
            "aim": _slot_json(self._aim),
            "intended": _slot_json(self.intended),
            "policy": policy,
        }

    def restore(self, data: dict[str, Any]) -> None:
        """Go on from a `snapshot`; raises `SnapshotError` naming the field."""
        if not isinstance(data, dict):
            raise SnapshotError("seat: expected an object")
        if data.get("name") != self.name:
            raise SnapshotError(f"seat: a snapshot of {data.get('name')!r}, not {self.name!r}")
        throws = count(data, "throws")
        aim = slot_or_none(data.get("aim"), "aim")
        intended = slot_or_none(data.get("intended"), "intended")
        if isinstance(self.policy, Resumable):
            policy = data.get("policy")
            if not isinstance(policy, dict):
                raise SnapshotError("policy: expected an object")
            self.policy.restore(policy)
        self.throws, self._aim, self.intended = throws, aim, intended


def _slot_json(value: object) -> list[int] | None:
    """A card id (a slot) as JSON; anything else (no aim) as null."""
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return [int(value[0]), int(value[1])]
    return None


def seats_snapshot(seats: Mapping[int, BotSeat]) -> dict[str, Any]:
    """The bots of a match (player -> seat) as JSON, for the autosave and replays."""
    return {str(p): seat.snapshot() for p, seat in sorted(seats.items())}


def restore_seats(seats: Mapping[int, BotSeat], data: Any) -> None:
    """Give each bot of `seats` its state from `seats_snapshot`; raises `SnapshotError`
    naming the seat and the field (then no bot has been changed... except those before
    it: build fresh seats again on an error)."""
    if not isinstance(data, dict):
        raise SnapshotError("bots: expected an object of player -> seat")
    if sorted(data) != sorted(str(p) for p in seats):
        raise SnapshotError(f"bots: seats {sorted(data)}, this match has {sorted(seats)}")
    for p, seat in seats.items():
        try:
            seat.restore(data[str(p)])
        except SnapshotError as e:
            raise SnapshotError(f"bots.{p}: {e}") from None
