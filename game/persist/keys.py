"""The key bindings of the settings: every key name a binding may use, the throwing
actions and their default keys, the keys the game keeps for itself, and the check of a
settings file's ``[keys]`` table.

Key names are pygame's ``pygame.key.name()`` spellings ("space", "left", "a", "f11",
"left shift" ...); this module does not import pygame, the UI turns names into codes
with ``pygame.key.key_code(name)``. `game.persist.settings` names all of these too.
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

# Every key name a binding may use (pygame's names for them).
KEY_NAMES: frozenset[str] = frozenset(
    [*string.ascii_lowercase, *string.digits]
    + [f"f{i}" for i in range(1, 13)]
    + [f"[{i}]" for i in range(10)]
    + ["[+]", "[-]", "[*]", "[/]", "[.]", "enter"]
    + ["space", "return", "escape", "tab", "backspace", "delete", "insert"]
    + ["home", "end", "page up", "page down", "left", "right", "up", "down"]
    + ["left shift", "right shift", "left ctrl", "right ctrl", "left alt", "right alt"]
    + [",", ".", "/", ";", "'", "[", "]", "-", "=", "`", "\\"]
)

# The actions a key can be bound to, and their default keys (no two share a key).
DEFAULT_KEYS: Mapping[str, str] = MappingProxyType(
    {
        "throw_charge": "space",
        "throw_fine": "f",
        "aim_left": "left",
        "aim_right": "right",
        "move_left": "a",
        "move_right": "d",
        "spin_left": "q",
        "spin_right": "e",
        "pass": "p",
        "pause": "escape",
        "fullscreen": "f11",
    }
)
ACTIONS: tuple[str, ...] = tuple(DEFAULT_KEYS)

# Keys the game keeps for itself, by pygame name, and why (the catalog's
# `controls.why.<reason>`): the same keys `game.ui.controls.RESERVED` refuses on the
# Controls screen (a test keeps the two equal). Pass, Pause and Full screen own theirs.
RESERVED_KEYS: Mapping[str, str] = MappingProxyType(
    {
        "escape": "escape",
        "return": "enter",
        "enter": "enter",
        "up": "focus",
        "down": "focus",
        "tab": "focus",
        "f11": "fullscreen",
        "h": "assist",
        "t": "hints",
        "p": "pass",
        "r": "retry",
        "w": "challenge_move",
        "s": "challenge_move",
    }
)


def check_keys(value: object) -> tuple[dict[str, str], list[str]]:
    """The bindings read from `value` (defaults for the bad ones) and what was wrong."""
    keys = dict(DEFAULT_KEYS)
    if not isinstance(value, dict):
        return keys, ['keys: expected a table of action = "key name"']
    bad: list[str] = []
    for action, name in value.items():
        if action not in DEFAULT_KEYS:
            bad.append(f"keys.{action}: unknown action (known: {', '.join(ACTIONS)})")
        elif not isinstance(name, str) or name.lower() not in KEY_NAMES:
            bad.append(f"keys.{action}: unknown key name {brief(name)}")
        elif name.lower() in RESERVED_KEYS and name.lower() != DEFAULT_KEYS[action]:
            bad.append(f"keys.{action}: {reserved_reason(name.lower(), 'en')}")
        else:
            keys[action] = name.lower()
    owners: dict[str, list[str]] = {}
    for action, name in keys.items():
        owners.setdefault(name, []).append(action)
    clashes = {name: acts for name, acts in owners.items() if len(acts) > 1}
    if clashes:
        for name, acts in sorted(clashes.items()):
            bad.append(f"keys: {' and '.join(acts)} share the key {name!r}")
        keys = dict(DEFAULT_KEYS)
    return keys, bad


def reserved_reason(name: str, lang: str) -> str:
    """Why the key `name` cannot be bound (the Controls screen's words), in `lang`."""
    from game.files.lang import tr

    why = tr(lang, f"controls.why.{RESERVED_KEYS[name]}")
    return tr(lang, "controls.reserved", name=name, why=why)


def reserved_bindings(data: dict[str, Any]) -> list[tuple[str, str]]:
    """The (action, key name) bindings of a parsed file refused as the game's own keys."""
    keys = data.get("keys")
    if not isinstance(keys, dict):
        return []
    out = []
    for action, name in keys.items():
        if action in DEFAULT_KEYS and isinstance(name, str):
            key = name.lower()
            if key in RESERVED_KEYS and key != DEFAULT_KEYS[action]:
                out.append((action, key))
    return out


def brief(value: object) -> str:
    """A value as an error message shows it (its repr, at most 40 characters)."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
