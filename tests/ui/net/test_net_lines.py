"""The view's lines beside a network table: one size for all of them, in the wide
column and in the narrower panel beside a throw."""

from __future__ import annotations

import pygame
import pytest

from game.ui import text_fit
from game.ui.net.table import SIDE_AREA, VIEW_AREA, view_panel
from game.ui.plain_view import LINE

LINES = [
    "Turn 1 · the roll",
    "You: deck 34 · discard 0 · hand 6 · Energy 0/0",
    "Your hand: Gilded Ward, Midas Touch, Zenith, Midas Touch, Spark",  # broken at LINE
    "Pyrus Hyper Dragonoid",
    "Your BakuCores: 0,0 Fist, -1,0 Flaming Fist, 0,-1 Flaming Fist",
    "0,1 Helix, 1,-1 Magic Shield, 1,0 Shield",
]


@pytest.mark.parametrize("area", [VIEW_AREA, SIDE_AREA], ids=["column", "beside a throw"])
def test_every_line_is_drawn_at_one_size_inside_the_panel(area: pygame.Rect) -> None:
    assert all(len(line) <= LINE for line in LINES)
    pygame.font.init()
    surface = pygame.Surface((1280, 720))
    with text_fit.recording() as ledger:
        view_panel(surface, LINES, area, 12)
    drawn = ledger.drawn
    assert drawn and not ledger.escaped()
    assert all(area.contains(d.rect) for d in drawn)
    assert len({d.rect.h for d in drawn}) == 1  # one size: no line shrunk alone
    told = " ".join(d.text for d in drawn).split()
    assert told == " ".join(LINES).split()  # every word, in order: wrapped, not cut


def test_the_narrow_panel_wraps_rather_than_shrinking_the_long_lines_alone() -> None:
    pygame.font.init()
    surface = pygame.Surface((1280, 720))
    with text_fit.recording() as ledger:
        view_panel(surface, LINES, SIDE_AREA, 12)
    assert len(ledger.drawn) > len(LINES)  # a long line goes on at the next
    assert ledger.drawn[0].rect.h >= 16  # and stays readable


def test_the_lines_beside_a_playback_stay_above_its_go_on_button() -> None:
    """Beside a throw played back, twelve long lines wrapped into the narrow panel
    never run under the "Go on" button (the first playtest showed them behind it)."""
    from game.ui.net.table import GO_ON, SHOW_SIDE

    pygame.font.init()
    surface = pygame.Surface((1280, 720))
    long = [f"{line} · {line}"[:LINE] for line in LINES * 2]
    with text_fit.recording() as ledger:
        view_panel(surface, long, SHOW_SIDE, 12)
    assert ledger.drawn and not ledger.escaped()
    assert not any(d.rect.colliderect(GO_ON) for d in ledger.drawn)
    assert SHOW_SIDE.bottom < GO_ON.top and SIDE_AREA.contains(GO_ON)
