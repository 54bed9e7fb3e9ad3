"""One file must never stop the game (issue 25, point 2): each kind of damaged file
(nested 3,000 levels deep, over its size limit, binary, cut short, empty, valid JSON or
TOML of the wrong shape or of the wrong types, a folder where the file should be, a
file the game may not read) is dropped into every place of the player's folders the
app reads (the settings, the hints, each game's autosave and an older version's
`autosave.json`, the challenge progress, a Battle Planet deck, a replay in Replays,
which the record screen reads too), and `bakugan play` starts as it does for a player:
the title opens, Continue is tried for each game, the level select, the deck builder,
the Replays list and the record screen open, a match's hints load. Nothing crashes;
where the player should know, a line says so (the settings over the title, a save
under the menu, the progress on the level select, a deck on the deck builder); no file
that could not be read is written over or lost: its bytes stay where they were or in a
``.damaged-`` file beside it."""

from __future__ import annotations

import copy
import gzip
import json
import random
import tomllib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.persist import decks, hints, progress, replay_file, saves, settings
from game.persist.settings import UserSettings
from game.ui import launch
from game.ui.app import App

DATA = Path(__file__).parents[1] / "games" / "data" / "saves"
OLD_SAVE = Path(__file__).parents[1] / "persist" / "data" / "autosave-main-1858775.json"
KINDS = [
    "deep",
    "huge",
    "binary",
    "truncated",
    "empty",
    "wrong_shape",
    "wrong_types",
    "directory",
    "unreadable",
]


# ---------------------------------------------------------------- the places


@cache
def _replay() -> bytes:
    """A good replay file: a short Attack game between random bots."""
    import tempfile

    from game.ai.attack import make_policy
    from game.content.attack import shipped_deck
    from game.games.attack import attack_recorder
    from game.match.attack.sim import play_game
    from game.rules.attack import Settings

    deck, rules = shipped_deck(), Settings(3)
    with tempfile.TemporaryDirectory() as folder:
        hook = attack_recorder(Path(folder), rules)(5, ["random"] * 3, [1, 2, 3])
        policies = [make_policy("random", deck, s) for s in (1, 2, 3)]
        play_game(deck, rules, policies, 5, hook)
        (made,) = Path(folder).iterdir()
        return made.read_bytes()


def _good_deck() -> bytes:
    from game.content.planet import shipped_catalog

    kit = next(iter(shipped_catalog().presets.values())).kit
    return decks.to_toml(decks.Deck("Mine", kit.characters, kit.cores, kit.deck)).encode()


def _good_progress() -> bytes:
    p = progress.Progress(Path("unused.json"))
    p.add_result("level01", 1200, 2)
    return p.to_json().encode()


class Place:
    """One place the app reads: where (in the home folder), the file's format, its
    size limit, and a good file of it."""

    def __init__(self, name: str, where: str, fmt: str, limit: int, good: Callable[[], bytes]):
        self.name, self.where, self.fmt, self.limit, self.good = name, where, fmt, limit, good


PLACES = [
    Place(
        "settings",
        "config/settings.toml",
        "toml",
        settings.MAX_FILE_BYTES,
        lambda: settings.to_toml(UserSettings(language="en", tutorial=False)).encode(),
    ),
    Place(
        "hints",
        "config/hints.json",
        "json",
        hints.MAX_FILE_BYTES,
        lambda: b'{"format": 1, "seen": ["setup", "main"]}\n',
    ),
    *(
        Place(
            f"autosave-{game}",
            f"data/autosave-{game}.json",
            "json",
            saves.MAX_FILE_BYTES,
            lambda file=file: (DATA / f"{file}.json").read_bytes(),
        )
        for game, file in (
            ("classic", "classic-2"),
            ("attack", "attack-4-play"),
            ("planet", "planet-energize-3"),
        )
    ),
    Place("autosave.json", "data/autosave.json", "json", saves.MAX_FILE_BYTES, OLD_SAVE.read_bytes),
    Place("progress", "data/challenges.json", "json", progress.MAX_FILE_BYTES, _good_progress),
    Place("deck", "data/planet_decks/mine.toml", "toml", decks.MAX_FILE_BYTES, _good_deck),
    Place(
        "replay",
        f"data/replays/20250101-120000-attack-5{replay_file.SUFFIX}",
        "replay",
        replay_file.MAX_FILE_BYTES,
        _replay,
    ),
]


# ---------------------------------------------------------------- the damage


