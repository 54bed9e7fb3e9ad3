"""The player's settings: language, volumes, display, assists, key bindings, and the
game chosen last on the title.

Kept as TOML in the config folder (`game.persist.paths.settings_path`), written by hand
(the standard library reads TOML but does not write it) and atomically. Loading never
raises and never loses the player's file: a missing file gives the defaults silently; a
corrupt or foreign file gives the defaults and is set aside under a name of its own
(``settings.damaged-<time>.toml``); a file with some bad fields keeps the good ones,
takes the defaults for the bad ones, keeps a copy of the file under such a name and is
rewritten clean. `read_settings` says what happened (one line for the log, a catalog
message for the player); `save_settings` never writes over a file it cannot read.

A throwing action bound to a key the game keeps for itself (`RESERVED_KEYS`, the keys
the Controls screen refuses) is refused at load with the same reason.

The key bindings (the key names, the actions and their default keys, the reserved
keys, the check of the ``[keys]`` table) are `game.persist.keys`'s; their names are
here too.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import os
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from game.files import decode
from game.files.atomic import set_aside, write_atomic
from game.persist import paths
from game.persist.keys import (
    ACTIONS,
    DEFAULT_KEYS,
    KEY_NAMES,
    RESERVED_KEYS,
    brief,
    check_keys,
    reserved_bindings,
    reserved_reason,
)
from game.persist.upgrade import Chain, UpgradeError
from game.rules.api import GameError

__all__ = [  # the key bindings' names are `keys`'s, named here for the older imports
    "ACTIONS",
    "ANIMATION_SPEED_RANGE",
    "DEFAULT_KEYS",
    "EFFECTS_LEVELS",
    "FORMAT",
    "GAME_ID",
    "KEY_NAMES",
    "LANGUAGES",
    "MAX_FILE_BYTES",
    "RESERVED_KEYS",
    "SETTINGS_CHAIN",
    "SettingsFileError",
    "SettingsLoad",
    "UserSettings",
    "from_toml",
    "load_settings",
    "read_settings",
    "reserved_reason",
    "save_settings",
    "system_language",
    "to_toml",
]

FORMAT = 1
LANGUAGES = ("en", "ru")
EFFECTS_LEVELS = ("full", "reduced", "off")
ANIMATION_SPEED_RANGE = (0.5, 3.0)

MAX_FILE_BYTES = 64 * 1024  # a settings file is under 1 KB
# A game id as the registry spells them (`game.games`): which ids exist is the title's
# business (an id this version lacks shows the default game), the file only keeps it.
GAME_ID = re.compile(r"^(?:[a-z][a-z0-9_]{0,31})?$")


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
    game: str = ""  # the game chosen last on the title (a game id; empty: the default)
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
    if not decode.finite(value):  # not a number, NaN, or an int too big for a float
        return None
    v = float(value)  # type: ignore[arg-type]
    return v if lo <= v <= hi else None


def _from_plain(data: Mapping[str, Any]) -> tuple[UserSettings, list[str]]:
    """Settings from a parsed file: good fields kept, bad ones defaulted and listed."""
    default = UserSettings()
    values: dict[str, Any] = {}
    bad: list[str] = []

    def take(name: str, value: object, why: str) -> None:
        if value is None:
            bad.append(f"{name}: {why}, got {brief(data[name])}")
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
        elif name == "game":
            ok = isinstance(raw, str) and GAME_ID.match(raw)
            take(name, raw if ok else None, 'expected a game id such as "classic"')
        elif name == "keys":
            keys, key_problems = check_keys(raw)
            values["keys"] = keys
            bad += key_problems
        else:
            bad.append(f"{brief(name)[1:-1]}: unknown setting (ignored)")
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
        "game": s.game,
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
    return _from_data(tomllib.loads(text))


def _settings_0_to_1(data: dict[str, Any]) -> dict[str, Any]:
    """The first settings files had no ``format`` line; their fields are format 1's."""
    data["format"] = 1
    return data


