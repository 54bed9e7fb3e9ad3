"""The step loop: release spheres in an Engine's space and step until everything rests.

The loop alternates a batch of steps, run back to back in pymunk (a batch ends early
when a callback reported an event), with a look from Python: read every sphere's speed
and spin, the capture and rest tests, refresh the spin's push, and choose the next
batch's length. A batch is never longer than the time in which the outcome of a test
could change: while a free sphere's centre is inside a magnetic area, the time friction
and damping need to bring its speed down to OPEN_SPEED; otherwise half the time they
need to stop the fastest sphere (see tuning). In the benchmark a throw needs about ten
looks, not one every REST_CHECK_EVERY steps.

- A sphere slower than OPEN_SPEED with its centre inside a magnetic area is caught (it
  is pulled to the centre and goes on being tested until it rests there).
- A sphere below REST_SPEED is at rest: friction holds it (the spin's push is weaker
  than friction and off below SPIN_MIN_SPEED), so its position is final. The run ends
  when every sphere on the table rests, or at MAX_STEPS (judged where they lie).
- A sphere whose centre leaves the table is taken out at once; the others go on.
- With a watch (a judge that stops a sphere where it opens: `touch.TouchJudge`), each
  step's touches are shown to it; a thrown sphere that opens is held there at once
  (`Engine.hold`) and the others go on.
- A speed above MAX_SPEED after any contact (a bumper or a moving piece can add some)
  is clamped back, so the no-tunnelling argument of `tuning.MAX_SPEED` still holds.

The events of one step are handled as a set (contacts sorted by sphere, then what they
touched), so callback order within a step never matters.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from game.physics import fast
from game.physics.engine import (
    EV_CONTACT,
    EV_EXIT,
    EV_MAGNET_IN,
    EV_MAGNET_OUT,
    EV_TOUCH_IN,
    Engine,
    Event,
    Mover,
    Release,
    Sphere,
)
from game.physics.outcome import Run, RunContact, SphereRun, Touch
from game.physics.scene import Scene
from game.physics.tuning import (
    DAMPING,
    DT,
    GRAVITY,
    MAX_SPEED,
    MAX_STEPS,
    OPEN_SPEED,
    PUSH_EVERY,
    REST_CHECK_EVERY,
    REST_CHECK_MAX,
    REST_SPEED,
    ROLLING_MU,
    SPIN_CURVE,
    SPIN_MIN_SPEED,
    SPIN_OMEGA,
)

if TYPE_CHECKING:
    from game.physics.touch import Moment

Push = tuple[Any, tuple[float, float], Sphere]
"""(body handle, force, sphere) of one pushing sphere."""


def _unpush(
    s: Sphere,
    alone: bool,
    pushing: bool,
    pushes: list[Push],
    set_gravity: Callable[[tuple[float, float]], None],
) -> tuple[bool, list[Push]]:
    """Stop pushing sphere `s` (captured, or opened): alone, the gravity that held its
    push is cleared; among several, its push is dropped. The new (pushing, pushes)."""
    if alone:
        if pushing:
            set_gravity((0.0, 0.0))
        return False, pushes
    return pushing, [p for p in pushes if p[2] is not s]


@runtime_checkable
class Watch(Protocol):
    """A judge that stops a sphere when it opens (`touch.TouchJudge`): asked, at each
    step in which a thrown sphere's disc began to touch a target, what that did."""

    def moment(
        self,
        scene: Scene,
        start_step: int,
        spheres: Sequence[Sphere],
        sphere: int,
        began: Sequence[Touch],
        touching: set[int],
    ) -> Moment | None: ...


def run(
    engine: Engine,
    releases: Sequence[Release],
    start_step: int,
    record: bool,
    watch: Watch | None = None,
) -> Run:
    """Release `releases` (thrown ones first, then the loose) at clock step
    `start_step` and step until everything rests or MAX_STEPS run out; `watch` stops a
    thrown sphere where it opens."""
    spheres = engine.setup(releases, start_step)
    try:
        return steps(engine, spheres, record, watch)
    finally:
        engine.teardown()


