"""The network table's slingshot, frame by frame as a real window feeds it: a pull that
spans many frames throws once, on the release, with the whole pull's power (a frame's
update in the middle of a pull is no throw)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame
import pytest

from game.games.net_kit import ThrowTable
from game.ui.net.throw import NetThrow
from game.ui.slingshot import MATCH


def _classic(*cards: list[Any]) -> dict[str, Any]:
    """A classic throw's context: an 800 x 1000 table with these cards, none standing,
    the near band the thrower's."""
    zone = [0.0, 0.0, 800.0, 140.0]
    return {"width": 800.0, "height": 1000.0, "cards": list(cards), "standing": [], "zone": zone}


def test_a_pull_over_many_frames_throws_once_on_the_release_with_its_whole_length() -> None:
    pygame.init()
    card = ((380.0, 500.0), (420.0, 500.0), (420.0, 560.0), (380.0, 560.0))
    table = ThrowTable(800.0, 1000.0, (card,), (), (0.0, 0.0, 800.0, 140.0), "classic")
    hand = NetThrow(table, pygame.Rect(24, 88, 820, 440), {})
    sx, sy = (round(c) for c in hand.hand.sphere_px())
    thrown = []

    def feed(event: pygame.event.Event) -> None:
        got = hand.handle(event)
        if got is not None:
            thrown.append(got)

    feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(sx, sy), rel=(0, 0), buttons=(0, 0, 0)))
    feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(sx, sy), button=1))
    for k in range(1, 21):  # 160 px straight down, 8 px a frame
        pos = (sx, sy + 8 * k)
        feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 8), buttons=(1, 0, 0)))
        made = hand.update(1 / 60)  # type: ignore[func-returns-value]
        assert made is None and thrown == []  # mid-pull: no throw yet
    feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(sx, sy + 160), button=1))
    assert len(thrown) == 1
    assert abs(thrown[0].speed - MATCH.curve.speed(160.0)) < 1e-6
    assert abs(thrown[0].angle - 1.5707963267948966) < 1e-6  # straight up the table


def test_the_throw_table_names_each_target_by_the_place_the_view_s_lines_give() -> None:
    from game.games import REGISTRY

    kit = REGISTRY["classic"].net
    assert kit is not None
    context = _classic([[2, 1], [400.0, 456.0]], [[1, 3], [312.0, 632.0]])
    table = kit.throw_table(context)
    assert table is not None and table.places == ("2,1", "1,3")
    planet = REGISTRY["planet"].net
    assert planet is not None
    rolled = planet.throw_table(
        {"places": [[0, 0], [1, 0]], "cores": [[1, 0]], "zone": [0, 0, 800, 140]}
    )
    assert rolled is not None and rolled.places == ("1,0",) and len(rolled.targets) == 1
    pygame.init()
    named, bare = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    area = pygame.Rect(24, 88, 820, 440)
    NetThrow(table, area, {}).draw(named)
    NetThrow(dataclasses.replace(table, places=()), area, {}).draw(bare)
    assert pygame.image.tobytes(named, "RGB") != pygame.image.tobytes(bare, "RGB")


def test_a_core_too_small_for_its_place_is_named_in_a_tag_under_the_pointer() -> None:
    """Battle Planet's cores are small on the network table: a place that does not fit
    inside one is not drawn cut ("…"); the core under the pointer is named in a tag."""
    from game.games import REGISTRY
    from game.ui.net.throw import TableDrawing

    planet = REGISTRY["planet"].net
    assert planet is not None
    places = [[0, 0], [1, 0], [0, -1], [-1, 0]]
    table = planet.throw_table({"places": places, "cores": places, "zone": [0, 0, 800, 140]})
    assert table is not None
    pygame.init()
    area = pygame.Rect(24, 88, 820, 440)
    drawing = TableDrawing(table, area, table.zone)
    core = [drawing.view.px(p) for p in table.targets[0]]
    box = pygame.Rect(core[0], (0, 0)).unionall([pygame.Rect(p, (0, 0)) for p in core])
    assert box.w < 30  # too small for "0,0" at a readable size
    away, over = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    drawing.draw_table(away, (5, 5))
    drawing.draw_table(over, box.center)
    above = pygame.Rect(box.centerx - 30, box.top - 36, 60, 32).clip(away.get_rect())
    assert away.subsurface(above).copy().get_at((30, 16)) != over.subsurface(above).get_at((30, 16))
    inside = away.subsurface(box.inflate(-6, -6))
    ink = {
        tuple(inside.get_at((x, y)))[:3]
        for x in range(inside.get_width())
        for y in range(inside.get_height())
    }
    assert (236, 240, 250) not in ink  # no letters squeezed into the core


def test_the_tag_follows_the_mouse_the_screen_was_shown_not_a_mouse_query() -> None:
    """The pointer a network table names a target under is the last mouse motion its
    screen handled: a drawing shown no motion names nothing (and needs no display)."""
    from game.games import REGISTRY

    planet = REGISTRY["planet"].net
    assert planet is not None
    places = [[0, 0], [1, 0], [0, -1], [-1, 0]]
    table = planet.throw_table({"places": places, "cores": places, "zone": [0, 0, 800, 140]})
    assert table is not None
    area = pygame.Rect(24, 88, 820, 440)
    still, moved = NetThrow(table, area, {}), NetThrow(table, area, {})
    core = [moved.view.px(p) for p in table.targets[0]]
    centre = pygame.Rect(core[0], (0, 0)).unionall([pygame.Rect(p, (0, 0)) for p in core]).center
    moved.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=centre, rel=(0, 0), buttons=(0, 0, 0)))
    assert still.pointer is None and moved.pointer == centre
    pygame.font.init()
    a, b = pygame.Surface((1280, 720)), pygame.Surface((1280, 720))
    still.draw(a)
    moved.draw(b)
    assert pygame.image.tobytes(a, "RGB") != pygame.image.tobytes(b, "RGB")


def test_the_aim_guide_dots_the_pulled_throw_s_path_at_the_player_s_level() -> None:
    """As in the local match: no dots before the pull is long enough to throw, the whole
    path to its stop at "whole", only its first part at "start", none at "off"."""
    from functools import partial

    from game.games import REGISTRY
    from game.ui import aim_guide

    kit = REGISTRY["classic"].net
    assert kit is not None
    context = _classic([[2, 1], [400.0, 456.0]], [[2, 2], [400.0, 544.0]])
    table = kit.throw_table(context)
    assert table is not None
    area = pygame.Rect(24, 88, 820, 440)
    dots = {}
    for level in ("off", "start", "whole"):
        throw = NetThrow(table, area, {}, partial(kit.track, context), level)
        assert throw.guide_dots() == []  # not pulled yet
        throw.hand.pulled = throw.hand.curve.release_px + 40.0
        dots[level] = throw.guide_dots()
        pygame.font.init()
        throw.draw(pygame.Surface((1280, 720)))  # draws with its dots, never raises
    assert dots["off"] == [] and dots["start"] and dots["whole"]
    assert len(dots["start"]) < len(dots["whole"])
    whole = kit.track(context, throw.hand.current())
    assert whole is not None
    rest = whole.at(whole.duration)
    assert dots["whole"][-1] == pytest.approx(rest[:2], abs=aim_guide.DOT_MM)
    start_far = max(abs(y - throw.hand.current().origin[1]) for _, y in dots["start"])
    assert start_far <= aim_guide.START_MM + aim_guide.DOT_MM
