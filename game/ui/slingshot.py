"""The slingshot: one hand on one sphere, for every game's throw.

`Slingshot` is the input every throw uses (`classic.throwing.ThrowInput` on a seat's line in a
classic match, `planet.throw.PlanetAim` in a Battle Planet band, `challenges.aim.Aim`
in a level's throw zone): press on the sphere, pull back and let go, the throw goes the
other way, harder the longer the pull. The pull is the vector from the press to the
release in logical px (`pointer.Pull`: past the window's edge too, the mouse captured),
and its length becomes the throw's speed through the game's `PullCurve`
(`game.physics.pull`), the same mapping the computers' hands and the skill benchmark
use: the throw is a function of the press, the release and the spin, never of how fast
the pointer moved or how the frames fell.

Keys (and a game controller, which sends them): hold the charge key and the pull grows
at a steady pace to the full pull (held there); hold the fine charge key (alone, or
while charging) and it grows five times slower, for a precise power; letting go of the
last of them throws. The wheel or the spin keys set spin in steps of 0.1. An aim or
move key held down repeats, as a text field's keys do: once as it goes down, again after
`REPEAT_DELAY`, then every `REPEAT_EVERY` until it comes up (SDL's own key repeat stays
off, so a held charge key is one press). Where the
sphere sits and what the aim and move keys do belong to the use; so does a `Feel`:
the curve and the pace of the charge.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from game import physics
from game.physics.pull import CHALLENGE as CHALLENGE_CURVE
from game.physics.pull import CLASSIC, PLANET, PullCurve, pull_angle
from game.physics.tuning import SPHERE_RADIUS

from .pointer import Pull

GRIP = 40.0  # px: a press this close to the sphere takes hold of it
SPIN_STEP = 0.1  # a wheel notch or a spin key press
CHARGE_KEYS = ("throw_charge", "throw_fine")
REPEATING = ("aim_left", "aim_right", "move_left", "move_right")
"""The keys that repeat while held (a turn or a step each time)."""
REPEAT_DELAY = 0.3  # s: a held aim or move key repeats after this
REPEAT_EVERY = 0.05  # s: and then this often (20 steps a second)


@dataclass(frozen=True, slots=True)
class Feel:
    """How a slingshot answers the hand: its curve and the pace of its key charge."""

    curve: PullCurve
    charge_seconds: float = 2.0
    """Holding the charge key this long reaches the full pull."""
    fine_share: float = 0.2
    """The fine charge grows at this share of the charge's pace."""

    @property
    def full_speed(self) -> float:
        return self.curve.full_speed

    def charge_rate(self, fine: bool) -> float:
        """px of pull a second the charge adds (the fine one, or the plain one)."""
        rate = self.curve.full_px / self.charge_seconds
        return rate * self.fine_share if fine else rate


MATCH = Feel(CLASSIC)
"""The classic match's throw."""
PLANET_FEEL = Feel(PLANET)
"""Battle Planet's roll."""
CHALLENGE = Feel(CHALLENGE_CURVE)
"""The throw challenges' throw: up to the physics' cap, 2,500 mm/s, the speeds the level
solver proves the stars with (`game.challenges.solver` searches up to `MAX_SPEED`)."""


