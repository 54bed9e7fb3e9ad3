"""The view's lines beside a network table: one size for all of them, in the wide
column and in the narrower panel beside a throw."""

from __future__ import annotations

import asyncio
from typing import Any

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


def _table_showing_a_throw(pointer: tuple[int, int] | None = None) -> Any:
    """A classic network table of one seat here, sent a throw to play back (and, first,
    the mouse moved to `pointer`), its lines long enough to fill the side panel."""
    from game.net.relay import NetThread, Relay
    from game.ui.app import App
    from game.ui.net.table import NetTableScene

    async def connection() -> dict[str, Any]:
        await asyncio.sleep(5.0)  # stands for the host; bounded, it ends by itself
        return {}

    app = App("en", fast=True)
    scene = NetTableScene(app, "classic", Relay(), NetThread(connection).start(), [0])
    scene.seats[0].lines = [f"{line} · {line}"[:LINE] for line in LINES * 2]
    if pointer is not None:
        scene.handle(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pointer, rel=(0, 0), buttons=(0, 0, 0))
        )
    path = {"seat": 0, "points": [[400.0, 116.0], [400.0, 450.0]], "step": 0.25}
    path |= {"rest": [400.0, 450.0], "opened": True, "place": "2,1", "why": ""}
    table = {"width": 800.0, "height": 1000.0, "standing": []}
    table["cards"] = [[[2, 1], [400.0, 456.0]], [[2, 2], [400.0, 544.0]]]
    near, far = [0.0, 0.0, 800.0, 140.0], [0.0, 860.0, 800.0, 1000.0]
    scene._message(
        {"type": "thrown", "n": 1, "table": table, "zones": [near, far], "paths": [path]}
    )
    scene.update(0.0)
    return scene


def test_the_lines_beside_a_playback_stay_above_its_go_on_button() -> None:
    """Beside a throw played back, twelve long lines wrapped into the narrow panel
    never run under the screen's "Go on" button (the first playtest showed them behind
    it)."""
    scene = _table_showing_a_throw()
    assert scene.shows
    go_on = next(b for b in scene.buttons if b.data.get("net") == "go_on")
    surface = pygame.Surface((1280, 720))
    with text_fit.recording() as ledger:
        scene.draw(surface)
    beside = [d for d in ledger.drawn if d.rect.left >= SIDE_AREA.left and d.text != go_on.label]
    assert len(beside) > len(LINES)  # the lines were drawn, wrapped
    assert not [d.text for d in beside if d.rect.colliderect(go_on.rect)]


def _tags(scene: Any) -> int:
    """How often the first card's place is drawn: once inside it, once more in a tag."""
    surface = pygame.Surface((1280, 720))
    with text_fit.recording() as ledger:
        scene.shows[0].draw(surface)
    return sum(d.text == "2,1" for d in ledger.drawn)


def test_a_mouse_resting_over_a_target_names_it_as_the_playback_begins() -> None:
    """The pointer is the screen's: a table played back after the mouse last moved
    names the target under it at once, without waiting for the next motion."""
    still = _table_showing_a_throw()
    card = still.shows[0].view.px((400.0, 456.0))
    over = _table_showing_a_throw(card)
    assert over.shows[0].pointer == card
    assert _tags(still) == 1 and _tags(over) == 2


def test_a_line_s_further_rows_are_indented_and_the_next_line_starts_plain() -> None:
    pygame.font.init()
    surface = pygame.Surface((1280, 720))
    with text_fit.recording() as ledger:
        view_panel(surface, LINES, SIDE_AREA, 12)
    lefts = [d.rect.left for d in ledger.drawn]
    plain = min(lefts)
    starts = {line.split(" ")[0] for line in LINES}
    for d in ledger.drawn:  # each line's first row at the margin, the rows after it in
        first = d.text.split(" ")[0] in starts and any(x.startswith(d.text) for x in LINES)
        assert (d.rect.left == plain) == first, d.text
    assert len(set(lefts)) == 2


def test_a_line_with_a_double_space_loses_no_word_and_repeats_none() -> None:
    pygame.font.init()
    surface = pygame.Surface((1280, 720))
    line = "Your hand: Gilded  Ward, Midas Touch, Zenith, Midas Touch, Spark, Gleam"
    with text_fit.recording() as ledger:
        view_panel(surface, [line], SIDE_AREA, 12)
    assert " ".join(d.text for d in ledger.drawn).split() == line.split()
