"""Battle Planet's table seen from each thrower's seat, for measuring the pull
(`game.games.throw_tables`: the skill benchmark and the tests of the pull)."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Sequence

from game import physics
from game.games.throw_tables import Seat
from game.physics.pull import PLANET
from game.physics.tuning import SPHERE_RADIUS


def planet_seats(places: Sequence[tuple[int, int]] | None = None) -> list[Seat]:
    """Both seats of Battle Planet's table (the Hidden Matrix of 12 cores by default),
    each sphere rolled alone, judged by contact (`physics.PLANET`)."""
    from game.match.planet.layout import planet_layout
    from game.rules.planet.hexgrid import spiral

    layout = planet_layout(spiral(12) if places is None else places)
    scene = layout.scene(layout.places)
    cores = [p.target for p in scene.targets]
    centres: dict[Hashable, physics.Point] = {c.id: c.center for c in cores}

    def land(throw: physics.Throw) -> Hashable | None:
        return physics.simulate(scene, [throw], record=False, judge=physics.PLANET).landings[0].card

    out = []
    for player in (0, 1):
        table = physics.TableSpec(width=layout.width, height=layout.height)
        line = physics.ThrowLine.of(layout.zone(player).box, table)

        def origin_for(target: Hashable, line: physics.ThrowLine = line) -> physics.Point:
            return line.hand_point(line.along(centres[target]))

        def clear(target: Hashable, origin_for: Callable[..., physics.Point] = origin_for) -> bool:
            return _clear_line(origin_for(target), target, cores, SPHERE_RADIUS)

        name = "bottom" if player == 0 else "top"
        out.append(Seat("planet", name, PLANET, tuple(centres), centres, origin_for, land, clear))
    return out


def _clear_line(
    origin: physics.Point,
    target: Hashable,
    cores: Sequence[physics.Target],
    radius: float,
) -> bool:
    """Whether a sphere rolled straight from `origin` to the centre of core `target`
    touches no other core on the way (sampled every millimetre)."""
    goal = next(c for c in cores if c.id == target)
    others = [c for c in cores if c.id != target]
    length = math.dist(origin, goal.center)
    steps = max(1, math.ceil(length))
    for k in range(steps + 1):
        t = k / steps
        p = (
            origin[0] + (goal.center[0] - origin[0]) * t,
            origin[1] + (goal.center[1] - origin[1]) * t,
        )
        if any(c.distance(p) < radius for c in others):
            return False
    return True


__all__ = ["planet_seats"]
