"""One attempt at a level: the clock, the spheres, what stands where, which targets are met.

An `Attempt` is plain state with no drawing and no input. The UI, the solver and the
tests drive it the same way: `simulate` a throw (pure), then `apply` its result.

The spheres are thrown in the level's order. One that opens on a Gate Card stays there,
standing (later throws bounce off it); one that misses goes to the used pile, and when no
unused sphere is left the used ones come back, as in the classic game. The level clock
counts physics steps: it runs while you aim (moving pieces move) and through each roll.
"""

from __future__ import annotations

import copy
import math
from dataclasses import dataclass

from game.challenges.defs import ANY_ORDER, KNOCK, LAND, ZONE, LevelDef, SphereDef
from game.challenges.scoring import Score, knock_bonus, land_bonus, score, zone_bonus
from game.physics import DT, Point, Throw
from game.physics.geometry import rect_distance
from game.physics.pieces import ArenaSpec, Standing, check_shot
from game.physics.shot import ShotResult, resolve_shot


@dataclass(frozen=True, slots=True)
class ShotReport:
    """What one applied throw did: the targets it met (indices) with their bonuses."""

    result: ShotResult
    sphere: int
    met: tuple[tuple[int, int], ...]
    opened: bool


class Attempt:
    """The state of one try at a level."""

    def __init__(self, level: LevelDef) -> None:
        self.level = level
        self.clock = 0  # steps of DT since the level began
        self.throws_used = 0
        self.unused: list[int] = list(range(len(level.spheres)))
        self.used: list[int] = []
        self.standing: list[Standing] = []
        self.standing_spheres: list[int] = []
        self.rivals: dict[str, tuple[Point | None, float]] = {
            r.id: (r.rival.position, r.rival.angle) for r in level.rivals
        }
        self.bonuses: list[int | None] = [None] * len(level.targets)
        self.reports: list[ShotReport] = []
        self._arena: ArenaSpec | None = None

    def clone(self) -> Attempt:
        twin = copy.copy(self)
        twin.unused = list(self.unused)
        twin.used = list(self.used)
        twin.standing = list(self.standing)
        twin.standing_spheres = list(self.standing_spheres)
        twin.rivals = dict(self.rivals)
        twin.bonuses = list(self.bonuses)
        twin.reports = list(self.reports)
        return twin

    # --- what the table looks like now -------------------------------------------

    def arena(self) -> ArenaSpec:
        """The arena as it stands: the level's pieces, the standing Bakugan, the rivals
        where they came to rest."""
        if self._arena is None:
            base = self.level.arena
            rivals = []
            for lr in self.level.rivals:
                pos, angle = self.rivals[lr.id]
                if pos is not None:
                    r = lr.rival
                    rivals.append(type(r)(r.id, pos, r.radius, r.mass, angle))
            self._arena = ArenaSpec(
                width=base.width,
                height=base.height,
                cushions=base.cushions,
                cards=base.cards,
                pieces=base.pieces,
                standing=tuple(self.standing),
                rivals=tuple(rivals),
            )
        return self._arena

    @property
    def seconds(self) -> float:
        return self.clock * DT

    def sphere_index(self) -> int | None:
        """Which sphere (index into level.spheres) is thrown next, or None."""
        return self.unused[0] if self.unused else None

    def sphere(self) -> SphereDef | None:
        i = self.sphere_index()
        return None if i is None else self.level.spheres[i]

    @property
    def complete(self) -> bool:
        return all(b is not None for b in self.bonuses)

    @property
    def throws_left(self) -> int:
        return max(self.level.throws - self.throws_used, 0)

    @property
    def out_of_time(self) -> bool:
        limit = self.level.time
        return limit is not None and self.seconds >= limit

    @property
    def over(self) -> bool:
        """No throw may follow: complete, out of throws, spheres or time."""
        return self.complete or self.throws_left == 0 or self.sphere() is None or self.out_of_time

    def seconds_left(self) -> float | None:
        if self.level.time is None:
            return None
        return max(self.level.time - self.seconds, 0.0)

    def score(self) -> Score:
        return score(self.level, self.bonuses, self.throws_used, self.seconds)

    def next_target(self) -> int | None:
        """In a level played in order, the target to meet next (else the first unmet)."""
        for i, b in enumerate(self.bonuses):
            if b is None:
                return i
        return None

    def open_targets(self) -> list[int]:
        """The targets a throw may meet now."""
        unmet = [i for i, b in enumerate(self.bonuses) if b is None]
        if self.level.order == ANY_ORDER:
            return unmet
        return unmet[:1]

    # --- throwing ------------------------------------------------------------------

    def make_throw(
        self, origin: Point, angle: float, speed: float, spin: float = 0.0
    ) -> Throw | None:
        """A throw of the next sphere (None if no sphere is left)."""
        i = self.sphere_index()
        if i is None:
            return None
        s = self.level.spheres[i]
        return Throw(
            origin,
            angle,
            speed,
            max(-1.0, min(1.0, spin)),
            s.radius,
            s.mass,
            f"bakugan{self.throws_used + 1}",
        )

    def check(self, throw: Throw, start_step: int | None = None) -> str | None:
        """Why this throw may not be made now (None: it may)."""
        if self.over:
            return "the attempt is over"
        start = self.clock if start_step is None else start_step
        if start < self.clock:
            return "the clock cannot run backwards"
        x0, y0, x1, y1 = self.level.zone
        x, y = throw.origin
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return f"the throw must start inside the throw zone {self.level.zone}"
        return check_shot(self.arena(), throw, start)

    def simulate(
        self, throw: Throw, start_step: int | None = None, record: bool = False
    ) -> ShotResult:
        """The result of `throw` released at `start_step` (default: now); the attempt is
        not changed. Raises ValueError if the throw may not be made."""
        start = self.clock if start_step is None else start_step
        reason = self.check(throw, start)
        if reason is not None:
            raise ValueError(reason)
        return resolve_shot(self.arena(), throw, start, record)

    def wait(self, steps: int) -> None:
        """Let the clock run (aiming takes time; moving pieces move)."""
        if steps > 0:
            self.clock += steps

    def apply(self, result: ShotResult) -> ShotReport:
        """Take a simulated throw as made: the clock, the spheres, the targets."""
        sphere = self.unused.pop(0)
        n = self.throws_used
        landing = result.landing
        radius = self.level.spheres[sphere].radius
        if landing.card is not None:
            position = result.local if result.carrier is not None else landing.position
            self.standing.append(Standing(f"bakugan{n + 1}", position, radius, on=result.carrier))
            self.standing_spheres.append(sphere)
        else:
            self.used.append(sphere)
        if not self.unused:
            self.unused, self.used = self.used, []
        for rest in result.rivals:
            self.rivals[str(rest.id)] = (rest.position, rest.angle)
        self.clock = result.end_step
        self.throws_used += 1
        self._arena = None
        met = self._judge(result)
        report = ShotReport(result, sphere, tuple(met), landing.card is not None)
        self.reports.append(report)
        return report

    def throw(self, throw: Throw, start_step: int | None = None) -> ShotReport:
        """simulate + apply, recording the trajectories (what the UI plays)."""
        return self.apply(self.simulate(throw, start_step, record=True))

    # --- targets -----------------------------------------------------------------

    def target_bonus(self, index: int, result: ShotResult) -> int | None:
        """The bonus target `index` earns after `result` (None: not met)."""
        target = self.level.targets[index]
        landing = result.landing
        rest = None if landing.reason == "off_table" else landing.position
        if target.kind == LAND:
            if landing.card == target.card:
                return land_bonus(landing.partial)
            return None
        if target.kind == ZONE:
            if rest is None:
                return None
            d = math.dist(rest, target.center)
            return zone_bonus(d, target.radius) if d <= target.radius else None
        if target.kind == KNOCK:
            assert target.rival is not None
            lr = self.level.rival(target.rival)
            pos, _ = self.rivals[lr.id]
            if pos is None:
                return knock_bonus(True)
            if lr.on is None:
                return None
            card = self.level.card(lr.on).card.target
            if rect_distance(card.frame, pos[0], pos[1]) >= lr.rival.radius:
                return knock_bonus(False)
            return None
        return None  # pragma: no cover - kinds are checked when loading

    def _judge(self, result: ShotResult) -> list[tuple[int, int]]:
        """Credit the targets this throw met. One sphere rests in one place, so a throw
        meets at most one land or zone target (the first open one in the list); knocks
        come along. In order, crediting stops at the first target not met."""
        met: list[tuple[int, int]] = []
        stopped = False
        in_order = self.level.order != ANY_ORDER
        for i, b in enumerate(self.bonuses):
            if b is not None:
                continue
            stop = self.level.targets[i].kind in (LAND, ZONE)
            bonus = None if (stop and stopped) else self.target_bonus(i, result)
            if bonus is None:
                if in_order:
                    break
                continue
            self.bonuses[i] = bonus
            met.append((i, bonus))
            stopped = stopped or stop
        return met


__all__ = ["Attempt", "ShotReport"]
