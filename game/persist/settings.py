"""The player's settings: language, volumes, display, assists and key bindings.

Kept as TOML in the config folder (`game.persist.paths.settings_path`), written by hand
(the standard library reads TOML but does not write it) and atomically. Loading never
raises: a missing file gives the defaults silently; a corrupt or foreign file gives the
defaults and one warning; a file with some bad fields keeps the good ones, takes the
defaults for the bad ones, and gives one warning that names them all.

Key names are pygame's ``pygame.key.name()`` spellings ("space", "left", "a", "f11",
"left shift" ...); this module does not import pygame, the UI turns names into codes
with ``pygame.key.key_code(name)``.
"""

from __future__ import annotations

import dataclasses
import math
import os
import string
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.persist import paths
from game.persist.atomic import write_atomic

FORMAT = 1
LANGUAGES = ("en", "ru")
EFFECTS_LEVELS = ("full", "reduced", "off")
ANIMATION_SPEED_RANGE = (0.5, 3.0)

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


def system_language() -> str:
    """The system's language: "ru" when BAKUGAN_LANG, LC_ALL, LC_MESSAGES or LANG (the
    first one set) is Russian, else "en" (as `game.ui.app.default_language`)."""
    for var in ("BAKUGAN_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        if value:
            return "ru" if value.lower().startswith("ru") else "en"
    return "en"


def _default_keys() -> Mapping[str, str]:
    return DEFAULT_KEYS


@dataclass(frozen=True, slots=True)
class UserSettings:
    """What the player chose in the settings screen (the rules' `Settings` is another)."""

    language: str = field(default_factory=system_language)
    effects_volume: float = 0.8
    music_volume: float = 0.5
    fullscreen: bool = False
    aim_assist: bool = True
    animation_speed: float = 1.0
    effects_level: str = "full"  # screen shake and particles: full, reduced, off
    tutorial: bool = True  # the first-match hints; off once seen or dismissed
    keys: Mapping[str, str] = field(default_factory=_default_keys)

    def __post_init__(self) -> None:
        # A plain dict passed in is frozen too, so the settings stay hashable-by-value.
        if not isinstance(self.keys, MappingProxyType):
            object.__setattr__(self, "keys", MappingProxyType(dict(self.keys)))

    def __hash__(self) -> int:
        values = [getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "keys"]
        return hash((*values, tuple(sorted(self.keys.items()))))

    def replace(self, **changes: Any) -> UserSettings:
        return dataclasses.replace(self, **changes)

    def key(self, action: str) -> str:
        """The key name bound to `action`."""
        return self.keys.get(action, DEFAULT_KEYS[action])

    def problems(self) -> list[str]:
        """Why these settings could not be saved and read back as they are (empty: fine)."""
        data = _to_plain(self)
        _, bad = _from_plain(data)
        return bad


# ---------------------------------------------------------------- checking fields


def _number(value: object, lo: float, hi: float) -> float | None:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return None
    v = float(value)
    return v if math.isfinite(v) and lo <= v <= hi else None


def _check_keys(value: object) -> tuple[dict[str, str], list[str]]:
    """The bindings read from `value` (defaults for the bad ones) and what was wrong."""
    keys = dict(DEFAULT_KEYS)
    if not isinstance(value, dict):
        return keys, ['keys: expected a table of action = "key name"']
    bad: list[str] = []
    for action, name in value.items():
        if action not in DEFAULT_KEYS:
            bad.append(f"keys.{action}: unknown action (known: {', '.join(ACTIONS)})")
        elif not isinstance(name, str) or name.lower() not in KEY_NAMES:
            bad.append(f"keys.{action}: unknown key name {name!r}")
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


def _from_plain(data: Mapping[str, Any]) -> tuple[UserSettings, list[str]]:
    """Settings from a parsed file: good fields kept, bad ones defaulted and listed."""
    default = UserSettings()
    values: dict[str, Any] = {}
    bad: list[str] = []

    def take(name: str, value: object, why: str) -> None:
        if value is None:
            bad.append(f"{name}: {why}, got {data[name]!r}")
        else:
            values[name] = value

    for name in data:
        if name == "format":
            continue
        raw = data[name]
        if name == "language":
            take(name, raw if raw in LANGUAGES else None, f"expected one of {LANGUAGES}")
        elif name in ("effects_volume", "music_volume"):
            take(name, _number(raw, 0.0, 1.0), "expected a number from 0 to 1")
        elif name in ("fullscreen", "aim_assist", "tutorial"):
            take(name, raw if isinstance(raw, bool) else None, "expected true or false")
        elif name == "animation_speed":
            lo, hi = ANIMATION_SPEED_RANGE
            take(name, _number(raw, lo, hi), f"expected a number from {lo} to {hi}")
        elif name == "effects_level":
            take(name, raw if raw in EFFECTS_LEVELS else None, f"expected one of {EFFECTS_LEVELS}")
        elif name == "keys":
            keys, key_problems = _check_keys(raw)
            values["keys"] = keys
            bad += key_problems
        else:
            bad.append(f"{name}: unknown setting (ignored)")
    return dataclasses.replace(default, **values), bad


def _to_plain(s: UserSettings) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "language": s.language,
        "effects_volume": s.effects_volume,
        "music_volume": s.music_volume,
        "fullscreen": s.fullscreen,
        "aim_assist": s.aim_assist,
        "animation_speed": s.animation_speed,
        "effects_level": s.effects_level,
        "tutorial": s.tutorial,
        "keys": dict(s.keys),
    }


