"""User settings: round trip, atomic writes, and defaults + one warning for bad files."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

import pytest

from game.persist import paths
from game.persist.settings import (
    DEFAULT_KEYS,
    KEY_NAMES,
    UserSettings,
    load_settings,
    save_settings,
    to_toml,
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    for var in ("BAKUGAN_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    return tmp_path


CUSTOM = UserSettings(
    language="ru",
    effects_volume=0.1 + 0.2,  # a float that needs every digit to come back equal
    music_volume=0.0,
    fullscreen=True,
    aim_assist=False,
    animation_speed=2.5,
    effects_level="reduced",
    keys={**DEFAULT_KEYS, "throw_charge": "return", "aim_left": "[4]", "pause": "'"},
)


def test_no_file_gives_the_defaults_and_no_warning() -> None:
    assert load_settings() == (UserSettings(), None)
    assert UserSettings().language == "en" and UserSettings().keys["throw_charge"] == "space"


def test_settings_round_trip(home: Path) -> None:
    path = save_settings(CUSTOM)
    assert path == home / "config" / "settings.toml" == paths.settings_path()
    assert load_settings() == (CUSTOM, None)
    assert tomllib.loads(path.read_text("utf-8"))["keys"]["pause"] == "'"
    assert [p.name for p in path.parent.iterdir()] == ["settings.toml"]  # no temp left
    # Saving again over it works and changes only what changed.
    save_settings(CUSTOM.replace(language="en"))
    assert load_settings()[0] == CUSTOM.replace(language="en")


def test_the_default_language_follows_the_system(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert UserSettings().language == "ru"
    assert load_settings()[0].language == "ru"
    monkeypatch.setenv("LC_ALL", "en_GB.UTF-8")
    assert UserSettings().language == "en"


def test_settings_are_frozen_and_hashable() -> None:
    s = UserSettings()
    with pytest.raises(AttributeError):
        s.language = "ru"  # type: ignore[misc]
    with pytest.raises(TypeError):
        s.keys["pause"] = "x"  # type: ignore[index]
    assert hash(CUSTOM) == hash(CUSTOM.replace()) and {s, CUSTOM} == {CUSTOM, UserSettings()}


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        (b"\x89PNG\r\n\x1a\n\x00\x00\xff\xfe garbage", "not a text file"),
        (b"language = 'en\nfullscreen = ", "not valid TOML"),
        (b'{"language": "en"}', "not valid TOML"),
        (b"[tool.poetry]\nname = 'other'\n", "not a settings file"),
        (b"", "not a settings file"),
        (b"format = 99\nlanguage = 'ru'\n", "unknown settings format 99"),
        (b"format = 'one'\n", "unknown settings format"),
    ],
)
def test_a_corrupt_or_foreign_file_gives_defaults_and_one_warning(
    content: bytes, problem: str
) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    s, warning = load_settings()
    assert s == UserSettings()
    assert warning is not None and str(path) in warning and problem in warning
    assert path.read_bytes() == content  # left alone: the next save replaces it


def test_bad_fields_take_their_defaults_and_are_all_named() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(
        "format = 1\n"
        "language = 'de'\n"
        "effects_volume = 7\n"
        "music_volume = 0.3\n"
        "fullscreen = 'yes'\n"
        "aim_assist = false\n"
        "animation_speed = nan\n"
        "effects_level = 'reduced'\n"
        "colour = 'blue'\n"
        "[keys]\n"
        "throw_charge = 'banana'\n"
        "jump = 'x'\n"
        "aim_left = 'J'\n",
        "utf-8",
    )
    s, warning = load_settings()
    assert s == UserSettings(
        music_volume=0.3,
        aim_assist=False,
        effects_level="reduced",
        keys={**DEFAULT_KEYS, "aim_left": "j"},
    )
    assert warning is not None and warning.startswith(str(path))
    for name in ("language", "effects_volume", "fullscreen", "animation_speed", "colour"):
        assert f"{name}:" in warning
    assert "keys.throw_charge" in warning and "keys.jump: unknown action" in warning
    assert warning.count("\n") == 0  # one warning, one line


def test_two_actions_on_one_key_give_the_default_keys() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text("format = 1\nmusic_volume = 0.25\n[keys]\naim_left = 'space'\n", "utf-8")
    s, warning = load_settings()
    assert s.keys == DEFAULT_KEYS and s.music_volume == 0.25
    assert warning is not None and "aim_left" in warning and "share the key 'space'" in warning


@pytest.mark.parametrize(
    "line",
    [
        "keys = 3",
        "keys = [1, 2]",
        "language = 2024-01-01",
        "effects_volume = true",
        "effects_volume = [0.5]",
        "animation_speed = 10",
        "fullscreen = { a = 1 }",
        "[language]\nx = 1",
    ],
)
def test_strange_values_never_raise(line: str) -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_text(f"format = 1\n{line}\n", "utf-8")
    s, warning = load_settings()
    assert warning is not None and s == UserSettings()


def test_an_unreadable_settings_path_gives_defaults_and_a_warning() -> None:
    paths.settings_path().mkdir(parents=True)  # a folder where the file should be
    s, warning = load_settings()
    assert s == UserSettings() and warning is not None and "cannot be read" in warning


def test_a_failed_save_leaves_the_previous_file(monkeypatch: pytest.MonkeyPatch) -> None:
    path = save_settings(CUSTOM)
    before = path.read_bytes()

    def crash(src: object, dst: object) -> None:
        raise OSError(28, "No space left on device")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", crash)
        with pytest.raises(OSError):
            save_settings(UserSettings())
    assert path.read_bytes() == before and load_settings() == (CUSTOM, None)
    assert [p.name for p in path.parent.iterdir()] == ["settings.toml"]


def test_settings_that_would_not_read_back_are_not_saved() -> None:
    for bad in (
        UserSettings(effects_volume=1.5),
        UserSettings(language="fr"),
        UserSettings(keys={"throw_charge": "banana"}),
    ):
        with pytest.raises(ValueError, match="not saved"):
            save_settings(bad)
    assert not paths.settings_path().exists()


def test_the_file_is_readable_toml_with_every_field() -> None:
    data = tomllib.loads(to_toml(CUSTOM))
    assert data["format"] == 1 and data["language"] == "ru" and data["fullscreen"] is True
    assert set(data["keys"]) == set(DEFAULT_KEYS)


def test_every_key_name_is_a_pygame_key_name() -> None:
    import pygame

    pygame.init()
    try:
        for name in sorted(KEY_NAMES):
            assert pygame.key.name(pygame.key.key_code(name)) == name, name
    finally:
        pygame.quit()
    assert set(DEFAULT_KEYS.values()) <= KEY_NAMES
    assert len(set(DEFAULT_KEYS.values())) == len(DEFAULT_KEYS)
