"""Every loader against hostile bytes (issue 13, point 4): a file that is not UTF-8, a
number too long to convert, nesting deep enough to recurse, a hostile format field. The
only outcome is one clear line naming the file (and field): exit 2 for the command
line; the game starts anyway for the player's own files, with English texts standing in
for a damaged language catalog, and the player told."""

from __future__ import annotations

import io
import os
import shutil
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pygame
import pytest

from game.__main__ import main
from game.content import ContentError
from game.content import classic as classic_content
from game.content.ai_levels import load_levels
from game.content.classic import load_catalog
from game.content.levels import load_entry
from game.files import lang
from game.files.paths import assets_dir, game_data_dir
from game.persist.progress import progress_path

# The three hostile files every TOML loader is fed (the same bytes in each test).
NOT_UTF8 = b'x = "caf\xe9"\n'
LONG_NUMBER = b"x = " + b"9" * 5000 + b"\n"
DEEP = b"x = " + b"[" * 5000 + b"]" * 5000 + b"\n"
HOSTILE = {"not_utf8": NOT_UTF8, "long_number": LONG_NUMBER, "deep": DEEP}
WORDS = {"not_utf8": "UTF-8", "long_number": "number too long", "deep": "nest"}


def _run(*args: str) -> tuple[int, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue() + err.getvalue()


@pytest.fixture
def cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the shipped card data that the game loads instead of the real one."""
    folder = tmp_path / "classic"
    shutil.copytree(game_data_dir("classic"), folder)
    monkeypatch.setattr(classic_content, "game_data_dir", lambda game: folder)
    classic_content.shipped_catalog.cache_clear()
    yield folder
    classic_content.shipped_catalog.cache_clear()


@pytest.mark.parametrize("case", HOSTILE)
def test_the_card_loader_names_the_file_and_the_cli_exits_2(cards: Path, case: str) -> None:
    (cards / "gates.toml").write_bytes(HOSTILE[case])
    with pytest.raises(ContentError) as caught:
        load_catalog(cards)
    assert len(caught.value.problems) == 1
    line = caught.value.problems[0]
    assert line.startswith("gates.toml: -: -: ") and WORDS[case] in line
    for args in (("sim", "--games", "2"), ("demo", "--text")):
        code, out = _run(*args)
        assert code == 2 and "gates.toml" in out and "Traceback" not in out
        assert "codec" not in out  # the file's name, not the decoder's words


@pytest.mark.parametrize("case", HOSTILE)
def test_the_ai_levels_loader_names_the_file(tmp_path: Path, case: str) -> None:
    path = tmp_path / "levels.toml"
    path.write_bytes(HOSTILE[case])
    with pytest.raises(ContentError, match=r"^levels\.toml: -: -: "):
        load_levels(path)


@pytest.mark.parametrize("case", HOSTILE)
def test_levels_check_names_the_file_and_exits_2(tmp_path: Path, case: str) -> None:
    path = tmp_path / f"{case}.toml"
    path.write_bytes(HOSTILE[case])
    code, out = _run("levels", "--check", str(path))
    assert code == 2 and out.splitlines()[0].startswith(f"{case}.toml: -: ")
    assert "Traceback" not in out


@pytest.mark.parametrize("case", HOSTILE)
def test_the_scenario_runner_names_the_file_and_exits_2(tmp_path: Path, case: str) -> None:
    path = tmp_path / f"{case}.toml"
    path.write_bytes(HOSTILE[case])
    code, out = _run("scenario", str(path))
    assert code == 2 and f"ERROR {path}: -: " in out and "Traceback" not in out


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.mark.parametrize("case", HOSTILE)
def test_the_game_starts_with_a_hostile_settings_file_and_says_where_it_went(
    home: Path, case: str
) -> None:
    from game.ui.app import App

    path = home / "config" / "settings.toml"
    path.parent.mkdir(parents=True)
    path.write_bytes(HOSTILE[case])
    app = App(fast=True)
    try:
        assert app.notices and "settings.damaged-" in app.notices[0]
        kept = [p for p in path.parent.iterdir() if p.name.startswith("settings.damaged-")]
        assert len(kept) == 1 and kept[0].read_bytes() == HOSTILE[case]
        app.draw()  # the notice is drawn over the screen without trouble
    finally:
        pygame.quit()


def test_the_level_select_survives_a_deeply_nested_progress_file(home: Path) -> None:
    from game.ui.app import App
    from game.ui.challenges import LevelSelectScene

    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(b'{"levels": ' * 5000 + b"{}" + b"}" * 5000)
    app = App("en", fast=True)
    try:
        scene = LevelSelectScene(app)
        app.push(scene)
        app.step()
        assert scene.progress.warning is not None and scene.progress.warning.why == "not_json"
    finally:
        pygame.quit()


@pytest.mark.parametrize("case", [*HOSTILE, "hostile_format"])
def test_the_level_authors_window_survives_a_hostile_save_of_its_file(
    tmp_path: Path, case: str
) -> None:
    from game.ui.app import App
    from game.ui.challenges import LevelScene
    from tests.challenges.conftest import GOOD_LEVEL

    path = tmp_path / "draft.toml"
    path.write_text(GOOD_LEVEL, "utf-8")
    app = App("en", fast=True)
    try:
        scene = LevelScene(app, path)
        app.push(scene)
        app.step()
        bad = HOSTILE.get(case, GOOD_LEVEL.replace("Test Level", "{x:>99999999999}").encode())
        path.write_bytes(bad)
        os.utime(path, (1, 1))  # a new stamp, as the editor's save gives
        assert scene.check_file()
        for _ in range(3):
            app.step()
        if case in HOSTILE:
            assert scene.level is None
            assert all(p.line("en").startswith("draft.toml: ") for p in scene.entry.problems)
    finally:
        pygame.quit()
    assert load_entry(path).ident == "draft"


# ---------------------------------------------------------------- language catalogs


@pytest.fixture
def catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of the catalogs that the game reads instead of the shipped ones."""
    folder = tmp_path / "assets"
    shutil.copytree(assets_dir() / "lang", folder / "lang")
    monkeypatch.setattr(lang, "assets_dir", lambda: folder)
    lang.clear_cache()
    yield folder / "lang"
    lang.clear_cache()


@pytest.mark.parametrize("case", HOSTILE)
def test_a_damaged_russian_catalog_falls_back_to_english_and_says_so(
    catalogs: Path, case: str
) -> None:
    (catalogs / "ru.toml").write_bytes(HOSTILE[case])
    assert lang.problems("ru") and lang.problems("ru")[0].startswith("lang/ru.toml: -: ")
    assert lang.tr("ru", "menu.play_ai") == "Play vs AI"
    notice = lang.damage_notice("ru")
    assert notice is not None and "lang/ru.toml" in notice and "English" in notice
    assert lang.damage_notice("en") is None


def test_a_hostile_format_field_is_refused_not_filled(catalogs: Path) -> None:
    en = catalogs / "en.toml"
    text = en.read_text("utf-8").replace(
        'reserved = "“{name}” is kept for the game: {why}"',
        'reserved = "{name:>99999999999} {why.__class__} {name!a}"',
    )
    en.write_text(text, "utf-8")
    problems = list(lang.problems("en"))
    assert problems == [
        "lang/en.toml: controls.reserved: field {name}: format '>99999999999' is not a short format"
    ]
    # The text is left out (its key shows), never filled: no MemoryError, no leak.
    assert lang.tr("en", "controls.reserved", name="h", why="x") == "controls.reserved"
    assert lang.tr("ru", "controls.reserved", name="h", why="x").startswith("Клавиша «h»")
    notice = lang.damage_notice("en")
    assert notice is not None and "lang/en.toml" in notice


@pytest.mark.parametrize("case", HOSTILE)
def test_the_game_starts_with_a_damaged_catalog(catalogs: Path, home: Path, case: str) -> None:
    from game.ui.app import App

    (catalogs / "ru.toml").write_bytes(HOSTILE[case])
    app = App("ru", fast=True)
    try:
        assert app.tr("menu.play_ai") == "Play vs AI"
        assert any("lang/ru.toml" in n for n in app.notices)
        from game.ui.menu import TitleScene

        app.push(TitleScene(app))
        app.step()
    finally:
        pygame.quit()
