"""The setup screen: seats, player count, the Big Game, and kits that stay legal."""

from __future__ import annotations

import math
import random
from types import SimpleNamespace

import pygame

from game.content.classic import shipped_catalog
from game.match.classic.layout import table_layout
from game.rules.classic import Settings, check_kit
from game.ui.app import App
from game.ui.classic.match import MatchScene
from game.ui.classic.setup import HUMAN, MatchSetupScene
from game.ui.classic.throwing import ThrowInput
from game.ui.table_view import TableView

from ..driver import post_click

CAT = shipped_catalog()


def _setup(hotseat: bool = False) -> tuple[App, MatchSetupScene]:
    app = App("en", fast=True)
    scene = MatchSetupScene(app, hotseat=hotseat)
    app.push(scene)
    return app, scene


def _click(app: App, scene: MatchSetupScene, label: str) -> None:
    post_click(next(b for b in scene.buttons if b.label == label).rect.center)
    app.step()


def test_the_big_game_kits_stay_legal_whatever_piece_is_clicked() -> None:
    app, scene = _setup()
    on_off = {True: app.tr("settings.on"), False: app.tr("settings.off")}
    _click(app, scene, app.tr("setup.big_game", value=on_off[False]))
    _click(app, scene, app.tr("setup.support_off"))
    rules = scene.rules
    assert rules.big_game and len(scene.kits[0].bakugan) == 6
    rng = random.Random(3)
    slots = scene._slots()
    for _ in range(300):
        _, _, rect = rng.choice(slots)
        post_click(rect.center, rng.choice((1, 3)))
        app.step()
        kit = scene.kits[scene.editing]
        assert check_kit(kit, CAT, rules) == [], kit
        assert not any(CAT.bakugan[b].evolved for b in kit.bakugan)
        # Evolution cards follow the kit's Bakugan.
        assert {CAT.evolutions[e].base for e in kit.evolutions} <= set(kit.bakugan)
    pygame.quit()


def test_adding_a_player_keeps_the_kits_already_chosen() -> None:
    app, scene = _setup()
    _, _, rect = scene._slots()[0]
    post_click(rect.center)
    app.step()
    edited = scene.kits[0]
    _click(app, scene, app.tr("setup.players", n=2))
    assert len(scene.seats) == 3 and scene.kits[0] == edited and len(scene.kits) == 3
    _click(app, scene, app.tr("setup.players", n=3))
    _click(app, scene, app.tr("setup.players", n=4))
    assert len(scene.seats) == 2 and scene.kits[0] == edited
    pygame.quit()


def test_each_seat_steps_through_person_and_levels_and_starts_that_table() -> None:
    app, scene = _setup(hotseat=True)
    _click(app, scene, app.tr("setup.players", n=2))
    assert scene.seats == [HUMAN, HUMAN, HUMAN]
    # The third seat: a person, then Easy, Normal, Hard.
    for level in ("easy", "normal", "hard"):
        _click(app, scene, scene._seat_label(2))
        assert scene.seats[2] == level
        assert app.tr("setup.seat_ai", player=3, level=app.tr(f"level.{level}")) in {
            b.label for b in scene.buttons
        }
    # Showing the second person's kit, then he becomes a computer: the first person's
    # kit is shown again (a computer's kit is not edited here).
    _click(app, scene, app.tr("setup.edit_player", player=2))
    assert scene.editing == 1
    _click(app, scene, scene._seat_label(1))
    assert scene.seats[1] == "easy" and scene.editing == 0
    _click(app, scene, app.tr("setup.start"))
    match = app.top
    assert isinstance(match, MatchScene)
    assert match.humans == (True, False, False) and match.levels[1:] == ("easy", "hard")
    assert len(match.session.state.players) == 3
    pygame.quit()


def test_the_aim_keys_turn_the_line_the_way_the_move_keys_go_on_every_seat() -> None:
    """Left arrow turns the aim toward screen-left for the bottom and top seats, toward
    the top of the screen for the left and right seats (where A moves the sphere up)."""
    app = App("en", fast=True)
    layout = table_layout(Settings.preset(4))
    view = TableView(layout.width, layout.height)
    host = SimpleNamespace(app=app, table_view=view)
    left = pygame.key.key_code(app.settings.keys.get("aim_left", "left"))
    for position, side in enumerate(layout.sides):
        ti = ThrowInput(host, position, layout.zone(position))  # type: ignore[arg-type]
        sx, sy = view.px(ti.origin())
        before = (math.cos(ti.angle), -math.sin(ti.angle))  # on screen, y down
        ti.handle(pygame.event.Event(pygame.KEYDOWN, key=left, mod=0, unicode="", scancode=0))
        after = (math.cos(ti.angle), -math.sin(ti.angle))
        if side in ("bottom", "top"):
            assert after[0] < before[0], side  # the tip moved left on screen
        else:
            assert after[1] < before[1], side  # the tip moved up on screen
        assert (sx, sy) == view.px(ti.origin())
    pygame.quit()
