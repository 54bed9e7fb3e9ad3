"""Sharing from inside the window (issue 18, part 4): the Replays list exports a replay
into a folder picked in the game's own file dialog and imports one picked there; each
outcome is one line in the player's language; a folder that cannot be read is a line."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pygame
import pytest

from game.content.classic import shipped_catalog
from game.files.lang import LANGUAGES, catalog
from game.games.classic import shipped_levels
from game.games.replays import open_in, replay_files
from game.match.classic.sim import run_physics_sim
from game.persist.replay_file import REASONS
from game.rules.classic import Settings
from game.ui import widgets as w
from game.ui.app import App
from game.ui.file_dialog import FileDialogScene, elide_middle, list_folder
from game.ui.replay_list import ReplayListScene

from .driver import post_click, post_key

CAT = shipped_catalog()


@pytest.fixture(scope="module")
def replay_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("share")
    run_physics_sim(
        CAT, ["easy", "easy"], 1, 4, Settings(), shipped_levels(), record=open_in(folder)
    )
    return replay_files([folder])[0]


@pytest.fixture
def home(replay_path: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A player whose Replays hold one match."""
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    kept = tmp_path / "data" / "replays"
    kept.mkdir(parents=True)
    (kept / replay_path.name).write_bytes(replay_path.read_bytes())
    return tmp_path


def _list(lang: str = "en") -> tuple[App, ReplayListScene]:
    app = App(lang, fast=True)
    scene = ReplayListScene(app)
    app.push(scene)
    return app, scene


def test_the_dialog_lists_folders_then_replays_and_walks_in_and_up(tmp_path: Path) -> None:
    (tmp_path / "b folder").mkdir()
    (tmp_path / "A folder").mkdir()
    (tmp_path / ".hidden").mkdir()
    (tmp_path / "z.replay.gz").write_bytes(b"")
    (tmp_path / "notes.txt").write_text("x")
    (tmp_path / "A folder" / "inner.replay.gz").write_bytes(b"")
    names = [e.name for e in list_folder(tmp_path, ".replay.gz")]
    assert names == ["A folder", "b folder", "z.replay.gz"]
    picked: list[Path] = []
    app = App("en", fast=True)
    dialog = FileDialogScene(app, "open", "t", picked.append, ".replay.gz", tmp_path)
    app.push(dialog)
    post_key(pygame.K_RETURN)  # into "A folder"
    app.step()
    assert dialog.folder == tmp_path / "A folder"
    assert [e.name for e in dialog.entries] == ["inner.replay.gz"]
    post_key(pygame.K_BACKSPACE)  # up, the folder we came from chosen
    app.step()
    assert dialog.folder == tmp_path and dialog.entries[dialog.focus].name == "A folder"
    post_key(pygame.K_DOWN)
    post_key(pygame.K_DOWN)
    post_key(pygame.K_RETURN)  # the file: picked, the dialog closes
    app.step()
    assert picked == [tmp_path / "z.replay.gz"] and dialog not in app.stack
    pygame.quit()


def test_a_folder_that_cannot_be_read_is_a_line_not_a_crash(tmp_path: Path) -> None:
    app = App("ru", fast=True)
    gone = tmp_path / "gone"
    dialog = FileDialogScene(app, "folder", "t", lambda p: None, ".replay.gz", gone)
    app.push(dialog)
    app.step()
    assert "gone" in dialog.message and "нельзя прочитать" in dialog.message
    (tmp_path / "later").mkdir()
    dialog._enter(tmp_path)
    (tmp_path / "later").rmdir()  # gone between the listing and the click
    post_click(dialog._row_rect(0).center)
    app.step()
    assert dialog.folder == tmp_path and "later" in dialog.message
    dialog.draw(pygame.Surface((1280, 720)))
    pygame.quit()


def test_a_long_path_is_cut_in_its_middle() -> None:
    path = "/home/player/" + "/".join(["a-rather-long-folder-name"] * 12) + "/last-folder"
    shown = elide_middle(path, 22, 600)
    assert w.font(22).size(shown)[0] <= 600 and "…" in shown
    assert shown.startswith("/home/pl") and shown.endswith("last-folder")
    assert elide_middle("/short", 22, 600) == "/short"


