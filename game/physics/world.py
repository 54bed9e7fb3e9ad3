"""A prepared pymunk space for one TableSpec, and the loop that resolves one throw in it.

How the work is split so that almost nothing runs in Python per step:

- Friction: a PivotJoint and a GearJoint from the sphere to the static body with
  ``max_bias = 0`` and a force limit (mu*m*g, and I*decel for spin) - Coulomb friction
  in C - plus light ``space.damping``. Nothing writes the body's velocity.
- Spin: a sideways push, perpendicular to the velocity, proportional to the sphere's
  angular velocity (which the gear joint decays). It is applied as ``space.gravity``:
  the thrown sphere is the only dynamic body, so the space's gravity is a constant
  force on it alone, stepped in C; Python re-aims it every PUSH_EVERY steps and after
  a bounce.
- Geometry events come from C collision callbacks, never from per-step polling: a
  zero-radius sensor at the sphere's centre touches the magnetic-area sensors (exactly
  "centre inside the area") and the off-table bands outside the edges (exactly "centre
  left the table"); the solid circle reports first contacts with obstacles and cushions.
  A callback only appends to a list; the step loop tests that list's truth per step.
- Python looks at the sphere only between batches of steps (see ``_run``): the rest
  test, the magnet's speed test, the push. A batch lasts as long as friction and
  damping need, at the very least, to change what the next test would say, so a throw
  costs about ten such looks; inside a magnetic area, close to OPEN_SPEED, it is one
  per step.
- Recording appends (x, y, angle) per step with one C call into a growing C array.

Determinism: the space is built in a fixed order from the TableSpec; per throw the
sphere, its shapes and fresh joints are added in a fixed order and removed afterwards,
and the gravity and event list are reset, so a cached space gives the bit-identical
result of a fresh one (tests check this). Callback order within one step never matters:
the events of one step are handled as a set (contacts sorted by obstacle index).
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Literal

import pymunk

from game.physics.table import CUSHION_ID, CardSpec, Point, TableSpec
from game.physics.tuning import (
    CAPTURE_ANGULAR_DECEL,
    CUSHION_ELASTICITY,
    CUSHION_FRICTION,
    CUSHION_RADIUS,
    DAMPING,
    DT,
    EDGE_SENSOR_DEPTH,
    GRAVITY,
    MAGNET_ERROR_BIAS,
    MAGNET_PULL_ACCEL,
    MAGNET_PULL_SPEED,
    MAX_STEPS,
    OBSTACLE_ELASTICITY,
    OBSTACLE_FRICTION,
    OPEN_SPEED,
    PUSH_EVERY,
    REST_CHECK_EVERY,
    REST_CHECK_MAX,
    REST_SPEED,
    ROLLING_MU,
    SOLVER_ITERATIONS,
    SPHERE_ELASTICITY,
    SPHERE_FRICTION,
    SPIN_ANGULAR_DECEL,
    SPIN_CURVE,
    SPIN_MIN_SPEED,
    SPIN_OMEGA,
)

# --- fast access to the body's state -------------------------------------------------
#
# pymunk's property getters build a Vec2d (~550 ns); its cffi layer returns a plain
# struct (~95 ns). The values are the same doubles either way. If a future pymunk moves
# these internals, the public API is used instead (slower, same results).

try:
    from pymunk._chipmunk_cffi import ffi as _ffi
    from pymunk._chipmunk_cffi import lib as _lib

    _FAST = all(
        hasattr(_lib, name)
        for name in (
            "cpBodyGetVelocity",
            "cpBodyGetAngularVelocity",
            "cpSpaceEachBody",
            "pmSpaceBodyGetIteratorFuncBatched",
        )
    )
except ImportError:  # pragma: no cover - depends on pymunk internals
    _FAST = False

USE_FAST_ACCESS: bool = _FAST
"""Module switch (tests flip it to check both paths give identical results)."""


def _public_velocity(body: pymunk.Body) -> pymunk.Vec2d:
    return body.velocity


def _public_angular_velocity(body: pymunk.Body) -> float:
    return body.angular_velocity


def _public_set_gravity(space: pymunk.Space, gravity: tuple[float, float]) -> None:
    space.gravity = gravity


# --- collision types and filters -----------------------------------------------------

BALL = 1
CENTRE = 2
CUSHION = 3
EDGE = 4
OBSTACLE_BASE = 1_000  # standing Bakugan i has collision type OBSTACLE_BASE + i
MAGNET_BASE = 100_000  # card i's magnetic area has collision type MAGNET_BASE + i

_CAT_SOLID = 0b0001  # obstacles, cushions
_CAT_ZONE = 0b0010  # magnetic areas, off-table bands
_CAT_BALL = 0b0100  # the sphere's solid circle
_CAT_CENTRE = 0b1000  # the sphere's centre point

_F_SOLID = pymunk.ShapeFilter(categories=_CAT_SOLID, mask=_CAT_BALL)
_F_ZONE = pymunk.ShapeFilter(categories=_CAT_ZONE, mask=_CAT_CENTRE)
_F_BALL = pymunk.ShapeFilter(categories=_CAT_BALL, mask=_CAT_SOLID)
_F_CENTRE = pymunk.ShapeFilter(categories=_CAT_CENTRE, mask=_CAT_ZONE)

# event kinds appended by the callbacks
EV_MAGNET_IN = 0
EV_MAGNET_OUT = 1
EV_EXIT = 2
EV_CONTACT = 3

CUSHION_INDEX = -1
"""Contact index of a cushion (obstacles use their index in TableSpec.standing)."""

Event = tuple[int, int, float, float, float, float, float, float]
"""(kind, index, vx_before, vy_before, normal_x, normal_y, point_x, point_y)."""

Callback = Callable[[pymunk.Arbiter, pymunk.Space, Any], None]
Recorder = Callable[[Any, Any, Any], None]
RecorderSet = tuple[Recorder, Any, Any, Any, Callable[[], bytes]]
"""(fn, a, b, c, take): fn(a, b, c) records one sample; take() returns them all."""


@dataclass(frozen=True, slots=True)
class RawContact:
    step: int
    index: int
    impulse: float
    position: Point


@dataclass(frozen=True, slots=True)
class RawOutcome:
    """What the loop found, before it is dressed as a ThrowResult."""

    steps: int
    rested: bool
    exited: bool
    captured: int  # card index, or -1
    position: Point
    contacts: tuple[RawContact, ...]
    trajectory: bytes


@dataclass(frozen=True, slots=True)
class BallSpec:
    """The thrown sphere's initial state (speed already clamped)."""

    origin: Point
    velocity: Point
    angular_velocity: float
    radius: float
    mass: float


