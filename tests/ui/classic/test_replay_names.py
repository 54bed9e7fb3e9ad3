"""A classic replay names its seats as the match did (issue 25, point 8): the one
person of a match against computers is "You" (not "Computer 1"), his hand "Your hand"
(not "Player 2's hand"), a computer by its level, the people of a hot-seat match
"Player 1" and "Player 2"; the Replays list names them the same way (not "you / you")."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from game.content.classic import shipped_catalog
from game.games.classic import shipped_levels
from game.games.replays import open_in, replay_files
from game.match.classic.sim import run_physics_sim
from game.persist.replay_file import Replay, read_replay
from game.persist.replay_index import Summary
from game.rules.classic import Settings
from game.ui.app import App
from game.ui.classic.replay import ReplayScene
from game.ui.replay_list import ReplayListScene

PERSON = {"name": "human", "seed": 0, "human": True}


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Replay:
    folder = tmp_path_factory.mktemp("names")
    run_physics_sim(
        shipped_catalog(),
        ["easy", "hard"],
        1,
        3,
        Settings(),
        shipped_levels(),
        record=open_in(folder),
    )
    return read_replay(replay_files([folder])[0])


def _with_seats(replay: Replay, *seats: dict[str, Any]) -> Replay:
    return replace(replay, header={**replay.header, "seats": list(seats)})


def _hand_line(scene: ReplayScene, seat: int) -> str:
    scene.seat_view = seat
    return scene._hint()


@pytest.mark.parametrize(
    ("lang", "you", "computer", "your_hand"),
    [
        ("en", "You", "Computer (Hard)", "Your hand"),
        ("ru", "Вы", "Компьютер (Сложный)", "Ваши карты"),
    ],
)
def test_the_person_against_a_computer_is_you_and_the_computer_is_named_by_its_level(
    recorded: Replay, lang: str, you: str, computer: str, your_hand: str
) -> None:
    seats = recorded.header["seats"]
    scene = ReplayScene(App(lang, fast=True), _with_seats(recorded, PERSON, seats[1]))
    assert scene.who(0) == you
    assert scene.who(1) == computer
    assert _hand_line(scene, 0) == your_hand
    assert computer in _hand_line(scene, 1)
    assert scene.said("match.won", 0) == scene.tr("match.won_you")


def test_the_people_of_a_hot_seat_match_are_player_1_and_player_2(recorded: Replay) -> None:
    scene = ReplayScene(App("en", fast=True), _with_seats(recorded, PERSON, PERSON))
    assert [scene.who(0), scene.who(1)] == ["Player 1", "Player 2"]
    assert _hand_line(scene, 1) == "Hand: Player 2"
    assert "Player 1" in scene.said("match.won", 0)


def test_a_computer_only_replay_names_each_computer_by_seat_and_level(recorded: Replay) -> None:
    scene = ReplayScene(App("en", fast=True), recorded)
    assert [scene.who(0), scene.who(1)] == ["Computer 1 (Easy)", "Computer 2 (Hard)"]


@pytest.mark.parametrize(
    ("players", "shown"),
    [
        (("human", "human"), "Player 1 / Player 2"),
        (("human", "easy"), "You / Computer (Easy)"),
        (("human", "easy", "hard"), "You / Easy / Hard"),
    ],
)
def test_the_replays_list_names_the_seats_as_the_match_did(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, players: tuple[str, ...], shown: str
) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    scene = ReplayListScene(App("en", fast=True))
    row = Summary(tmp_path / "x.bkr", "2026-12-02T03:00:00", "classic", players, 0, True)
    assert shown in scene._row_text(row)


def test_a_row_of_five_seats_fits_its_button(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game.ui import text_fit

    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    for lang in ("en", "ru"):
        app = App(lang, fast=True)
        scene = ReplayListScene(app)
        seats = ("human", "normal", "normal", "normal", "normal")
        row = Summary(tmp_path / "x.bkr", "2026-12-02T03:00:00", "attack", seats, 3, True)
        scene.items = [row]
        scene._build()
        with text_fit.recording() as drawn:
            scene.draw(app.screen)
        assert not drawn.escaped(), [d.text for d in drawn.escaped()]
