"""Table physics: pymunk spheres rolling over Gate Cards, resolved to a landing.

Units are millimetres and seconds. This package imports pymunk and nothing from the
rest of the game; ids of cards, Bakugan and spheres are plain hashable values shared
with the rules core.

    table = grid_table([(0, 0), (2, 1), (4, 3)], standing=[...])
    result = resolve_throw(table, Throw(origin=(400, 60), angle=math.pi / 2, speed=1200))
    result.landing.card, result.landing.partial, result.landing.reason
"""

from game.physics.table import (
    CUSHION_ID,
    GRID_COLS,
    GRID_ROWS,
    CardSpec,
    Obstacle,
    Point,
    TableSpec,
    ThrowLine,
    check_origin,
    grid_table,
    slot_card,
    slot_center,
    standing_on,
)
from game.physics.throw import (
    OFF_CARD,
    OFF_TABLE,
    Contact,
    Landing,
    Throw,
    ThrowResult,
    Trajectory,
    clear_cache,
    judge_rest,
    resolve_throw,
)
from game.physics.tuning import (
    CARD_LENGTH,
    CARD_WIDTH,
    DT,
    MAX_SIM_TIME,
    MAX_SPEED,
    MIN_THROW_DISTANCE,
    OPEN_SPEED,
)

__all__ = [
    "CARD_LENGTH",
    "CARD_WIDTH",
    "CUSHION_ID",
    "DT",
    "GRID_COLS",
    "GRID_ROWS",
    "MAX_SIM_TIME",
    "MAX_SPEED",
    "MIN_THROW_DISTANCE",
    "OFF_CARD",
    "OFF_TABLE",
    "OPEN_SPEED",
    "CardSpec",
    "Contact",
    "Landing",
    "Obstacle",
    "Point",
    "TableSpec",
    "Throw",
    "ThrowLine",
    "ThrowResult",
    "Trajectory",
    "check_origin",
    "clear_cache",
    "grid_table",
    "judge_rest",
    "resolve_throw",
    "slot_card",
    "slot_center",
    "standing_on",
]
