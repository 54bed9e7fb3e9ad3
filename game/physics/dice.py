"""Dice thrown into a tray: the table physics for Bakugan Attack!'s die rolls.

The face a die shows is never decided here. The rules core draws it (a chance action
from the game's seed: fair by construction, the same in the sim, a script and a
replay); this module rolls a die so that it comes to rest showing that face. It does so
the way a film director would: the throw is simulated first (pymunk, the engine's step,
friction and walls: `tuning`), the die's tumbles are counted along its path (it tips
over one edge every `TIP_EVERY` mm it travels while faster than `TIP_SPEED`, toward
the side it moves to, in its own frame), and only then is the die's orientation at the
release chosen, among the 24 a cube has, so that those tips bring the wanted face up.
The path does not depend on the face, so a roll is the same throw whatever it shows.

Dice already in the tray (the earlier rolls of the same round of rolls) are bodies
too: the thrown die bounces off them and nudges them; a nudged die slides and turns but
keeps its face (it is knocked, not thrown).

Units are millimetres, seconds and the tray's own frame: x to the right, y away from
the thrower's side at y = 0 (the same as the match table). No pygame.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Sequence
from dataclasses import dataclass

import pymunk

from game.physics.geometry import PhysicsError, Point, as_point, real, show
from game.physics.release import Trajectory
from game.physics.tuning import CUSHION_RADIUS, DAMPING, DT, GRAVITY, SOLVER_ITERATIONS

DIE_SIZE = 22.0
"""mm: a die's side (a jumbo die, easy to read on screen)."""
DIE_ROUNDING = 3.5
"""mm: the die's box is rounded by this: its collision outline reaches this beyond the
drawn square, so dice at rest side by side keep about twice this between their faces
(7 mm, over 7 px on the Attack table) and each seat's coloured edge stands clear of
its neighbour's; a die stops this short of a wall."""
DIE_MASS = 1.0
DIE_MU = 0.28
"""Sliding and tumbling friction: a die stops much sooner than a rolling sphere."""
DIE_ELASTICITY = 0.55
WALL_ELASTICITY = 0.7
DIE_SURFACE_FRICTION = 0.4
MAX_DIE_SPEED = 1800.0
"""mm/s: at DT a die moves 7.5 mm a step, under half its side; walls are 25 mm thick."""
TIP_EVERY = 1.4 * DIE_SIZE
"""mm of travel per tumble over one edge (a little more than a side: it slides too)."""
TIP_SPEED = 90.0
"""mm/s: slower than this a die slides to rest without tipping again."""
REST_SPEED = 1.0
REST_SPIN = 0.05
REST_DEPTH = 0.5
"""mm: a die sunk deeper than this into another (or a wall) is not at rest yet."""
MAX_ROLL_TIME = 5.0
MAX_ROLL_STEPS = round(MAX_ROLL_TIME / DT)

# Orientation: the faces at (top, bottom, north, south, east, west) in the die's frame.
Orientation = tuple[int, int, int, int, int, int]
TOP, BOTTOM, NORTH, SOUTH, EAST, WEST = range(6)
STANDARD: Orientation = (1, 6, 2, 5, 3, 4)
"""A standard die: opposite faces add up to 7."""

# Each tip as a permutation: new[i] = old[TIPS[d][i]].
TIPS: dict[str, tuple[int, ...]] = {
    "east": (WEST, EAST, NORTH, SOUTH, TOP, BOTTOM),
    "west": (EAST, WEST, NORTH, SOUTH, BOTTOM, TOP),
    "north": (SOUTH, NORTH, TOP, BOTTOM, EAST, WEST),
    "south": (NORTH, SOUTH, BOTTOM, TOP, EAST, WEST),
}
_YAW = (TOP, BOTTOM, WEST, EAST, NORTH, SOUTH)  # a quarter turn about the vertical


def turn(orientation: Orientation, perm: Sequence[int]) -> Orientation:
    o = orientation
    return (o[perm[0]], o[perm[1]], o[perm[2]], o[perm[3]], o[perm[4]], o[perm[5]])


def _all_orientations() -> tuple[Orientation, ...]:
    seen = [STANDARD]
    frontier = [STANDARD]
    while frontier:
        nxt = []
        for o in frontier:
            for perm in (*TIPS.values(), _YAW):
                t = turn(o, perm)
                if t not in seen:
                    seen.append(t)
                    nxt.append(t)
        frontier = nxt
    return tuple(seen)


ORIENTATIONS = _all_orientations()
assert len(ORIENTATIONS) == 24


@dataclass(frozen=True, slots=True)
class TraySpec:
    """The tray: an open box `width` x `depth` mm with thick walls all round."""

    width: float = 280.0
    depth: float = 180.0

    def __post_init__(self) -> None:
        for name in ("width", "depth"):
            value = real(getattr(self, name), f"tray {name}")
            if not 4 * DIE_SIZE <= value <= 2000.0:
                raise PhysicsError(f"tray {name} must be within 64..2000 mm, got {value:g}")