class Slingshot(ABC):
    """The pull, the charge and the spin of one sphere; a use gives the rest.

    A use says where the sphere is (`sphere_px`, in logical px), what the pointer does
    while nothing is held (`hover`) and what its aim and move keys do (`key`). `feed`
    takes each event and is True when the sphere is let go with a pull long enough to
    throw; `speed` is then the throw's speed, in `angle`'s direction, with `spin`.
    """

    def __init__(self, feel: Feel, keys: Mapping[int, str]) -> None:
        self.feel = feel
        self.keys = dict(keys)  # key code -> throwing action (`hand_throw.bound_keys`)
        self.angle = 0.0
        self.pulled = 0.0  # px: the pull's length now (the mouse's, or the keys' charge)
        self.spin = 0.0
        self.hand = Pull()
        self.held: set[str] = set()  # the charge keys held down
        # the aim and move keys held down: key code -> (its press, seconds to its next
        # repeat)
        self.repeating: dict[int, tuple[pygame.event.Event, float]] = {}

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

    # ------------------------------------------------------------------ reading

    @property
    def curve(self) -> PullCurve:
        return self.feel.curve

    @property
    def power(self) -> float:
        """The share of the full pull, 0..1 (the power meter)."""
        return self.curve.power(self.pulled)

    @property
    def dragging(self) -> bool:
        return self.hand.active

    @property
    def charging(self) -> bool:
        return bool(self.held)

    def speed(self) -> float:
        """The throw's speed at the pull now (mm/s)."""
        return self.curve.speed(self.pulled)

    def throws(self) -> bool:
        """Whether the pull now is long enough to throw."""
        return self.pulled >= self.curve.release_px

    def throw_from(self, origin: physics.Point, radius: float = SPHERE_RADIUS) -> physics.Throw:
        """The throw the pull makes from `origin` (the same as `physics.pull.throw_of`
        of the pull's vector)."""
        return physics.Throw(origin, self.angle, self.speed(), self.spin, radius)

    # ------------------------------------------------------------------ shared

    def cancel(self) -> None:
        """Drop a pull or a charge in progress (the game pauses, the curtain falls)."""
        self.hand.cancel()
        self.held.clear()
        self.repeating.clear()
        self.pulled = 0.0

    def turn_spin(self, notches: float) -> None:
        self.spin = max(-1.0, min(1.0, round(self.spin + SPIN_STEP * notches, 2)))

    def _pulled_to(self, vector: tuple[float, float]) -> None:
        self.pulled = math.hypot(vector[0], vector[1])
        angle = pull_angle(vector)
        if angle is not None:
            self.angle = angle

    def feed(self, event: pygame.event.Event) -> bool:
        """Take one event; True when it lets the sphere go with pull enough to throw."""
        if self.hand.interrupted():  # the window lost focus, the screen changed
            self.cancel()
        if event.type == pygame.MOUSEMOTION:
            if self.dragging:
                buttons = getattr(event, "buttons", (1,))
                if not buttons[0]:  # let go where the window did not see it
                    self.cancel()
                    return False
                self.hand.move(event)
                self._pulled_to(self.hand.vector())
            else:
                self.hover(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sx, sy = (round(c) for c in self.sphere_px())
            if math.hypot(event.pos[0] - sx, event.pos[1] - sy) < GRIP and not self.held:
                self.hand.press(event)
                self.pulled = 0.0
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self._pulled_to(self.hand.release(event))
            if self.throws():
                return True
            self.pulled = 0.0
        elif event.type == pygame.MOUSEWHEEL:
            self.turn_spin(event.y)
        elif event.type == pygame.KEYDOWN:
            action = self.keys.get(event.key)
            if action == "spin_left":
                self.turn_spin(1)
            elif action == "spin_right":
                self.turn_spin(-1)
            elif action in CHARGE_KEYS:
                if not self.held:
                    self.hand.cancel()
                    self.pulled = 0.0
                self.held.add(action)
            else:
                self.key(action, event)
                if action in REPEATING:
                    self.repeating[event.key] = (event, REPEAT_DELAY)
        elif event.type == pygame.KEYUP and event.key in self.repeating:
            del self.repeating[event.key]
        elif event.type == pygame.KEYUP and self.keys.get(event.key) in CHARGE_KEYS:
            action = self.keys[event.key]
            if action in self.held:
                self.held.discard(action)
                if not self.held and self.throws():
                    return True
                if not self.held:
                    self.pulled = 0.0
        return False

    def update(self, dt: float) -> None:
        for code, (press, wait) in list(self.repeating.items()):
            wait -= dt
            repeats = 0
            while wait <= 1e-9 and repeats < 3:  # a long frame catches up a little, no more
                self.key(self.keys.get(code), press)
                wait += REPEAT_EVERY
                repeats += 1
            self.repeating[code] = (press, max(wait, 0.0))
        if self.held:
            rate = self.feel.charge_rate("throw_fine" in self.held)
            self.pulled = min(self.curve.full_px, self.pulled + rate * dt)

    # ------------------------------------------------------------------ drawing

    def draw_pull(self, surface: pygame.Surface, colour: tuple[int, int, int]) -> None:
        """The pull where the player sees it: the band from the sphere to the hand, and
        the hand itself while the mouse is captured (the system pointer is hidden then);
        past the screen's edge, a mark on the edge where the band leaves it."""
        if not self.dragging:
            return
        draw_band(surface, self.sphere_px(), self.hand.at, self.hand.capturing, colour)


def draw_band(
    surface: pygame.Surface,
    sphere: tuple[float, float],
    hand: tuple[float, float],
    pointer: bool,
    colour: tuple[int, int, int],
) -> None:
    """The slingshot's band from `sphere` to `hand` (logical px), clipped to the screen,
    with a drawn pointer at the hand when `pointer` (a captured mouse)."""
    area = surface.get_rect()
    clipped = area.clipline(sphere, hand)
    if clipped:
        a, b = clipped
        pygame.draw.line(surface, (230, 230, 230), a, b, 2)
    inside = area.collidepoint(hand)
    if pointer and inside:
        x, y = round(hand[0]), round(hand[1])
        pygame.draw.circle(surface, (20, 20, 28), (x, y), 9, 3)
        pygame.draw.circle(surface, colour, (x, y), 7, 2)
        pygame.draw.circle(surface, (255, 255, 255), (x, y), 2)
    elif not inside and clipped:
        # the hand is past the screen's edge: a mark where the band leaves it
        edge = clipped[1]
        dx, dy = hand[0] - sphere[0], hand[1] - sphere[1]
        length = math.hypot(dx, dy) or 1.0
        ux, uy = dx / length, dy / length
        tip = (edge[0] - ux * 2, edge[1] - uy * 2)
        back = (tip[0] - ux * 16, tip[1] - uy * 16)
        side = (-uy * 8, ux * 8)
        points = [
            tip,
            (back[0] + side[0], back[1] + side[1]),
            (back[0] - side[0], back[1] - side[1]),
        ]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, (20, 20, 28), points, 2)
