"""The challenge arena's names in one place (kept for the modules that import them here).

The arena used to be its own 1,200-line engine beside the match table's. It is now the
one engine's front end for the challenges: the table as data in `pieces.py` (blocks,
bumpers, moving cards, rivals, where a shot may start), motion in `motion.py`, and the
shot itself in `shot.py`. New code imports from those modules.
"""

from __future__ import annotations

from game.physics.geometry import circle_hits_box, polygon_distance, segment_distance
from game.physics.motion import STILL, Motion, pose_at
from game.physics.pieces import (
    BLOCK_ELASTICITY,
    BUMPER_BOUNCE,
    MAX_PIECE_SPEED,
    POST_BOUNCE,
    SIDES,
    ArenaCard,
    ArenaSpec,
    Block,
    Piece,
    Rival,
    Round,
    Standing,
    check_shot,
    standing_position,
)
from game.physics.shot import (
    ArenaContact,
    RivalRest,
    ShotResult,
    clear_arena_cache,
    judge_cards,
    resolve_shot,
)

__all__ = [
    "BLOCK_ELASTICITY",
    "BUMPER_BOUNCE",
    "MAX_PIECE_SPEED",
    "POST_BOUNCE",
    "SIDES",
    "STILL",
    "ArenaCard",
    "ArenaContact",
    "ArenaSpec",
    "Block",
    "Motion",
    "Piece",
    "Rival",
    "RivalRest",
    "Round",
    "ShotResult",
    "Standing",
    "check_shot",
    "circle_hits_box",
    "clear_arena_cache",
    "judge_cards",
    "polygon_distance",
    "pose_at",
    "resolve_shot",
    "segment_distance",
    "standing_position",
]
