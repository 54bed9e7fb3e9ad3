"""The seats round the Attack table: a seat's plate (name, target, points) stays clear
of every card played on the table, at 3, 4 and 5 players, whoever sits at the bottom,
in a 1280 x 720 window and a 1024 x 600 one (measured in window pixels); a collided
card knocked aside does not reach a plate either; the plates keep off each other, the
side panel and the hand."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pygame
import pytest

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels
from game.match.attack.session import AttackMatch
from game.ui.app import App
from game.ui.attack.art import CARD
from game.ui.attack.layout import (
    HAND_BOX,
    MARK_BELOW,
    PLATE_GAP,
    SIDE_PANEL,
    TABLE_CENTRE,
    card_rect,
)
from game.ui.attack.table import AttackTableScene

SIZES = [(1280, 720), (1024, 600)]


@pytest.fixture
def quit_after() -> Iterator[None]:
    yield
    pygame.quit()


def _window(app: App, rect: pygame.Rect) -> pygame.Rect:
    x0, y0 = app.to_window(rect.topleft)
    x1, y1 = app.to_window(rect.bottomright)
    return pygame.Rect(round(x0), round(y0), round(x1 - x0), round(y1 - y0))


def gap(a: pygame.Rect, b: pygame.Rect) -> int:
    """The pixels of table between two boxes (negative: how far they overlap)."""
    dx = max(b.left - a.right, a.left - b.right)
    dy = max(b.top - a.bottom, a.top - b.bottom)
    return max(dx, dy)


def _knocked(spot: tuple[int, int]) -> pygame.Rect:
    """The box of a collided card as drawn: shoved 28 px along the rim, turned 14°."""
    dx, dy = spot[0] - TABLE_CENTRE[0], spot[1] - TABLE_CENTRE[1]
    norm = math.hypot(dx, dy) or 1.0
    x, y = spot[0] - dy / norm * 28, spot[1] + dx / norm * 28
    a = math.radians(14)
    w = CARD[0] * math.cos(a) + CARD[1] * math.sin(a)
    h = CARD[0] * math.sin(a) + CARD[1] * math.cos(a)
    return pygame.Rect(round(x - w / 2), round(y - h / 2), round(w), round(h))


def _scene(app: App, players: int, bottom: int) -> AttackTableScene:
    seats = ["normal"] * players
    seats[bottom] = "human"
    match = AttackMatch.new(shipped_deck(), shipped_levels(), seats, seed=1)
    return AttackTableScene(app, match)


def test_the_card_box_is_the_drawn_card_with_its_mark() -> None:
    box = card_rect((300, 200))
    assert box.size == (CARD[0], CARD[1] + MARK_BELOW) and box.midtop == (300, 200 - CARD[1] // 2)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_plate_touches_a_card_played_on_the_table(
    quit_after: None, size: tuple[int, int], players: int
) -> None:
    app = App("en", fast=True, size=size)
    scale = app.to_window((1000, 0))[0] - app.to_window((0, 0))[0]
    least = math.floor(PLATE_GAP * scale / 1000)  # 14 px at 1280 x 720, 11 at 1024 x 600
    view = _window(app, pygame.Rect(0, 0, 1280, 720))
    for bottom in range(players):
        places = _scene(app, players, bottom).places
        plates = [_window(app, p.plate) for p in places]
        cards = [_window(app, card_rect(p.spot)) for p in places]
        knocked = [_window(app, _knocked(p.spot)) for p in places]
        for i, plate in enumerate(plates):
            assert view.contains(plate)
            for j, card in enumerate(cards):
                measured = gap(plate, card)
                assert measured >= least, (size, players, bottom, i, j, measured)
                assert gap(plate, knocked[j]) > 0, ("knocked", size, players, bottom, i, j)
            for other in plates[i + 1 :]:
                assert gap(plate, other) > 0
            assert gap(plate, _window(app, SIDE_PANEL)) > 0
            if i != bottom:
                assert gap(plate, _window(app, HAND_BOX)) > 0


def test_the_upper_seats_of_five_players_measured(quit_after: None) -> None:
    """The case that touched: the two seats at the top of a five-player table."""
    for size in SIZES:
        app = App("en", fast=True, size=size)
        places = _scene(app, 5, 0).places
        upper = [p for p in places if p.plate.centery < TABLE_CENTRE[1] - 100]
        assert len(upper) == 2
        for p in upper:
            measured = gap(_window(app, p.plate), _window(app, card_rect(p.spot)))
            assert measured >= (14 if size == (1280, 720) else 11), (size, measured)
        pygame.quit()
