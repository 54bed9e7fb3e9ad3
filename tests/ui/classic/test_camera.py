"""The camera gives the table the screen: the field framed with Gate Cards at least
90 px tall at 1280 x 720 for every players' count and the Big Game (the whole grid
filled too), a throw's view with room behind the sphere from every seat, the roll
followed, a battle closer than the field."""

from __future__ import annotations

import random

import pygame
import pytest

from game import physics
from game.content.classic import shipped_catalog
from game.match.classic.layout import table_layout
from game.rules.classic import Settings, random_kit
from game.ui.app import App
from game.ui.classic import camera, hud
from game.ui.classic.match import MatchScene
from game.ui.hand_throw import throw_line
from game.ui.table_view import TableView

TABLES = [(2, False), (2, True), (3, False), (3, True), (4, False), (4, True)]
CARD_H = physics.CARD_LENGTH - 3  # as drawn


@pytest.mark.parametrize("players,big", TABLES)
def test_the_field_view_shows_every_card_at_least_90_px_tall(players: int, big: bool) -> None:
    layout = table_layout(Settings.preset(players, big))
    cols, rows = layout.grid
    opening = Settings.preset(players, big).opening_layout()
    fields = [
        [slot for seat in opening for slot in seat],  # the opening
        [(c, r) for c in range(cols) for r in range(rows)],  # the whole grid
    ]
    for side_open in (True, False):
        area = hud.field_area(side_open)
        for field in fields:
            frame = camera.fit(camera.field_box(layout, field), area)
            assert CARD_H * frame.scale >= 90, (players, big, len(field), frame.scale)
            view = TableView(layout.width, layout.height)
            view.place(frame.scale, frame.centre, frame.at)
            for slot in field:  # and all of them inside the area
                rect = view.box(layout.slot_center(slot), physics.CARD_WIDTH, CARD_H)
                assert area.contains(rect), (players, big, slot)


@pytest.mark.parametrize("players,big", TABLES)
def test_a_throws_view_leaves_room_behind_the_sphere_from_every_seat(
    players: int, big: bool
) -> None:
    layout = table_layout(Settings.preset(players, big))
    cards = camera.cards_box(
        layout, [slot for seat in Settings.preset(players, big).opening_layout() for slot in seat]
    )
    screen = hud.SCREEN
    for position, side in enumerate(layout.sides):
        zone = layout.zone(position)
        line = throw_line(layout.width, layout.height, zone)
        frame = camera.throw_frame(cards, line, hud.throw_area(side))
        view = TableView(layout.width, layout.height)
        view.place(frame.scale, frame.centre, frame.at)
        horizontal, lo, hi, at, _ = line
        for along in (lo, (lo + hi) / 2, hi):  # the whole line is on the screen
            x, y = view.fpx((along, at) if horizontal else (at, along))
            assert screen.collidepoint(x, y), (players, big, side, along)
        x, y = view.fpx(((lo + hi) / 2, at) if horizontal else (at, (lo + hi) / 2))
        behind = {"bottom": screen.bottom - y, "top": y, "left": x, "right": screen.right - x}
        assert behind[side] >= camera.THROW_ROOM - 1, (players, big, side, behind[side])
        box = view.zone_rect(cards)  # and the cards in front, on the screen
        assert screen.contains(box), (players, big, side, box)


def test_the_camera_follows_the_roll_and_closes_in_on_a_battle() -> None:
    app = App("en", fast=True)
    rng = random.Random(3)
    scene = MatchScene(
        app, [random_kit(shipped_catalog(), rng) for _ in range(2)], (False, False), 0, seed=3
    )
    app.push(scene)
    field_scale = None
    followed = closer = False
    for _ in range(6000):
        app.step()
        a = scene.anims[0] if scene.anims else None
        if a is None and scene.battle_shot_now() is None and scene.camera.settled():
            field_scale = scene.table_view.scale
        if a is not None and a.kind == "roll" and a.t > 0.2:
            entry = a.entry
            x, y, _ = entry.result.trajectory.at(min(a.t, entry.result.trajectory.duration))  # type: ignore[union-attr]
            if 0 < x < scene.session.width and 0 < y < scene.session.height:
                target = camera.Frame(
                    scene.camera.target.scale, scene.camera.target.centre, scene.camera.target.at
                )  # type: ignore[union-attr]
                view = TableView(scene.session.width, scene.session.height)
                view.place(target.scale, target.centre, target.at)
                assert hud.SCREEN.collidepoint(view.px((x, y)))  # the sphere stays in view
                followed = True
        shot = scene.battle_shot_now()
        if shot is not None and field_scale is not None and scene.camera.settled():
            assert scene.table_view.scale >= field_scale  # as close as the field, or closer
            area = hud.battle_area(scene.side.open)
            card = scene.card_rect(shot.slot)
            assert abs(card.centerx - area.centerx) <= 2 and abs(card.centery - area.centery) <= 2
            assert card.h >= 150  # up close: the card and its face big
            closer = True
        if followed and closer:
            break
    assert followed and closer
    pygame.quit()
