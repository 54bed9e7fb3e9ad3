"""The dice tray in the middle of the Attack table, and the throw of a die into it.

A die is thrown the way a Bakugan is: drag back from it and let go (the pull of every
game's slingshot, `game.ui.pointer`, past the window's edge too; `physics.pull.DICE`
turns its length into a speed), or aim with Left/Right (A/D, the controller's pad) and
hold Space or Enter to charge. A computer throws with the modelled hand of its level
(`game.ai.hand`): a release point meant, missed by its `hand_sigma`. The throw goes to
`game.physics.dice.roll_die` with the face the rules core drew; the tray plays the
recorded roll back at the display's rate and the die comes to rest on that face.
`faces_shown()` is what `draw` paints, so a test can check it.
"""

from __future__ import annotations

import math
import random

import pygame

from game.ai.hand import Hand
from game.physics.dice import DIE_SIZE, DiceRoll, DiePose, DieThrow, TraySpec, roll_die
from game.physics.pull import DICE, pull_angle, pull_vector

from .. import widgets as w
from ..outlines import Outlines
from ..pointer import Pull
from ..slingshot import draw_band
from .art import die_corners, die_shadow, draw_die, seat_colour
from .layout import TRAY_SCALE, tray_rect

MIN_SPEED = 300.0
"""mm/s: the slowest a die leaves the hand (it always tumbles a little)."""
MEANT_PULL = 0.6 * DICE.full_px
"""px: the pull a computer means for its die (a firm, easy throw)."""
HOLD_AFTER = 0.7  # s the die is shown at rest before the roll counts
CHARGE_TIME = 1.4  # s of holding the key for the full pull
DIE_SIDE_PX = DIE_SIZE * TRAY_SCALE  # drawn as big as it is: dice never overlap
GRAB_RADIUS = 44  # px around the die where a drag starts
AIM_STEP = math.radians(4.0)


