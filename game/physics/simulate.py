"""Release several spheres at the same step on any Scene, and judge them: `simulate`.

This is the engine's general entry (the match table's `resolve_throw` and the arena's
`resolve_shot` are the same engine behind their own result types): Battle Planet's
players throw at once, so every Throw given is released at clock step `start_step`;
they may hit each other, the pieces and the loose spheres, and the judge (a strategy,
`judge.py`) decides what each landing means.

    scene = Scene(800, 600, targets=(Placement(CoreSpec("c1", (400, 300))),))
    outcome = simulate(scene, [throw_a, throw_b])
    outcome.landings[0], outcome.run.contacts, outcome.run.touched(1)
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from game.physics import loop
from game.physics.cache import PreparedCache
from game.physics.engine import Engine, loose_releases, release_of
from game.physics.geometry import PhysicsError, circle_hits_box
from game.physics.judge import CLASSIC, Judge, Landing
from game.physics.outcome import Run
from game.physics.release import Throw, Trajectory
from game.physics.scene import Scene
from game.physics.tuning import DT, MAX_SPEED, MIN_THROW_DISTANCE


@dataclass(frozen=True, slots=True)
class Outcome:
    """A judged run: `landings[i]` is the landing of the i-th throw given."""

    run: Run
    landings: tuple[Landing, ...]
    speeds: tuple[float, ...]
    """The speeds actually used (after clamping to MAX_SPEED), per throw."""

    def track(self, ident: Hashable) -> Trajectory:
        """The recorded path of the sphere `ident` (a throw's sphere_id or a loose id)."""
        for s in self.run.spheres:
            if s.id == ident:
                return Trajectory(s.track)
        raise KeyError(ident)


def check_release(scene: Scene, throws: Sequence[Throw], start_step: int = 0) -> str | None:
    """Why `throws` may not all be released at clock step `start_step`, or None.

    Each origin must be on the table, at least two card lengths (176 mm) from every
    target, and its sphere must not overlap a cushion, a solid, a loose sphere, or
    another throw's sphere.
    """
    t = start_step * DT
    targets = scene.targets_at(t)
    ids = [throw.sphere_id for throw in throws]
    if len(set(ids)) != len(ids) or set(ids) & {b.id for b in scene.loose}:
        return "every sphere released must have its own sphere_id"
    for k, throw in enumerate(throws):
        x, y = throw.origin
        r = throw.radius
        if not scene.contains((x, y)):
            return f"throw origin ({x:.1f}, {y:.1f}) is off the table"
        for target in targets:
            d = target.distance((x, y))
            if d < MIN_THROW_DISTANCE:
                return (
                    f"throw origin ({x:.1f}, {y:.1f}) is {d:.1f} mm from {target.id!r}: a "
                    f"throw must start at least {MIN_THROW_DISTANCE:g} mm from every target"
                )
        margin = {"near": y, "far": scene.height - y, "left": x, "right": scene.width - x}
        for side in sorted(scene.cushions):
            if margin[side] < r:
                return f"the sphere at ({x:.1f}, {y:.1f}) overlaps the {side} cushion"
        for solid in (*scene.pieces, *scene.standing):
            shape = scene.solid_at(solid, t)
            if isinstance(shape, list):
                hit = circle_hits_box((x, y), r, shape)
            else:
                hit = math.dist(shape[0], (x, y)) < shape[1] + r
            if hit:
                return f"the sphere at ({x:.1f}, {y:.1f}) overlaps {solid.id!r}"
        for b in scene.loose:
            if math.dist(b.position, (x, y)) < b.radius + r:
                return f"the sphere at ({x:.1f}, {y:.1f}) overlaps the sphere {b.id!r}"
        for other in throws[:k]:
            if math.dist(other.origin, (x, y)) < other.radius + r:
                return f"the spheres {other.sphere_id!r} and {throw.sphere_id!r} overlap"
    return None


_CACHE: PreparedCache[Scene, Engine] = PreparedCache(Engine)


def clear_scene_cache() -> None:
    """Forget the prepared scenes (of this thread)."""
    _CACHE.clear()


def simulate(
    scene: Scene,
    throws: Sequence[Throw],
    start_step: int = 0,
    record: bool = True,
    judge: Judge = CLASSIC,
    *,
    fresh: bool = False,
) -> Outcome:
    """Release every throw at clock step `start_step` (speeds clamped to MAX_SPEED),
    step until every sphere rests, leaves the table or MAX_SIM_TIME runs out, and judge.

    Raises `PhysicsError` with the reason if the throws may not be released there
    (`check_release`), or if the judge needs touches the scene does not track.
    """
    if not throws:
        raise PhysicsError("simulate needs at least one throw")
    if start_step < 0:
        raise PhysicsError(f"start step must be >= 0, got {start_step}")
    if judge.touches and not scene.touches:
        raise PhysicsError("this judge needs a Scene with touches=True")
    reason = check_release(scene, throws, start_step)
    if reason is not None:
        raise PhysicsError(reason)
    speeds = tuple(min(throw.speed, MAX_SPEED) for throw in throws)
    releases = [
        release_of(t.sphere_id, t.origin, t.angle, speed, t.spin, t.radius, t.mass)
        for t, speed in zip(throws, speeds, strict=True)
    ]
    engine = Engine(scene) if fresh else _CACHE.get(scene)
    try:
        watch = judge if isinstance(judge, loop.Watch) else None
        run = loop.run(engine, [*releases, *loose_releases(scene)], start_step, record, watch)
    except BaseException:
        _CACHE.discard(scene, engine)
        raise
    return Outcome(run, judge(run), speeds)


__all__ = ["Outcome", "check_release", "clear_scene_cache", "simulate"]
