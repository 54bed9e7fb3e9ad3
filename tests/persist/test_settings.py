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
    from_toml,
    load_settings,
    read_settings,
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
    aim_guide="whole",
    animation_speed=2.5,
    effects_level="reduced",
    keys={**DEFAULT_KEYS, "throw_charge": "right shift", "aim_left": "[4]", "pause": "'"},
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
    loaded = read_settings()
    assert loaded.settings == UserSettings()
    warning = loaded.warning
    assert warning is not None and str(path) in warning and problem in warning
    # set aside under a name of its own, never replaced by the next save
    assert loaded.kept_as is not None and loaded.kept_as.read_bytes() == content
    assert loaded.kept_as.name.startswith("settings.damaged-")
    assert str(loaded.kept_as) in (loaded.notice("en") or "")
    assert not path.exists()
    save_settings(UserSettings(music_volume=0.1))
    assert loaded.kept_as.read_bytes() == content


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
        aim_guide="off",  # format 1's aim_assist = false
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
    assert data["format"] == 2 and data["language"] == "ru" and data["fullscreen"] is True
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


# ---------------------------------------------------------------- issue 13: never lose it

# The player's file with one typo (a missing closing quote): rebound keys and volumes.
TYPO = b"""format = 1
language = "ru"
effects_volume = 0.25
music_volume = 0.1
[keys]
throw_charge = "right shift
aim_left = "j"
"""


def test_a_file_with_a_typo_is_set_aside_and_never_replaced_by_the_next_write() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(TYPO)
    loaded = read_settings()
    assert loaded.settings == UserSettings() and loaded.why == "not_toml"
    kept = loaded.kept_as
    assert kept is not None and kept.read_bytes() == TYPO and kept.parent == path.parent
    # the player is told where it went, in both languages
    for lang in ("en", "ru"):
        notice = loaded.notice(lang)
        assert notice is not None and str(kept) in notice
    assert "TOML" in (loaded.notice("en") or "") and "TOML" in (loaded.notice("ru") or "")
    # any later write (a change, F11, the hints ending) leaves the copy alone
    save_settings(UserSettings(fullscreen=True))
    save_settings(UserSettings(tutorial=False))
    assert kept.read_bytes() == TYPO
    # a second damaged file in the same second gets a name of its own
    path.write_bytes(TYPO + b"# again\n")
    again = read_settings()
    assert again.kept_as is not None and again.kept_as != kept
    assert kept.read_bytes() == TYPO and again.kept_as.read_bytes() == TYPO + b"# again\n"


def test_a_file_with_bad_fields_keeps_a_copy_and_is_rewritten_with_the_good_ones() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    text = b"format = 1\nmusic_volume = 0.2\neffects_volume = 7\n[keys]\naim_left = 'j'\n"
    path.write_bytes(text)
    loaded = read_settings()
    assert loaded.why == "fields" and loaded.fields == ("effects_volume",)
    assert loaded.settings.music_volume == 0.2 and loaded.settings.key("aim_left") == "j"
    assert loaded.kept_as is not None and loaded.kept_as.read_bytes() == text
    assert "effects_volume" in (loaded.notice("ru") or "")
    # the file now holds what was kept: the next start reads it with nothing to say
    assert read_settings() == type(loaded)(loaded.settings)


def test_a_settings_file_that_cannot_be_read_is_never_written_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    path = save_settings(CUSTOM)
    before = path.read_bytes()
    real_open = Path.open

    def refuse(self: Path, *args: object, **kwargs: object) -> object:
        if self == path and "x" not in str(args[:1]):
            raise PermissionError(13, "Permission denied")
        return real_open(self, *args, **kwargs)  # type: ignore[call-overload]

    with monkeypatch.context() as m:
        m.setattr(Path, "open", refuse)
        loaded = read_settings()
        assert loaded.settings == UserSettings() and loaded.why == "unreadable"
        assert loaded.kept_as is None and "Permission denied" in (loaded.warning or "")
        assert "left as it is" in (loaded.notice("en") or "")
        with pytest.raises(OSError, match="not written over"):
            save_settings(UserSettings(music_volume=0.0))
    assert path.read_bytes() == before and load_settings() == (CUSTOM, None)


# A throwing key on a key the game keeps: H toggles the aim preview, Enter chooses.
RESERVED_FILE = b"""format = 1
music_volume = 0.3
[keys]
aim_left = "h"
throw_charge = "return"
spin_left = "z"
"""


def test_a_file_binding_the_games_own_keys_is_refused_with_the_controls_reason() -> None:
    path = paths.settings_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(RESERVED_FILE)
    loaded = read_settings()
    s = loaded.settings
    assert s.music_volume == 0.3 and s.key("spin_left") == "z"
    assert s.key("aim_left") == DEFAULT_KEYS["aim_left"]
    assert s.key("throw_charge") == DEFAULT_KEYS["throw_charge"]
    warning = loaded.warning or ""
    assert "keys.aim_left: “h” is kept for the game: it steps the aim guide" in warning
    assert "keys.throw_charge: “return” is kept for the game: it chooses in the menus" in warning
    assert loaded.reserved == (("aim_left", "h"), ("throw_charge", "return"))
    assert "Клавиша «h» нужна игре" in (loaded.notice("ru") or "")
    # the game's own defaults (Pass on P, Pause on Esc) are of course fine
    assert UserSettings().problems() == []
    assert "kept for the game" in " ".join(UserSettings(keys={"pause": "p"}).problems())


def test_the_reserved_keys_are_the_ones_the_controls_screen_refuses() -> None:
    import pygame

    from game.persist.settings import RESERVED_KEYS
    from game.ui.controls import RESERVED

    pygame.init()
    try:
        names = {pygame.key.name(code): why for code, why in RESERVED.items()}
    finally:
        pygame.quit()
    assert names == dict(RESERVED_KEYS)


def test_the_game_chosen_last_is_kept_and_a_bad_one_takes_the_default(home: Path) -> None:
    assert UserSettings().game == ""  # the title's default game
    save_settings(CUSTOM.replace(game="planet"))
    assert load_settings()[0].game == "planet"
    assert tomllib.loads(paths.settings_path().read_text("utf-8"))["game"] == "planet"
    for bad in ('"Planet!"', "3", '"../x"', "true"):
        s, problems = from_toml(f"format = 1\ngame = {bad}\n")
        assert s.game == "" and problems and problems[0].startswith("game: expected a game id")
    # A game this version lacks is still a well-formed id: kept (the title shows the
    # default game for it), so a newer version's choice survives an older one.
    assert from_toml('format = 1\ngame = "nosuch"\n') == (UserSettings(game="nosuch"), [])


def test_the_aim_guide_has_three_levels_and_a_bad_one_takes_the_default() -> None:
    for level in ("off", "start", "whole"):
        assert from_toml(f'format = 2\naim_guide = "{level}"\n') == (
            UserSettings(aim_guide=level),
            [],
        )
    settings, problems = from_toml('format = 2\naim_guide = "full"\nmusic_volume = 0.1\n')
    assert settings == UserSettings(music_volume=0.1)
    assert problems == ["aim_guide: expected one of ('off', 'start', 'whole'), got 'full'"]
    # format 1's name in a format 2 file is not read twice
    _, problems = from_toml("format = 2\naim_assist = false\n")
    assert problems == ["aim_assist: now aim_guide (ignored), got False"]
    assert 'aim_guide = "whole"' in to_toml(UserSettings(aim_guide="whole"))