def steps(engine: Engine, spheres: list[Sphere], record: bool, watch: Watch | None = None) -> Run:
    """The loop (see the module's docstring)."""
    space = engine.space
    events = engine.events
    access = engine.access()
    get_v = access.velocity
    get_w = access.spin
    set_force = access.force
    set_gravity = access.gravity
    for s in spheres:
        s.handle = access.handle(s.body)
    step = access.step
    space_step = space.step
    # The only dynamic body in the space: its push is space.gravity (force / mass).
    alone = len(spheres) == 1
    tracks = fast.Tracks(space, [s.body for s in spheres]) if record else None
    sample = tracks.sample if tracks is not None else None
    if sample is not None:
        sample()  # sample 0: the initial state

    max_steps = MAX_STEPS
    start = engine.start_step
    syncs: list[tuple[int, Mover]] = []
    for mover in engine.movers:
        for k in mover.motion.sync_steps(start + 1, start + max_steps):
            syncs.append((k - start, mover))
    syncs.sort(key=lambda item: item[0])
    sync_at = 0

    dt = DT
    open_speed = OPEN_SPEED
    open2 = OPEN_SPEED * OPEN_SPEED
    rest2 = REST_SPEED * REST_SPEED
    spin_min2 = SPIN_MIN_SPEED * SPIN_MIN_SPEED
    spin_cap = SPIN_OMEGA
    lin_decel = ROLLING_MU * GRAVITY
    drag = -math.log(DAMPING)  # 1/s
    active: list[Sphere] = list(spheres)
    contacts: list[RunContact] = []
    touches: list[Touch] = []
    pushes: list[Push] = []  # several dynamic bodies: forces set before every step
    pushing = False  # alone: space.gravity holds the push
    next_push = 0  # step at which the pushes are re-aimed next
    rested = False
    n = 0
    touching: list[set[int]] = [set() for _ in spheres]  # (watched runs) by slot
    opened: set[int] = set()

    while True:
        # --- look at the state after step n ---
        moving: list[tuple[Sphere, float, float, float]] = []
        fastest = 0.0
        free = False  # a moving sphere that no magnet holds
        for s in active:
            v = get_v(s.handle)
            vx = v.x
            vy = v.y
            carrier = s.carrier
            if carrier is not None:  # held by a moving target: its speed on the target
                cv = carrier.body.velocity
                vx -= cv.x
                vy -= cv.y
            s2 = vx * vx + vy * vy
            if s.captured < 0 and s.inside and s2 < open2:
                engine.capture(s)
                pushing, pushes = _unpush(s, alone, pushing, pushes, set_gravity)
            elif s2 < rest2:
                continue
            elif s.captured < 0:
                free = True
            moving.append((s, vx, vy, s2))
            if s2 > fastest:
                fastest = s2
        if not moving:
            rested = True
            break
        if n >= max_steps:
            break
        if n >= next_push:
            fresh: list[Push] = []
            for s, vx, vy, s2 in moving:
                if s.captured >= 0:
                    continue
                w = get_w(s.handle)
                if w != 0.0 and s2 > spin_min2:
                    # at most the push of a full-spin throw (a bounce may spin faster)
                    wc = w if w < spin_cap else spin_cap
                    if wc < -spin_cap:
                        wc = -spin_cap
                    push = SPIN_CURVE * wc / math.sqrt(s2) * s.mass
                    fresh.append((s.handle, (-vy * push, vx * push), s))
            if alone:
                if fresh:
                    fx, fy = fresh[0][1]
                    inverse = 1.0 / fresh[0][2].mass  # what Chipmunk multiplies a force by
                    set_gravity((fx * inverse, fy * inverse))
                    pushing = True
                elif pushing:
                    set_gravity((0.0, 0.0))
                    pushing = False
            else:
                pushes = fresh
            next_push = n + PUSH_EVERY
        if not free:
            gap = REST_CHECK_EVERY
        else:
            speed = math.sqrt(fastest)
            gap = int(0.5 * speed / (lin_decel + drag * speed) / dt)
            if gap < REST_CHECK_EVERY:
                gap = REST_CHECK_EVERY
            elif gap > REST_CHECK_MAX:
                gap = REST_CHECK_MAX
            if (pushing or pushes) and n + gap > next_push:
                gap = next_push - n if next_push - n > 1 else 1
            for s, _, _, s2 in moving:
                if s.inside and s.captured < 0:
                    # the speed cannot fall to OPEN_SPEED sooner than this
                    # (0.8: margin for friction against something touched before this
                    # batch; new contacts end a batch anyway)
                    sp = math.sqrt(s2)
                    until_open = int(0.8 * (sp - open_speed) / (lin_decel + drag * sp) / dt)
                    if until_open < gap:
                        gap = until_open if until_open > 1 else 1

        # --- run up to `gap` steps; a callback's event ends the batch ---
        end = n + gap
        if end > max_steps:
            end = max_steps
        if sync_at < len(syncs) and syncs[sync_at][0] < end:
            end = max(syncs[sync_at][0], n + 1)
        first = n + 1
        if first == 1:
            # The run's first step goes through Space.step (its checks of the bodies
            # just added); the others call Chipmunk's step directly.
            for h, f, _ in pushes:
                set_force(h, f)
            space_step(dt)
            n = 1
            if sample is not None:
                sample()
            first = end + 1 if events else 2
        if pushes:
            for n in range(first, end + 1):  # noqa: B007 - n is read after the loop
                for h, f, _ in pushes:
                    set_force(h, f)
                step(dt)
                if sample is not None:
                    sample()
                if events:
                    break
        elif sample is None:
            for n in range(first, end + 1):  # noqa: B007
                step(dt)
                if events:
                    break
        else:
            for n in range(first, end + 1):  # noqa: B007
                step(dt)
                sample()
                if events:
                    break
        while sync_at < len(syncs) and syncs[sync_at][0] <= n:
            k, mover = syncs[sync_at]
            if k == n:
                mover.sync(start + n)
            sync_at += 1
        if events:
            seen = len(touches)
            gone = _handle(engine, spheres, events, contacts, touches, n, get_v)
            if watch is not None and len(touches) > seen:
                for s in _opening(engine, watch, spheres, touches[seen:], touching, opened):
                    pushing, pushes = _unpush(s, alone, pushing, pushes, set_gravity)
            for s in gone:
                s.exit_step = n
                s.inside.clear()
                if tracks is not None:
                    tracks.drop(s.body)
                space.remove(*s.objects)
                events.clear()  # separate callbacks fired by the removal
                active.remove(s)
                if tracks is not None:
                    tracks.removed()
            if gone:
                pushes = [p for p in pushes if p[2] in active]
            next_push = n  # a bounce turns the velocity: re-aim the push now

    taken = tracks.take() if tracks is not None else {}
    out = []
    for s in spheres:
        p = s.body.position
        out.append(
            SphereRun(
                id=s.id,
                thrown=s.thrown,
                radius=s.radius,
                mass=s.mass,
                position=(p.x, p.y),
                angle=s.body.angle,
                exit_step=s.exit_step,
                captured=s.captured,
                track=taken.get(s.body.id, b""),
                origin=s.origin,
            )
        )
    return Run(
        scene=engine.scene,
        start_step=start,
        steps=n,
        rested=rested,
        spheres=tuple(out),
        contacts=tuple(contacts),
        touches=tuple(touches),
    )


