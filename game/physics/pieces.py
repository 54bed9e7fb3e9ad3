"""A challenge table as plain frozen data: an ArenaSpec, its pieces and where a shot may
start (no pymunk here).

The throw challenges need more than the match table: blocks and bumpers, pieces that
move along a path or turn, Gate Cards that move (carrying their magnet and the Bakugan
standing on them), and rival spheres a throw may knock away. `shot.py` turns an
ArenaSpec into the engine's Scene and a shot into a ShotResult.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass

from game.physics.geometry import PhysicsError, Point, Pose, circle_hits_box, finite
from game.physics.motion import Motion, pose_at
from game.physics.release import Throw
from game.physics.scene import CUSHION_ID, Placement
from game.physics.targets import CardSpec
from game.physics.tuning import (
    CUSHION_ELASTICITY,
    DT,
    MAX_MASS,
    MAX_RADIUS,
    MIN_MASS,
    MIN_RADIUS,
    MIN_THROW_DISTANCE,
    OBSTACLE_ELASTICITY,
    OBSTACLE_RADIUS,
    SPHERE_ELASTICITY,
)

SIDES: tuple[str, ...] = ("near", "far", "left", "right")
"""Table edges: near is y = 0 (the thrower's side), far is y = height, left x = 0."""

BLOCK_ELASTICITY: float = CUSHION_ELASTICITY
BUMPER_BOUNCE: float = 1.0
"""Restitution of a sphere on a bumper (the pair's product; at most 1: nothing adds
energy, so the speed cap's reasoning holds)."""
POST_BOUNCE: float = SPHERE_ELASTICITY * OBSTACLE_ELASTICITY
"""Restitution of a sphere on a post: the same as on a standing Bakugan (0.72)."""
MAX_PIECE_SPEED: float = 600.0
"""mm/s: the fastest any point of a moving piece may go (checked by the level format)."""


@dataclass(frozen=True, slots=True)
class Block:
    """A solid rectangle (static, or kinematic with a motion): `size` = (width, height)
    along its own x and y, turned by `angle` about its centre."""

    id: Hashable
    center: Point
    size: tuple[float, float]
    angle: float = 0.0
    motion: Motion | None = None
    bounce: float = SPHERE_ELASTICITY * BLOCK_ELASTICITY

    def __post_init__(self) -> None:
        w, h = (float(v) for v in self.size)
        object.__setattr__(self, "size", (w, h))
        object.__setattr__(self, "center", (float(self.center[0]), float(self.center[1])))
        if not (finite(w, h, *self.center, self.angle) and w > 0 and h > 0):
            raise PhysicsError(f"block {self.id!r}: size must be positive and finite")

    def pose(self, t: float) -> Pose:
        return pose_at(self.motion, (*self.center, self.angle), t)

    def corners(self, t: float = 0.0) -> list[Point]:
        x, y, a = self.pose(t)
        c, s = math.cos(a), math.sin(a)
        hw, hh = self.size[0] / 2, self.size[1] / 2
        return [(x + c * u - s * v, y + s * u + c * v) for u, v in box(hw, hh)]


def box(hw: float, hh: float) -> list[Point]:
    return [(-hw, -hh), (hw, -hh), (hw, hh), (-hw, hh)]


@dataclass(frozen=True, slots=True)
class Round:
    """A solid circle: a bumper (restitution up to 1) or a post."""

    id: Hashable
    center: Point
    radius: float = OBSTACLE_RADIUS
    bounce: float = POST_BOUNCE
    motion: Motion | None = None
    bumper: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "center", (float(self.center[0]), float(self.center[1])))
        if not (finite(*self.center, self.radius) and self.radius > 0):
            raise PhysicsError(f"round piece {self.id!r}: radius must be positive")
        if not 0.0 <= self.bounce <= 1.0:
            raise PhysicsError(f"round piece {self.id!r}: bounce must be within 0..1")

    def pose(self, t: float) -> Pose:
        return pose_at(self.motion, (*self.center, 0.0), t)


Piece = Block | Round


@dataclass(frozen=True, slots=True)
class ArenaCard(Placement[CardSpec]):
    """A Gate Card (its resting place and size in `target`), possibly moving: the
    engine's own moving target, so the arena hands its cards to the Scene as they are."""


@dataclass(frozen=True, slots=True)
class Standing:
    """An opened Bakugan standing on the table (a static circle). With `on` naming a
    moving card, `position` is in that card's frame (offset from its centre, before
    the card's turn) and the Bakugan rides along."""

    id: Hashable
    position: Point
    radius: float = OBSTACLE_RADIUS
    on: Hashable | None = None


