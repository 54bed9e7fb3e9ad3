"""A throw challenge keeps the sphere in sight (issue 24, point 5), read as data, no
pixels: on every shipped level, throws of several powers and angles roll whole on the
screen, never under the side panel or a note; a miss is marked where the sphere went
(at rest off the cards, or where it left the table), its note says why (off the table,
short of the cards, back off them, past them, beside them), and the notes make way for
the mark."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from game.content.levels import discover
from game.physics import DT
from game.ui import miss_mark
from game.ui.app import App
from game.ui.challenges import ChallengeScene
from game.ui.challenges.board import SIDE
from game.ui.challenges.play_view import note_rects

SCREEN = pygame.Rect(0, 0, 1280, 720)
THROWS = ((0.0, 0.35), (0.0, 0.7), (0.0, 1.0), (0.5, 1.0))  # (turn off the target, power)


@pytest.fixture()
def app(home: Path) -> Iterator[App]:
    a = App("en", fast=True)
    yield a
    pygame.quit()


def _circle(at: tuple[float, float], radius: float) -> pygame.Rect:
    r = math.ceil(radius)
    return pygame.Rect(round(at[0]) - r, round(at[1]) - r, 2 * r, 2 * r)


def _clear(scene: ChallengeScene, rect: pygame.Rect, what: str) -> None:
    assert SCREEN.contains(rect), (what, rect)
    assert not SIDE.colliderect(rect), (what, rect)
    for note in note_rects(scene):
        assert not note.colliderect(rect), (what, rect, note)


def test_the_sphere_rolls_in_sight_and_a_miss_is_marked_on_every_level(app: App) -> None:
    misses = 0
    for entry in discover():
        level = entry.level
        assert level is not None
        for turn, power in THROWS:
            scene = ChallengeScene(app, level)
            app.reset(scene)
            aim = scene.aim
            target = next((c for c in level.cards), None)
            tx, ty = (
                (level.width / 2, level.height) if target is None else target.card.target.center
            )
            ox, oy = aim.origin()
            aim.angle = math.atan2(ty - oy, tx - ox) + turn
            aim.pulled = power * aim.curve.full_px  # (power: the share of the full pull)
            scene._throw()
            roll = scene.roll
            if roll is None:
                continue  # refused where it stands (a piece in the way): nothing rolls
            view = scene.art.view
            radius = view.length(aim.radius)
            track = roll.result.track(roll.result.sphere_id)
            while scene.roll is not None:
                x, y, _ = track.at(scene.roll.t)
                _clear(scene, _circle(view.fpx((x, y)), radius), f"{entry.ident}: rolling")
                scene.update(DT * 4)
            mark = scene.gone
            if roll.result.landing.card is not None:
                assert mark is None
                continue
            misses += 1
            assert mark is not None, entry.ident
            off = roll.result.landing.reason == "off_table"
            whys = ["off_table"] if off else ["short", "back", "past", "beside"]
            said = [scene.tr(f"challenge.missed_{why}") for why in whys]
            assert any(note[0] in said for note in scene.notes), (entry.ident, scene.notes)
            at = view.fpx(mark.edge or mark.rest)
            _clear(scene, _circle(at, radius + miss_mark.REACH), f"{entry.ident}: mark")
            if mark.edge is not None:
                tail = view.fpx(miss_mark.tail(mark, radius, view.scale))
                _clear(scene, _circle(tail, 2), f"{entry.ident}: arrow")
    assert misses >= 10  # enough misses seen, on the table and off it
