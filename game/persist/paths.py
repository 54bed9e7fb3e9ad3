"""Where the player's own files live: settings in the config folder, saves in the data
folder, as the platform expects them (``platformdirs``).

The environment variable ``BAKUGAN_HOME`` overrides both (tests, portable installs):
settings then go to ``$BAKUGAN_HOME/config`` and saves to ``$BAKUGAN_HOME/data``.
Nothing here creates a folder; writers create what they need (`ensure_dir`).
"""

from __future__ import annotations

import os
from pathlib import Path

APP_NAME = "bakugan-table"
HOME_ENV = "BAKUGAN_HOME"
SETTINGS_FILE = "settings.toml"
AUTOSAVE_FILE = "autosave.json"


def _home() -> Path | None:
    value = os.environ.get(HOME_ENV, "").strip()
    return Path(value).expanduser() if value else None


def config_dir() -> Path:
    """The folder of the player's settings."""
    home = _home()
    if home is not None:
        return home / "config"
    import platformdirs

    return platformdirs.user_config_path(APP_NAME, appauthor=False, roaming=True)


def data_dir() -> Path:
    """The folder of the player's saves, replays and progress (the data a game ships is
    `game.files.paths.game_data_dir`)."""
    home = _home()
    if home is not None:
        return home / "data"
    import platformdirs

    return platformdirs.user_data_path(APP_NAME, appauthor=False, roaming=True)


def settings_path() -> Path:
    return config_dir() / SETTINGS_FILE


def autosave_path() -> Path:
    return data_dir() / AUTOSAVE_FILE


def ensure_dir(path: Path) -> Path:
    """`path` as a folder that exists."""
    path.mkdir(parents=True, exist_ok=True)
    return path
