"""The engine: one prepared pymunk space per Scene, in which any number of spheres run.

How the work is split so that almost nothing runs in Python per step:

- Friction: a PivotJoint and a GearJoint from every sphere to the static body with
  ``max_bias = 0`` and a force limit (mu*m*g, and I*decel for spin) - Coulomb friction
  in C - plus light ``space.damping``. Nothing writes a body's velocity every step.
- Spin: a spinning sphere is pushed sideways, perpendicular to its velocity. When it is
  the only dynamic body in the space, the push is ``space.gravity`` (a constant force
  on it alone, stepped in C, re-aimed every PUSH_EVERY steps); with several, each
  pushing sphere's force is set before each step (one C call per sphere and step).
  Both give the same doubles: gravity is set to force / mass.
- Geometry events come from C collision callbacks, never from per-step polling: a
  zero-radius sensor at each sphere's centre touches the magnetic areas (exactly
  "centre inside the area") and the off-table bands outside the open edges (exactly
  "centre left the table"); the solid circle reports first contacts with solids and
  other spheres, and (with `Scene.touches`) its overlap of a target's polygon. A
  callback only appends to a list; the step loop (`loop.py`) handles that list between
  steps.
- Moving pieces are kinematic bodies whose pose is a function of simulated time; their
  velocity is set only at the steps where a path turns a corner.

Determinism: the static world is built once, in the Scene's order. For each run,
everything that moves - the kinematic pieces, the spheres (bodies pooled, with every
state a step reads set again, Chipmunk's hidden bias velocity cleared), fresh joints -
is added in a fixed order and removed afterwards. So the same Scene and releases give
the bit-identical result in any process on one machine, whatever ran before (tests
compare cached and fresh spaces, fast and public state access).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

import pymunk

from game.physics import fast
from game.physics.bodies import (
    BALL_BASE,
    CENTRE_BASE,
    EDGE,
    F_EDGE,
    F_SOLID,
    F_TOUCH,
    F_ZONE,
    MAGNET_BASE,
    SOLID,
    TOUCH_BASE,
    Mover,
    Release,
    Sphere,
    loose_releases,
    release_of,
)
from game.physics.geometry import Point
from game.physics.scene import Scene, Solid
from game.physics.tuning import (
    CAPTURE_ANGULAR_DECEL,
    CUSHION_ELASTICITY,
    CUSHION_FRICTION,
    CUSHION_RADIUS,
    DAMPING,
    EDGE_SENSOR_DEPTH,
    MAGNET_ERROR_BIAS,
    MAGNET_PULL_ACCEL,
    MAGNET_PULL_SPEED,
    SOLVER_ITERATIONS,
)

# event kinds appended by the callbacks: (kind, sphere slot, other, ...)
EV_MAGNET_IN = 0
EV_MAGNET_OUT = 1
EV_EXIT = 2
EV_CONTACT = 3
EV_TOUCH_IN = 4
EV_TOUCH_OUT = 5

Event = tuple[Any, ...]
"""(kind, slot, other, ...); contacts add (va_x, va_y, vb_x, vb_y, n_x, n_y, p_x, p_y),
`other` being a solid's index (>= 0) or -1 - another slot."""

Callback = Callable[[pymunk.Arbiter, pymunk.Space, Any], None]

POOL_SIZE = 64


