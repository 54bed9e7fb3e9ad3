"""The slingshot: one hand on one sphere, for the match and the throw challenges alike.

`Slingshot` is the input both throws use (`throwing.ThrowInput` on a seat's line in a
match, `challenges.aim.Aim` in a level's throw zone): press on the sphere, pull back
and let go, the throw goes the other way, harder the longer the pull; the wheel or the
spin keys set spin in steps of 0.1; holding the charge key fills the power and letting
it go throws. Where the sphere sits and what the aim and move keys do belong to the use
(a line or a zone), and so does a `Feel`: the few numbers in which the two throws
differ (`MATCH`, `CHALLENGE`), each kept as it was before they shared this class.

The pull's measure: a pull of `MAX_PULL` px throws at full power, but only where the
window leaves that much room behind the sphere: the pointer stops at the window's edge
(in a full screen, for good), so the pull is measured against the room there is. Full
power comes at `EDGE_SHARE` of the way from the sphere to the window's edge, along the
direction of the pull, so a straight pull reaches it from every seat at every window
size (the letterbox bars count as room: the pointer can go there). The window is given
in logical coordinates (`App.window_bounds`); past its edge (a captured pointer outside
a small window) the pull keeps counting and power stays at full.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass

import pygame

from game.physics import MAX_SPEED

MAX_PULL = 180.0  # px of pull for full power, where the room allows
MIN_PULL = 24.0  # px: never shorter (a sphere right at the edge still has some travel)
EDGE_SHARE = 0.9  # full power this far toward the window's edge
GRIP = 40.0  # px: a press this close to the sphere takes hold of it
SPIN_STEP = 0.1  # a wheel notch or a spin key press

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


@dataclass(frozen=True, slots=True)
class Feel:
    """How a slingshot answers the hand, where the match and the challenges differ."""

    full_speed: float
    """mm/s at full power."""
    release: float
    """Letting go below this power throws nothing (a slip of the hand)."""
    charge_seconds: float
    """Holding the charge key this long reaches full power."""


MATCH = Feel(full_speed=2400.0, release=0.05, charge_seconds=1.4)
"""The match's throw: a little under the physics' cap (`physics.MAX_SPEED`), which the
bots' aim and the table's sizes were tuned against."""
CHALLENGE = Feel(full_speed=MAX_SPEED, release=0.04, charge_seconds=1.5)
"""The challenges' throw: up to the physics' cap, 2,500 mm/s, the speeds the level
solver proves the stars with (`game.challenges.solver` searches up to `MAX_SPEED`;
four shipped levels' proofs throw at it)."""


class Slingshot(ABC):
    """The pull, the charge and the spin of one sphere; a use gives the rest.

    A use says where the sphere is (`sphere_px`, in logical px), what the pointer does
    while nothing is held (`hover`) and what its aim and move keys do (`key`). `feed`
    takes each event and is True when the sphere is let go with power enough to throw;
    `speed` is then the throw's speed, in `angle`'s direction, with `spin`.
    """

    def __init__(
        self,
        feel: Feel,
        keys: Mapping[int, str],
        bounds: Callable[[], Bounds] | None = None,
    ) -> None:
        self.feel = feel
        self.keys = dict(keys)  # key code -> throwing action (`hand_throw.bound_keys`)
        self.bounds = bounds or (lambda: DEFAULT_BOUNDS)  # the window, logical
        self.angle = 0.0
        self.power = 0.0
        self.spin = 0.0
        self.dragging = False
        self.drag_to: tuple[int, int] | None = None
        self.charging = False

    # ------------------------------------------------------------------ given by a use

    @abstractmethod
    def sphere_px(self) -> tuple[float, float]:
        """Where the sphere is on the logical screen."""

    @abstractmethod
    def hover(self, pos: tuple[int, int]) -> None:
        """The pointer moved with nothing held: the sphere may follow it."""

    @abstractmethod
    def key(self, action: str | None, event: pygame.event.Event) -> None:
        """A key that is neither spin nor charge was pressed (`action`: its throwing
        action, if it has one)."""

    # ------------------------------------------------------------------ shared

    def speed(self) -> float:
        """The throw's speed at the power now (mm/s)."""
        return max(0.0, min(self.power, 1.0)) * self.feel.full_speed

    def cancel(self) -> None:
        """Drop a pull or a charge in progress (the game pauses, the curtain falls)."""
        self.dragging = False
        self.drag_to = None
        self.charging = False
        self.power = 0.0

    def turn_spin(self, notches: float) -> None:
        self.spin = max(-1.0, min(1.0, round(self.spin + SPIN_STEP * notches, 2)))

    def feed(self, event: pygame.event.Event) -> bool:
        """Take one event; True when it lets the sphere go with power enough to throw."""
        if event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self.drag_to = event.pos
                angle, self.power = pull(self.sphere_px(), event.pos, self.bounds())
                if angle is not None:
                    self.angle = angle
            else:
                self.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sx, sy = (round(c) for c in self.sphere_px())
            if math.hypot(event.pos[0] - sx, event.pos[1] - sy) < GRIP:
                self.dragging = True
                self.drag_to = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            if self.power > self.feel.release:
                return True
            self.power = 0.0
        elif event.type == pygame.MOUSEWHEEL:
            self.turn_spin(event.y)
        elif event.type == pygame.KEYDOWN:
            action = self.keys.get(event.key)
            if action == "spin_left":
                self.turn_spin(1)
            elif action == "spin_right":
                self.turn_spin(-1)
            elif action == "throw_charge":
                self.charging = True
                self.power = 0.0
            else:
                self.key(action, event)
        elif event.type == pygame.KEYUP and self.keys.get(event.key) == "throw_charge":
            was_charging, self.charging = self.charging, False
            if was_charging and self.power > self.feel.release:
                return True
        return False

    def update(self, dt: float) -> None:
        if self.charging:
            self.power = min(1.0, self.power + dt / self.feel.charge_seconds)
