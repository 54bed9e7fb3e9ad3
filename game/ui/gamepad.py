"""Game controllers: the pad speaks the keyboard's language.

Every controller event becomes the key a keyboard player would press, so scenes need
no pad code of their own: the left stick aims (the aim keys, Left / Right by default,
repeating faster the further it leans), the right trigger charges (the charge key,
Space), the left trigger charges finely (the fine charge key, F), the D-pad moves
the focus (Up / Down) and the sphere along its line (the move
keys, A / D), A chooses (Enter), B goes back (Esc), X passes (P), the shoulders spin
(the spin keys, Q / E). The throwing keys follow the player's bindings (`bind`), so a
rebound key changes nothing for the pad. Controllers can be plugged in and out at any
time.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

import pygame

log = logging.getLogger(__name__)

DEADZONE = 0.25
TRIGGER_ON = 0.5
AXIS_MAX = 32767.0

_BUTTON_KEYS = {
    pygame.CONTROLLER_BUTTON_A: pygame.K_RETURN,
    pygame.CONTROLLER_BUTTON_B: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_X: pygame.K_p,
    pygame.CONTROLLER_BUTTON_Y: pygame.K_TAB,
    pygame.CONTROLLER_BUTTON_START: pygame.K_ESCAPE,
    pygame.CONTROLLER_BUTTON_DPAD_UP: pygame.K_UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: pygame.K_DOWN,
}
# Buttons that stand for a throwing action: they send the key bound to it.
_BUTTON_ACTIONS = {
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "move_left",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "move_right",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "spin_left",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "spin_right",
}
# The throwing keys before `bind` (the defaults of `game.persist.settings.DEFAULT_KEYS`).
DEFAULT_ACTION_KEYS: Mapping[str, int] = {
    "aim_left": pygame.K_LEFT,
    "aim_right": pygame.K_RIGHT,
    "move_left": pygame.K_a,
    "move_right": pygame.K_d,
    "spin_left": pygame.K_q,
    "spin_right": pygame.K_e,
    "throw_charge": pygame.K_SPACE,
    "throw_fine": pygame.K_f,
}
# The triggers: each holds a charge key down while pressed past TRIGGER_ON.
_TRIGGER_ACTIONS = {
    pygame.CONTROLLER_AXIS_TRIGGERRIGHT: "throw_charge",
    pygame.CONTROLLER_AXIS_TRIGGERLEFT: "throw_fine",
}


def _key(kind: int, key: int) -> pygame.event.Event:
    return pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0)


class Gamepad:
    """Translates controller events into key events; `update` repeats stick aiming."""

    def __init__(self) -> None:
        self.pads: dict[int, object] = {}  # instance id -> open controller
        self.stick_x = 0.0
        self.held: dict[int, int] = {}  # trigger axis -> the key it holds down
        self._repeat = 0.0
        self.action_keys = dict(DEFAULT_ACTION_KEYS)
        self.available = False
        try:
            from pygame._sdl2 import controller

            controller.init()
            self._controller = controller
            self.available = True
        except (ImportError, pygame.error) as e:  # no controller support: keyboard and mouse
            log.info("no game controller support: %s", e)

    def bind(self, keys: Mapping[int, str]) -> None:
        """Send the player's keys for the throwing actions (key code -> action, as
        `game.ui.hand_throw.bound_keys` gives them); actions missing keep their default."""
        self.action_keys = dict(DEFAULT_ACTION_KEYS)
        for code, action in keys.items():
            if action in self.action_keys:
                self.action_keys[action] = code

    def _open(self, index: int) -> None:
        try:
            pad = self._controller.Controller(index)
            self.pads[pad.as_joystick().get_instance_id()] = pad
        except (pygame.error, AttributeError) as e:
            log.warning("controller %s could not be opened: %s", index, e)

    def translate(self, event: pygame.event.Event) -> list[pygame.event.Event]:
        """The key events that `event` stands for (empty for anything else)."""
        if event.type == pygame.CONTROLLERDEVICEADDED:
            if self.available:
                self._open(event.device_index)
            return []
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            self.pads.pop(getattr(event, "instance_id", -1), None)
            self.stick_x = 0.0
            return self._release_triggers()
        if event.type in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
            key = _BUTTON_KEYS.get(event.button)
            action = _BUTTON_ACTIONS.get(event.button)
            if action is not None:
                key = self.action_keys[action]
            if key is None:
                return []
            kind = pygame.KEYDOWN if event.type == pygame.CONTROLLERBUTTONDOWN else pygame.KEYUP
            return [_key(kind, key)]
        if event.type == pygame.CONTROLLERAXISMOTION:
            value = event.value / AXIS_MAX
            if event.axis == pygame.CONTROLLER_AXIS_LEFTX:
                self.stick_x = 0.0 if abs(value) < DEADZONE else max(-1.0, min(1.0, value))
                return []
            action = _TRIGGER_ACTIONS.get(event.axis)
            if action is not None:
                if value >= TRIGGER_ON and event.axis not in self.held:
                    self.held[event.axis] = self.action_keys[action]
                    return [_key(pygame.KEYDOWN, self.held[event.axis])]
                if value < TRIGGER_ON and event.axis in self.held:
                    return [_key(pygame.KEYUP, self.held.pop(event.axis))]
        return []

    def _release_triggers(self) -> list[pygame.event.Event]:
        """Let go of every trigger held (its key comes up: a pad unplugged mid-charge)."""
        keys = list(self.held.values())
        self.held.clear()
        return [_key(pygame.KEYUP, key) for key in keys]

    def update(self, dt: float) -> list[pygame.event.Event]:
        """Aim keys while the stick leans: one step every 0.15 s at the edge of the
        dead zone down to every 0.03 s at full lean."""
        if self.stick_x == 0.0:
            self._repeat = 0.0
            return []
        self._repeat -= dt
        if self._repeat > 0:
            return []
        lean = (abs(self.stick_x) - DEADZONE) / (1 - DEADZONE)
        self._repeat = 0.15 - 0.12 * lean
        aim = "aim_right" if self.stick_x > 0 else "aim_left"
        return [_key(pygame.KEYDOWN, self.action_keys[aim])]
