"""Table physics: one pymunk engine for every throw, resolved to landings.

Units are millimetres and seconds. This package imports pymunk and nothing from the
rest of the game but the error root (what it cannot simulate is a `PhysicsError`, a
`GameError` and a ValueError, naming the field); ids of cards, Bakugan and spheres are
plain hashable values shared with the rules core. One engine (`engine.py`, `loop.py`)
serves three front ends:

- the match table, one throw at a time:

      table = grid_table([(0, 0), (2, 1), (4, 3)], standing=[...])
      result = resolve_throw(table, Throw(origin=(400, 60), angle=math.pi / 2, speed=1200))
      result.landing.card, result.landing.partial, result.landing.reason

- the throw challenges (`game.physics.shot.resolve_shot`, an `ArenaSpec` with moving
  pieces and rival spheres);
- any Scene, several spheres released at once and judged by a strategy:

      outcome = simulate(scene, [throw_a, throw_b], judge=CLASSIC)

  (Battle Planet's judge is `PLANET`, a `TouchJudge`: by contact with the BakuCores.)

Map of the package (docs/physics.md tells the story): `tuning` (constants), `geometry`,
`targets` (Gate Cards, BakuCores), `motion`, `table` (the match table as data),
`pieces` (a challenge table as data), `scene` (what the engine simulates), `release`
(Throw, Trajectory), `engine` (the prepared space), `fast` (C reads and the recorder),
`loop` (the step loop), `outcome` (the Run), `judge` (landing judges), `touch` (the
judge by contact), `throw`, `shot` and `simulate` (the front ends), and `cache`.
"""

from game.physics.geometry import PhysicsError
from game.physics.judge import (
    BOUNCED,
    CLASSIC,
    NO_TOUCH,
    OBSTRUCTED,
    OFF_CARD,
    OFF_TABLE,
    OPEN_REASONS,
    SHORT,
    TOO_FAST,
    TWO_CORES,
    Judge,
    Landing,
    RestJudge,
)
from game.physics.motion import Motion
from game.physics.outcome import Run, RunContact, SphereRun, Touch
from game.physics.release import Throw, Trajectory
from game.physics.scene import Loose, Placement, Scene, Solid
from game.physics.simulate import Outcome, check_release, clear_scene_cache, simulate
from game.physics.table import (
    CUSHION_ID,
    GRID_COLS,
    GRID_ROWS,
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
from game.physics.targets import CardSpec, CoreSpec, Target, hex_neighbour
from game.physics.throw import (
    Contact,
    ThrowResult,
    clear_cache,
    judge_rest,
    resolve_throw,
)
from game.physics.touch import PLANET, TouchJudge, Verdict
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
    "BOUNCED",
    "CARD_LENGTH",
    "CARD_WIDTH",
    "CLASSIC",
    "CUSHION_ID",
    "DT",
    "GRID_COLS",
    "GRID_ROWS",
    "MAX_SIM_TIME",
    "MAX_SPEED",
    "MIN_THROW_DISTANCE",
    "NO_TOUCH",
    "OBSTRUCTED",
    "OFF_CARD",
    "OFF_TABLE",
    "OPEN_REASONS",
    "OPEN_SPEED",
    "PLANET",
    "SHORT",
    "TOO_FAST",
    "TWO_CORES",
    "CardSpec",
    "Contact",
    "CoreSpec",
    "Judge",
    "Landing",
    "Loose",
    "Motion",
    "Obstacle",
    "Outcome",
    "PhysicsError",
    "Placement",
    "Point",
    "RestJudge",
    "Run",
    "RunContact",
    "Scene",
    "Solid",
    "SphereRun",
    "TableSpec",
    "Target",
    "Throw",
    "ThrowLine",
    "ThrowResult",
    "Touch",
    "TouchJudge",
    "Trajectory",
    "Verdict",
    "check_origin",
    "check_release",
    "clear_cache",
    "clear_scene_cache",
    "grid_table",
    "hex_neighbour",
    "judge_rest",
    "resolve_throw",
    "simulate",
    "slot_card",
    "slot_center",
    "standing_on",
]
