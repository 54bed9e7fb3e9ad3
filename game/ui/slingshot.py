"""The slingshot's pull: how hard a drag back from the sphere throws.

A pull of `MAX_PULL` px throws at full power, but only where the window leaves that
much room behind the sphere: the pointer stops at the window's edge (in a full screen,
for good), so the pull is measured against the room there is. Full power comes at
`EDGE_SHARE` of the way from the sphere to the window's edge, along the direction of
the pull, so a straight pull reaches it from every seat at every window size (the
letterbox bars count as room: the pointer can go there). The window is given in
logical coordinates (`App.window_bounds`); past its edge (a captured pointer outside a
small window) the pull keeps counting and power stays at full.

The match's throw (`throwing.ThrowInput`) and the throw challenges' (`challenges.Aim`)
use this one measure.
"""

from __future__ import annotations

import math

MAX_PULL = 180.0  # px of pull for full power, where the room allows
MIN_PULL = 24.0  # px: never shorter (a sphere right at the edge still has some travel)
EDGE_SHARE = 0.9  # full power this far toward the window's edge

Bounds = tuple[float, float, float, float]  # left, top, right, bottom
DEFAULT_BOUNDS: Bounds = (0.0, 0.0, 1280.0, 720.0)


def room(start: tuple[float, float], direction: tuple[float, float], bounds: Bounds) -> float:
    """How far from `start` along the unit `direction` the edge of `bounds` is."""
    x, y = start
    dx, dy = direction
    left, top, right, bottom = bounds
    best = math.inf
    if dx > 1e-9:
        best = min(best, (right - x) / dx)
    elif dx < -1e-9:
        best = min(best, (left - x) / dx)
    if dy > 1e-9:
        best = min(best, (bottom - y) / dy)
    elif dy < -1e-9:
        best = min(best, (top - y) / dy)
    return max(0.0, best) if best != math.inf else 0.0


def full_pull(start: tuple[float, float], direction: tuple[float, float], bounds: Bounds) -> float:
    """The pull in px that throws at full power in `direction` from `start`."""
    return max(MIN_PULL, min(MAX_PULL, EDGE_SHARE * room(start, direction, bounds)))


def pull(
    start: tuple[float, float], pointer: tuple[float, float], bounds: Bounds
) -> tuple[float | None, float]:
    """(angle, power) of a pull from the sphere at `start` back to `pointer`: the throw
    goes the other way (angle in table terms, y up; None for a pull too short to aim)
    and power is 0 to 1."""
    dx, dy = start[0] - pointer[0], start[1] - pointer[1]
    length = math.hypot(dx, dy)
    if length < 1e-6:
        return None, 0.0
    back = (-dx / length, -dy / length)
    power = min(length / full_pull(start, back, bounds), 1.0)
    angle = math.atan2(-dy, dx) if length > 4 else None  # screen y points down
    return angle, power
