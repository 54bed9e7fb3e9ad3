"""Whole Bakugan Attack! games played through the screens with posted events."""

from __future__ import annotations

import time

from game.ui.app import App
from game.ui.attack.setup import AttackSetupScene
from game.ui.menu import TitleScene

from ..frames import after_painted
from .driver import AttackPlayer


def _play(seats: list[str], seed: int, lang: str = "en", keyboard: bool = False) -> AttackPlayer:
    app = App(lang, fast=True)
    app.time_scale = 16.0
    player = AttackPlayer(seats, seed, keyboard)
    t0 = time.perf_counter()

    def each(a: App) -> None:
        a.time_scale = 16.0  # (choosing a game on the title saves the settings and resets it)
        player(a)

    app.run(TitleScene(app), max_frames=60_000, each_frame=after_painted(each, 2), draw_every=2)
    print(f"{app.frames} frames in {time.perf_counter() - t0:.1f} s")
    return player


def test_a_whole_four_player_game_against_three_computers() -> None:
    # Easy and Normal: Hard's search has a wall-clock cap that a loaded machine could
    # reach, and the test is to be the same game every time (Hard plays in test_attack_*
    # of the match driver and in the real-window runs).
    player = _play(["human", "easy", "normal", "normal"], seed=11)
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
    assert player.titles >= 2, "Main menu did not lead back to the title"


def app_text(table, key: str, p: int) -> str:  # type: ignore[no-untyped-def]
    return table.text_of(key, {"player": p})


def test_a_three_person_hot_seat_game_by_keyboard_in_russian_keeps_hands_behind_the_curtain() -> (
    None
):
    app = App("ru", fast=True)
    app.time_scale = 8.0
    player = AttackPlayer(["human", "human", "human"], seed=5, keyboard=True)
    seen: list[tuple[int | None, int | None]] = []

    def each(a: App) -> None:
        player(a)
        table = player.table
        if table is not None and a.top is table:
            viewer = table.viewer()
            if viewer is not None:  # a hand is drawn only for the person at the screen
                seen.append((viewer, table.curtain.at_screen))
                assert viewer == table.curtain.at_screen and not table.curtain.down
        if player.sheets >= 2:
            a.running = False

    app.run(
        AttackSetupScene(app, hotseat=True, seed=5),
        max_frames=40_000,
        each_frame=after_painted(each, 2),
        draw_every=2,
    )
    assert player.sheets >= 2, "two deals were not played through"
    assert player.curtains >= 10 and player.cards_played >= 20 and player.dice_thrown >= 3
    assert {v for v, _ in seen} == {0, 1, 2}


def test_after_julie_leads_in_hot_seat_each_person_chooses_behind_the_curtain() -> None:
    app = App("en", fast=True)
    app.time_scale = 8.0
    player = AttackPlayer(["human", "human", "easy", "human"], seed=8, keyboard=True)
    player.lead_with = ("julie",)

    def each(a: App) -> None:
        player(a)
        table = player.table
        if table is None or a.top is not table:
            return
        chosen = [e for e in table.match.events if type(e).__name__ == "CardChosen"]
        people = {e.player for e in chosen if table.match.human(e.player)}  # type: ignore[attr-defined]
        if len(people) >= 2 and player.blind_curtains >= 1:
            a.running = False

    app.run(
        AttackSetupScene(app, hotseat=True, seed=8),
        max_frames=40_000,
        each_frame=after_painted(each, 2),
        draw_every=2,
    )
    assert player.blind_curtains >= 1, "no curtain came between the blind choices"


def test_the_autosave_continues_where_the_game_stood(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from game.persist.saves import load_match
    from game.ui.attack.table import AttackTableScene

    app = App("en", fast=True)
    app.time_scale = 8.0
    player = AttackPlayer(["human", "easy", "easy", "easy"], seed=3)

    def each(a: App) -> None:
        player(a)
        if player.cards_played >= 3:
            a.running = False

    app.run(
        AttackSetupScene(app, seed=3),
        max_frames=20_000,
        each_frame=after_painted(each, 2),
        draw_every=2,
    )
    table = player.table
    assert table is not None
    payload, error = load_match()
    assert error is None and payload is not None
    app = App("en", fast=True)
    scene = AttackTableScene.resume(app, payload)
    assert scene.match.state == table.match.state
    assert scene.match.seats == table.match.seats
