"""Whole matches played through the screen, from the menu to the results."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.menu import TitleScene

from ..driver import ScreenPlayer


def _play(
    menu_item: int, seed: int, lang: str = "en", seats: tuple[str, ...] = (), big: bool = False
) -> ScreenPlayer:
    app = App(lang, fast=True)
    app.time_scale = 4.0
    player = ScreenPlayer(menu_item, seed, seats, big)
    app.run(TitleScene(app), max_frames=30_000, each_frame=player, draw_every=4)
    assert player.match is not None
    # The winner the results screen shows is the rules core's.
    assert player.shown_winner == player.match.session.state.winner
    return player


def test_a_whole_match_against_the_computer_through_the_screen() -> None:
    player = _play(0, seed=1)
    assert player.results_seen == 1, "the match did not reach the results screen"
    assert player.throws >= 2 and player.actions >= 5
    print(f"vs AI: {player.actions} clicks, {player.throws} throws by hand")


def test_a_whole_two_player_match_at_one_computer_in_russian() -> None:
    player = _play(1, seed=2, lang="ru")
    assert player.results_seen == 1
    assert player.throws >= 4
    assert pygame.display.get_init() is False  # the app shut pygame down


def test_three_players_two_people_and_a_computer_between_them() -> None:
    player = _play(1, seed=3, seats=("human", "easy", "human"))
    assert player.results_seen == 1
    match = player.match
    assert match is not None and match.humans == (True, False, True)
    assert len(match.session.state.players) == 3 and match.levels[1] == "easy"
    assert player.throws >= 3
    # Every seat threw from its own side of the table.
    sides = {match.session.side(p) for p in range(3)}
    assert sides == {"bottom", "left", "right"}


def test_four_players_one_person_against_three_computers_in_russian() -> None:
    player = _play(0, seed=4, lang="ru", seats=("human", "easy", "normal", "easy"))
    assert player.results_seen == 1
    match = player.match
    assert match is not None and match.humans == (True, False, False, False)
    assert match.levels[1:] == ("easy", "normal", "easy")
    assert len(match.session.state.players) == 4


def test_the_big_game_against_the_computer_through_the_screen() -> None:
    player = _play(0, seed=5, seats=("human", "easy"), big=True)
    assert player.results_seen == 1
    match = player.match
    assert match is not None
    state = match.session.state
    assert state.settings.big_game and state.settings.gates_to_win == 6
    assert len(state.kits[0].bakugan) == 6
    assert len(state.players[state.winner or 0].captured) >= 6
