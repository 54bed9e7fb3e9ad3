"""Battle Planet's judge: by contact with a target, not by where a sphere rests.

The rule (research, Roll Step): a Bakugan counts as opened only if it touches a
BakuCore without touching an obstruction - another Bakugan, a card, anything other than
the rolling area and the Hidden Matrix; two that open on one core both get its bonus.
The toy opens where its magnet meets the metal core and stays on it (seed 003:
«БакуСекторы это металлические шестиугольники, к которым будут прикрепляться
Бакуганы»). `TouchJudge` reads a Run (of a Scene with ``touches=True``) that way, and
stops an opened sphere during the run (``holds``: the engine asks it at every touch).
Precisely:

- **Touches.** A sphere of radius r touches a target while its disc - the circle of
  radius r around its centre, its outline seen from above - overlaps the target's
  polygon (a hexagon for a core). The engine reports when that begins and ends, at
  every step, moving or at rest (a sensor polygon per target; at the speed cap a sphere
  moves 10.4 mm a step, far less than the 66 mm its disc takes to cross a core), with
  the sphere's motion in that step.
- **Obstructed.** At a moment the sphere touches a target that opens it (a `CoreSpec`
  by default), it is obstructed if it also touches something that is neither the
  rolling area nor such a target: another sphere (thrown or lying loose; centres at
  most r1 + r2 + `tolerance` apart), a solid (a piece, a cushion; the same tolerance),
  or a target of another kind (a card lying on the table: the touch record). Touching
  two cores at once is no obstruction: the Matrix is made of them.
- **Held, or too fast.** A core holds a sphere only if the sphere reaches it slowly
  enough: at a moment its disc begins to touch one, with nothing in the way, moving
  faster than `hold_speed` (`tuning.CORE_HOLD_SPEED`; the step's motion over DT) it
  rolls on over it (seed 003: the spheres «прикрепляются» to the metal cores - a magnet
  rolled hard across them does not catch). ``hold_speed=math.inf`` is the first-touch
  reading.
- **Opens, and stops there.** The moments looked at are every step at which the
  sphere's disc begins to touch an opening target, and the end of the run. The first of
  them at which it is neither obstructed nor too fast is its opening: it opens on the
  core its disc met first in that step (where, along the step's motion, the disc first
  reached each polygon), and the engine stops it right there, held on that core for the
  rest of the run (no roll past it onto the core behind). Touches before it did not
  count (an obstructed or too fast touch does not open it; it rolls on). None: it stays
  closed -
  `OBSTRUCTED` if it ever touched one (with what obstructed it), else `TOO_FAST` if it
  rolled over one (`touched`: the first), else `SHORT` if it came to rest nearer its
  release than every core, else `NO_TOUCH`.
- **Two cores at once.** If at that moment its disc touches two opening targets (the
  second within `tolerance` of the first, or one it was touching already), it opens on
  neither: open without a core (`TWO_CORES`; Battle Planet: no bonus).
- **Off the table.** A sphere whose centre left the table is closed (`OFF_TABLE`),
  whatever it touched on the way (it never opened: an opened sphere stops).

The sphere that is obstructed is judged so; the other may still open cleanly at its
own moment (a touch that began while its disc was clear of the first). Two spheres on
one core each opened at its own touch: both are on it.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol

from game.physics.geometry import Point, first_touch, polygon_distance
from game.physics.judge import (
    NO_TOUCH,
    OBSTRUCTED,
    OFF_TABLE,
    SHORT,
    TOO_FAST,
    TWO_CORES,
    Landing,
    is_short,
)
from game.physics.outcome import Run, Touch
from game.physics.scene import CUSHION_ID, CUSHION_SIDES, Scene
from game.physics.targets import CoreSpec
from game.physics.tuning import CORE_HOLD_SPEED, DT

CONTACT_TOLERANCE: float = 0.5
"""mm: two bodies whose surfaces are this close count as touching (pymunk keeps resting
contacts overlapping by up to its collision slop, 0.1 mm; a sphere that only passes
near another in a step is not touching it)."""


class Body(Protocol):
    """What the judge reads of each sphere (a `SphereRun`, or the engine's sphere while
    the run goes on)."""

    @property
    def id(self) -> Hashable: ...
    @property
    def radius(self) -> float: ...
    @property
    def exit_step(self) -> int | None: ...


@dataclass(frozen=True, slots=True)
class Moment:
    """What one step's touches did to one sphere: opened (`cores`: the opening targets
    its disc touched at that moment, the first it met first; one: it is on it, two or
    more: on none), or not (`blocked`: each touch with what obstructed it; `fast`: the
    cores it rolled over too fast to be held)."""

    opened: bool
    cores: tuple[int, ...] = ()
    blocked: tuple[tuple[int, Hashable], ...] = ()
    fast: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Verdict:
    """How the judge read one thrown sphere (indices are the Run's: sphere slots and
    `Scene.targets`)."""

    sphere: int
    opened_at: int | None
    """The step it opened at (None: it did not)."""
    opened_on: int | None
    """The target it opened on and stays on (None: it did not open, or opened touching
    two at once)."""
    cores: tuple[int, ...]
    """The opening targets its disc touched at the moment it opened."""
    exited: bool
    obstructed: tuple[tuple[int, int, Hashable], ...]
    """(step, target, what obstructed it) of each touch that did not count."""
    fast: tuple[tuple[int, int], ...] = ()
    """(step, target) of each clear touch it made too fast to be held."""


@dataclass(frozen=True, slots=True)
class TouchJudge:
    """Judges every thrown sphere by contact (see the module). Targets of the kinds in
    `opens` open a sphere; a touched target of any other kind obstructs it."""

    opens: tuple[type, ...] = (CoreSpec,)
    tolerance: float = CONTACT_TOLERANCE
    hold_speed: float = CORE_HOLD_SPEED
    """mm/s: the fastest a sphere may reach an opening target and be held by it."""

    @property
    def touches(self) -> bool:
        return True

    def __call__(self, run: Run) -> tuple[Landing, ...]:
        out: list[Landing] = []
        for i, s in enumerate(run.spheres):
            if s.thrown:
                out.append(self.landing(run, self.verdict(run, i)))
        return tuple(out)

    def landing(self, run: Run, verdict: Verdict) -> Landing:
        """The Landing a verdict comes to."""
        ids = [p.target.id for p in run.scene.targets]
        s = run.spheres[verdict.sphere]
        position = s.position
        if verdict.exited:
            return Landing(None, False, OFF_TABLE, position)
        if verdict.opened_at is None:
            if verdict.obstructed:
                _, first, who = verdict.obstructed[0]
                return Landing(None, False, OBSTRUCTED, position, ids[first], who)
            if verdict.fast:
                return Landing(None, False, TOO_FAST, position, ids[verdict.fast[0][1]])
            openers = [t for t in run.targets_at_end() if isinstance(t, self.opens)]
            if s.origin is not None and is_short(openers, s.origin, position):
                return Landing(None, False, SHORT, position)
            return Landing(None, False, NO_TOUCH, position)
        if verdict.opened_on is None:
            return Landing(None, False, TWO_CORES, position)
        on = ids[verdict.opened_on]
        return Landing(on, False, None, position, on)

    def verdict(self, run: Run, sphere: int) -> Verdict:
        """How sphere slot `sphere` of `run` is judged, with the reasons."""
        scene = run.scene
        s = run.spheres[sphere]
        touching: set[int] = set()
        blocked: list[tuple[int, int, Hashable]] = []
        fast: list[tuple[int, int]] = []
        opened: tuple[int, tuple[int, ...]] | None = None
        mine = [t for t in run.touches if t.sphere == sphere]
        k = 0
        while k < len(mine):  # one step's touches at a time: they happen together
            step = mine[k].step
            began = []
            while k < len(mine) and mine[k].step == step:
                t = mine[k]
                if t.began:
                    touching.add(t.target)
                    began.append(t)
                else:
                    touching.discard(t.target)
                k += 1
            if opened is not None:
                continue
            moment = self.moment(scene, run.start_step, run.spheres, sphere, began, touching)
            if moment is None:
                continue
            if moment.opened:
                opened = (step, moment.cores)
            else:
                blocked += [(step, c, who) for c, who in moment.blocked]
                fast += [(step, c) for c in moment.fast]
        if s.exited:
            return Verdict(sphere, None, None, (), True, tuple(blocked), tuple(fast))
        opener = self._openers(scene)
        resting = sorted(c for c in touching if opener[c])
        if opened is None and resting:  # the end of the run: at rest over a core
            final = tuple(other.position for other in run.spheres)
            who = self.obstruction(
                scene, run.start_step, run.spheres, sphere, final, run.steps, touching
            )
            if who is None:
                here = run.targets_at_end()
                order = sorted(resting, key=lambda c: (here[c].distance(s.position), c))
                opened = (run.steps, tuple(order))
            else:
                blocked.append((run.steps, resting[0], who))
        if opened is None:
            return Verdict(sphere, None, None, (), False, tuple(blocked), tuple(fast))
        at, cores = opened
        on = cores[0] if len(cores) == 1 else None
        return Verdict(sphere, at, on, cores, False, tuple(blocked), tuple(fast))

    def moment(
        self,
        scene: Scene,
        start_step: int,
        spheres: Sequence[Body],
        sphere: int,
        began: Sequence[Touch],
        touching: set[int],
    ) -> Moment | None:
        """What the touches `began` in one step (every sphere's centre after it in their
        `positions`; the targets the disc touches after it in `touching`) do to sphere
        `sphere`, which has not opened yet: it opens, it is obstructed, it rolls over
        too fast, or (None: no opening target among them) nothing. The live run and
        `verdict` both ask this."""
        opener = self._openers(scene)
        fresh = sorted({t.target for t in began if opener[t.target]})
        if not fresh:
            return None
        touch = next(t for t in began if opener[t.target])
        step = touch.step
        who = self.obstruction(scene, start_step, spheres, sphere, touch.positions, step, touching)
        if who is not None:
            return Moment(False, blocked=tuple((c, who) for c in fresh))
        if math.hypot(*touch.motion) > self.hold_speed * DT:
            return Moment(False, fast=tuple(fresh))
        # where along the step's motion its disc first met a core it began to touch,
        # and which cores it touches at that instant
        end = touch.positions[sphere]
        dx, dy = touch.motion
        start = (end[0] - dx, end[1] - dy)
        r = spheres[sphere].radius
        here = scene.targets_at((start_step + step) * DT)
        first_at, first = min((first_touch(here[c].corners(), start, end, r), c) for c in fresh)
        at = (start[0] + first_at * dx, start[1] + first_at * dy)
        others = [
            c
            for c in sorted(touching)
            if opener[c] and c != first and here[c].distance(at) <= r + self.tolerance
        ]
        return Moment(True, cores=(first, *others))

    def obstruction(
        self,
        scene: Scene,
        start_step: int,
        spheres: Sequence[Body],
        sphere: int,
        positions: Sequence[Point],
        step: int,
        touching: set[int],
    ) -> Hashable | None:
        """The id of what obstructs sphere `sphere` after step `step` (every sphere's
        centre then in `positions`; the targets its disc touches then in `touching`),
        or None."""
        opener = self._openers(scene)
        for c in sorted(touching):
            if not opener[c]:
                return scene.targets[c].target.id
        if not positions:
            return None
        me = positions[sphere]
        r = spheres[sphere].radius + self.tolerance
        for j, other in enumerate(spheres):
            gone = other.exit_step
            if j == sphere or (gone is not None and gone <= step):
                continue
            if math.dist(me, positions[j]) <= r + other.radius:
                return other.id
        x, y = me
        margin = {"near": y, "far": scene.height - y, "left": x, "right": scene.width - x}
        for side in CUSHION_SIDES:
            if side in scene.cushions and margin[side] <= r:
                return CUSHION_ID
        t = (start_step + step) * DT
        for solid in (*scene.pieces, *scene.standing):
            shape = scene.solid_at(solid, t)
            if isinstance(shape, list):
                d = polygon_distance(shape, me)
            else:
                d = math.dist(shape[0], me) - shape[1]
            if d <= r:
                return solid.id
        return None

    def _openers(self, scene: Scene) -> list[bool]:
        return [isinstance(p.target, self.opens) for p in scene.targets]


PLANET = TouchJudge()
"""Battle Planet's judge: BakuCores open a sphere, which stops on the first that holds it
(reached slower than `CORE_HOLD_SPEED`); anything else it touches obstructs."""


__all__ = ["CONTACT_TOLERANCE", "PLANET", "Moment", "TouchJudge", "Verdict"]