class _Ball:
    """The sphere's body and shapes (pooled per radius and mass) and its joints.

    The body and shapes are reused from throw to throw: every state a step reads is set
    again before each throw, and removing them from the space drops their contacts.
    The joints are made fresh every throw, since they carry warm-start impulses.
    """

    __slots__ = ("body", "centre", "friction", "gear", "moment", "objects", "solid")

    def __init__(self, spec: BallSpec) -> None:
        mass = spec.mass
        moment = 0.4 * mass * spec.radius * spec.radius  # solid sphere about its axis
        body = pymunk.Body(mass, moment)
        solid = pymunk.Circle(body, spec.radius)
        solid.elasticity = SPHERE_ELASTICITY
        solid.friction = SPHERE_FRICTION
        solid.collision_type = BALL
        solid.filter = _F_BALL
        centre = pymunk.Circle(body, 0.0)
        centre.sensor = True
        centre.collision_type = CENTRE
        centre.filter = _F_CENTRE
        self.body = body
        self.solid = solid
        self.centre = centre
        self.moment = moment
        self.friction: pymunk.PivotJoint | None = None
        self.gear: pymunk.GearJoint | None = None
        self.objects: list[Any] = []

    def reset(self, static: pymunk.Body, spec: BallSpec) -> None:
        body = self.body
        body.position = spec.origin
        body.velocity = spec.velocity
        body.angle = 0.0
        body.angular_velocity = spec.angular_velocity
        body.force = (0.0, 0.0)
        body.torque = 0.0
        friction = pymunk.PivotJoint(static, body, (0.0, 0.0), (0.0, 0.0))
        friction.max_bias = 0.0
        friction.max_force = ROLLING_MU * spec.mass * GRAVITY
        gear = pymunk.GearJoint(static, body, 0.0, 1.0)
        gear.max_bias = 0.0
        gear.max_force = self.moment * SPIN_ANGULAR_DECEL
        self.friction = friction
        self.gear = gear
        self.objects = [body, self.solid, self.centre, friction, gear]


