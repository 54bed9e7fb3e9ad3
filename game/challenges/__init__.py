"""Throw challenges: levels of aim and power, their rules, scoring and solver (no pygame).

    level = game.content.levels.load_level("levels/01_first_throw.toml")
    attempt = Attempt(level)
    report = attempt.throw(attempt.make_throw((300, 80), math.pi / 2, 1100))
    attempt.score().stars

Levels are data (`levels/*.toml`, format in docs/levels.md); `game.content.levels`
loads them into the frozen definitions of `defs`, `validate` checks a whole level,
`run.Attempt` plays one, `scoring` turns it into points and stars, and `solver` proves a
level can be played by searching for the throws.
"""

from game.challenges.defs import (
    ANY_ORDER,
    IN_ORDER,
    KNOCK,
    LAND,
    ZONE,
    LevelCard,
    LevelDef,
    LevelRival,
    SphereDef,
    Target,
    Text,
)
from game.challenges.problems import LevelProblem
from game.challenges.run import Attempt, ShotReport
from game.challenges.scoring import Score, max_score, min_throws

__all__ = [
    "ANY_ORDER",
    "IN_ORDER",
    "KNOCK",
    "LAND",
    "ZONE",
    "Attempt",
    "LevelCard",
    "LevelDef",
    "LevelProblem",
    "LevelRival",
    "Score",
    "ShotReport",
    "SphereDef",
    "Target",
    "Text",
    "max_score",
    "min_throws",
]