@dataclass(frozen=True, slots=True)
class DieThrow:
    """A die released at `origin` (inside the tray) toward `angle` (radians, 0 along
    +x, pi/2 away from the thrower) at `speed` mm/s (clamped to MAX_DIE_SPEED), with
    `spin` in -1..1 (a twist of the wrist)."""

    origin: Point
    angle: float
    speed: float
    spin: float = 0.0

    def __post_init__(self) -> None:
        object.__setattr__(self, "origin", as_point(self.origin, "die origin"))
        for name in ("angle", "speed", "spin"):
            object.__setattr__(self, name, real(getattr(self, name), f"die {name}"))
        if self.speed < 0:
            raise PhysicsError(f"die speed must be >= 0, got {self.speed}")
        if not -1.0 <= self.spin <= 1.0:
            raise PhysicsError(f"die spin must be within -1..1, got {self.spin}")


@dataclass(frozen=True, slots=True)
class DiePose:
    """A die lying in the tray: where, turned how far, and its faces."""

    x: float
    y: float
    angle: float
    orientation: Orientation

    def __post_init__(self) -> None:
        for name in ("x", "y", "angle"):
            object.__setattr__(self, name, real(getattr(self, name), f"die {name}"))
        if self.orientation not in ORIENTATIONS:
            raise PhysicsError(
                f"die orientation must be one of a cube's 24, got {show(self.orientation)}"
            )

    @property
    def face(self) -> int:
        return self.orientation[TOP]


@dataclass(frozen=True, slots=True)
class DiceRoll:
    """One throw, simulated to rest. `paths[0]` is the thrown die's, then one per die
    that lay in the tray (in the order given); `tips` are the thrown die's tumbles as
    (step, direction); `start` its orientation at the release."""

    paths: tuple[Trajectory, ...]
    tips: tuple[tuple[int, str], ...]
    start: Orientation
    resting: tuple[DiePose, ...]
    steps: int

    @property
    def duration(self) -> float:
        return self.steps * DT

    def orientation_at(self, t: float) -> Orientation:
        """The thrown die's orientation at `t` seconds after the release."""
        step = t / DT
        o = self.start
        for at, direction in self.tips:
            if at > step:
                break
            o = turn(o, TIPS[direction])
        return o

    def top_at(self, t: float) -> int:
        return self.orientation_at(t)[TOP]

    @property
    def face(self) -> int:
        """The face up at rest."""
        return self.orientation_at(self.duration)[TOP]

    def poses_at(self, t: float) -> list[DiePose]:
        """Every die at `t`: the thrown one first, then the ones that lay there."""
        out = []
        for i, path in enumerate(self.paths):
            x, y, a = path.at(t)
            o = self.orientation_at(t) if i == 0 else self.resting[i - 1].orientation
            out.append(DiePose(x, y, a, o))
        return out

    def final(self) -> list[DiePose]:
        return self.poses_at(self.duration)


def die_body(space: pymunk.Space, pose: Point, angle: float) -> pymunk.Body:
    """A die as the roll builds it in `space`: its body at `pose`, turned by `angle`,
    its box (`DIE_SIZE` square, corners rounded by `DIE_ROUNDING`) and its friction."""
    body = pymunk.Body(DIE_MASS, pymunk.moment_for_box(DIE_MASS, (DIE_SIZE, DIE_SIZE)))
    body.position = pose
    body.angle = angle
    shape = pymunk.Poly.create_box(body, (DIE_SIZE, DIE_SIZE), radius=DIE_ROUNDING)
    shape.elasticity = DIE_ELASTICITY
    shape.friction = DIE_SURFACE_FRICTION
    space.add(body, shape)
    friction = pymunk.PivotJoint(space.static_body, body, (0.0, 0.0), (0.0, 0.0))
    friction.max_bias = 0.0
    friction.max_force = DIE_MU * DIE_MASS * GRAVITY
    gear = pymunk.GearJoint(space.static_body, body, 0.0, 1.0)
    gear.max_bias = 0.0
    gear.max_force = body.moment * 40.0
    space.add(friction, gear)
    return body


def tray_space(tray: TraySpec) -> pymunk.Space:
    """The tray as the roll builds it: a space with its four walls (their inner faces
    are the tray's edges)."""
    space = pymunk.Space()
    space.iterations = SOLVER_ITERATIONS
    space.damping = DAMPING
    r = CUSHION_RADIUS
    w, d = tray.width, tray.depth
    corners = [(-r, -r), (w + r, -r), (w + r, d + r), (-r, d + r)]
    for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
        wall = pymunk.Segment(space.static_body, a, b, r)
        wall.elasticity = WALL_ELASTICITY
        wall.friction = DIE_SURFACE_FRICTION
        space.add(wall)
    return space


