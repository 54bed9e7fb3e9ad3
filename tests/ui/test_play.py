"""Whole matches played through the screen, from the menu to the results."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.menu import TitleScene

from .driver import ScreenPlayer


def _play(menu_item: int, seed: int, lang: str = "en") -> ScreenPlayer:
    app = App(lang, fast=True)
    app.time_scale = 4.0
    player = ScreenPlayer(menu_item, seed)
    app.run(TitleScene(app), max_frames=30_000, each_frame=player)
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
