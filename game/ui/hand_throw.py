"""What a throw by hand is in every game: the throwing keys as the player bound them, and
the line a seat's sphere moves along in its band (the classic match's `ThrowInput`, the
Battle Planet rolls and the throw challenges use them), and the slingshot on that line
(`BandSlingshot`, the classic seats' and the Planet bands')."""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING

import pygame

from game import physics
from game.match.zone import Zone
from game.physics.table import HAND_MARGIN

from . import slingshot

if TYPE_CHECKING:
    from .table_view import TableView

THROW_ACTIONS = ("aim_left", "aim_right", "move_left", "move_right", "spin_left", "spin_right")
CHARGE_ACTIONS = ("throw_charge", "throw_fine")
AIM_STEP = 0.02
"""radians an aim key turns the throw (with Shift: a fifth of it, about a pixel of a
150 px pull: the mouse's resolution)"""


def aim_turn(action: str | None, event: pygame.event.Event) -> float:
    """The turn (radians, counter-clockwise from the thrower's facing) an aim key gives:
    `AIM_STEP`, a fifth of it with Shift held (the fine aim); 0 for any other key."""
    if action not in ("aim_left", "aim_right"):
        return 0.0
    fine = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
    step = AIM_STEP / 5 if fine else AIM_STEP
    return step if action == "aim_left" else -step


def bound_keys(names: Mapping[str, str]) -> dict[int, str]:
    """Key code -> throwing action, from the player's bindings (key names as pygame spells
    them); a name pygame does not know falls back to the default binding."""
    from game.persist.settings import DEFAULT_KEYS

    out: dict[int, str] = {}
    for action in (*THROW_ACTIONS, *CHARGE_ACTIONS):
        for name in (names.get(action, ""), DEFAULT_KEYS[action]):
            try:
                out[pygame.key.key_code(name)] = action
                break
            except (ValueError, pygame.error):
                continue
    return out


def throw_line(width: float, height: float, zone: Zone) -> tuple[bool, float, float, float, float]:
    """The sphere's line in a band: (horizontal, lo, hi, across, facing) in table mm."""
    line = physics.ThrowLine.of(zone.box, physics.TableSpec(width=width, height=height))
    return (line.horizontal, line.lo + HAND_MARGIN, line.hi - HAND_MARGIN, line.hand, line.facing)


class BandSlingshot(slingshot.Slingshot):
    """The slingshot of a seat's band: the sphere on the seat's line (`throw_line`),
    starting in its middle aimed at `toward` (table mm).

    The pointer moves the sphere along the line; the move keys step it (on a side
    seat's line "left" is up the screen), and the aim keys turn the throw the way those
    keys move the sphere (`ThrowLine.facing`). A use draws it and says what it shows of
    the throw to come.
    """

    def __init__(
        self,
        feel: slingshot.Feel,
        keys: Mapping[int, str],
        view: TableView,
        player: int,
        zone: Zone,
        toward: physics.Point,
    ) -> None:
        super().__init__(feel, keys)
        self.view = view
        self.player = player
        self.zone = zone
        # The sphere moves along the band's line, just inside its edge toward the field.
        table = physics.TableSpec(width=view.width, height=view.height)
        self.line = physics.ThrowLine.of(zone.box, table)
        self.horizontal, self.lo, self.hi, self.at, _ = throw_line(view.width, view.height, zone)
        self.along = (self.lo + self.hi) / 2
        # Seats facing up or right turn counter-clockwise for "left", the others the
        # other way.
        self.turn = self.line.facing
        ox, oy = self.origin()
        self.angle = math.atan2(toward[1] - oy, toward[0] - ox)

    def origin(self) -> physics.Point:
        """Where the sphere is on the table (mm)."""
        return self.line.point(self.along, self.at)

    def sphere_px(self) -> tuple[float, float]:
        return self.view.fpx(self.origin())

    def back(self) -> tuple[float, float]:
        """The unit vector on screen pointing away from where the throw goes: the way a
        straight pull goes."""
        return (-math.cos(self.angle), math.sin(self.angle))

    def current(self) -> physics.Throw:
        """The throw as aimed and pulled now."""
        return self.throw_from(self.origin())

    def handle(self, event: pygame.event.Event) -> physics.Throw | None:
        """The throw, when this event lets the sphere go with power enough."""
        return self.current() if self.feed(event) else None

    def hover(self, pos: tuple[int, int]) -> None:
        tx, ty = self.view.mm(pos)
        self._move(tx if self.horizontal else ty)

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        turn = aim_turn(action, event)
        if turn:
            self.angle += turn * self.turn
        elif action in ("move_left", "move_right"):
            # Left on screen, or up the screen on a side seat's line.
            step = 15.0 if (action == "move_right") == self.horizontal else -15.0
            self._move(self.along + step)

    def _move(self, along: float) -> None:
        self.along = min(max(along, self.lo), self.hi)
