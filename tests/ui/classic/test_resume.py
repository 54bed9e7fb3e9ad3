"""Quitting mid-match leaves an autosave; the title offers Continue and restores it."""

from __future__ import annotations

import math
import random

import pygame

from game.content.classic import shipped_catalog
from game.persist import saves
from game.rules.classic import random_kit
from game.ui.app import App
from game.ui.classic.match import MatchScene
from game.ui.menu import TitleScene

from ..driver import post_click

CAT = shipped_catalog()


def _play_a_few_turns() -> dict[str, object]:
    saves.clear_save()
    app = App("en", fast=True)
    rng = random.Random(9)
    scene = MatchScene(app, [random_kit(CAT, rng), random_kit(CAT, rng)], (True, True), 0, seed=9)
    app.push(scene)
    scene.anims.clear()
    scene._catch_up()
    while scene.session.state.turn < 3:
        if scene.session.awaiting_throw():
            from game import physics

            p = scene.session.actor()
            scene._throw(
                physics.Throw(
                    (400.0, 90.0 if p == 0 else 910.0), 1.5708 if p == 0 else -1.5708, 900.0
                )
            )
        else:
            scene.do(scene.session.legal_actions()[0])
        scene.anims.clear()
        scene._catch_up()
    state = scene.session.state.to_json()
    pygame.quit()  # the player quits (or the game crashes) mid-match
    return state


def test_continue_restores_the_match_where_it_stood() -> None:
    state = _play_a_few_turns()
    assert saves.has_save()
    app = App("en", fast=True)
    title = TitleScene(app)
    app.push(title)
    assert title.buttons[0].label == app.tr("save.continue")
    post_click(title.buttons[0].rect.center)
    app.step()
    assert isinstance(app.top, MatchScene)
    assert app.top.session.state.to_json() == state
    pygame.quit()


def test_a_damaged_save_is_reported_and_set_aside() -> None:
    _play_a_few_turns()
    path = saves.save_path()
    path.write_bytes(path.read_bytes()[:-40])  # cut short, as by a crash mid-write
    app = App("en", fast=True)
    title = TitleScene(app)
    app.push(title)
    post_click(title.buttons[0].rect.center)
    app.step()
    assert isinstance(app.top, TitleScene) and title.message  # told, not loaded half
    assert not saves.has_save()
    assert title.buttons[0].label == app.tr("menu.play_ai")
    pygame.quit()


def test_a_four_player_big_game_with_computers_resumes_with_its_seats() -> None:
    from game import physics
    from game.rules.classic import Settings

    saves.clear_save()
    app = App("en", fast=True)
    rules = Settings.preset(4, True)
    rng = random.Random(4)
    kits = [random_kit(CAT, rng, rules) for _ in range(4)]
    seats = (True, False, True, False)
    levels = ("normal", "hard", "normal", "easy")
    scene = MatchScene(app, kits, seats, 2, seed=4, settings=rules, levels=levels)
    app.push(scene)
    while scene.session.state.turn < 3:
        p = scene.session.actor()
        assert p is not None
        waiting = scene.session.awaiting_throw()
        if waiting is not None:
            zone = scene.session.zone(p)
            if p in scene.bots:
                obs = scene.session.observation(p)
                throw = scene.bots[p].throw(obs, waiting[1], scene.session.table(), zone)
            else:  # a person's roll from his band toward the middle of the table
                mid = (scene.session.width / 2, scene.session.height / 2)
                angle = math.atan2(mid[1] - zone.centre[1], mid[0] - zone.centre[0])
                throw = physics.Throw(zone.centre, angle, 900.0)
            scene._after_step(scene.session.throw(p, throw))
        else:
            seat = scene.bots.get(p)
            legal = scene.session.legal_actions()
            action = seat.choose(scene.session.observation(p), legal) if seat else legal[0]
            scene.do(action)
        scene.anims.clear()
        scene._catch_up()
    state = scene.session.state.to_json()
    size = (scene.session.width, scene.session.height)
    pygame.quit()
    assert saves.has_save()
    app = App("en", fast=True)
    title = TitleScene(app)
    app.push(title)
    post_click(title.buttons[0].rect.center)
    app.step()
    resumed = app.top
    assert isinstance(resumed, MatchScene)
    assert resumed.session.state.to_json() == state
    assert resumed.humans == seats and resumed.levels == levels
    assert sorted(resumed.bots) == [1, 3]
    assert (resumed.session.width, resumed.session.height) == size
    # The camera frames the field: every Gate Card big enough to read (90 px tall).
    assert all(resumed.card_rect(slot).h >= 90 for slot in resumed.session.state.field)
    pygame.quit()