def test_export_through_the_dialog_then_import_it_back(home: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    app, scene = _list()
    scene.export_from = out  # (the dialog starts where the last one closed)
    (source, _, export) = scene.rows[0]
    post_click(export.rect.center)
    app.step()
    dialog = app.top
    assert isinstance(dialog, FileDialogScene) and dialog.folder == out
    post_key(pygame.K_RETURN)  # "Export here" (chosen first in an empty folder)
    app.step()
    assert app.top is scene
    assert (out / source.path.name).read_bytes() == source.path.read_bytes()
    assert scene.good and scene.message.startswith("Exported to ") and "out" in scene.message
    # E on the chosen row: again into the same folder, beside the first (never over it)
    post_key(pygame.K_DOWN)
    post_key(pygame.K_e)
    app.step()
    assert isinstance(app.top, FileDialogScene)
    assert [e.name for e in app.top.entries] == [source.path.name]  # shown, dimmed
    post_key(pygame.K_RETURN)  # ("Export here" chosen first: no folder to go into)
    app.step()
    second = out / source.path.name.replace(".replay.gz", "-2.replay.gz")
    assert second.exists() and second.name in scene.message
    # Import: the dialog on the files of that folder; Enter picks the first
    scene.import_from = out
    post_click(next(b for b in scene.buttons if b.label == "Import...").rect.center)
    app.step()
    assert isinstance(app.top, FileDialogScene) and app.top.kind == "open"
    post_key(pygame.K_RETURN)
    app.step()
    assert app.top is scene and not scene.good  # the same match, already kept
    assert "already in your Replays" in scene.message
    assert len(scene.items) == 1  # (kept twice, it would count twice in the record)
    scene.draw(pygame.Surface((1280, 720)))
    pygame.quit()


def _write(path: Path, lines: list[dict[str, object]]) -> None:
    data = b"".join(json.dumps(x).encode() + b"\n" for x in lines)
    path.write_bytes(gzip.compress(data))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_refusal_is_its_own_line_in_the_players_language(
    home: Path, tmp_path: Path, replay_path: Path, lang: str
) -> None:
    lines = [json.loads(x) for x in gzip.decompress(replay_path.read_bytes()).splitlines()]
    bad = tmp_path / "bad"
    bad.mkdir()
    whole = replay_path.read_bytes()
    half = len(whole) // 2  # (bytes turned over in the middle: a cut there can read as unfinished)
    turned = bytes(b ^ 0xFF for b in whole[half : half + 32])
    (bad / "f-damaged.replay.gz").write_bytes(whole[:half] + turned + whole[half + 32 :])
    newer = [dict(lines[0], version=99), *lines[1:]]
    _write(bad / "f-newer.replay.gz", newer)
    cards = [dict(lines[0], content_hash="sha256:other"), *lines[1:]]
    _write(bad / "f-cards.replay.gz", cards)
    physics = [dict(lines[0], physics_hash="sha256:other"), *lines[1:]]
    _write(bad / "f-physics.replay.gz", physics)
    throw = next(i for i, x in enumerate(lines) if x.get("t") == "throw")
    drifted = [*lines[:throw], dict(lines[throw], digest="0" * 64), *lines[throw + 1 :]]
    _write(bad / "f-drifted.replay.gz", drifted)
    _app, scene = _list(lang)
    said = {}
    for name in ("damaged", "newer", "cards", "physics", "drifted"):
        scene.take(bad / f"f-{name}.replay.gz")
        assert not scene.good and scene.message.count("\n") == 0
        said[name] = scene.message
    assert len(set(said.values())) == 5 and len(scene.items) == 1
    words = {
        "en": (
            "damaged",
            "newer version",
            "other cards",
            "another version of the physics",
            "drifted",
        ),
        "ru": ("повреждён", "более новой", "другими картами", "другой версией физики", "разошёлся"),
    }[lang]
    for name, word in zip(said, words, strict=True):
        assert word in said[name].split(": ", 2)[-1], said[name]
    # ...and the export of a replay that has gone bad since the list was read
    source = scene.rows[0][0]
    source.path.write_bytes((bad / "f-damaged.replay.gz").read_bytes())
    scene.export_to(source, tmp_path)
    assert not scene.good and ("damaged" if lang == "en" else "повреждён") in scene.message
    pygame.quit()


def test_every_reason_a_replay_is_refused_for_has_its_line_in_both_languages() -> None:
    """The list says a refusal by its reason's catalog line (`problem`): a reason
    without one (the caps' ``too_large``, ``too_long``) would show its bare key."""
    for lang in LANGUAGES:
        lines = catalog(lang)
        missing = [r for r in REASONS if not lines.get(f"replay_reason.{r}")]
        assert missing == [], (lang, missing)
        assert len({lines[f"replay_reason.{r}"] for r in REASONS}) == len(REASONS), lang


def test_the_focus_keeps_its_place_when_the_page_turns(home: Path, replay_path: Path) -> None:
    kept = home / "data" / "replays"
    for i in range(11):  # 12 in all: a page of 8 and one of 4
        (kept / f"2026010{i % 10}-1200{i:02d}-classic-{i}.replay.gz").write_bytes(
            replay_path.read_bytes()
        )
    app, scene = _list()

    def key(k: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=""))
        app.step()

    def focused() -> list[int]:
        return [i for i, b in enumerate(scene.buttons) if b.focused]

    key(pygame.K_DOWN)
    key(pygame.K_DOWN)
    key(pygame.K_DOWN)
    key(pygame.K_DOWN)  # the second row's Export
    assert focused() == [3] and scene.buttons[3].label == "Export..."
    key(pygame.K_PAGEDOWN)
    assert focused() == [3]  # one button, the same place on the next page
    scene.buttons[3].focused = False
    scene.buttons[len(scene.rows) * 2 + 1].focused = True  # Your record
    key(pygame.K_PAGEUP)
    assert [scene.buttons[i].label for i in focused()] == ["Your record"]
