"""A game controller drives the menus and throws, through the keys it stands for."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.content.classic import shipped_catalog
from game.persist.settings import UserSettings, save_settings
from game.rules.classic import random_kit
from game.ui.app import App
from game.ui.classic.howto import HowToScene
from game.ui.classic.match import MatchScene
from game.ui.classic.setup import MatchSetupScene
from game.ui.menu import TitleScene


@pytest.fixture(autouse=True)
def _own_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A home of its own: a match another test left saved in the suite's shared home
    would put the title's replace-the-saved-match question before the setup (and the
    first-match hints off, as the suite's home has them)."""
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    save_settings(UserSettings(language="en", tutorial=False))


def _button(button: int, down: bool = True) -> pygame.event.Event:
    kind = pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP
    return pygame.event.Event(kind, button=button, instance_id=0)


def _axis(axis: int, value: float) -> pygame.event.Event:
    return pygame.event.Event(
        pygame.CONTROLLERAXISMOTION, axis=axis, value=int(value * 32767), instance_id=0
    )


def _press(app: App, button: int) -> None:
    pygame.event.post(_button(button, True))
    pygame.event.post(_button(button, False))
    app.step()


def test_the_dpad_and_a_choose_in_the_menu() -> None:
    app = App("en", fast=True)
    app.push(TitleScene(app))
    while not any(b.focused and b.label == app.tr("menu.play_ai") for b in app.top.buttons):  # type: ignore[attr-defined]
        _press(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    _press(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.top, MatchSetupScene)
    _press(app, pygame.CONTROLLER_BUTTON_B)  # back
    assert isinstance(app.top, TitleScene)
    title = app.top
    assert isinstance(title, TitleScene)
    for _ in range(10):  # down the menu (a greyed item is skipped) to How to play
        _press(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        if next(b for b in title.buttons if b.focused).label == app.tr("menu.how_to"):
            break
    _press(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.top, HowToScene)
    pygame.quit()


def test_stick_aims_and_the_trigger_throws() -> None:
    app = App("en", fast=True)
    cat = shipped_catalog()
    rng = random.Random(2)
    scene = MatchScene(app, [random_kit(cat, rng), random_kit(cat, rng)], (True, False), 0, seed=2)
    app.push(scene)
    scene.anims.clear()
    scene._catch_up()
    # Set the opening gate and choose a Bakugan to throw, all with the pad.
    while scene.throw_input is None:
        app.step()
        if scene._busy() or scene.session.actor() != 0 or scene._dirty:
            scene.anims.clear() if scene.anims and scene.anims[0].kind != "aim" else None
            continue
        _press(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        _press(app, pygame.CONTROLLER_BUTTON_A)
    throw_input = scene.throw_input
    angle = throw_input.angle
    pygame.event.post(_axis(pygame.CONTROLLER_AXIS_LEFTX, -1.0))
    for _ in range(20):
        app.step()
    pygame.event.post(_axis(pygame.CONTROLLER_AXIS_LEFTX, 0.0))
    app.step()
    assert throw_input.angle > angle  # leaning left turned the aim left
    pygame.event.post(_axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 1.0))
    for _ in range(40):
        app.step()
    assert throw_input.power > 0.3
    pygame.event.post(_axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0.0))
    app.step()
    assert scene.throw_input is None and scene.session.awaiting_throw() is None  # thrown
    pygame.quit()


def test_the_left_trigger_is_the_fine_charge_and_both_triggers_let_go() -> None:
    """The left trigger holds the fine charge key down, the right one the charge key (as
    the player bound them); unplugging the pad mid-charge lets both keys up."""
    from game.ui.gamepad import Gamepad

    pad = Gamepad()
    pad.bind({pygame.K_g: "throw_charge", pygame.K_j: "throw_fine"})
    down = pad.translate(_axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 1.0))
    assert [(e.type, e.key) for e in down] == [(pygame.KEYDOWN, pygame.K_j)]
    assert pad.translate(_axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 0.9)) == []  # still held
    pad.translate(_axis(pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 1.0))
    up = pad.translate(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=0))
    assert sorted((e.type, e.key) for e in up) == sorted(
        [(pygame.KEYUP, pygame.K_j), (pygame.KEYUP, pygame.K_g)]
    )
    assert pad.translate(_axis(pygame.CONTROLLER_AXIS_TRIGGERLEFT, 0.0)) == []  # nothing held