def check_origin(tray: TraySpec, origin: Point) -> None:
    x, y = origin
    m = 0.75 * DIE_SIZE
    if not (m <= x <= tray.width - m and m <= y <= tray.depth - m):
        raise PhysicsError(
            f"die origin ({x:g}, {y:g}) is not inside the tray "
            f"({m:g}..{tray.width - m:g}, {m:g}..{tray.depth - m:g})"
        )


def _tip_direction(vx: float, vy: float, angle: float) -> str:
    """The edge a die moving by (vx, vy) tips over, in its own frame."""
    c, s = math.cos(angle), math.sin(angle)
    lx, ly = vx * c + vy * s, -vx * s + vy * c
    if abs(lx) >= abs(ly):
        return "east" if lx > 0 else "west"
    return "north" if ly > 0 else "south"


def _pressed(bodies: Sequence[pymunk.Body]) -> bool:
    """Some die still sinks into another or into a wall by more than `REST_DEPTH`: it
    is still being pushed out (the solver undoes an overlap over several steps, with a
    velocity it does not keep), so it is not at rest yet, though it has stopped."""
    deepest = 0.0

    def look(arbiter: pymunk.Arbiter) -> None:
        nonlocal deepest
        for point in arbiter.contact_point_set.points:
            deepest = max(deepest, -point.distance)

    for body in bodies:
        body.each_arbiter(look)
    return deepest > REST_DEPTH


def roll_die(
    tray: TraySpec,
    throw: DieThrow,
    face: int,
    resting: Sequence[DiePose] = (),
    variety: int = 0,
) -> DiceRoll:
    """Throw a die into `tray` among the dice `resting` there, to rest showing `face`
    (1..6). `variety` picks among the four start orientations that end on `face` (a
    seed: the same roll looks the same every time)."""
    if not isinstance(tray, TraySpec):
        raise PhysicsError(f"tray must be a TraySpec, got {show(tray)}")
    if not isinstance(throw, DieThrow):
        raise PhysicsError(f"throw must be a DieThrow, got {show(throw)}")
    if type(face) is not int or not 1 <= face <= 6:
        raise PhysicsError(f"a die shows 1 to 6, not {show(face)}")
    if type(variety) is not int:
        raise PhysicsError(f"variety must be an int, got {show(variety)}")
    check_origin(tray, throw.origin)
    for i, pose in enumerate(resting):
        if not isinstance(pose, DiePose):
            raise PhysicsError(f"resting die {i} must be a DiePose, got {show(pose)}")
        if not (0.0 <= pose.x <= tray.width and 0.0 <= pose.y <= tray.depth):
            raise PhysicsError(
                f"resting die {i} at ({pose.x:g}, {pose.y:g}) is not in the tray"
                f" (0..{tray.width:g}, 0..{tray.depth:g})"
            )
    space = tray_space(tray)
    speed = min(throw.speed, MAX_DIE_SPEED)
    thrown = die_body(space, throw.origin, throw.angle)
    thrown.velocity = (speed * math.cos(throw.angle), speed * math.sin(throw.angle))
    thrown.angular_velocity = 12.0 * throw.spin
    others = [die_body(space, (p.x, p.y), p.angle) for p in resting]
    bodies = [thrown, *others]
    records = [array("d") for _ in bodies]

    def record() -> None:
        for body, out in zip(bodies, records, strict=True):
            x, y = body.position
            out.extend((x, y, body.angle))

    record()
    tips: list[tuple[int, str]] = []
    travelled = 0.0
    step = 0
    while step < MAX_ROLL_STEPS:
        space.step(DT)
        step += 1
        record()
        vx, vy = thrown.velocity
        moving = math.hypot(vx, vy)
        if moving > TIP_SPEED:
            travelled += moving * DT
            if travelled >= TIP_EVERY:
                travelled -= TIP_EVERY
                tips.append((step, _tip_direction(vx, vy, thrown.angle)))
        if (
            step % 4 == 0
            and all(
                b.velocity.length < REST_SPEED and abs(b.angular_velocity) < REST_SPIN
                for b in bodies
            )
            and not _pressed(bodies)
        ):
            break
    perm = list(range(6))  # where each final slot's face was at the start
    for _, direction in tips:
        p = TIPS[direction]
        perm = [perm[p[i]] for i in range(6)]
    wanted = [o for o in ORIENTATIONS if o[perm[TOP]] == face]
    start = wanted[variety % len(wanted)]
    return DiceRoll(
        paths=tuple(Trajectory(out.tobytes()) for out in records),
        tips=tuple(tips),
        start=start,
        resting=tuple(resting),
        steps=step,
    )