@dataclass(frozen=True, slots=True)
class Rival:
    """A closed sphere lying on the table: the thrown sphere may knock it away."""

    id: Hashable
    position: Point
    radius: float = 14.0
    mass: float = 1.0
    angle: float = 0.0

    def __post_init__(self) -> None:
        if not MIN_RADIUS <= self.radius <= MAX_RADIUS:
            raise PhysicsError(f"rival {self.id!r}: radius must be {MIN_RADIUS}..{MAX_RADIUS}")
        if not (math.isfinite(self.mass) and MIN_MASS <= self.mass <= MAX_MASS):
            raise PhysicsError(f"rival {self.id!r}: mass must be within {MIN_MASS:g}..{MAX_MASS:g}")


@dataclass(frozen=True, slots=True)
class ArenaSpec:
    """Everything on a challenge table at the moment of a shot (frozen, hashable)."""

    width: float
    height: float
    cushions: frozenset[str] = frozenset()
    cards: tuple[ArenaCard, ...] = ()
    pieces: tuple[Piece, ...] = ()
    standing: tuple[Standing, ...] = ()
    rivals: tuple[Rival, ...] = ()

    def __post_init__(self) -> None:
        if not (finite(self.width, self.height) and self.width > 0 and self.height > 0):
            raise PhysicsError("arena size must be positive")
        bad = set(self.cushions) - set(SIDES)
        if bad:
            raise PhysicsError(f"unknown cushion sides {sorted(bad)}")
        ids = [c.id for c in self.cards]
        if len(set(ids)) != len(ids):
            raise PhysicsError("duplicate card ids")
        solid = (
            [p.id for p in self.pieces]
            + [s.id for s in self.standing]
            + [r.id for r in self.rivals]
        )
        if len(set(solid)) != len(solid) or CUSHION_ID in solid:
            raise PhysicsError("piece, standing and rival ids must be unique (and not 'cushion')")

    def contains(self, point: Point) -> bool:
        return 0.0 <= point[0] <= self.width and 0.0 <= point[1] <= self.height

    def card(self, card_id: Hashable) -> ArenaCard:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise KeyError(card_id)

    def cards_at(self, t: float) -> tuple[CardSpec, ...]:
        return tuple(c.at(t) for c in self.cards)

    @property
    def moving(self) -> bool:
        return any(c.moves for c in self.cards) or any(p.motion is not None for p in self.pieces)


def check_shot(arena: ArenaSpec, throw: Throw, start_step: int = 0) -> str | None:
    """Why `throw` may not start where it does at clock step `start_step`, or None."""
    x, y = throw.origin
    r = throw.radius
    if not arena.contains((x, y)):
        return f"throw origin ({x:.1f}, {y:.1f}) is off the table"
    t = start_step * DT
    for card in arena.cards_at(t):
        d = card.distance((x, y))
        if d < MIN_THROW_DISTANCE:
            return (
                f"throw origin ({x:.1f}, {y:.1f}) is {d:.1f} mm from Gate Card {card.id!r}: "
                f"a throw must start at least {MIN_THROW_DISTANCE:g} mm from every Gate Card"
            )
    margin = {
        "near": y,
        "far": arena.height - y,
        "left": x,
        "right": arena.width - x,
    }
    for side in arena.cushions:
        if margin[side] < r:
            return f"the sphere at ({x:.1f}, {y:.1f}) overlaps the {side} cushion"
    for piece in arena.pieces:
        if _overlaps_piece(piece, t, (x, y), r):
            return f"the sphere at ({x:.1f}, {y:.1f}) overlaps {piece.id!r}"
    cards = {c.id: c for c in arena.cards}
    for s in arena.standing:
        p = standing_position(s, cards, t)
        if math.dist(p, (x, y)) < s.radius + r:
            return f"the sphere at ({x:.1f}, {y:.1f}) overlaps the standing Bakugan {s.id!r}"
    for rival in arena.rivals:
        if math.dist(rival.position, (x, y)) < rival.radius + r:
            return f"the sphere at ({x:.1f}, {y:.1f}) overlaps the sphere {rival.id!r}"
    return None


def _overlaps_piece(piece: Piece, t: float, p: Point, r: float) -> bool:
    if isinstance(piece, Round):
        px, py, _ = piece.pose(t)
        return math.dist((px, py), p) < piece.radius + r
    return circle_hits_box(p, r, piece.corners(t))


def standing_position(s: Standing, cards: dict[Hashable, ArenaCard], t: float) -> Point:
    """Where a standing Bakugan is at time t (it rides a moving card)."""
    card = cards.get(s.on) if s.on is not None else None
    if card is None or not card.moves:
        return s.position
    x, y, a = card.pose(t)
    c, si = math.cos(a), math.sin(a)
    u, v = s.position
    return (x + c * u - si * v, y + si * u + c * v)


__all__ = [
    "BLOCK_ELASTICITY",
    "BUMPER_BOUNCE",
    "MAX_PIECE_SPEED",
    "POST_BOUNCE",
    "SIDES",
    "ArenaCard",
    "ArenaSpec",
    "Block",
    "Piece",
    "Rival",
    "Round",
    "Standing",
    "box",
    "check_shot",
    "standing_position",
]
