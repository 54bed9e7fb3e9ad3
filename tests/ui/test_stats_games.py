"""The record screen over every game (issue 18, part 6), from hand-made `MatchLine`s of
three games: each game is named by its record and its levels by its level records, the
favourite by that game's content, the hit-rate chart only where the game has throws,
and the keys move between games, modes and levels."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.match.replay_stats import MatchLine, tally
from game.ui import widgets
from game.ui.app import App
from game.ui.stats_scene import StatsScene

from .driver import post_key


def _line(created: str, game: str, mode: str, level: str, won: bool, **kw: Any) -> MatchLine:
    throws = kw.get("throws", 0)
    return MatchLine(
        created,
        game,
        mode,
        level,
        won,
        throws,
        kw.get("opened", 0),
        kw.get("captures", 0),
        tuple(sorted(kw.get("thrown", {}).items())),
    )


LINES = [
    _line(
        "2026-01-01",
        "classic",
        "vs_ai",
        "hard",
        True,
        throws=6,
        opened=3,
        captures=2,
        thrown={"pyrus_dragonoid": 4, "aquos_tigrerra": 2},
    ),
    _line(
        "2026-01-02",
        "classic",
        "vs_ai",
        "easy",
        False,
        throws=5,
        opened=1,
        captures=1,
        thrown={"pyrus_dragonoid": 5},
    ),
    _line("2026-01-03", "attack", "vs_ai", "normal", True, captures=3, thrown={"masquerade": 2}),
    _line("2026-01-04", "attack", "vs_ai", "normal", True, captures=1),
    _line("2026-01-05", "attack", "vs_ai", "normal", False, captures=0),
    _line(
        "2026-01-06",
        "planet",
        "hotseat",
        "-",
        True,
        throws=4,
        opened=2,
        thrown={"pyrus_dragonoid": 4},
    ),
    _line("2026-01-07", "planet", "vs_ai", "mixed", False, throws=2, opened=0),
]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    texts: list[str] = []
    real = widgets.fit_text

    def fit_text(surface: Any, value: str, *args: Any, **kw: Any) -> Any:
        texts.append(value)
        return real(surface, value, *args, **kw)

    monkeypatch.setattr(widgets, "fit_text", fit_text)
    return texts


def _frame(scene: StatsScene, texts: list[str]) -> str:
    texts.clear()
    scene.draw(pygame.Surface((1280, 720)))
    return "\n".join(texts)


def test_every_game_named_from_its_own_records(drawn: list[str]) -> None:
    app = App("en", fast=True)
    scene = StatsScene(app, tally(LINES))
    app.push(scene)
    assert scene.games == ["classic", "attack", "planet"]
    frame = _frame(scene, drawn)
    assert "Bakugan Battle Brawlers · Against the computer (Easy) · 1 of 2" in frame
    assert "favourite: Pyrus Dragonoid" in frame and "Throws that opened" in frame
    post_key(pygame.K_RIGHT)
    app.step()
    assert scene.shown == ("classic", "vs_ai", "hard")
    assert "Against the computer (Hard) · 2 of 2" in _frame(scene, drawn)
    post_key(pygame.K_DOWN)  # the next game
    app.step()
    assert scene.shown == ("attack", "vs_ai", "normal")
    frame = _frame(scene, drawn)
    assert "Against the computer (Normal)" in frame and "played: 3 · won: 2 · lost: 1" in frame
    assert "favourite: Masquerade" in frame  # a card of Attack's deck, by its name
    assert "Throws that opened" not in frame  # no throws: no empty chart
    assert "Won and lost, per level" in frame
    post_key(pygame.K_DOWN)
    app.step()
    frame = _frame(scene, drawn)
    assert scene.shown == ("planet", "vs_ai", "mixed")
    assert "mixed levels" in frame and "Throws that opened" in frame
    assert "favourite" not in frame  # nothing thrown counted: no favourite to name
    post_key(pygame.K_LEFT)
    app.step()
    assert scene.shown == ("planet", "hotseat", "-")
    assert "Players at one computer" in _frame(scene, drawn)
    post_key(pygame.K_UP)
    app.step()
    assert scene.shown == ("attack", "vs_ai", "normal")
    scene.tabs[0].on_click()
    assert scene.shown == ("classic", "vs_ai", "easy")
    pygame.quit()


def test_in_russian_too(drawn: list[str]) -> None:
    app = App("ru", fast=True)
    scene = StatsScene(app, tally(LINES))
    app.push(scene)
    scene.pick_game(1)
    frame = _frame(scene, drawn)
    assert "Средний" in frame and "Маскарад" in frame
    scene.pick_game(2)
    assert "Пайрус Драгоноид" not in _frame(scene, drawn)  # (the mixed line first)
    scene.index = 1
    assert "Пайрус Драгоноид" in _frame(scene, drawn)
    pygame.quit()


def test_an_unknown_game_and_thing_fall_back_to_their_ids(drawn: list[str]) -> None:
    lines = [_line("2026-02-01", "nosuch", "vs_ai", "odd", True, thrown={"zz": 1})]
    app = App("en", fast=True)
    scene = StatsScene(app, tally(lines))
    app.push(scene)
    frame = _frame(scene, drawn)
    assert "nosuch" in frame and "(odd)" in frame and "favourite: zz" in frame
    pygame.quit()


def test_each_game_says_what_its_per_match_figure_counts(drawn: list[str]) -> None:
    # A Battle Planet record counts the battles the person's Bakugan won (the Victor):
    # 3 in 2 matches is "1.5 battles won", never "1.5 cards" (no card is won there).
    lines = [
        _line("2026-03-01", "planet", "vs_ai", "normal", True, captures=2),
        _line("2026-03-02", "planet", "vs_ai", "normal", False, captures=1),
        _line("2026-03-03", "attack", "vs_ai", "normal", True, captures=4),
    ]
    for lang, planet, attack in (
        ("en", "battles won per match: 1.5", "cards caught per match: 4.0"),
        ("ru", "боёв выиграно за матч: 1.5", "карт поймано за матч: 4.0"),
    ):
        app = App(lang, fast=True)
        scene = StatsScene(app, tally(lines))
        app.push(scene)
        scene.pick_game(scene.games.index("planet"))
        frame = _frame(scene, drawn)
        assert planet in frame and "cards per match" not in frame
        scene.pick_game(scene.games.index("attack"))
        assert attack in _frame(scene, drawn)
        pygame.quit()
