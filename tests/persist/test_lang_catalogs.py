"""A game's catalog damaged falls back to its English, as the app's own does; the
file named is the game's (`lang/classic/ru.toml`)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from game.files import lang
from game.files.paths import assets_dir


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "assets"
    shutil.copytree(assets_dir() / "lang", folder / "lang")
    monkeypatch.setattr(lang, "assets_dir", lambda: folder)
    lang.clear_cache()
    yield folder / "lang"
    lang.clear_cache()


@pytest.mark.parametrize("bad", [b"\xff\xfe not text", b"[demo\ntitle = ", b"a = 1" * 300_000])
def test_a_damaged_game_catalog_falls_back_to_its_english(catalogs: Path, bad: bytes) -> None:
    english = lang.tr("en", "demo.title")
    russian_app = lang.tr("ru", "menu.play_ai")
    (catalogs / "classic" / "ru.toml").write_bytes(bad)
    lang.clear_cache()
    assert lang.problems("ru")[0].startswith("lang/classic/ru.toml: -: ")
    assert lang.tr("ru", "demo.title") == english  # the game's English stands in
    assert lang.tr("ru", "menu.play_ai") == russian_app  # the app's own stays Russian
    notice = lang.damage_notice("ru")
    assert notice is not None and "lang/classic/ru.toml" in notice
    assert lang.damage_notice("en") is None


def test_a_missing_game_catalog_is_a_problem_and_english_stands_in(catalogs: Path) -> None:
    english = lang.tr("en", "attack_demo.title", players=3, rules="x", bots="y")
    (catalogs / "attack" / "ru.toml").unlink()
    lang.clear_cache()
    assert any(p.startswith("lang/attack/ru.toml: -: ") for p in lang.problems("ru"))
    assert lang.tr("ru", "attack_demo.title", players=3, rules="x", bots="y") == english


def test_a_new_games_folder_is_a_catalog_of_its_own(catalogs: Path) -> None:
    (catalogs / "newgame").mkdir()
    (catalogs / "newgame" / "en.toml").write_text('[newgame]\nname = "New"\n', "utf-8")
    (catalogs / "newgame" / "ru.toml").write_text('[newgame]\nname = "Новая"\n', "utf-8")
    lang.clear_cache()
    assert "newgame" in lang.parts()
    assert lang.tr("ru", "newgame.name") == "Новая" and lang.tr("en", "newgame.name") == "New"


def test_a_bad_text_in_a_game_catalog_is_refused_with_its_file_and_key(catalogs: Path) -> None:
    path = catalogs / "planet" / "en.toml"
    text = path.read_text("utf-8").replace('core_word = "core"', 'core_word = "{x.__class__}"')
    path.write_text(text, "utf-8")
    lang.clear_cache()
    assert lang.problems("en") == (
        "lang/planet/en.toml: planet_demo.core_word: field {x.__class__} is not a plain name",
    )
    assert lang.tr("en", "planet_demo.core_word") == "planet_demo.core_word"
