"""Battle Planet's judge: by contact with a target, not by where a sphere rests.

The rule (research, Roll Step): a Bakugan counts as opened only if it touches a
BakuCore without touching an obstruction - another Bakugan, a card, anything other than
the rolling area and the Hidden Matrix; two that open on one core both get its bonus;
one that opens from contact with a core but does not stay attached is open, without the
bonus. `TouchJudge` reads a Run (of a Scene with ``touches=True``) that way. Precisely:

- **Touches.** A sphere of radius r touches a target while its disc - the circle of
  radius r around its centre, its outline seen from above - overlaps the target's
  polygon (a hexagon for a core). The engine reports when that begins and ends, at
  every step, moving or at rest (a sensor polygon per target; at the speed cap a sphere
  moves 10.4 mm a step, far less than the 66 mm its disc takes to cross a core).
- **Obstructed.** At a moment the sphere touches a target that opens it (a `CoreSpec`
  by default), it is obstructed if it also touches something that is neither the
  rolling area nor such a target: another sphere (thrown or lying loose; centres at
  most r1 + r2 + `tolerance` apart), a solid (a piece, a cushion; the same tolerance),
  or a target of another kind (a card lying on the table: the touch record). Touching
  two cores at once is no obstruction: the Matrix is made of them.
- **Opens.** The moments looked at are every step at which the sphere's disc begins to
  touch an opening target, and the end of the run. The first of them at which it is
  not obstructed is its opening; touches before it did not count (an obstructed touch
  does not open it). None: it stays closed (`OBSTRUCTED` if it ever touched one,
  `NO_TOUCH` if not).
- **Attached.** An open sphere stays on the target whose magnetic area caught it
  (``partial=False``), or, caught by none, on the one its disc lies over when it rests
  (``partial=True``; the nearest centre if several). Resting over none, it opened from
  contact and rolled off: open, on no target (`ROLLED_OFF`; Battle Planet: no bonus).
  Two spheres on one target are both on it (the match turns that into both bonuses).
- **Off the table.** A sphere whose centre left the table is closed (`OFF_TABLE`),
  whatever it touched on the way: it ended beyond the rolling area. (The simulation
  keeps an opened Bakugan rolling as a sphere, where a real one would pop open and stop;
  without this a hard throw across the Matrix would always open.)

The sphere that is obstructed is judged so; the other may still open cleanly at its
own moment (a touch that began while its disc was clear of the first).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from game.physics.geometry import Point, polygon_distance
from game.physics.judge import NO_TOUCH, OBSTRUCTED, OFF_TABLE, ROLLED_OFF, Landing
from game.physics.outcome import Run
from game.physics.scene import CUSHION_ID, CUSHION_SIDES
from game.physics.targets import CoreSpec, Target
from game.physics.tuning import DT

CONTACT_TOLERANCE: float = 0.5
"""mm: two bodies whose surfaces are this close count as touching (pymunk keeps resting
contacts overlapping by up to its collision slop, 0.1 mm; a sphere that only passes
near another in a step is not touching it)."""


@dataclass(frozen=True, slots=True)
class Verdict:
    """How the judge read one thrown sphere (indices are the Run's: sphere slots and
    `Scene.targets`)."""

    sphere: int
    opened_at: int | None
    """The step it opened at (None: it did not)."""
    opened_on: int | None
    """The target it opened touching."""
    attached: int | None
    """The target it stays on (None: it rolled off, or did not open)."""
    captured: bool
    """Attached by the target's magnet (not only resting over the target)."""
    exited: bool
    obstructed: tuple[tuple[int, int, Hashable], ...]
    """(step, target, what obstructed it) of each touch that did not count."""


