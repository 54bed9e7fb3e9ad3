"""The first match explains each situation once; T turns the hints off for good."""

from __future__ import annotations

import pygame

from game.persist.settings import UserSettings, load_settings
from game.ui.app import App
from game.ui.menu import TitleScene

from ..driver import ScreenPlayer, post_key


def test_first_match_hints_show_once_each_and_t_turns_them_off() -> None:
    app = App("en", fast=True, settings=UserSettings(language="en", tutorial=True))
    app.time_scale = 4.0
    player = ScreenPlayer(0, 3)
    seen: list[str] = []

    def each(a: App) -> None:
        scene = a.top
        coach = getattr(scene, "coach", None)
        if coach is not None and (not seen or seen[-1] != coach):
            seen.append(coach)
            if len(seen) == 3:
                post_key(pygame.K_t)  # enough hints
                return
        player(a)

    app.run(TitleScene(app), max_frames=30_000, each_frame=each, draw_every=4)
    assert player.results_seen == 1
    assert seen[:2] == ["setup", "main"] and len(seen) == len(set(seen)) == 3
    assert load_settings()[0].tutorial is False
