"""The About screen (Settings → About…) shows what `bakugan --version` prints, and its
text fits in both languages."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.games.about import build_info
from game.ui import text_fit
from game.ui.about import AboutScene
from game.ui.app import App
from game.ui.menu import SettingsScene
from tests.ui.driver import post_click
from tests.ui.test_text_fit import _check


@pytest.fixture(params=("en", "ru"))
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    a = App(request.param, fast=True)
    yield a
    pygame.quit()


def test_settings_opens_about_with_the_version_lines(app: App) -> None:
    settings = SettingsScene(app)
    app.push(settings)
    about = next(b for b in settings.buttons if b.label == app.tr("settings.about"))
    post_click(about.rect.center)
    app.step()
    assert isinstance(app.top, AboutScene)
    shown = [value for _, value in app.top.rows()]
    info = build_info()
    assert info.version in shown and info.physics in shown and info.pymunk in shown
    for _, digest in info.content:
        assert digest in shown
    assert app.top.status()["lines"] == info.lines()
    back = next(b for b in app.top.buttons if b.label == app.tr("ui.back"))
    post_click(back.rect.center)
    app.step()
    assert app.top is settings


def test_about_and_settings_fit_their_boxes(app: App) -> None:
    for scene in (SettingsScene(app), AboutScene(app)):
        app.push(scene)
        with text_fit.recording() as ledger:
            scene.draw(app.screen)
        _check(ledger, type(scene).__name__)
        assert ledger.drawn
