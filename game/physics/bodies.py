"""The bodies of a run: sphere releases, pooled sphere bodies, kinematic movers, and the
collision types and filters every shape of the engine uses.

A sphere is a solid circle (what it bounces with) and a zero-radius sensor at its centre
(what a magnetic area or an off-table band sees: exactly "the centre is inside"). Shapes
of one sphere slot share a collision type, so a callback knows the slot without looking
at the arbiter.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

import pymunk

from game.physics import fast
from game.physics.geometry import Point, Pose
from game.physics.motion import Motion, pose_at
from game.physics.scene import Scene
from game.physics.tuning import (
    DT,
    GRAVITY,
    ROLLING_MU,
    SPHERE_ELASTICITY,
    SPHERE_FRICTION,
    SPIN_ANGULAR_DECEL,
    SPIN_OMEGA,
)

# --- collision types and filters -----------------------------------------------------

SOLID = 3
EDGE = 4
BALL_BASE = 100  # sphere slot i's solid circle
CENTRE_BASE = 200_000  # sphere slot i's centre point
MAGNET_BASE = 400_000  # target i's magnetic area
TOUCH_BASE = 600_000  # target i's polygon (with Scene.touches)

_CAT_SOLID = 0b000001  # cushions, pieces, standing
_CAT_ZONE = 0b000010  # magnetic areas
_CAT_EDGE = 0b000100  # off-table bands
_CAT_BALL = 0b001000  # spheres' solid circles
_CAT_THROWN = 0b010000  # a thrown sphere's centre point
_CAT_LOOSE = 0b100000  # a loose sphere's centre point
_CAT_TOUCH = 0b1000000  # targets' polygons

F_SOLID = pymunk.ShapeFilter(categories=_CAT_SOLID, mask=_CAT_BALL)
F_ZONE = pymunk.ShapeFilter(categories=_CAT_ZONE, mask=_CAT_THROWN)
F_EDGE = pymunk.ShapeFilter(categories=_CAT_EDGE, mask=_CAT_THROWN | _CAT_LOOSE)
F_TOUCH = pymunk.ShapeFilter(categories=_CAT_TOUCH, mask=_CAT_BALL)
F_BALL = pymunk.ShapeFilter(categories=_CAT_BALL, mask=_CAT_SOLID | _CAT_BALL | _CAT_TOUCH)
F_THROWN = pymunk.ShapeFilter(categories=_CAT_THROWN, mask=_CAT_ZONE | _CAT_EDGE)
F_LOOSE = pymunk.ShapeFilter(categories=_CAT_LOOSE, mask=_CAT_EDGE)


@dataclass(frozen=True, slots=True)
class Release:
    """One sphere's state at the moment the run begins (speed already clamped)."""

    id: Hashable
    origin: Point
    velocity: Point
    angular_velocity: float
    radius: float
    mass: float
    angle: float = 0.0
    thrown: bool = True
    """A thrown sphere may be caught by a magnetic area; a loose one is only pushed."""