@dataclass(frozen=True, slots=True)
class TouchJudge:
    """Judges every thrown sphere by contact (see the module). Targets of the kinds in
    `opens` open a sphere; a touched target of any other kind obstructs it."""

    opens: tuple[type, ...] = (CoreSpec,)
    tolerance: float = CONTACT_TOLERANCE

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
        position = run.spheres[verdict.sphere].position
        touched = None if verdict.opened_on is None else ids[verdict.opened_on]
        if verdict.exited:
            return Landing(None, False, OFF_TABLE, position, touched)
        if verdict.opened_at is None:
            if verdict.obstructed:
                first = ids[verdict.obstructed[0][1]]
                return Landing(None, False, OBSTRUCTED, position, first)
            return Landing(None, False, NO_TOUCH, position)
        if verdict.attached is None:
            return Landing(None, False, ROLLED_OFF, position, touched)
        return Landing(ids[verdict.attached], not verdict.captured, None, position, touched)

    def verdict(self, run: Run, sphere: int) -> Verdict:
        """How sphere slot `sphere` of `run` is judged, with the reasons."""
        scene = run.scene
        s = run.spheres[sphere]
        opener = [isinstance(p.target, self.opens) for p in scene.targets]
        touching: set[int] = set()
        blocked: list[tuple[int, int, Hashable]] = []
        opened: tuple[int, int] | None = None
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
            for t in sorted(began, key=lambda t: t.target):
                if not opener[t.target]:
                    continue
                who = self.obstruction(run, sphere, t.positions, step, touching, opener)
                if who is None:
                    opened = (step, t.target)
                    break
                blocked.append((step, t.target, who))
        if s.exited:
            at, on = opened if opened is not None else (None, None)
            return Verdict(sphere, at, on, None, False, True, tuple(blocked))
        resting = sorted(c for c in touching if opener[c])
        targets = run.targets_at_end()
        if opened is None and resting:
            final = tuple(other.position for other in run.spheres)
            who = self.obstruction(run, sphere, final, run.steps, touching, opener)
            if who is None:
                opened = (run.steps, self._nearest(targets, resting, s.position))
            else:
                blocked.append((run.steps, resting[0], who))
        if opened is None:
            return Verdict(sphere, None, None, None, False, False, tuple(blocked))
        captured = s.captured >= 0 and opener[s.captured]
        if captured:
            attached: int | None = s.captured
        elif resting:
            attached = self._nearest(targets, resting, s.position)
        else:
            attached = None
        return Verdict(sphere, opened[0], opened[1], attached, captured, False, tuple(blocked))

    def obstruction(
        self,
        run: Run,
        sphere: int,
        positions: Sequence[Point],
        step: int,
        touching: set[int],
        opener: Sequence[bool],
    ) -> Hashable | None:
        """The id of what obstructs sphere `sphere` after step `step` (every sphere's
        centre then in `positions`; the targets its disc touches then in `touching`),
        or None."""
        scene = run.scene
        for c in sorted(touching):
            if not opener[c]:
                return scene.targets[c].target.id
        if not positions:
            return None
        me = positions[sphere]
        r = run.spheres[sphere].radius + self.tolerance
        for j, other in enumerate(run.spheres):
            if j == sphere or (other.exit_step is not None and other.exit_step <= step):
                continue
            if math.dist(me, positions[j]) <= r + other.radius:
                return other.id
        x, y = me
        margin = {"near": y, "far": scene.height - y, "left": x, "right": scene.width - x}
        for side in CUSHION_SIDES:
            if side in scene.cushions and margin[side] <= r:
                return CUSHION_ID
        t = (run.start_step + step) * DT
        for solid in (*scene.pieces, *scene.standing):
            shape = scene.solid_at(solid, t)
            if isinstance(shape, list):
                d = polygon_distance(shape, me)
            else:
                d = math.dist(shape[0], me) - shape[1]
            if d <= r:
                return solid.id
        return None

    @staticmethod
    def _nearest(targets: Sequence[Target], indices: Sequence[int], point: Point) -> int:
        return min(indices, key=lambda i: (math.dist(targets[i].center, point), i))


PLANET = TouchJudge()
"""Battle Planet's judge: BakuCores open a sphere; anything else it touches obstructs."""


__all__ = ["CONTACT_TOLERANCE", "PLANET", "TouchJudge", "Verdict"]
