"""Points and stars.

A level is passed when every target is met within its limits; only then does it earn
stars, by its score against the level's three thresholds. The score is the sum of:

- 1000 for each target met;
- precision, up to 200 per target: a full open (the magnet caught the sphere) 200, a
  partial open 50; a sphere knocked off the table 200, off its card onto the table 100;
  a stop in a zone 200 at its centre, less toward its rim (in steps of 10);
- 300 for each throw left over;
- with a time limit, 10 for each whole second left.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.challenges.defs import KNOCK, LAND, ZONE, LevelDef

TARGET_POINTS = 1000
PRECISION_POINTS = 200
PARTIAL_POINTS = 50
KNOCK_ON_TABLE_POINTS = 100
SPARE_POINTS = 300
SECOND_POINTS = 10


def min_throws(level: LevelDef) -> int:
    """The fewest throws that could meet every target: each throw's sphere rests in one
    place, so it meets at most one land or zone target (knocks come along)."""
    stops = sum(1 for t in level.targets if t.kind in (LAND, ZONE))
    return max(1, stops)


def max_score(level: LevelDef) -> int:
    """The best score the level allows (every target perfect, every spare throw kept,
    no time spent)."""
    n = len(level.targets)
    spare = max(level.throws - min_throws(level), 0)
    seconds = int(level.time) if level.time is not None else 0
    return n * (TARGET_POINTS + PRECISION_POINTS) + spare * SPARE_POINTS + seconds * SECOND_POINTS


def zone_bonus(distance: float, radius: float) -> int:
    if radius <= 0 or distance > radius:
        return 0
    return round(PRECISION_POINTS * (1.0 - distance / radius) / 10.0) * 10


def land_bonus(partial: bool) -> int:
    return PARTIAL_POINTS if partial else PRECISION_POINTS


def knock_bonus(off_table: bool) -> int:
    return PRECISION_POINTS if off_table else KNOCK_ON_TABLE_POINTS


@dataclass(frozen=True, slots=True)
class Score:
    """A result: the parts of the score, the total and the stars it earns."""

    targets_met: int
    targets_total: int
    target_points: int
    precision: int
    spare_throws: int
    spare_points: int
    seconds_left: int
    time_points: int
    complete: bool
    total: int
    stars: int

    def next_star(self, level: LevelDef) -> int | None:
        """The points the next star needs, or None at three stars (or not complete)."""
        if not self.complete or self.stars >= 3:
            return None
        return level.stars[self.stars]


def stars_for(level: LevelDef, total: int, complete: bool) -> int:
    if not complete:
        return 0
    return sum(1 for threshold in level.stars if total >= threshold)


def score(
    level: LevelDef,
    bonuses: list[int | None],
    throws_used: int,
    seconds_used: float,
) -> Score:
    """The score of an attempt: `bonuses` per target (None: not met)."""
    met = [b for b in bonuses if b is not None]
    complete = len(met) == len(level.targets) and bool(level.targets)
    target_points = TARGET_POINTS * len(met)
    precision = sum(met)
    spare = max(level.throws - throws_used, 0) if complete else 0
    seconds_left = 0
    if complete and level.time is not None:
        seconds_left = max(math.floor(level.time - seconds_used), 0)
    total = target_points + precision + spare * SPARE_POINTS + seconds_left * SECOND_POINTS
    return Score(
        targets_met=len(met),
        targets_total=len(level.targets),
        target_points=target_points,
        precision=precision,
        spare_throws=spare,
        spare_points=spare * SPARE_POINTS,
        seconds_left=seconds_left,
        time_points=seconds_left * SECOND_POINTS,
        complete=complete,
        total=total,
        stars=stars_for(level, total, complete),
    )


__all__ = [
    "KNOCK",
    "LAND",
    "PARTIAL_POINTS",
    "PRECISION_POINTS",
    "SECOND_POINTS",
    "SPARE_POINTS",
    "TARGET_POINTS",
    "ZONE",
    "Score",
    "knock_bonus",
    "land_bonus",
    "max_score",
    "min_throws",
    "score",
    "stars_for",
    "zone_bonus",
]