class Engine:
    """A pymunk space holding one Scene's static world, reused run after run.

    ``handlers=False`` builds the same bodies without collision callbacks: the
    benchmark's "raw pymunk" baseline.
    """

    def __init__(self, scene: Scene, *, handlers: bool = True) -> None:
        self.scene = scene
        space = pymunk.Space()
        space.iterations = SOLVER_ITERATIONS
        space.damping = DAMPING
        space.gravity = (0.0, 0.0)
        self.space = space
        static = space.static_body
        self.static = static
        self.events: list[Event] = []
        self.solid_of: dict[pymunk.Shape, int] = {}
        self.movers: list[Mover] = []
        self.target_movers: list[Mover | None] = []
        self.spheres: list[Sphere] = []
        self.start_step = 0
        self._handlers = handlers
        self._slots = 0  # sphere slots with handlers installed
        self._magnet_slots: set[int] = set()
        self._pool: dict[tuple[int, float, float], Sphere] = {}
        self._access: dict[bool, fast.Access] = {}
        self._build(scene)

    # --- the static world and the moving pieces ------------------------------------

    def _build(self, scene: Scene) -> None:
        static = self.static
        w, h = scene.width, scene.height
        shapes: list[pymunk.Shape] = []

        def solid(shape: pymunk.Shape, elasticity: float, friction: float) -> pymunk.Shape:
            shape.elasticity = elasticity
            shape.friction = friction
            shape.collision_type = SOLID
            shape.filter = F_SOLID
            self.solid_of[shape] = len(self.solid_of)
            return shape

        r = CUSHION_RADIUS
        lines = {
            "near": ((-r, -r), (w + r, -r)),
            "right": ((w + r, -r), (w + r, h + r)),
            "far": ((w + r, h + r), (-r, h + r)),
            "left": ((-r, h + r), (-r, -r)),
        }
        for side in ("near", "right", "far", "left"):
            if side in scene.cushions:
                a, b = lines[side]
                segment = pymunk.Segment(static, a, b, r)
                shapes.append(solid(segment, CUSHION_ELASTICITY, CUSHION_FRICTION))
        for piece in scene.pieces:
            self._solid(piece, shapes, solid)
        for i, place in enumerate(scene.targets):
            carrier: Mover | None = None
            target = place.target
            if place.moves:
                assert place.motion is not None
                carrier = Mover(place.motion, (*target.center, target.angle))
                self.movers.append(carrier)
            self.target_movers.append(carrier)
            if target.magnet_radius > 0:
                if carrier is None:
                    zone = pymunk.Circle(static, target.magnet_radius, target.center)
                    shapes.append(zone)
                else:
                    zone = pymunk.Circle(carrier.body, target.magnet_radius)
                    carrier.shapes.append(zone)
                zone.sensor = True
                zone.collision_type = MAGNET_BASE + i
                zone.filter = F_ZONE
        for piece in scene.standing:
            self._solid(piece, shapes, solid)
        d = EDGE_SENSOR_DEPTH
        bands = {
            "near": [(-d, -d), (w + d, -d), (w + d, 0.0), (-d, 0.0)],
            "far": [(-d, h), (w + d, h), (w + d, h + d), (-d, h + d)],
            "left": [(-d, 0.0), (0.0, 0.0), (0.0, h), (-d, h)],
            "right": [(w, 0.0), (w + d, 0.0), (w + d, h), (w, h)],
        }
        for side in ("near", "far", "left", "right"):
            band = pymunk.Poly(static, bands[side])
            band.sensor = True
            band.collision_type = EDGE
            band.filter = F_EDGE
            shapes.append(band)
        if scene.touches:
            for i, place in enumerate(scene.targets):
                carrier = self.target_movers[i]
                if carrier is None:
                    poly = pymunk.Poly(static, list(place.target.corners()))
                    shapes.append(poly)
                else:
                    poly = pymunk.Poly(carrier.body, list(place.target.outline()))
                    carrier.shapes.append(poly)
                poly.sensor = True
                poly.collision_type = TOUCH_BASE + i
                poly.filter = F_TOUCH
        self.space.add(*shapes)

    def _solid(
        self,
        piece: Solid,
        shapes: list[pymunk.Shape],
        solid: Callable[[pymunk.Shape, float, float], pymunk.Shape],
    ) -> None:
        if piece.motion is not None:
            mover = Mover(piece.motion, piece.base)
            self.movers.append(mover)
            holder = mover.body
            out = mover.shapes
        elif piece.on is not None:
            carrier = self.target_movers[piece.on]
            assert carrier is not None
            holder = carrier.body
            out = carrier.shapes
        else:
            holder = self.static
            out = shapes
        shape: pymunk.Shape
        if piece.vertices:
            shape = pymunk.Poly(holder, list(piece.vertices))
        else:
            shape = pymunk.Circle(holder, piece.radius, piece.offset)
        out.append(solid(shape, piece.elasticity, piece.friction))

    # --- callbacks (append only; handled after the step) ----------------------------

    def _install(self, slots: int, thrown: int) -> None:
        """Handlers for sphere slots up to `slots`, magnets for the first `thrown`."""
        if not self._handlers:
            return
        space = self.space
        events = self.events
        for i in range(self._slots, slots):
            gone: Event = (EV_EXIT, i, -1)

            def exit_table(
                arb: pymunk.Arbiter, sp: pymunk.Space, data: Any, e: Event = gone
            ) -> None:
                events.append(e)

            space.on_collision(CENTRE_BASE + i, EDGE, begin=exit_table)
            space.on_collision(BALL_BASE + i, SOLID, begin=self._contact(i, None))
            for j in range(i):
                space.on_collision(BALL_BASE + j, BALL_BASE + i, begin=self._contact(j, i))
        self._slots = max(self._slots, slots)
        for i in range(thrown):
            if i in self._magnet_slots:
                continue
            self._magnet_slots.add(i)
            for c, place in enumerate(self.scene.targets):
                if place.target.magnet_radius > 0:
                    begin, separate = self._pair(EV_MAGNET_IN, EV_MAGNET_OUT, i, c)
                    space.on_collision(
                        CENTRE_BASE + i, MAGNET_BASE + c, begin=begin, separate=separate
                    )
                if self.scene.touches:
                    begin, separate = self._touch(i, c)
                    space.on_collision(
                        BALL_BASE + i, TOUCH_BASE + c, begin=begin, separate=separate
                    )

    def _pair(self, kind_in: int, kind_out: int, i: int, c: int) -> tuple[Callback, Callback]:
        events = self.events
        entered: Event = (kind_in, i, c)
        left: Event = (kind_out, i, c)

        def begin(arb: pymunk.Arbiter, sp: pymunk.Space, data: Any) -> None:
            events.append(entered)

        def separate(arb: pymunk.Arbiter, sp: pymunk.Space, data: Any) -> None:
            # also called when a sphere is removed (the events are cleared then)
            events.append(left)

        return begin, separate

    def _touch(self, i: int, c: int) -> tuple[Callback, Callback]:
        """Sphere slot `i`'s disc begins or stops touching target `c`; a beginning also
        says the sphere's velocity in that step (Chipmunk moves bodies before it looks
        for collisions and changes velocities after: this is the velocity it moved by)."""
        events = self.events
        left: Event = (EV_TOUCH_OUT, i, c)

        def begin(arb: pymunk.Arbiter, sp: pymunk.Space, data: Any) -> None:
            v = arb.bodies[0].velocity
            events.append((EV_TOUCH_IN, i, c, v.x, v.y))

        def separate(arb: pymunk.Arbiter, sp: pymunk.Space, data: Any) -> None:
            events.append(left)  # also when a sphere is removed (cleared then)

        return begin, separate

    def _contact(self, i: int, j: int | None) -> Callback:
        events = self.events
        solid_of = self.solid_of

        def begin(arb: pymunk.Arbiter, sp: pymunk.Space, data: Any) -> None:
            a, b = arb.bodies
            va = a.velocity  # before this step's impulses (Chipmunk's step order)
            vb = b.velocity
            n = arb.normal
            points = arb.contact_point_set.points
            if points:
                pa = points[0].point_a  # the deepest points of either shape: the middle
                pb = points[0].point_b
                px, py = (pa.x + pb.x) / 2, (pa.y + pb.y) / 2
            else:  # pragma: no cover - a begin always has a contact point
                px, py = a.position.x, a.position.y
            other = -1 - j if j is not None else solid_of[arb.shapes[1]]
            events.append((EV_CONTACT, i, other, va.x, va.y, vb.x, vb.y, n.x, n.y, px, py))

        return begin

    # --- one run -------------------------------------------------------------------

    def sphere(self, slot: int, release: Release) -> Sphere:
        key = (slot, release.radius, release.mass)
        sphere = self._pool.get(key)
        if sphere is None:
            sphere = Sphere(slot, release.radius, release.mass)
            if len(self._pool) < POOL_SIZE:
                self._pool[key] = sphere
        sphere.reset(self.static, release)
        return sphere

    def setup(self, releases: Sequence[Release], start_step: int) -> list[Sphere]:
        """Put the moving world in place at clock step `start_step` and add the spheres
        (in `releases` order; their slots are their indices)."""
        assert not self.spheres, "a run is already in this space"
        thrown = 0
        for release in releases:
            if not release.thrown:
                break
            thrown += 1
        self._install(len(releases), thrown)
        space = self.space
        self.start_step = start_step
        self.events.clear()
        for mover in self.movers:
            mover.sync(start_step)
            space.add(mover.body, *mover.shapes)
        spheres = [self.sphere(i, r) for i, r in enumerate(releases)]
        for s in spheres:
            space.add(*s.objects)
        self.spheres = spheres
        return spheres

    def teardown(self) -> None:
        """Take out everything the run added; the space is as built again."""
        space = self.space
        for s in self.spheres:
            if s.body.space is not None:
                space.remove(*s.objects)
            s.objects = []
            s.friction = None
            s.gear = None
        for mover in self.movers:
            if mover.body.space is not None:
                space.remove(mover.body, *mover.shapes)
        self.spheres = []
        space.gravity = (0.0, 0.0)
        self.events.clear()  # separate callbacks fired by the removal

    def access(self) -> fast.Access:
        """How runs read and step this space now (fast or public, per the switch)."""
        access = self._access.get(fast.USE_FAST_ACCESS)
        if access is None:
            access = self._access[fast.USE_FAST_ACCESS] = fast.Access(self.space)
        return access

    def target_centre(self, i: int) -> Point:
        carrier = self.target_movers[i]
        if carrier is None:
            return self.scene.targets[i].target.center
        p = carrier.body.position
        return (p.x, p.y)

    def capture(self, s: Sphere) -> int:
        """A magnet takes sphere `s`: pull it to the nearest centre among the targets
        its centre is inside (a moving target carries it along)."""
        p = s.body.position
        best = min(s.inside, key=lambda i: (math.dist((p.x, p.y), self.target_centre(i)), i))
        space = self.space
        if s.friction is not None:
            space.remove(s.friction)
            s.objects.remove(s.friction)
            s.friction = None
        carrier = self.target_movers[best]
        if carrier is None:
            centre = self.scene.targets[best].target.center
            pull = pymunk.PivotJoint(self.static, s.body, centre, (0.0, 0.0))
        else:
            pull = pymunk.PivotJoint(carrier.body, s.body, (0.0, 0.0), (0.0, 0.0))
        pull.max_bias = MAGNET_PULL_SPEED
        pull.max_force = s.mass * MAGNET_PULL_ACCEL
        pull.error_bias = MAGNET_ERROR_BIAS
        space.add(pull)
        s.objects.append(pull)
        assert s.gear is not None
        s.gear.max_force = s.moment * CAPTURE_ANGULAR_DECEL
        s.captured = best
        s.carrier = carrier
        return best

    def hold(self, s: Sphere, target: int) -> None:
        """Sphere `s` opened on target `target` and stops where it is: held there (a
        moving target carries it), spin and all; no magnet takes it afterwards."""
        space = self.space
        body = s.body
        if s.friction is not None:
            space.remove(s.friction)
            s.objects.remove(s.friction)
            s.friction = None
        for joint in [o for o in s.objects if isinstance(o, pymunk.PivotJoint)]:
            space.remove(joint)  # a magnet's pull
            s.objects.remove(joint)
        body.velocity = (0.0, 0.0)  # once, at the opening: it stops
        body.angular_velocity = 0.0
        carrier = self.target_movers[target]
        p = body.position
        if carrier is None:
            pin = pymunk.PivotJoint(self.static, body, (p.x, p.y), (0.0, 0.0))
        else:
            at = carrier.body.world_to_local(p)
            pin = pymunk.PivotJoint(carrier.body, body, (at.x, at.y), (0.0, 0.0))
        space.add(pin)
        s.objects.append(pin)
        assert s.gear is not None
        s.gear.max_force = math.inf
        s.captured = target
        s.carrier = carrier
        s.held = True


__all__ = [
    "SOLID",
    "Engine",
    "Mover",
    "Release",
    "Sphere",
    "loose_releases",
    "release_of",
]
