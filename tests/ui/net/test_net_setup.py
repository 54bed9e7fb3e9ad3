"""The host's setup screen: what the person chooses there is what the host runs with
(the seats, who may join, the replay shared at the end, how many may watch)."""

from __future__ import annotations

import pygame
import pytest

from game.net.options import HostOptions
from game.ui import text_fit
from game.ui.app import App
from game.ui.net import lobby
from game.ui.net.lobby import HostSetupScene
from tests.ui.driver import post_click


def _setup(monkeypatch: pytest.MonkeyPatch, game: str = "classic") -> tuple[App, list[HostOptions]]:
    started: list[HostOptions] = []

    def table(app: App, options: HostOptions, addresses: list[str]) -> HostSetupScene:
        started.append(options)
        return HostSetupScene(app, game, port=0)  # a scene to stand where the table would

    monkeypatch.setattr(lobby, "host_table", table)
    app = App("en", fast=True)
    pygame.event.clear()
    app.push(HostSetupScene(app, game, port=0))
    app.step()
    return app, started


def _press(app: App, label: str) -> None:
    button = next(b for b in app.top.buttons if b.label == label)  # type: ignore[attr-defined]
    post_click(button.rect.center)
    app.step()


def test_the_replay_stays_here_and_eight_may_watch_unless_the_person_says_otherwise(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, started = _setup(monkeypatch)
    _press(app, "Start hosting")
    assert len(started) == 1
    assert started[0].share_replay is False and started[0].max_watchers == 8


def test_sharing_the_replay_and_the_watchers_chosen_reach_the_host(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app, started = _setup(monkeypatch)
    _press(app, "At the end: the replay stays here")
    _press(app, "Watchers: up to 8")  # round: 16, 64, none, 8
    _press(app, "Watchers: up to 16")
    _press(app, "Watchers: up to 64")
    _press(app, "Start hosting")
    assert started[-1].share_replay is True and started[-1].max_watchers == 0
    labels = [b.label for b in app.top.buttons]  # type: ignore[attr-defined]
    assert "At the end: the replay stays here" in labels  # the new screen's own default


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("game", ["classic", "attack", "planet"])
@pytest.mark.parametrize("toggled", [False, True], ids=["as-opened", "every-toggle-turned"])
def test_every_button_of_the_setup_fits_and_none_overlaps_at_the_most_seats(
    lang: str, game: str, toggled: bool
) -> None:
    from game.games import REGISTRY

    app = App(lang, fast=True)
    setup = HostSetupScene(app, game, port=0)
    most = max(REGISTRY[game].player_counts)
    setup.seats = ["here", *["remote"] * (most - 1)]
    if toggled:  # the other words of each toggle: this computer only, shared, no watchers
        setup.open, setup.share, setup.watchers = False, True, 0
    setup._build()
    surface = pygame.Surface((1280, 720))
    with text_fit.recording() as ledger:
        setup.draw(surface)
    assert not ledger.escaped()
    rects = [b.rect for b in setup.buttons]
    for i, a in enumerate(rects):
        assert surface.get_rect().contains(a)
        assert not any(a.colliderect(b) for b in rects[i + 1 :]), (a, rects)
