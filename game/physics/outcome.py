"""What one run of the engine found, before any game judges it: a `Run`.

A judge (`judge.py`) reads a Run and turns it into landings; the front ends (`throw.py`,
`shot.py`) dress it as their results. Everything a judge could need is here: where every
sphere came to rest (or left the table, and when), which target's magnet caught it,
every first contact (with ids on both sides, the closing speed and the impulse), and -
when the Scene asks for it - when each sphere's disc began and stopped touching each
target.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass

from game.physics.geometry import Point
from game.physics.scene import Scene
from game.physics.targets import Target
from game.physics.tuning import DT


@dataclass(frozen=True, slots=True)
class RunContact:
    """Sphere `sphere` first touched another sphere (`sphere_other`) or a solid
    (`solid`, an index into `Scene.solid_ids`) after `step` steps."""

    step: int
    sphere: int
    solid: int | None
    sphere_other: int | None
    closing: float
    """mm/s: the speed the two surfaces approached each other at, just before."""
    impulse: float
    """The normal impulse `sphere` took in that step (its mass x its change of normal
    velocity; over every contact it made in the step)."""
    position: Point


@dataclass(frozen=True, slots=True)
class Touch:
    """Sphere `sphere`'s disc began (`began`) or stopped touching target `target`'s
    polygon after `step` steps (only with `Scene.touches`)."""

    step: int
    sphere: int
    target: int
    began: bool
    positions: tuple[Point, ...] = ()
    """Where every sphere's centre was after that step, by slot (a touch that began
    only): what a judge by contact measures the sphere's other contacts with."""
    motion: Point = (0.0, 0.0)
    """How far the sphere's centre moved in that step (a touch that began only): it
    was at ``positions[sphere] - motion`` before it, so a judge can tell which of two
    targets its disc met first within the step."""


@dataclass(frozen=True, slots=True)
class SphereRun:
    """One sphere's part in a run."""

    id: Hashable
    thrown: bool
    radius: float
    mass: float
    position: Point
    """Where it ended (where it left the table, if it did)."""
    angle: float
    exit_step: int | None
    """The step its centre left the table at (None: it stayed on)."""
    captured: int
    """The index of the target whose magnet caught it (or, with a judge that stops a
    sphere where it opens, on which it opened and is held), or -1."""
    track: bytes = b""
    """(x, y, angle) doubles at t = 0 and after every step it was on the table."""
    origin: Point | None = None
    """Where it was released (None in runs written by hand without one)."""

    @property
    def exited(self) -> bool:
        return self.exit_step is not None


@dataclass(frozen=True, slots=True)
class Run:
    """A run: released at clock step `start_step`, ended after `steps` steps because
    everything rested (`rested`) or the time cap ran out."""

    scene: Scene
    start_step: int
    steps: int
    rested: bool
    spheres: tuple[SphereRun, ...]
    contacts: tuple[RunContact, ...]
    touches: tuple[Touch, ...] = ()

    @property
    def end_step(self) -> int:
        return self.start_step + self.steps

    @property
    def end_time(self) -> float:
        return self.end_step * DT

    def targets_at_end(self) -> tuple[Target, ...]:
        return self.scene.targets_at(self.end_time)

    def other(self, contact: RunContact) -> Hashable:
        """The id of what `contact`'s sphere touched."""
        if contact.solid is not None:
            return self.scene.solid_ids[contact.solid]
        assert contact.sphere_other is not None
        return self.spheres[contact.sphere_other].id

    def contacts_of(self, sphere: int) -> tuple[RunContact, ...]:
        """Every first contact sphere `sphere` made or received, in time order."""
        return tuple(c for c in self.contacts if c.sphere == sphere or c.sphere_other == sphere)

    def touching(self, sphere: int) -> frozenset[int]:
        """The targets sphere `sphere`'s disc touches at the end (with Scene.touches)."""
        now: set[int] = set()
        for t in self.touches:
            if t.sphere == sphere:
                if t.began:
                    now.add(t.target)
                else:
                    now.discard(t.target)
        return frozenset(now)

    def touched(self, sphere: int) -> tuple[tuple[int, int], ...]:
        """(step, target) of every touch sphere `sphere`'s disc began, in time order."""
        return tuple((t.step, t.target) for t in self.touches if t.sphere == sphere and t.began)


__all__ = ["Run", "RunContact", "SphereRun", "Touch"]
