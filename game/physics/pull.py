"""The slingshot's measure: how a pull of so many pixels becomes a throw's speed and angle.

Every throw of the app is a pull: press on the sphere (or the die), drag back, let go.
The throw goes the other way from the pull, and its speed is a function of the pull's
length alone, in logical pixels (the 1280 x 720 screen every window is scaled from):
`PullCurve.speed`. A person's slingshot (`game.ui.slingshot`), the computer's modelled
hand (`game.ai.hand`) and the skill benchmark (`benchmarks/throw_skill.py`) all turn a
pull into a throw here, so a person and a bot with the same steadiness hit as often.

The curve is *speed-linear*, as in the slingshot games players know: the launch speed
grows in proportion to the stretch, up to a full stretch that is full power. A sphere
rolls about as its speed squared (`rolled`: friction and damping), so a near card gets
more of the pull than a far one, and each table's full pull is chosen so that the
farthest card or core still gets enough (docs/throw.md: at least 150 px of pull to
reach it, every target at least 10 px deep). The challenges' curve has a knee: past the
farthest card a straight throw of theirs lands on, the speed rises faster to the
physics' cap (bank shots and knock-outs need it; the pull there is spent on no card).

No pygame, nothing of the screen: the pull is a vector in logical px, screen y down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.physics.geometry import Point
from game.physics.release import Throw
from game.physics.tuning import DAMPING, GRAVITY, MAX_SPEED, ROLLING_MU, SPHERE_RADIUS

AIM_PULL = 4.0
"""px: a pull shorter than this does not turn the aim (its direction is mostly the
hand's jitter)."""
_INVERSE_STEPS = 64
"""Bisection steps of `speed_for_roll`: the last bit of a double, the same in any
process."""


FRICTION_DECEL = ROLLING_MU * GRAVITY
"""mm/s^2: how fast the table's friction slows a rolling sphere."""


def rolled(speed: float, decel: float = FRICTION_DECEL, damping: float = DAMPING) -> float:
    """mm a sphere released at `speed` (mm/s) rolls on the bare table before it rests:
    a constant deceleration `decel` (friction, mm/s^2) and damping keeping `damping` of
    the velocity per second (the engine's two brakes; within 1%, or a millimetre, of the
    engine's own rolls from 200 to 2,500 mm/s: tests/physics/test_pull.py)."""
    if speed <= 0.0:
        return 0.0
    c = -math.log(damping)
    if c < 1e-12:
        return speed * speed / (2.0 * decel)
    return speed / c - decel / (c * c) * math.log1p(c * speed / decel)


def speed_for_roll(
    distance: float, decel: float = FRICTION_DECEL, damping: float = DAMPING
) -> float:
    """The speed that rolls a sphere `distance` mm (the inverse of `rolled`)."""
    if distance <= 0.0:
        return 0.0
    lo, hi = 0.0, math.sqrt(2.0 * decel * distance) * 2.0 + 1.0
    while rolled(hi, decel, damping) < distance:
        hi *= 2.0
    for _ in range(_INVERSE_STEPS):
        mid = (lo + hi) / 2.0
        if rolled(mid, decel, damping) < distance:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


@dataclass(frozen=True, slots=True)
class PullCurve:
    """Pull (logical px) -> throw speed (mm/s) for one kind of table: the speed grows in
    proportion to the pull up to the knee, then straight on to full speed at the full
    pull (one straight line when the two meet)."""

    knee_px: float
    knee_speed: float
    """mm/s at a pull of `knee_px`."""
    full_px: float
    """px of pull that throw at full speed (longer pulls throw the same)."""
    full_speed: float
    release_px: float
    """Letting go of a pull shorter than this throws nothing (a slip of the hand)."""

    def __post_init__(self) -> None:
        if not 0 < self.release_px < self.knee_px <= self.full_px:
            raise ValueError("a pull curve needs 0 < release < knee <= full pull")
        if not 0 < self.knee_speed <= self.full_speed <= MAX_SPEED:
            raise ValueError(f"speeds must rise to full speed, at most {MAX_SPEED:g} mm/s")
        if self.full_px == self.knee_px and self.full_speed != self.knee_speed:
            raise ValueError("a curve without a tail has its full speed at the knee")

    @property
    def per_px(self) -> float:
        """mm/s of speed per px of pull up to the knee."""
        return self.knee_speed / self.knee_px

    def speed(self, pull_px: float) -> float:
        """The throw's speed for a pull `pull_px` long."""
        if pull_px <= 0.0:
            return 0.0
        if pull_px <= self.knee_px:
            return self.knee_speed * pull_px / self.knee_px
        if pull_px >= self.full_px:
            return self.full_speed
        share = (pull_px - self.knee_px) / (self.full_px - self.knee_px)
        return self.knee_speed + (self.full_speed - self.knee_speed) * share

    def pull_for(self, speed: float) -> float:
        """The pull (px) that throws at `speed` (the inverse of `speed`; full speed and
        above: the full pull)."""
        if speed <= 0.0:
            return 0.0
        if speed <= self.knee_speed:
            return self.knee_px * speed / self.knee_speed
        if self.full_speed == self.knee_speed:
            return self.full_px
        share = min(1.0, (speed - self.knee_speed) / (self.full_speed - self.knee_speed))
        return self.knee_px + share * (self.full_px - self.knee_px)

    def power(self, pull_px: float) -> float:
        """The share of the full pull, 0..1: what the power meter shows."""
        return max(0.0, min(1.0, pull_px / self.full_px))


def line(full_px: float, full_speed: float, release_px: float = 8.0) -> PullCurve:
    """A curve that is one straight line: speed in proportion to the pull."""
    return PullCurve(full_px, full_speed, full_px, full_speed, release_px)


def pull_angle(pull: Point) -> float | None:
    """The throw's angle (table radians, y up) for a pull vector in screen px (y down):
    the throw goes the other way. None for a pull too short to aim with (`AIM_PULL`)."""
    dx, dy = pull
    if math.hypot(dx, dy) < AIM_PULL:
        return None
    return math.atan2(dy, -dx)


def pull_vector(angle: float, pull_px: float) -> Point:
    """The pull (screen px, y down) that throws at table `angle` with a pull this long:
    straight back from the throw (the inverse of `pull_angle`)."""
    return (-pull_px * math.cos(angle), pull_px * math.sin(angle))


def throw_of(
    curve: PullCurve,
    origin: Point,
    pull: Point,
    spin: float = 0.0,
    radius: float = SPHERE_RADIUS,
    aim: float = 0.0,
) -> Throw | None:
    """The throw a pull makes from `origin`: its angle from the pull's direction (`aim`
    when the pull is too short to point anywhere), its speed from its length, with
    `spin`; None when the pull is too short to throw (`release_px`)."""
    length = math.hypot(pull[0], pull[1])
    if length < curve.release_px:
        return None
    angle = pull_angle(pull)
    return Throw(origin, aim if angle is None else angle, curve.speed(length), spin, radius)


# The curves of the app's tables (docs/throw.md gives the measurements behind each).

CLASSIC = line(280.0, 1800.0)
"""The match table: 6.4 mm/s a px. The farthest card of the two-player field opens from
a pull of 175 px, that of the Big Game of four from 207, a card 12-27 px deep; a full
pull rolls a sphere 1.1 m, off every match table."""

PLANET = line(300.0, 1600.0)
"""Battle Planet: 5.3 mm/s a px. The Matrix of 12 lies 300-450 mm from the bands: its
cores open from pulls of 160-214 px, each 12-17 px deep."""

CHALLENGE = PullCurve(300.0, 1770.0, 360.0, MAX_SPEED, 8.0)
"""The throw challenges: 5.9 mm/s a px to the knee (the farthest card a straight throw
of the shipped levels lands on, 1 m away, opens from 275 to 294 px); then on to the physics' cap
over 60 px, the speed the level solver proves some stars with (bank shots)."""

DICE = line(200.0, 1750.0)
"""Bakugan Attack!'s die into the tray (the face comes from the rules, not the throw):
the full pull a little shorter than the spheres', the tray being small."""


__all__ = [
    "AIM_PULL",
    "CHALLENGE",
    "CLASSIC",
    "DICE",
    "FRICTION_DECEL",
    "PLANET",
    "PullCurve",
    "line",
    "pull_angle",
    "pull_vector",
    "rolled",
    "speed_for_roll",
    "throw_of",
]