SETTINGS_CHAIN = Chain("settings", FORMAT, {0: _settings_0_to_1})
"""The settings file's formats: an older file is upgraded, not refused (format 0: no
``format`` line at all)."""


def _from_data(data: dict[str, Any]) -> tuple[UserSettings, list[str]]:
    decode.check_depth(data)
    fmt = data.get("format")
    known = {f.name for f in dataclasses.fields(UserSettings)}
    if fmt is None and not known & set(data):
        raise ValueError("not a settings file of this game")
    version = 0 if fmt is None else fmt
    if isinstance(version, bool) or not isinstance(version, int) or version > FORMAT:
        raise ValueError(f"unknown settings format {brief(fmt)} (this game writes {FORMAT})")
    try:
        data = SETTINGS_CHAIN.upgrade(data, version)
    except UpgradeError as e:
        raise ValueError(f"unknown settings format {brief(fmt)} ({e.detail})") from None
    return _from_plain(data)


# ---------------------------------------------------------------- files


@dataclass(frozen=True, slots=True)
class SettingsLoad:
    """What loading the settings file came to.

    `settings` are the ones to play with; `warning` is one English line for the log
    (None: nothing to say); `why` names the trouble (``unreadable``, ``not_text``,
    ``not_toml``, ``not_settings``, ``format``, ``fields``; None: none) and `fields` the
    settings that took their defaults; `kept_as` is where the player's file was set
    aside (None: it was not, or could not be, moved); `reserved` lists (action, key)
    bindings refused because the game keeps the key.
    """

    settings: UserSettings
    warning: str | None = None
    why: str | None = None
    kept_as: Path | None = None
    fields: tuple[str, ...] = ()
    reserved: tuple[tuple[str, str], ...] = ()

    def notice(self, lang: str) -> str | None:
        """The player's message about the file, in `lang` (None: nothing to say)."""
        from game.files.lang import tr

        if self.why is None:
            return None
        where = str(self.kept_as) if self.kept_as is not None else ""
        if self.why == "fields":
            text = tr(lang, "settings.fields_kept", fields=", ".join(self.fields), file=where)
            if self.kept_as is None:
                text = tr(lang, "settings.fields_not_kept", fields=", ".join(self.fields))
            return " ".join([text, *(reserved_reason(key, lang) for _, key in self.reserved)])
        why = tr(lang, f"settings.why_{self.why}")
        if self.kept_as is None:
            return tr(lang, "settings.damaged_left", why=why)
        return tr(lang, "settings.damaged_kept", why=why, file=where)


_WHY_OF_CODE = {
    "missing": "unreadable",
    "unreadable": "unreadable",
    "too_large": "not_settings",
    "not_utf8": "not_text",
    "syntax": "not_toml",
    "number": "not_toml",
    "nesting": "not_toml",
}


def _parse_file(raw: bytes) -> tuple[UserSettings, list[str], list[tuple[str, str]]]:
    """Settings, problems and refused reserved bindings from a file's bytes; raises
    `SettingsFileError`."""
    try:
        text = decode.text(raw)
    except decode.Undecodable as e:
        raise SettingsFileError("not_text", "not a text file") from e
    try:
        data = tomllib.loads(text)
        s, bad = _from_data(data)
        return s, bad, reserved_bindings(data)
    except tomllib.TOMLDecodeError as e:
        raise SettingsFileError("not_toml", f"not valid TOML ({e})") from None
    except decode.Undecodable as e:
        raise SettingsFileError(_WHY_OF_CODE.get(e.code, "not_toml"), e.detail) from None
    except RecursionError:
        raise SettingsFileError("not_toml", "nested too deeply") from None
    except ValueError as e:
        message = str(e)
        if "digits" in message:  # an integer too long for Python to convert
            raise SettingsFileError("not_toml", "a number too long to read") from None
        why = "format" if message.startswith("unknown settings format") else "not_settings"
        raise SettingsFileError(why, message) from None
    except (TypeError, MemoryError) as e:
        raise SettingsFileError("not_settings", f"{type(e).__name__}: {e}") from None


