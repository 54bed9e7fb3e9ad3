"""The Replays list has a Back button (issue 25.8): a person with only a mouse gets
back to where he came from, and the button fits in both languages."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui import text_fit
from game.ui.app import App
from game.ui.menu import TitleScene
from game.ui.replay_list import ReplayListScene

from .driver import post_click
from .test_text_fit import _check


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_replays_list_has_a_back_button(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    app = App(lang, fast=True)
    app.push(TitleScene(app))
    scene = ReplayListScene(app)
    app.push(scene)
    app.step()
    back = [b for b in scene.buttons if b.label == scene.tr("ui.back")]
    assert len(back) == 1, [b.label for b in scene.buttons]
    assert app.screen.get_rect().contains(back[0].rect)
    with text_fit.recording() as ledger:
        scene.draw(app.screen)
    _check(ledger, f"replays {lang}")
    post_click(back[0].rect.center)
    app.step()
    assert isinstance(app.top, TitleScene)
    pygame.quit()