class Sphere:
    """A sphere's body and shapes (pooled per slot, radius and mass) and its joints.

    The body and shapes are reused from run to run: every state a step reads is set
    again before each run (Chipmunk's bias velocity, which a body keeps from its last
    step, is cleared by a zero-length position update), and removing them from the
    space drops their contacts. The joints are made fresh every run: they carry
    warm-start impulses.
    """

    __slots__ = (
        "body",
        "captured",
        "carrier",
        "centre",
        "exit_step",
        "friction",
        "gear",
        "handle",
        "held",
        "id",
        "inside",
        "mass",
        "moment",
        "objects",
        "origin",
        "radius",
        "role",
        "slot",
        "solid",
        "thrown",
    )

    def __init__(self, slot: int, radius: float, mass: float) -> None:
        self.slot = slot
        self.radius = radius
        self.mass = mass
        moment = 0.4 * mass * radius * radius  # a solid sphere about its axis
        body = pymunk.Body(mass, moment)
        solid = pymunk.Circle(body, radius)
        solid.elasticity = SPHERE_ELASTICITY
        solid.friction = SPHERE_FRICTION
        solid.collision_type = BALL_BASE + slot
        solid.filter = F_BALL
        centre = pymunk.Circle(body, 0.0)
        centre.sensor = True
        centre.collision_type = CENTRE_BASE + slot
        self.body = body
        self.solid = solid
        self.centre = centre
        self.moment = moment
        self.id: Hashable = None
        self.thrown = False
        self.handle: Any = None
        self.friction: pymunk.PivotJoint | None = None
        self.gear: pymunk.GearJoint | None = None
        self.objects: list[Any] = []
        self.inside: set[int] = set()
        self.captured = -1
        self.carrier: Mover | None = None
        self.exit_step: int | None = None
        self.held = False  # opened and stopped where it opened (`Engine.hold`)
        self.origin: tuple[float, float] = (0.0, 0.0)
        self.role: bool | None = None  # thrown or loose: the centre's filter is set for it

    def reset(self, static: pymunk.Body, release: Release) -> None:
        body = self.body
        rolling = ROLLING_MU * self.mass * GRAVITY
        turning = self.moment * SPIN_ANGULAR_DECEL
        if fast.USE_FAST_ACCESS:
            # the very calls pymunk's setters make, without their Python layers
            c = fast.c_lib()
            h = body._body
            c.cpBodyUpdatePosition(h, 0.0)  # clears the bias velocity left in the body
            c.cpBodySetPosition(h, release.origin)
            c.cpBodySetVelocity(h, release.velocity)
            c.cpBodySetAngle(h, release.angle)
            c.cpBodySetAngularVelocity(h, release.angular_velocity)
            c.cpBodySetForce(h, (0.0, 0.0))
            c.cpBodySetTorque(h, 0.0)
            friction = pymunk.PivotJoint(static, body, (0.0, 0.0), (0.0, 0.0))
            c.cpConstraintSetMaxBias(friction._constraint, 0.0)
            c.cpConstraintSetMaxForce(friction._constraint, rolling)
            gear = pymunk.GearJoint(static, body, 0.0, 1.0)
            c.cpConstraintSetMaxBias(gear._constraint, 0.0)
            c.cpConstraintSetMaxForce(gear._constraint, turning)
        else:
            pymunk.Body.update_position(body, 0.0)  # clears the bias velocity left in it
            body.position = release.origin
            body.velocity = release.velocity
            body.angle = release.angle
            body.angular_velocity = release.angular_velocity
            body.force = (0.0, 0.0)
            body.torque = 0.0
            friction = pymunk.PivotJoint(static, body, (0.0, 0.0), (0.0, 0.0))
            friction.max_bias = 0.0
            friction.max_force = rolling
            gear = pymunk.GearJoint(static, body, 0.0, 1.0)
            gear.max_bias = 0.0
            gear.max_force = turning
        if self.role is not release.thrown:
            self.centre.filter = F_THROWN if release.thrown else F_LOOSE
            self.role = release.thrown
        self.id = release.id
        self.thrown = release.thrown
        self.friction = friction
        self.gear = gear
        self.objects = [body, self.solid, self.centre, friction, gear]
        self.inside = set()
        self.captured = -1
        self.carrier = None
        self.exit_step = None
        self.held = False
        self.origin = release.origin


class Mover:
    """A kinematic body following a Motion, with its shapes."""

    __slots__ = ("base", "body", "motion", "shapes")

    def __init__(self, motion: Motion, base: Pose) -> None:
        self.body = pymunk.Body(body_type=pymunk.Body.KINEMATIC)
        self.motion = motion
        self.base = base
        self.shapes: list[pymunk.Shape] = []

    def sync(self, clock_step: int) -> None:
        """Pose exactly where the clock puts it, and the velocity for the next step."""
        t0 = clock_step * DT
        t1 = (clock_step + 1) * DT
        x0, y0, a0 = pose_at(self.motion, self.base, t0)
        x1, y1, _ = pose_at(self.motion, self.base, t1)
        body = self.body
        body.position = (x0, y0)
        body.angle = a0
        body.velocity = ((x1 - x0) / DT, (y1 - y0) / DT)
        body.angular_velocity = self.motion.turn


def release_of(
    ident: Hashable,
    origin: Point,
    angle: float,
    speed: float,
    spin: float,
    radius: float,
    mass: float,
) -> Release:
    """A thrown sphere's release from a throw's angle, speed (clamped) and spin (-1..1)."""
    return Release(
        ident,
        origin,
        (speed * math.cos(angle), speed * math.sin(angle)),
        spin * SPIN_OMEGA,
        radius,
        mass,
    )


def loose_releases(scene: Scene) -> list[Release]:
    """The loose spheres of `scene`, lying still, as releases (after the thrown ones)."""
    return [
        Release(b.id, b.position, (0.0, 0.0), 0.0, b.radius, b.mass, b.angle, thrown=False)
        for b in scene.loose
    ]


__all__ = [
    "BALL_BASE",
    "CENTRE_BASE",
    "EDGE",
    "MAGNET_BASE",
    "SOLID",
    "TOUCH_BASE",
    "Mover",
    "Release",
    "Sphere",
    "loose_releases",
    "release_of",
]