# ---------------------------------------------------------------- TOML by hand


def _toml_string(text: str) -> str:
    out = ['"']
    for ch in text:
        if ch == '"':
            out.append('\\"')
        elif ch == "\\":
            out.append("\\\\")
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    out.append('"')
    return "".join(out)


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"cannot write {value!r} to a settings file")
        return repr(value)
    if isinstance(value, str):
        return _toml_string(value)
    raise TypeError(f"cannot write {type(value).__name__} to a settings file")


def _toml_key(key: str) -> str:
    bare = key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key)
    return key if bare else _toml_string(key)


def to_toml(s: UserSettings) -> str:
    """The settings file's text."""
    plain = _to_plain(s)
    keys = plain.pop("keys")
    lines = ["# Bakugan table: your settings. The game rewrites this file.", ""]
    lines += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in plain.items()]
    lines += ["", "[keys]"]
    lines += [f"{_toml_key(k)} = {_toml_value(v)}" for k, v in keys.items()]
    return "\n".join(lines) + "\n"


def from_toml(text: str) -> tuple[UserSettings, list[str]]:
    """Settings from a file's text and the problems found; raises on a file that is not
    a settings file at all (not TOML, another program's file, an unknown format)."""
    data = tomllib.loads(text)
    fmt = data.get("format")
    known = {f.name for f in dataclasses.fields(UserSettings)}
    if fmt is None and not known & set(data):
        raise ValueError("not a settings file of this game")
    if fmt is not None and (isinstance(fmt, bool) or fmt != FORMAT):
        raise ValueError(f"unknown settings format {fmt!r} (this game writes {FORMAT})")
    return _from_plain(data)


# ---------------------------------------------------------------- files


def load_settings(path: Path | None = None) -> tuple[UserSettings, str | None]:
    """The saved settings and at most one warning (for the log); never raises.

    No file: the defaults, no warning. A file that cannot be read as settings: the
    defaults and a warning. A file with bad fields: the good fields, the defaults for
    the rest, and a warning naming the file and every bad field.
    """
    try:
        path = path or paths.settings_path()
    except Exception as e:  # no home folder at all: play with defaults
        return UserSettings(), f"settings: no config folder ({e}); using the defaults"
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        return UserSettings(), None
    except OSError as e:
        return UserSettings(), f"{path}: cannot be read ({e.strerror or e}); using the defaults"
    try:
        text = raw.decode("utf-8")
        s, bad = from_toml(text)
    except UnicodeDecodeError:
        return UserSettings(), f"{path}: not a text file; using the defaults"
    except tomllib.TOMLDecodeError as e:
        return UserSettings(), f"{path}: not valid TOML ({e}); using the defaults"
    except (ValueError, TypeError) as e:
        return UserSettings(), f"{path}: {e}; using the defaults"
    except Exception as e:  # never let a settings file stop the game
        return UserSettings(), f"{path}: unreadable ({type(e).__name__}: {e}); using the defaults"
    if bad:
        return s, f"{path}: " + "; ".join(bad) + " (defaults used for those)"
    return s, None


def save_settings(s: UserSettings, path: Path | None = None) -> Path:
    """Write `s` atomically; returns the file. Raises OSError when it cannot be written
    and ValueError for settings that would not read back (see `UserSettings.problems`)."""
    problems = s.problems()
    if problems:
        raise ValueError("settings not saved: " + "; ".join(problems))
    path = path or paths.settings_path()
    write_atomic(path, to_toml(s))
    return path
