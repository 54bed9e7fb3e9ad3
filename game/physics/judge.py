"""Landing judges: how a game reads a Run (a strategy; the engine never judges).

A judge is any object with a `touches` flag (True: it needs `Scene.touches`, the record
of which target each sphere's disc touched and when) that, called with a `Run`,
returns one `Landing` per thrown sphere, in release order. What a judge may read is
all in the Run: every sphere's rest position and angle, whether and when it left the
table, which target's magnet caught it, every first contact with ids on both sides,
and the touches.

`RestJudge` is the classic game's (and the challenges'): where a sphere comes to rest.

- caught by a magnetic area: it opens on that target (``partial=False``);
- resting with its disc over a target's polygon (centre on it, or only an overlap): it
  opens there (``partial=True``; the seed: a partial open counts as open) - the target
  containing the centre, else the one whose centre is nearest;
- resting off every target: a miss (``reason="off_card"``); its centre left the table:
  a miss (``reason="off_table"``).

Battle Planet judges by contact (a sphere opens when it touches a core and nothing else
obstructs it): its judge, `touch.TouchJudge`, is a second class of this shape, reading
`Run.touches` (with where every sphere was when each touch began) and `Run.touching`.
Its landings may be open without being on a target (``reason=ROLLED_OFF``: it opened
touching one and did not stay on it), or closed because the touch was `OBSTRUCTED` or
there was none (`NO_TOUCH`).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol

from game.physics.geometry import Bounds, Point, far_from
from game.physics.outcome import Run
from game.physics.targets import Target

OFF_CARD = "off_card"
OFF_TABLE = "off_table"
NO_TOUCH = "no_touch"
"""A judge by contact: the sphere's disc never touched a target that opens it."""
OBSTRUCTED = "obstructed"
"""A judge by contact: whenever it touched one, something else touched it too."""
ROLLED_OFF = "rolled_off"
"""A judge by contact: it opened touching a target and did not stay on one: open, on
no target (Battle Planet: open without the core's bonus)."""


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a sphere ended: on a target (`card` is its id), or not (`reason` says why:
    a miss, or - ROLLED_OFF only - open beside the targets). `touched`: a judge by
    contact names the target the sphere opened touching (None for the classic judge)."""

    card: Hashable | None
    partial: bool
    reason: str | None
    position: Point
    touched: Hashable | None = None

    @property
    def opened(self) -> bool:
        return self.card is not None or self.reason == ROLLED_OFF


class Judge(Protocol):
    """Turns a Run into one Landing per thrown sphere."""

    @property
    def touches(self) -> bool: ...

    def __call__(self, run: Run) -> tuple[Landing, ...]: ...


def rest_landing(
    targets: Sequence[Target],
    on_table: bool,
    position: Point,
    radius: float,
    bounds: Bounds | None = None,
) -> Landing:
    """The landing of a sphere lying still at `position` among `targets` (no magnet
    involved); `bounds` (of the targets) lets most misses skip the distance tests."""
    if not on_table:
        return Landing(None, False, OFF_TABLE, position)
    if bounds is not None and far_from(bounds, position, radius):
        return Landing(None, False, OFF_CARD, position)
    best: Target | None = None
    best_key = (True, math.inf)  # (not containing the centre, distance to the centre)
    for target in targets:
        d = target.distance(position)
        if d < radius:
            key = (d > 0.0, math.dist(position, target.center))
            if key < best_key:
                best, best_key = target, key
    if best is None:
        return Landing(None, False, OFF_CARD, position)
    return Landing(best.id, True, None, position)


class RestJudge:
    """The classic judge: where each thrown sphere comes to rest (see the module)."""

    touches = False

    def __call__(self, run: Run) -> tuple[Landing, ...]:
        scene = run.scene
        bounds = scene.bounds  # None: a target moves
        targets = run.targets_at_end() if bounds is None else scene.still_targets
        out: list[Landing] = []
        for s in run.spheres:
            if not s.thrown:
                continue
            if s.exited:
                out.append(Landing(None, False, OFF_TABLE, s.position))
            elif s.captured >= 0:
                out.append(Landing(targets[s.captured].id, False, None, s.position))
            else:
                on = scene.contains(s.position)
                out.append(rest_landing(targets, on, s.position, s.radius, bounds))
        return tuple(out)


CLASSIC = RestJudge()


__all__ = [
    "CLASSIC",
    "NO_TOUCH",
    "OBSTRUCTED",
    "OFF_CARD",
    "OFF_TABLE",
    "ROLLED_OFF",
    "Judge",
    "Landing",
    "RestJudge",
    "rest_landing",
]
