"""A resolved throw played back at a network table (`game.ui.net.path`): the sphere
rolls along the host's path at its speed and rests where the host's physics put it,
on the table turned to the screen's seat; what a screen is sent is checked, and a
message it cannot draw is dropped, never raised."""

from __future__ import annotations

import math
from typing import Any

import pygame
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.files.lang import tr
from game.games.classic.net import throw_table
from game.ui.net.path import HOLD, MAX_POINTS, PathShow, SpherePath, paths
from game.ui.net.table import THROW_AREA

TABLE = {
    "width": 800.0,
    "height": 1000.0,
    "cards": [[[2, 1], [400.0, 456.0]], [[2, 2], [400.0, 544.0]]],
    "standing": [],
}
NEAR, FAR = [0.0, 0.0, 800.0, 140.0], [0.0, 860.0, 800.0, 1000.0]


def _path(**changed: Any) -> dict[str, Any]:
    path = {
        "seat": 0,
        "points": [[400.0, 116.0], [400.0, 300.0], [400.0, 450.0]],
        "step": 0.25,
        "rest": [400.0, 450.0],
        "opened": True,
        "place": "2,1",
        "why": "",
    }
    return {**path, **changed}


def _show(zone: list[float], *rolls: dict[str, Any], mine: tuple[int, ...] = (0,)) -> PathShow:
    drawn = throw_table({**TABLE, "zone": zone})
    return PathShow(drawn, THROW_AREA, drawn.zone, paths({"paths": list(rolls)}), mine)


def test_the_sphere_rolls_along_the_path_at_its_speed_and_rests_with_its_words() -> None:
    show = _show(NEAR, _path())
    roll = show.rolls[0]
    assert roll.seconds == pytest.approx(0.5)
    assert roll.at(0.0) == (400.0, 116.0)
    assert roll.at(0.125) == pytest.approx((400.0, 208.0))  # halfway to the second point
    assert roll.at(0.5) == roll.at(9.0) == (400.0, 450.0)
    tr = _tr
    assert show.words(tr) == ""  # nothing said while it rolls
    show.update(0.5)
    assert show.words(tr) == "Seat 1's throw opened on 2,1"
    assert not show.done
    show.update(HOLD)
    assert show.done


def test_a_miss_says_why_and_a_skip_goes_to_the_rest_then_on() -> None:
    show = _show(NEAR, _path(opened=False, place=None, why="short", seat=1))
    show.skip()
    assert show.t == show.seconds and not show.done
    assert show.words(_tr) == "Seat 2's throw missed — It stopped short."
    show.skip()
    assert show.done


def test_the_table_is_turned_to_the_screen_s_seat_and_the_rest_drawn_where_it_is() -> None:
    near, far = _show(NEAR, _path()), _show(FAR, _path())
    rest = (400.0, 450.0)
    # the near seat's table: its band at the bottom; the far seat's: turned
    assert near.view.px((400.0, 0.0))[1] > near.view.px((400.0, 1000.0))[1]
    assert far.view.px((400.0, 1000.0))[1] > far.view.px((400.0, 0.0))[1]
    for show in (near, far):
        show.update(show.seconds)
        surface = pygame.Surface((1280, 720))
        show.draw(surface)
        x, y = show.view.px(rest)
        assert tuple(surface.get_at((x, y)))[:3] == (235, 235, 240)  # the sphere at rest


def test_this_screen_s_paths_are_drawn_in_the_accent_and_another_s_apart() -> None:
    ours, theirs = (
        _path(points=[[100.0, 116.0], [100.0, 600.0]], rest=[100.0, 600.0]),
        _path(seat=1, points=[[700.0, 884.0], [700.0, 300.0]], rest=[700.0, 300.0]),
    )
    show = _show(NEAR, ours, theirs, mine=(0,))
    show.update(0.1)
    surface = pygame.Surface((1280, 720))
    show.draw(surface)
    from game.ui import widgets as w
    from game.ui.net.path import THEIRS

    def colour_near(mm: tuple[float, float]) -> tuple[int, int, int]:
        x, y = show.view.px(mm)
        return tuple(surface.get_at((x, y)))[:3]  # type: ignore[return-value]

    assert colour_near((100.0, 130.0)) == w.ACCENT
    assert colour_near((700.0, 870.0)) == THEIRS


BAD = [
    {},
    {"paths": []},
    {"paths": [_path()] * 5},
    {"paths": [_path(seat=-1)]},
    {"paths": [_path(seat=True)]},
    {"paths": [_path(points=[])]},
    {"paths": [_path(points=[[0.0, 0.0]] * (MAX_POINTS + 1))]},
    {"paths": [_path(points=[[math.inf, 0.0]])]},
    {"paths": [_path(points=[[1e9, 0.0]])]},
    {"paths": [_path(step=0)]},
    {"paths": [_path(step=5.0)]},
    {"paths": [_path(rest=None)]},
    {"paths": ["not a path"]},
]


@pytest.mark.parametrize("message", BAD)
def test_a_path_the_host_would_not_send_is_refused(message: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        paths(message)


def test_a_reason_the_screen_has_no_words_for_is_not_named() -> None:
    (roll,) = paths({"paths": [_path(why="{evil}", place="2,1" * 10)]})
    assert roll == SpherePath(
        0,
        ((400.0, 116.0), (400.0, 300.0), (400.0, 450.0)),
        0.25,
        (400.0, 450.0),
        True,
        "2,12,12,",
        "",
    )


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=6)
    ),
    max_leaves=30,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(["paths", "table", "zones", "n"]), JSON, max_size=4))
def test_junk_from_a_host_is_a_value_error_or_paths_never_anything_else(
    message: dict[str, Any],
) -> None:
    try:
        made = paths(message)
    except ValueError:
        return
    assert 0 < len(made) <= 4 and all(len(r.points) <= MAX_POINTS for r in made)


def _tr(key: str, **fields: Any) -> str:
    return tr("en", key, **fields)  # the English catalog, as a screen says it