class SettingsFileError(GameError, ValueError):
    """A settings file that cannot be used at all; `why` as in `SettingsLoad`."""

    def __init__(self, why: str, detail: str) -> None:
        super().__init__(detail)
        self.why = why


def read_settings(path: Path | None = None) -> SettingsLoad:
    """The saved settings and what the player should be told; never raises.

    No file: the defaults, nothing to say. A file that cannot be read: the defaults,
    and the file is left where it is (`save_settings` will not write over it). A file
    that is not settings at all: the defaults, and the file is set aside. A file with
    bad fields: the good fields and the defaults for the rest; a copy of the file is
    set aside and the file is rewritten with what was kept.
    """
    try:
        path = path or paths.settings_path()
    except Exception as e:  # no home folder at all: play with defaults
        return SettingsLoad(UserSettings(), f"settings: no config folder ({e}); using the defaults")
    try:
        raw = decode.read_bytes(path, MAX_FILE_BYTES)
    except decode.Undecodable as e:
        if e.code == "missing":
            return SettingsLoad(UserSettings())
        if e.code != "too_large":
            warning = f"{path}: {e.detail}; using the defaults, the file is left as it is"
            return SettingsLoad(UserSettings(), warning, "unreadable")
        raw = None
    try:
        if raw is None:
            raise SettingsFileError("not_settings", f"larger than {MAX_FILE_BYTES // 1024} KB")
        s, bad, reserved = _parse_file(raw)
    except SettingsFileError as e:
        kept = set_aside(path)
        where = f"kept as {kept}" if kept else "left as it is (it could not be moved)"
        warning = f"{path}: {e}; using the defaults, the file {where}"
        return SettingsLoad(UserSettings(), warning, e.why, kept)
    if not bad:
        return SettingsLoad(s)
    fields = tuple(dict.fromkeys(problem.split(":", 1)[0] for problem in bad))
    kept = set_aside(path, copy=True)
    if kept is not None:  # a failed write leaves the file as it was; the copy is kept
        with contextlib.suppress(OSError, ValueError):
            save_settings(s, path, replace=True)
    where = f"a copy kept as {kept}" if kept else "the file left as it is"
    warning = f"{path}: " + "; ".join(bad) + f" (defaults used for those; {where})"
    return SettingsLoad(s, warning, "fields", kept, fields, tuple(reserved))


def load_settings(path: Path | None = None) -> tuple[UserSettings, str | None]:
    """The saved settings and at most one warning (for the log); never raises. The
    same as `read_settings` (which also says where a bad file went)."""
    loaded = read_settings(path)
    return loaded.settings, loaded.warning


def save_settings(s: UserSettings, path: Path | None = None, *, replace: bool = False) -> Path:
    """Write `s` atomically; returns the file. Raises OSError when it cannot be written
    and ValueError for settings that would not read back (see `UserSettings.problems`).

    The file in place is never lost: one that cannot be read is not written over
    (OSError), and one that is not a good settings file is set aside first (unless
    `replace`: the caller has just kept a copy).
    """
    problems = s.problems()
    if problems:
        raise ValueError("settings not saved: " + "; ".join(problems))
    path = path or paths.settings_path()
    if not replace:
        _guard(path)
    write_atomic(path, to_toml(s))
    return path


def _guard(path: Path) -> None:
    """Keep the file at `path` from being written over unless it is good settings."""
    try:
        raw = decode.read_bytes(path, MAX_FILE_BYTES)
    except decode.Undecodable as e:
        if e.code == "missing":
            return
        if e.code != "too_large":
            raise OSError(f"{path}: {e.detail}: not written over") from None
        raw = None
    try:
        if raw is None:
            raise SettingsFileError("not_settings", "too large")
        _, bad, _ = _parse_file(raw)
    except SettingsFileError:
        bad = ["not a settings file"]
    if bad and set_aside(path) is None:
        raise OSError(f"{path}: cannot be set aside: not written over")
