"""What a throw by hand is in every game: the throwing keys as the player bound them, and
the line a seat's sphere moves along in its band (the classic match's `ThrowInput`, the
Battle Planet rolls and the throw challenges use them)."""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from game import physics
from game.match.zone import Zone
from game.physics.table import HAND_MARGIN

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
