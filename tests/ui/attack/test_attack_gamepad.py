"""A game controller plays Bakugan Attack!: the setup's buttons, the die (the right
trigger charges and throws), the hand (the pad moves, A plays), the score sheet."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.attack.setup import AttackSetupScene
from game.ui.attack.table import AttackTableScene


def _button(app: App, button: int) -> None:
    for kind in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, button=button, instance_id=0))
    app.step()


def _trigger(app: App, value: float) -> None:
    axis = pygame.CONTROLLER_AXIS_TRIGGERRIGHT
    pygame.event.post(
        pygame.event.Event(
            pygame.CONTROLLERAXISMOTION, axis=axis, value=int(value * 32767), instance_id=0
        )
    )
    app.step()


def test_a_controller_sets_up_throws_the_die_and_plays_cards() -> None:
    app = App("en", fast=True)
    app.time_scale = 8.0
    setup = AttackSetupScene(app, seed=21)
    app.push(setup)
    _button(app, pygame.CONTROLLER_BUTTON_A)  # Start is focused first
    table = app.top
    assert isinstance(table, AttackTableScene)
    assert table.match.seats == ("human", "normal", "normal", "normal")
    dice = cards = 0
    for _ in range(20_000):
        if table.match.die_due() == 0 and table.tray.waiting == 0 and not table.beats:
            _trigger(app, 1.0)
            for _ in range(20):
                app.step()
            _trigger(app, 0.0)
            assert table.tray.rolling
            dice += 1
        elif table.can_choose() == 0:
            before = len(table.match.state.hands[0])
            _button(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
            _button(app, pygame.CONTROLLER_BUTTON_A)
            assert len(table.match.state.hands[0]) == before - 1
            cards += 1
        elif table.view.sheet is not None and table.buttons:
            _button(app, pygame.CONTROLLER_BUTTON_A)
            break
        else:
            app.step()
    assert dice >= 1 and cards >= 10