class DiceTray:
    def __init__(self, spec: TraySpec | None = None) -> None:
        self.spec = spec or TraySpec(240.0, 130.0)
        self.rect = tray_rect(self.spec.width, self.spec.depth)
        self.resting: list[DiePose] = []
        self.owners: list[int] = []
        self.roll: DiceRoll | None = None
        self.roll_owner = -1
        self.t = 0.0
        self.rolls = 0  # how many dice have been thrown (the orientation's variety)
        # the die waiting to be thrown
        self.waiting: int | None = None  # whose
        self.origin = (self.spec.width / 2, DIE_SIZE)
        self.aim_angle = math.pi / 2
        self.hand = Pull()
        self.charging = False
        self.charge = 0.0  # px of pull the key's charge has reached
        self.outlines = Outlines()  # what the tray and its dice were drawn as

    # --- geometry ---------------------------------------------------------------------

    def to_screen(self, x: float, y: float) -> tuple[float, float]:
        return (self.rect.x + x * TRAY_SCALE, self.rect.bottom - y * TRAY_SCALE)

    def origin_px(self) -> tuple[float, float]:
        return self.to_screen(*self.origin)

    # --- the die to throw -------------------------------------------------------------

    def offer(self, player: int, seat_x: float) -> None:
        """`player`'s die waits at the tray's near edge, below his seat's side."""
        share = (seat_x - self.rect.x) / max(self.rect.w, 1)
        margin = 2 * DIE_SIZE
        x = min(max(share * self.spec.width, margin), self.spec.width - margin)
        self.origin = (x, DIE_SIZE)
        self.waiting = player
        self.aim_angle = math.atan2(self.spec.depth * 0.6, self.spec.width / 2 - x)
        self.hand.cancel()
        self.charging = False
        self.charge = 0.0

    @property
    def dragging(self) -> bool:
        return self.hand.active

    def throw_pull(self, pull: tuple[float, float], face: int) -> None:
        """Throw the waiting die with a pull (logical px from the press, screen y down)
        to rest on `face`: the way a person's pull and a computer's hand both throw."""
        angle = pull_angle(pull)
        speed = max(MIN_SPEED, DICE.speed(math.hypot(pull[0], pull[1])))
        self.throw(self.aim_angle if angle is None else angle, speed, 0.0, face)

    def throw(self, angle: float, speed: float, spin: float, face: int) -> None:
        """Throw the waiting die at `angle` at `speed` mm/s to rest on `face`."""
        player = self.waiting if self.waiting is not None else -1
        throw = DieThrow(self.origin, angle, speed, max(-1.0, min(1.0, spin)))
        self.roll = roll_die(self.spec, throw, face, self.resting, variety=self.rolls)
        self.rolls += 1
        self.roll_owner = player
        self.t = 0.0
        self.waiting = None
        self.hand.cancel()
        self.charging = False

    def bot_throw(self, rng: random.Random, face: int, sigma: float) -> None:
        """A computer's throw: the pull it means (at the tray's middle, a firm pull)
        missed by its hand's error (`sigma` px, its level's `hand_sigma`)."""
        meant = pull_vector(self.aim_angle, MEANT_PULL)
        self.throw_pull(Hand(sigma).release(meant, rng), face)

    @property
    def rolling(self) -> bool:
        return self.roll is not None

    def charge_tick(self, dt: float) -> None:
        if self.charging:
            self.charge = min(DICE.full_px, self.charge + DICE.full_px * dt / CHARGE_TIME)

    def update(self, dt: float) -> bool:
        """Advance the roll; True once when it has rested and been shown a moment."""
        if self.roll is None:
            return False
        self.t += dt
        if self.t < self.roll.duration + HOLD_AFTER:
            return False
        final = self.roll.final()
        self.resting = final
        self.owners = [self.roll_owner, *self.owners][: len(final)]
        self.roll = None
        return True

    def skip(self) -> None:
        """Show the roll at rest at once (a click or key while it rolls)."""
        if self.roll is not None:
            self.t = max(self.t, self.roll.duration)

    def clear(self) -> None:
        self.resting, self.owners = [], []
        self.roll = None
        self.waiting = None

    def faces_shown(self) -> list[tuple[int, DiePose]]:
        """(owner, pose) of every die as drawn now, the rolling one first."""
        if self.roll is not None:
            poses = self.roll.poses_at(min(self.t, self.roll.duration))
            return list(zip([self.roll_owner, *self.owners], poses, strict=False))
        return list(zip(self.owners, self.resting, strict=False))

    # --- input --------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event, face: int | None) -> bool:
        """A person's throw of the waiting die; `face` is the core's outcome (None: the
        die is not this person's to throw). True when the event was used."""
        if self.waiting is None or face is None:
            return False
        if self.hand.interrupted():
            self.hand.cancel()
        start = self.origin_px()
        near = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and (
            math.dist(event.pos, start) <= GRAB_RADIUS or self.rect.collidepoint(event.pos)
        )
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and near:
            self.hand.press(event)
            return True
        if event.type == pygame.MOUSEMOTION and self.dragging:
            if not getattr(event, "buttons", (1,))[0]:
                self.hand.cancel()  # let go where the window did not see it
            else:
                self.hand.move(event)
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            pull = self.hand.release(event)
            if math.hypot(pull[0], pull[1]) < DICE.release_px:
                return True  # too short a pull: nothing thrown
            self.throw_pull(pull, face)
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_LEFT, pygame.K_a):
                self.aim_angle = min(math.pi - 0.2, self.aim_angle + AIM_STEP)
                return True
            if event.key in (pygame.K_RIGHT, pygame.K_d):
                self.aim_angle = max(0.2, self.aim_angle - AIM_STEP)
                return True
            if event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.charging = True
                self.charge = 0.0
                return True
        if (
            event.type == pygame.KEYUP
            and self.charging
            and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)
        ):
            self.throw_pull(pull_vector(self.aim_angle, max(self.charge, DICE.release_px)), face)
            return True
        return False

    def aim_now(self) -> tuple[float, float] | None:
        """(angle, power 0..1) of the throw being aimed, for the drawn guide."""
        if self.dragging:
            pull = self.hand.vector()
            angle = pull_angle(pull)
            return None if angle is None else (angle, DICE.power(math.hypot(*pull)))
        if self.waiting is not None:
            return (self.aim_angle, DICE.power(self.charge) if self.charging else 0.0)
        return None

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        pygame.draw.rect(surface, (52, 34, 22), r.inflate(22, 22), border_radius=16)
        pygame.draw.rect(surface, (30, 70, 52), r, border_radius=8)
        pygame.draw.rect(surface, (90, 60, 40), r.inflate(22, 22), 4, border_radius=16)
        self.outlines.start("tray")
        self.outlines.rect("tray", "tray", "tray", r)  # the walls' inner faces
        side = DIE_SIDE_PX
        # dice lying side by side: every shadow under every die, so no pip of one is
        # hidden under its neighbour's; each die's edge in its seat's colour is the box
        # it collides as (its rounding, the clearance dice keep, is left as table)
        shown = [
            (owner, pose, self.to_screen(pose.x, pose.y)) for owner, pose in self.faces_shown()
        ]
        for _, pose, at in shown:
            die_shadow(surface, at, pose.angle, side)
        for i, (owner, pose, at) in enumerate(reversed(shown)):  # the newest on top
            draw_die(surface, at, pose.angle, side, pose.face, shadow=False)
            corners = die_corners(at, pose.angle, side)
            if owner >= 0:
                pygame.draw.polygon(surface, seat_colour(owner), corners, 2)
            self.outlines.polygon("tray", "die", i, corners)
        if self.waiting is not None:
            sx, sy = self.origin_px()
            aim = self.aim_now()
            if aim is not None:
                angle, power = aim
                length = 30 + 120 * power
                end = (sx + length * math.cos(angle), sy - length * math.sin(angle))
                pygame.draw.line(surface, w.ACCENT, (sx, sy), end, 3)
                if self.dragging:
                    draw_band(surface, (sx, sy), self.hand.at, self.hand.capturing, w.ACCENT)
            pulse = 0.5 + 0.5 * math.sin(pygame.time.get_ticks() / 200)
            pygame.draw.circle(
                surface, seat_colour(self.waiting), (round(sx), round(sy)), 18 + 4 * pulse, 3
            )
            draw_die(surface, (sx, sy), 0.0, side, 6 if self.waiting % 2 else 5)
