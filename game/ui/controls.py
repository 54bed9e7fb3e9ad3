"""Controls: the throwing keys, rebound by the player (reached from Settings).

Each throwing action is a row with its key as pygame names it (the same name the
settings file keeps). Pick a row (click, Up / Down and Enter, or the controller's D-pad
and A), then press the new key; Esc (B on a controller) cancels. A key another throwing
action has moves to the row just changed and that action takes the old key (a swap), so
every action always keeps a key and no two share one. Keys the game needs for itself
are refused with the reason. Every change is saved at once (`App.change_settings`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.persist.settings import ACTIONS, DEFAULT_KEYS, KEY_NAMES

from . import widgets as w
from .backdrop import BackdropScene
from .hand_throw import CHARGE_ACTIONS, THROW_ACTIONS

if TYPE_CHECKING:
    from .app import App

# The rows, in the order a throw uses them (the charges last).
CONTROL_ACTIONS: tuple[str, ...] = (*THROW_ACTIONS, *CHARGE_ACTIONS)

# Keys the game keeps for itself, and why (the catalog's `controls.why.<reason>`).
# Esc, Enter, Up / Down / Tab move and choose on every screen and are what a game
# controller's B, A, D-pad and Y send; the others act in a match or a throw challenge
# before the throw input sees them.
RESERVED: dict[int, str] = {
    pygame.K_ESCAPE: "escape",
    pygame.K_RETURN: "enter",
    pygame.K_KP_ENTER: "enter",
    pygame.K_UP: "focus",
    pygame.K_DOWN: "focus",
    pygame.K_TAB: "focus",
    pygame.K_F11: "fullscreen",
    pygame.K_h: "assist",
    pygame.K_t: "hints",
    pygame.K_p: "pass",
    pygame.K_r: "retry",
    pygame.K_w: "challenge_move",
    pygame.K_s: "challenge_move",
}

REFUSED = (255, 140, 120)
DONE = (150, 230, 160)


@dataclass(frozen=True)
class Rebind:
    """What pressing a key for an action comes to: new bindings, or a refusal."""

    keys: dict[str, str] | None  # None: refused
    name: str  # the key's name as pygame spells it
    swapped: str | None = None  # the action that took the old key
    old: str = ""  # the key that action took
    reason: str = ""  # catalog key of the refusal
    holder: str = ""  # the action that holds the key (refusals by holder)


def rebind(keys: Mapping[str, str], action: str, code: int) -> Rebind:
    """Bind the key `code` to the throwing `action` in `keys` (names as in the settings).

    A key another throwing action holds is swapped with it; a key the game keeps, a key
    the settings file cannot name, or one held by an action not on this screen (Pass,
    Pause, Full screen) is refused.
    """
    name = pygame.key.name(code)
    if code in RESERVED:
        return Rebind(None, name, reason=f"controls.why.{RESERVED[code]}")
    if name not in KEY_NAMES:
        return Rebind(None, name, reason="controls.unusable")
    full = {a: keys.get(a, DEFAULT_KEYS[a]) for a in ACTIONS}
    holder = next((a for a in ACTIONS if full[a] == name), None)
    if holder is None or holder == action:
        full[action] = name
        return Rebind(full, name)
    if holder not in CONTROL_ACTIONS:
        return Rebind(None, name, reason="controls.taken", holder=holder)
    old = full[action]
    full[holder], full[action] = old, name
    return Rebind(full, name, swapped=holder, old=old)


ARROWS = {"left": "←", "right": "→", "up": "↑", "down": "↓"}


def key_display(name: str, tr: Callable[..., str]) -> str:
    """A key's name as the Controls screen writes it, in the player's language: letters,
    digits and F-keys in capitals, the named keys from the catalog (``controls.key.*``:
    "Left arrow", "Space", "Left Shift"...), a keypad key as "Keypad 4"."""
    key = "controls.key." + name.replace(" ", "_")
    shown = tr(key)
    if shown != key:
        return shown
    if len(name) == 3 and name.startswith("[") and name.endswith("]"):
        return tr("controls.key.keypad", number=name[1])
    if len(name) == 1 or (name.startswith("f") and name[1:].isdigit()):
        return name.upper()
    return name


def key_label(name: str, tr: Callable[..., str]) -> str:
    """A key name as the hints print it: arrows as arrows, the rest as the Controls
    screen writes it (`key_display`)."""
    if name in ARROWS:
        return ARROWS[name]
    return key_display(name, tr)


def throw_keys(keys: Mapping[str, str], tr: Callable[[str], str]) -> dict[str, str]:
    """The fields the throwing hints name their keys by: move, aim, spin, charge, fine."""

    def label(action: str) -> str:
        return key_label(keys.get(action, DEFAULT_KEYS[action]), tr)

    return {
        "move": f"{label('move_left')}/{label('move_right')}",
        "aim": f"{label('aim_left')}/{label('aim_right')}",
        "spin": f"{label('spin_left')}/{label('spin_right')}",
        "charge": label("throw_charge"),
        "fine": label("throw_fine"),
    }


class ControlsScene(BackdropScene):
    """The throwing keys: one row per action; pick one, press its new key."""

    ROW_TOP = 124
    ROW_STEP = 50

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.capturing: str | None = None
        self.message = ""
        self.message_colour = w.INK
        self.buttons = []
        self._build()

    # ------------------------------------------------------------------ layout

    def _build(self) -> None:
        focused = next((i for i, b in enumerate(self.buttons) if b.focused), None)
        self.buttons = []
        for i, action in enumerate(CONTROL_ACTIONS):
            rect = pygame.Rect(330, self.ROW_TOP + i * self.ROW_STEP, 620, 44)
            label = self.tr(f"controls.action.{action}")
            button = w.Button(rect, label, partial(self._capture, action))
            button.data["action"] = action
            self.buttons.append(button)
        bottom = self.ROW_TOP + len(CONTROL_ACTIONS) * self.ROW_STEP + 44
        reset = pygame.Rect(330, bottom, 305, 50)
        back = pygame.Rect(645, bottom, 305, 50)
        self.buttons.append(w.Button(reset, self.tr("controls.reset"), self._reset))
        self.buttons.append(w.Button(back, self.tr("ui.back"), self.app.pop, key=pygame.K_ESCAPE))
        if focused is not None and focused < len(self.buttons):
            self.buttons[focused].focused = True

    def key_name(self, action: str) -> str:
        """The name of the key bound to `action`, as pygame spells it."""
        name = self.app.settings.keys.get(action, DEFAULT_KEYS[action])
        try:
            return pygame.key.name(pygame.key.key_code(name))
        except (ValueError, pygame.error):
            return name

    # ------------------------------------------------------------------ actions

    def _say(self, message: str, colour: tuple[int, int, int] = DONE) -> None:
        self.message = message
        self.message_colour = colour

    def _capture(self, action: str) -> None:
        self.capturing = action
        self._say("")
        self.app.audio.play("ui_click")

    def _cancel(self, say: bool = True) -> None:
        self.capturing = None
        if say:
            self._say(self.tr("controls.cancelled"), w.MUTED)

    def _bind(self, code: int) -> None:
        action = self.capturing
        assert action is not None
        result = rebind(self.app.settings.keys, action, code)
        name = key_display(result.name, self.tr) if result.name else "?"
        if result.keys is None:
            if result.reason == "controls.taken":
                holder = self.tr(f"controls.action.{result.holder}")
                self._say(self.tr("controls.taken", name=name, action=holder), REFUSED)
            elif result.reason == "controls.unusable":
                self._say(self.tr("controls.unusable", name=name), REFUSED)
            else:
                why = self.tr(result.reason)
                self._say(self.tr("controls.reserved", name=name, why=why), REFUSED)
            return  # still waiting: another key, or Esc
        self.capturing = None
        self.app.change_settings(keys=result.keys)
        self.app.audio.play("ui_click")
        label = self.tr(f"controls.action.{action}")
        if result.swapped is not None:
            other = self.tr(f"controls.action.{result.swapped}")
            old = key_display(result.old, self.tr)
            self._say(self.tr("controls.swapped", action=label, name=name, other=other, old=old))
        else:
            self._say(self.tr("controls.bound", action=label, name=name))
        self._build()

    def _reset(self) -> None:
        self.capturing = None
        self.app.change_settings(keys=dict(DEFAULT_KEYS))
        self.app.audio.play("ui_click")
        self._say(self.tr("controls.reset_done"))
        self._build()

    # ------------------------------------------------------------------ scene

    def handle(self, event: pygame.event.Event) -> None:
        if self.capturing is not None:
            if event.type == pygame.KEYDOWN:
                if event.key == pygame.K_ESCAPE:
                    self._cancel()
                else:
                    self._bind(event.key)
                return
            if event.type == pygame.KEYUP:
                return
            if event.type == pygame.MOUSEBUTTONUP:
                self._cancel(say=False)  # a click elsewhere drops the pending key
        super().handle(event)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w.text(surface, self.tr("controls.title"), (640, 70), 56, w.ACCENT, "center", shadow=True)
        for b in self.buttons:
            action = b.data.get("action")
            if isinstance(action, str):
                self._draw_row(surface, b, action)
            else:
                b.draw(surface, 24)
        if self.message:
            y = self.ROW_TOP + len(CONTROL_ACTIONS) * self.ROW_STEP + 16
            size = 22
            while size > 14 and w.font(size).size(self.message)[0] > 1200:
                size -= 2  # a long message in a long language shrinks to fit
            img = w.render(self.message, size, self.message_colour)
            box = img.get_rect(center=(640, y)).inflate(28, 12)
            w.panel(surface, box, 225, self.message_colour)
            surface.blit(img, img.get_rect(center=box.center))
        if self.capturing is not None:
            action = self.tr(f"controls.action.{self.capturing}")
            footer = self.tr("controls.help_capture", action=action)
        else:
            footer = self.tr("controls.help")
        w.text(surface, footer, (640, 700), 20, w.MUTED, "center")

    def _draw_row(self, surface: pygame.Surface, b: w.Button, action: str) -> None:
        waiting = self.capturing == action
        lit = b.hot or b.focused or waiting
        base = tuple(min(255, c + 40) for c in b.colour) if lit else b.colour
        pygame.draw.rect(surface, base, b.rect, border_radius=10)
        edge = w.ACCENT if lit else w.PANEL_EDGE
        pygame.draw.rect(surface, edge, b.rect, width=2, border_radius=10)
        if waiting:
            value, colour = self.tr("controls.press_key"), w.ACCENT
        else:
            value, colour = key_display(self.key_name(action), self.tr), w.INK
        width = min(300, max(96, w.font(24).size(value)[0] + 32))
        cap = pygame.Rect(0, 0, width, b.rect.h - 12)
        cap.midright = (b.rect.right - 10, b.rect.centery)
        label = pygame.Rect(b.rect.x + 22, b.rect.y + 4, cap.x - b.rect.x - 32, b.rect.h - 8)
        w.fit_text(surface, b.label, label, 24, w.INK)
        pygame.draw.rect(surface, (22, 28, 48), cap, border_radius=8)
        pulse = waiting and int(self.t * 3) % 2 == 0
        pygame.draw.rect(
            surface, w.ACCENT if pulse else (110, 125, 170), cap, width=2, border_radius=8
        )
        w.fit_text(surface, value, cap.inflate(-12, -4), 24, colour, "center")
