"""Whole Bakugan Attack! games played through the screens with posted events."""

from __future__ import annotations

import time

from game.ui.app import App
from game.ui.attack.setup import AttackSetupScene

from .attack_driver import AttackPlayer


def _play(seats: list[str], seed: int, lang: str = "en", keyboard: bool = False) -> AttackPlayer:
    app = App(lang, fast=True)
    app.time_scale = 8.0
    player = AttackPlayer(seats, seed, keyboard)
    t0 = time.perf_counter()
    app.run(AttackSetupScene(app, seed=seed), max_frames=60_000, each_frame=player)
    print(f"{app.frames} frames in {time.perf_counter() - t0:.1f} s")
    return player


def test_a_whole_four_player_game_against_three_computers() -> None:
    player = _play(["human", "easy", "normal", "hard"], seed=11)
    assert player.done, "the game did not reach the final ranking"
    table = player.table
    assert table is not None
    winners = table.match.result_winners()
    assert winners, "the core has no result"
    shown = player.shown_winner_text or ""
    if len(winners) == 1:
        assert app_text(table, "attack_ui.winner", winners[0]) in shown
    else:
        assert table.text_of("attack_ui.shared_win", {"players": winners}) in shown
    assert player.cards_played >= 10 and player.dice_thrown >= 2 and player.sheets >= 1


def app_text(table, key: str, p: int) -> str:  # type: ignore[no-untyped-def]
    return table.text_of(key, {"player": p})