def _opening(
    engine: Engine,
    watch: Watch,
    spheres: list[Sphere],
    fresh: Sequence[Touch],
    touching: list[set[int]],
    opened: set[int],
) -> list[Sphere]:
    """One step's touches shown to the watch: the thrown spheres that open now are held
    where they are (returned)."""
    began: dict[int, list[Touch]] = {}
    for t in fresh:
        if t.began:
            touching[t.sphere].add(t.target)
            began.setdefault(t.sphere, []).append(t)
        else:
            touching[t.sphere].discard(t.target)
    held: list[Sphere] = []
    for slot in sorted(began):
        s = spheres[slot]
        if slot in opened or not s.thrown or s.exit_step is not None:
            continue
        moment = watch.moment(
            engine.scene, engine.start_step, spheres, slot, began[slot], touching[slot]
        )
        if moment is not None and moment.opened:
            opened.add(slot)
            engine.hold(s, moment.cores[0])
            held.append(s)
    return held


def _handle(
    engine: Engine,
    spheres: list[Sphere],
    events: list[Event],
    contacts: list[RunContact],
    touches: list[Touch],
    n: int,
    get_v: Any,
) -> list[Sphere]:
    """Apply one step's events; returns the spheres whose centre left the table."""
    gone: list[Sphere] = []
    fresh: list[Event] = []
    where: tuple[tuple[float, float], ...] | None = None  # every centre, read once
    for event in events:
        kind = event[0]
        if kind == EV_MAGNET_IN:
            spheres[event[1]].inside.add(event[2])
        elif kind == EV_MAGNET_OUT:
            spheres[event[1]].inside.discard(event[2])
        elif kind == EV_EXIT:
            s = spheres[event[1]]
            if s.exit_step is None and s not in gone:
                gone.append(s)
        elif kind == EV_CONTACT:
            fresh.append(event)
        elif kind == EV_TOUCH_IN:
            if where is None:
                where = tuple((p.x, p.y) for p in (s.body.position for s in spheres))
            motion = (event[3] * DT, event[4] * DT)
            touches.append(Touch(n, event[1], event[2], True, where, motion))
        else:
            touches.append(Touch(n, event[1], event[2], False))
    events.clear()
    if fresh:
        # by sphere, then solids (by index) before spheres (by slot)
        fresh.sort(key=lambda e: (e[1], e[2] < 0, e[2] if e[2] >= 0 else -e[2]))
        after: dict[int, Any] = {}
        touched: set[int] = set()
        for _, i, other, vax, vay, vbx, vby, nx, ny, px, py in fresh:
            s = spheres[i]
            v = after.get(i)
            if v is None:
                v = after[i] = get_v(s.handle)
            dvn = (v.x - vax) * nx + (v.y - vay) * ny
            closing = abs((vax - vbx) * nx + (vay - vby) * ny)
            if other >= 0:
                contact = RunContact(n, i, other, None, closing, s.mass * abs(dvn), (px, py))
            else:
                j = -1 - other
                contact = RunContact(n, i, None, j, closing, s.mass * abs(dvn), (px, py))
                touched.add(j)
            contacts.append(contact)
            touched.add(i)
        for i in sorted(touched):
            body = spheres[i].body
            v = body.velocity
            sp = math.hypot(v.x, v.y)
            if sp > MAX_SPEED:
                k = MAX_SPEED / sp
                body.velocity = (v.x * k, v.y * k)
    gone.sort(key=lambda s: s.slot)
    return gone


__all__ = ["run", "steps"]