class PreparedTable:
    """A pymunk space holding one table's static world, reused throw after throw.

    ``handlers=False`` builds the same bodies without collision callbacks: the
    benchmark's "raw pymunk" baseline.
    """

    def __init__(self, table: TableSpec, *, handlers: bool = True) -> None:
        self.table = table
        space = pymunk.Space()
        space.iterations = SOLVER_ITERATIONS
        space.damping = DAMPING
        space.gravity = (0.0, 0.0)
        self.space = space
        static = space.static_body
        self.static = static
        self.events: list[Event] = []
        self.cards: tuple[CardSpec, ...] = table.cards
        self.ball: _Ball | None = None
        self._pool: dict[tuple[float, float], _Ball] = {}
        self.buffer: Any = None
        self._fast_rec: RecorderSet | Literal[False] | None = None

        w, h = table.width, table.height
        shapes: list[pymunk.Shape] = []
        if table.cushions:
            r = CUSHION_RADIUS
            lines = [
                ((-r, -r), (w + r, -r)),
                ((w + r, -r), (w + r, h + r)),
                ((w + r, h + r), (-r, h + r)),
                ((-r, h + r), (-r, -r)),
            ]
            for a, b in lines:
                seg = pymunk.Segment(static, a, b, r)
                seg.elasticity = CUSHION_ELASTICITY
                seg.friction = CUSHION_FRICTION
                seg.collision_type = CUSHION
                seg.filter = _F_SOLID
                shapes.append(seg)
        for i, obstacle in enumerate(table.standing):
            circle = pymunk.Circle(static, obstacle.radius, obstacle.position)
            circle.elasticity = OBSTACLE_ELASTICITY
            circle.friction = OBSTACLE_FRICTION
            circle.collision_type = OBSTACLE_BASE + i
            circle.filter = _F_SOLID
            shapes.append(circle)
        for i, card in enumerate(table.cards):
            if card.magnet_radius <= 0:
                continue
            zone = pymunk.Circle(static, card.magnet_radius, card.center)
            zone.sensor = True
            zone.collision_type = MAGNET_BASE + i
            zone.filter = _F_ZONE
            shapes.append(zone)
        d = EDGE_SENSOR_DEPTH
        bands = [
            [(-d, -d), (w + d, -d), (w + d, 0.0), (-d, 0.0)],  # below y = 0
            [(-d, h), (w + d, h), (w + d, h + d), (-d, h + d)],  # beyond y = height
            [(-d, 0.0), (0.0, 0.0), (0.0, h), (-d, h)],  # left of x = 0
            [(w, 0.0), (w + d, 0.0), (w + d, h), (w, h)],  # right of x = width
        ]
        for verts in bands:
            band = pymunk.Poly(static, verts)
            band.sensor = True
            band.collision_type = EDGE
            band.filter = _F_ZONE
            shapes.append(band)
        space.add(*shapes)
        if handlers:
            self._install_handlers()

    # --- callbacks (append only; handled after the step) ------------------------------

    def _install_handlers(self) -> None:
        # One collision type per card and per obstacle, so a callback knows its index
        # without looking at the arbiter's shapes.
        events = self.events
        space = self.space

        def exit_table(arbiter: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
            events.append((EV_EXIT, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0))

        space.on_collision(CENTRE, EDGE, begin=exit_table)
        space.on_collision(BALL, CUSHION, begin=self._contact_callback(CUSHION_INDEX))
        for i in range(len(self.table.standing)):
            space.on_collision(BALL, OBSTACLE_BASE + i, begin=self._contact_callback(i))
        for i, card in enumerate(self.cards):
            if card.magnet_radius > 0:
                begin, separate = self._magnet_callbacks(i)
                space.on_collision(CENTRE, MAGNET_BASE + i, begin=begin, separate=separate)

    def _magnet_callbacks(self, i: int) -> tuple[Callback, Callback]:
        events = self.events
        entered: Event = (EV_MAGNET_IN, i, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)
        left: Event = (EV_MAGNET_OUT, i, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0)

        def begin(arbiter: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
            events.append(entered)

        def separate(arbiter: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
            # also called when the sphere is removed (the events are cleared then)
            events.append(left)

        return begin, separate

    def _contact_callback(self, i: int) -> Callback:
        events = self.events

        def begin(arbiter: pymunk.Arbiter, space: pymunk.Space, data: Any) -> None:
            body = arbiter.bodies[0]
            v = body.velocity  # before this step's impulses (Chipmunk's step order)
            n = arbiter.normal
            point = arbiter.contact_point_set.points[0]
            a = point.point_a  # the deepest points of either shape: report the middle
            b = point.point_b
            events.append((EV_CONTACT, i, v.x, v.y, n.x, n.y, (a.x + b.x) / 2, (a.y + b.y) / 2))

        return begin

    # --- the sphere --------------------------------------------------------------------

    def add_ball(self, spec: BallSpec) -> _Ball:
        assert self.ball is None, "a throw is already in this space"
        key = (spec.radius, spec.mass)
        ball = self._pool.get(key)
        if ball is None:
            ball = _Ball(spec)
            if len(self._pool) < 16:
                self._pool[key] = ball
        ball.reset(self.static, spec)
        self.space.add(*ball.objects)
        self.ball = ball
        return ball

    def remove_ball(self) -> None:
        ball = self.ball
        if ball is None:
            return
        self.ball = None
        self.space.remove(*ball.objects)
        ball.objects = []
        ball.friction = None
        ball.gear = None
        self.space.gravity = (0.0, 0.0)
        self.events.clear()  # separate callbacks fired by the removal

    def _recorder(self, ball: _Ball) -> RecorderSet:
        """(fn, a, b, c, take): ``fn(a, b, c)`` records the sphere's (x, y, angle);
        ``take()`` returns every sample so far as bytes of native doubles.

        Fast path: one C call per sample appends (x, y, angle) of every body in the
        space - the sphere, then pymunk's static body - to a growing C array; take()
        keeps the sphere's triples. Sample 0 checks that layout, else the public API
        is used.
        """
        if USE_FAST_ACCESS:
            fast = self._fast_recorder(ball)
            if fast is not None:
                return fast
        samples = array("d")
        extend = samples.extend

        def record_public(body: pymunk.Body, b: Any, c: Any) -> None:
            p = body.position
            extend((p.x, p.y, body.angle))

        return record_public, ball.body, None, None, samples.tobytes

    def _fast_recorder(self, ball: _Ball) -> RecorderSet | None:
        if self._fast_rec is None:
            self._fast_rec = self._make_fast_recorder(ball) or False
        if self._fast_rec is False:
            return None
        self.buffer.clear()
        return self._fast_rec

    def _make_fast_recorder(self, ball: _Ball) -> RecorderSet | None:
        """Set up the batch buffer once per space and find the sphere's triple in it."""
        import pymunk.batch as batch

        buf = batch.Buffer()
        self.buffer = buf
        data = _ffi.new("pmBatchedData *")
        data.fields = (batch.BodyFields.POSITION | batch.BodyFields.ANGLE).value
        data.floatArray = buf._float_arr
        data.intArray = buf._int_arr
        each = _lib.cpSpaceEachBody
        handle = self.space._space
        func = _ffi.addressof(_lib, "pmSpaceBodyGetIteratorFuncBatched")

        # Probe the layout: which triple is the sphere's? (It is the only dynamic body;
        # the space's bodies do not change between throws, so neither does the layout.)
        each(handle, func, data)
        probe = array("d", bytes(buf.float_buf()))
        buf.clear()
        p = ball.body.position
        mine = [
            i
            for i in range(0, len(probe), 3)
            if probe[i : i + 3].tolist() == [p.x, p.y, ball.body.angle]
        ]
        if len(probe) % 3 or len(mine) != 1:
            return None
        stride = len(probe)
        offset = mine[0]

        def take() -> bytes:
            raw = array("d", bytes(buf.float_buf()))
            buf.clear()
            if stride == 3:
                return raw.tobytes()
            n = len(raw) // stride
            out = array("d", bytes(24 * n))
            out[0::3] = raw[offset::stride]
            out[1::3] = raw[offset + 1 :: stride]
            out[2::3] = raw[offset + 2 :: stride]
            return out.tobytes()

        return each, handle, func, data, take

    # --- the loop ----------------------------------------------------------------------

    def run(self, spec: BallSpec, record: bool) -> RawOutcome:
        """Simulate one throw to rest (or exit, or the time cap) and report what happened."""
        ball = self.add_ball(spec)
        try:
            return self._run(ball, record)
        finally:
            self.remove_ball()

    def _run(self, ball: _Ball, record: bool) -> RawOutcome:
        """The step loop.

        It alternates a batch of steps, run back to back in pymunk (a batch ends early
        when a callback reported an event), with an evaluation in Python: read the
        speed and spin, capture / rest tests, refresh the spin's push, and choose the
        next batch's length. A batch is never longer than the time in which the
        outcome of a test could change: while the centre is inside a magnetic area,
        the time friction and damping need to bring the speed down to OPEN_SPEED;
        otherwise half the time they need to stop the sphere (see tuning).
        """
        space = self.space
        step = space.step
        events = self.events
        events.clear()
        body = ball.body
        mass = body.mass
        if USE_FAST_ACCESS:
            get_v: Callable[[Any], Any] = _lib.cpBodyGetVelocity
            get_w: Callable[[Any], float] = _lib.cpBodyGetAngularVelocity
            set_g: Callable[[Any, tuple[float, float]], None] = _lib.cpSpaceSetGravity
            handle: Any = body._body
            space_handle: Any = space._space
        else:
            get_v = _public_velocity
            get_w = _public_angular_velocity
            set_g = _public_set_gravity
            handle = body
            space_handle = space
        rec: Recorder | None = None
        rec_a: Any = None
        rec_b: Any = None
        rec_c: Any = None
        take: Callable[[], bytes] | None = None
        if record:
            rec, rec_a, rec_b, rec_c, take = self._recorder(ball)
            rec(rec_a, rec_b, rec_c)  # sample 0: the initial state

        dt = DT
        max_steps = MAX_STEPS
        open_speed = OPEN_SPEED
        open2 = OPEN_SPEED * OPEN_SPEED
        rest2 = REST_SPEED * REST_SPEED
        spin_min2 = SPIN_MIN_SPEED * SPIN_MIN_SPEED
        lin_decel = ROLLING_MU * GRAVITY
        spin_cap = SPIN_OMEGA
        drag = -math.log(DAMPING)  # 1/s
        inside: set[int] = set()
        contacts: list[RawContact] = []
        captured = -1
        exited = False
        rested = False
        pushing = False  # space.gravity holds the spin's sideways push
        next_push = 0  # step at which the push's direction is refreshed next
        n = 0

        while True:
            # --- evaluate the state after step n ---
            v = get_v(handle)
            vx = v.x
            vy = v.y
            w = get_w(handle)
            s2 = vx * vx + vy * vy
            if captured < 0 and inside and s2 < open2:
                captured = self._capture(ball, inside)
                pushing = False
            elif s2 < rest2:
                # Friction holds a stopped sphere (the push is weaker than it and is off
                # below SPIN_MIN_SPEED anyway): the position is final. A spin left over
                # only turns the sphere in place, so it does not keep the throw going.
                rested = True
                break
            if n >= max_steps:
                break
            if captured >= 0:
                gap = REST_CHECK_EVERY
            else:
                if n >= next_push:
                    if w != 0.0 and s2 > spin_min2:
                        # at most the push of a full-spin throw (a bounce may spin faster)
                        wc = w if w < spin_cap else spin_cap
                        if wc < -spin_cap:
                            wc = -spin_cap
                        k = SPIN_CURVE * wc / math.sqrt(s2)
                        set_g(space_handle, (-vy * k, vx * k))
                        pushing = True
                    elif pushing:
                        set_g(space_handle, (0.0, 0.0))
                        pushing = False
                    next_push = n + PUSH_EVERY
                s = math.sqrt(s2)
                gap = int(0.5 * s / (lin_decel + drag * s) / dt)
                if gap < REST_CHECK_EVERY:
                    gap = REST_CHECK_EVERY
                elif gap > REST_CHECK_MAX:
                    gap = REST_CHECK_MAX
                if pushing and n + gap > next_push:
                    gap = next_push - n
                if inside:
                    # the speed cannot fall to OPEN_SPEED sooner than this
                    # (0.8: margin for friction against a cushion or obstacle touched
                    # before this batch; new contacts end a batch anyway)
                    until_open = int(0.8 * (s - open_speed) / (lin_decel + drag * s) / dt)
                    if until_open < gap:
                        gap = until_open if until_open > 1 else 1

            # --- run up to `gap` steps; a callback's event ends the batch ---
            end = n + gap
            if end > max_steps:
                end = max_steps
            first = n + 1
            if rec is None:
                for n in range(first, end + 1):  # noqa: B007 - n is read after the loop
                    step(dt)
                    if events:
                        break
            else:
                for n in range(first, end + 1):  # noqa: B007
                    step(dt)
                    rec(rec_a, rec_b, rec_c)
                    if events:
                        break
            if events:
                if self._handle(events, inside, contacts, n, get_v, handle, mass):
                    exited = True
                    break
                next_push = n  # a bounce turns the velocity: re-aim the push now

        p = body.position
        return RawOutcome(
            steps=n,
            rested=rested,
            exited=exited,
            captured=captured,
            position=(p.x, p.y),
            contacts=tuple(contacts),
            trajectory=take() if take is not None else b"",
        )

    def _handle(
        self,
        events: list[Event],
        inside: set[int],
        contacts: list[RawContact],
        n: int,
        get_v: Callable[[Any], Any],
        handle: Any,
        mass: float,
    ) -> bool:
        """Apply one step's events; returns True if the centre left the table."""
        exited = False
        fresh: list[RawContact] = []
        v_after: Any = None
        for kind, idx, vx, vy, nx, ny, px, py in events:
            if kind == EV_MAGNET_IN:
                inside.add(idx)
            elif kind == EV_MAGNET_OUT:
                inside.discard(idx)
            elif kind == EV_EXIT:
                exited = True
            else:
                if v_after is None:
                    v_after = get_v(handle)
                dvn = (v_after.x - vx) * nx + (v_after.y - vy) * ny
                fresh.append(RawContact(n, idx, mass * abs(dvn), (px, py)))
        events.clear()
        if fresh:
            fresh.sort(key=lambda c: c.index)
            contacts.extend(fresh)
        return exited

    def _capture(self, ball: _Ball, inside: set[int]) -> int:
        """The magnet takes the sphere: pull it to the nearest inside card's centre."""
        p = ball.body.position
        cards = self.cards
        best = min(inside, key=lambda i: (math.dist((p.x, p.y), cards[i].center), i))
        centre = cards[best].center
        space = self.space
        assert ball.friction is not None and ball.gear is not None
        space.remove(ball.friction)
        ball.objects.remove(ball.friction)
        ball.friction = None
        pull = pymunk.PivotJoint(self.static, ball.body, centre, (0.0, 0.0))
        pull.max_bias = MAGNET_PULL_SPEED
        pull.max_force = ball.body.mass * MAGNET_PULL_ACCEL
        pull.error_bias = MAGNET_ERROR_BIAS
        space.add(pull)
        ball.objects.append(pull)
        ball.gear.max_force = ball.moment * CAPTURE_ANGULAR_DECEL
        space.gravity = (0.0, 0.0)
        return best


def contact_other(table: TableSpec, index: int) -> Hashable:
    """The id a RawContact's index stands for."""
    return CUSHION_ID if index == CUSHION_INDEX else table.standing[index].id


def ball_spec(
    origin: Point, angle: float, speed: float, spin: float, radius: float, mass: float
) -> BallSpec:
    return BallSpec(
        origin=origin,
        velocity=(speed * math.cos(angle), speed * math.sin(angle)),
        angular_velocity=spin * SPIN_OMEGA,
        radius=radius,
        mass=mass,
    )
