"""Landing judges: how a game reads a Run (a strategy; the engine never judges).

A judge is any object with a `touches` flag (True: it needs `Scene.touches`, the record
of which target each sphere's disc touched and when) that, called with a `Run`,
returns one `Landing` per thrown sphere, in release order. What a judge may read is
all in the Run: every sphere's release point, rest position and angle, whether and
when it left the table, which target's magnet caught it, every first contact with ids
on both sides, and the touches. A judge may also stop a sphere during the run (`holds`,
see `touch.py`): the engine then asks it at every touch.

Every landing that is not "opened on a target" says why, as a code (`reason`, with
`by`: what it struck or what was in the way), for the screens to word in their own
language; the codes are the constants below. `RestJudge` is the classic game's (and the
challenges'): where a sphere comes to rest.

- caught by a magnetic area: it opens on that target (``partial=False``);
- resting with its disc over a target's polygon (centre on it, or only an overlap): it
  opens there (``partial=True``; the seed: a partial open counts as open) - the target
  containing the centre, else the one whose centre is nearest;
- else a miss, and why: its centre left the table (`OFF_TABLE`); it struck something
  (a standing Bakugan, a piece, another sphere: `BOUNCED`, `by` the last it struck)
  and came to rest on no target; it came to rest nearer to where it was released than
  every target is (`SHORT`); or it came to rest on none (`OFF_CARD`, beside or past).

Battle Planet judges by contact (a sphere opens when it touches a core and nothing else
obstructs it, and stops there): its judge, `touch.TouchJudge`, is a second class of this
shape. Its landings may be open without being on a target (``reason=TWO_CORES``: it
opened touching two cores at once and keeps neither), or closed because each touch was
`OBSTRUCTED` (`by` what), or it rolled over each core it met too fast to be held
(`TOO_FAST`), or there was none (`SHORT`, `NO_TOUCH`), or `OFF_TABLE`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from typing import Protocol

from game.physics.geometry import Bounds, Point, far_from
from game.physics.outcome import Run
from game.physics.targets import Target

OFF_TABLE = "off_table"
"""Its centre left the table (it rolled off): closed, whatever it touched on the way."""
OFF_CARD = "off_card"
"""At rest on no target, neither short of them nor after striking anything."""
SHORT = "short"
"""At rest on the table on no target, nearer to where it was released than every
target is (the distance from the release point to the target's polygon): it stopped
short. (A judge by contact: and it never touched one.)"""
BOUNCED = "bounced"
"""At rest on no target after striking something (`Landing.by`: the last thing it
struck - a standing Bakugan, a piece, another sphere)."""
NO_TOUCH = "no_touch"
"""A judge by contact: the sphere's disc never touched a target that opens it, and it
went as far as one (beside them or past)."""
OBSTRUCTED = "obstructed"
"""A judge by contact: whenever it touched one, something else touched it too
(`Landing.by`: what, the first time)."""
TWO_CORES = "two_cores"
"""A judge by contact: at the moment it opened, its disc touched two targets that open
it: open, on neither (Battle Planet: open without a core's bonus)."""

TOO_FAST = "too_fast"
"""A judge by contact: it touched a target that opens it with nothing in the way, but
each time too fast for the target to hold it (`Landing.touched`: the first such one),
and it stopped on none."""

OPEN_REASONS: frozenset[str] = frozenset({TWO_CORES})
"""The reasons of a landing that is open without being on a target."""


@dataclass(frozen=True, slots=True)
class Landing:
    """Where a sphere ended: on a target (`card` is its id), or not (`reason` says why,
    one of the codes above: a miss, or - `OPEN_REASONS` - open on no target). `touched`:
    a judge by contact names the target the sphere opened touching (None for the classic
    judge, and for an opening on two cores). `by`: what it struck last (`BOUNCED`) or
    what obstructed it (`OBSTRUCTED`)."""

    card: Hashable | None
    partial: bool
    reason: str | None
    position: Point
    touched: Hashable | None = None
    by: Hashable | None = None

    @property
    def opened(self) -> bool:
        return self.card is not None or self.reason in OPEN_REASONS


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
    origin: Point | None = None,
    struck: Hashable | None = None,
) -> Landing:
    """The landing of a sphere lying still at `position` among `targets` (no magnet
    involved); `bounds` (of the targets) lets most misses skip the distance tests. A
    miss says why: `struck` is the last thing it struck (None: nothing), `origin` where
    it was released (None: unknown, so never `SHORT`)."""
    if not on_table:
        return Landing(None, False, OFF_TABLE, position)
    if bounds is not None and far_from(bounds, position, radius):
        return _miss(targets, position, origin, struck)
    best: Target | None = None
    best_key = (True, math.inf)  # (not containing the centre, distance to the centre)
    for target in targets:
        d = target.distance(position)
        if d < radius:
            key = (d > 0.0, math.dist(position, target.center))
            if key < best_key:
                best, best_key = target, key
    if best is None:
        return _miss(targets, position, origin, struck)
    return Landing(best.id, True, None, position)


def _miss(
    targets: Sequence[Target], position: Point, origin: Point | None, struck: Hashable | None
) -> Landing:
    """A sphere at rest on the table on no target: why (see the codes)."""
    if struck is not None:
        return Landing(None, False, BOUNCED, position, by=struck)
    if origin is not None and is_short(targets, origin, position):
        return Landing(None, False, SHORT, position)
    return Landing(None, False, OFF_CARD, position)


def is_short(targets: Sequence[Target], origin: Point, position: Point) -> bool:
    """True if `position` is nearer to `origin` than every target is (so a sphere
    released at `origin` that rests there stopped short of them)."""
    reach = math.dist(origin, position)
    return bool(targets) and all(t.distance(origin) > reach for t in targets)


def last_struck(run: Run, sphere: int) -> Hashable | None:
    """The id of the last thing sphere slot `sphere` struck (or was struck by), or None."""
    for c in reversed(run.contacts):
        if c.sphere == sphere:
            return run.other(c)
        if c.sphere_other == sphere:
            return run.spheres[c.sphere].id
    return None


class RestJudge:
    """The classic judge: where each thrown sphere comes to rest (see the module)."""

    touches = False

    def __call__(self, run: Run) -> tuple[Landing, ...]:
        scene = run.scene
        bounds = scene.bounds  # None: a target moves
        targets = run.targets_at_end() if bounds is None else scene.still_targets
        out: list[Landing] = []
        for i, s in enumerate(run.spheres):
            if not s.thrown:
                continue
            if s.exited:
                out.append(Landing(None, False, OFF_TABLE, s.position))
            elif s.captured >= 0:
                out.append(Landing(targets[s.captured].id, False, None, s.position))
            else:
                on = scene.contains(s.position)
                struck = last_struck(run, i)
                out.append(
                    rest_landing(targets, on, s.position, s.radius, bounds, s.origin, struck)
                )
        return tuple(out)


CLASSIC = RestJudge()


__all__ = [
    "BOUNCED",
    "CLASSIC",
    "NO_TOUCH",
    "OBSTRUCTED",
    "OFF_CARD",
    "OFF_TABLE",
    "OPEN_REASONS",
    "SHORT",
    "TOO_FAST",
    "TWO_CORES",
    "Judge",
    "Landing",
    "RestJudge",
    "is_short",
    "last_struck",
    "rest_landing",
]