def _swap_types(value: Any) -> Any:
    """The same shape with every value of another type (text for numbers, numbers for
    text, a list for a truth value ...)."""
    if isinstance(value, dict):
        return {k: _swap_types(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_swap_types(v) for v in value] if value else {}
    if isinstance(value, bool):
        return "yes"
    if isinstance(value, int | float):
        return str(value)
    if isinstance(value, str):
        return 7
    return []


def _wrong_types(place: Place, good: bytes) -> bytes:
    if place.fmt == "toml":
        if place.name == "settings":
            return b'format = "1"\nlanguage = 5\nmusic_volume = "loud"\nfullscreen = 3\n[keys]\naim_left = 7\n'
        return b'format = "bakugan-planet-deck"\nversion = 1\nname = 5\ncharacters = "x"\ncores = 3\ncards = [1]\n'
    if place.fmt == "replay":
        lines = gzip.decompress(good).decode().splitlines()
        return gzip.compress(
            "\n".join(json.dumps(_swap_types(json.loads(line))) for line in lines).encode()
        )
    data = json.loads(good)
    if place.name.startswith("autosave"):  # the checksum fits: the payload reaches the game
        envelope = dict(data)
        payload = _swap_types(copy.deepcopy(envelope["payload"]))
        return saves.encode(payload, game=envelope.get("game"), game_version=1)
    return json.dumps(_swap_types(data)).encode()


def _damaged(kind: str, place: Place, good: bytes) -> bytes:
    deep = b"[" * 3000 + b"]" * 3000
    if kind == "deep":
        raw = b"x = " + deep if place.fmt == "toml" else deep
    elif kind == "huge":
        raw = b" " * (place.limit + 1)
    elif kind == "binary":
        raw = bytes(random.Random(7).randrange(256) for _ in range(4096))
    elif kind == "truncated":
        raw = good[: len(good) // 2]
    elif kind == "empty":
        raw = b""
    elif kind == "wrong_shape":
        raw = b"[[x]]\ny = 1\n" if place.fmt == "toml" else b'[1, "two", {"three": 3}]'
    elif kind == "wrong_types":
        return _wrong_types(place, good)
    else:  # "unreadable": the good file, that the game may not read
        raw = good
    if place.fmt == "replay" and kind in ("deep", "wrong_shape"):
        raw = gzip.compress(raw)
    return raw


# ---------------------------------------------------------------- the start


def _kept(path: Path, raw: bytes) -> bool:
    """`raw` is at `path` still, or in a set-aside file beside it."""
    if path.is_file() and path.read_bytes() == raw:
        return True
    stem = path.name.split(".")[0]
    return any(
        p.is_file() and ".damaged-" in p.name and p.read_bytes() == raw
        for p in path.parent.glob(f"{stem}*")
    )


def _broken(kind: str, settings_file: tuple[Path, bytes] | None) -> bool:
    """The settings file is no good settings file (cut short at a line's end, it may
    still be one: fewer settings, the others' defaults)."""
    if kind != "truncated" or settings_file is None:
        return True
    try:
        tomllib.loads(settings_file[1].decode())
    except (tomllib.TOMLDecodeError, UnicodeDecodeError):
        return True
    return False


def _visit(app: App, said: dict[str, list[str]]) -> None:
    """What a player does after the start: every place of the folders gets read."""
    from game.games import REGISTRY
    from game.ui.challenges import LevelSelectScene
    from game.ui.classic.coach import Coach
    from game.ui.menu import TitleScene
    from game.ui.planet.deckbuilder import DeckBuilderScene
    from game.ui.replay_list import ReplayListScene
    from game.ui.stats_scene import StatsScene

    title = app.stack[0]
    assert isinstance(title, TitleScene)
    said["settings"] = list(app.notices)
    for game in [*REGISTRY, "legacy"]:  # (the older autosave.json, once the others went)
        if game != "legacy":
            title.choose(game)
        if any(b.data["id"] == "continue" for b in title.buttons):
            title._continue()
            app.step()
            said.setdefault("saves", []).append(title.message)
            del app.stack[1:]
    Coach(True)  # a match's first hints
    for scene in (
        LevelSelectScene(app),
        DeckBuilderScene(app),
        ReplayListScene(app),
        StatsScene(app),
    ):
        app.push(scene)
        app.step()
        if isinstance(scene, LevelSelectScene):
            warning = scene.progress.warning
            said["progress"] = [warning.text("en")] if warning is not None else []
        if isinstance(scene, DeckBuilderScene):
            said["deck"] = [scene.message] if scene.message else []
        app.stack.pop()
    title.message = ""


@pytest.mark.parametrize("kind", KINDS)
def test_no_damaged_file_stops_the_game_and_none_is_lost(
    kind: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, faults: Any
) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    written: dict[str, tuple[Path, bytes]] = {}
    for place in PLACES:
        path = tmp_path / place.where
        path.parent.mkdir(parents=True, exist_ok=True)
        if kind == "directory":
            path.mkdir()
            continue
        raw = _damaged(kind, place, place.good())
        path.write_bytes(raw)
        written[place.name] = (path, raw)
        if kind == "unreadable":
            faults.unreadable(path)
    said: dict[str, list[str]] = {}
    real_run = App.run

    def run(self: App, first: Any, max_frames: int | None = None, each_frame: Any = None) -> None:
        def script(app: App) -> None:
            if app.frames == 2:
                _visit(app, said)

        real_run(self, first, max_frames=4, each_frame=script)

    monkeypatch.setattr(App, "run", run)
    assert launch.main("en") == 0  # `bakugan play`: no traceback, whatever the files
    faults.lift()
    good_settings = not _broken(kind, written.get("settings"))  # (cut short, yet whole)
    if good_settings:
        del written["settings"]  # a good settings file is the game's to rewrite
    else:
        assert said.get("settings"), "the settings' trouble is said over the title"
    if kind != "directory":  # (a folder where a save should be: nothing to resume)
        assert said.get("saves") and all(said["saves"]), "each save's trouble is said"
        assert len(said["saves"]) == 4
    assert said.get("progress"), "the progress' trouble is said on the level select"
    assert said.get("deck"), "the deck's trouble is said on the deck builder"
    for name, (path, raw) in written.items():
        assert _kept(path, raw), f"{name}: the player's file was lost or written over"
    if kind == "directory":
        assert all((tmp_path / place.where).is_dir() for place in PLACES)
    pygame.quit()
