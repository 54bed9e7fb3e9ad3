"""A pull long enough to aim (issue 24, point 1), computed from the mapping and the physics.

For every seat of every table - the classic match of 2, 3 and 4 players and the Big
Game, both Battle Planet seats, every throw-challenge level - the straight pull from no
power to the one that just reaches the seat's farthest card or core spans at least
150 px, and every card's or core's depth along the throw (the run of pulls that open on
it) at least 10 px, while the full pull still throws at full speed. The pulls are in
logical px, the screen every window is scaled from, and the mouse is captured past the
window's edge (tests/ui/test_slingshot.py shows a window of each size giving exactly
these pulls), so the figures hold at 1280 x 720, 1024 x 600 and full screen alike.
Nothing here is a stored number: each window is found by rolling throws through the
physics (`game.games.throw_tables.window`).
"""

from __future__ import annotations

from collections.abc import Hashable

import pytest

from game.content.levels import discover
from game.games.classic.throw_tables import classic_seats
from game.games.planet.throw_tables import planet_seats
from game.games.throw_tables import (
    Seat,
    Window,
    challenge_seats,
    window,
)

SPAN = 150.0
DEPTH = 10.0
TABLES = [(2, False), (3, False), (4, False), (3, True), (4, True)]


def _windows(seat: Seat, targets: list[Hashable]) -> dict[Hashable, Window]:
    out = {}
    for target in targets:
        found = window(seat, target)
        if found is not None:
            out[target] = found
    return out


def _one_per_distance(seat: Seat) -> list[Hashable]:
    """One card of each distance from the seat: the straight throws at cards of one row
    are the same throw moved along the line (a test below shows two agree)."""
    seen: dict[float, Hashable] = {}
    for target in seat.targets:
        seen.setdefault(round(seat.distance(target), 3), target)
    return list(seen.values())


def _check(seat: Seat, found: dict[Hashable, Window]) -> None:
    assert found, seat.name
    farthest = max(found, key=seat.distance)
    assert found[farthest].lo >= SPAN, (seat.name, farthest, found[farthest])
    for target, w in found.items():
        assert w.depth >= DEPTH, (seat.name, target, w)
    # the full pull is in reach and throws at full speed, no shorter than the farthest
    # target's pulls (on the Matrix the sphere stops on the first core it touches, so
    # there the full pull may still open on the farthest)
    assert seat.curve.speed(seat.curve.full_px) == seat.curve.full_speed
    assert seat.curve.full_px >= found[farthest].hi


@pytest.mark.parametrize(("players", "big"), TABLES)
def test_every_classic_seat_has_the_pull_to_aim_with(players: int, big: bool) -> None:
    for seat in classic_seats(players, big):
        _check(seat, _windows(seat, _one_per_distance(seat)))


def test_cards_at_one_distance_have_one_window() -> None:
    seat = classic_seats(2)[0]
    row = [t for t in seat.targets if round(seat.distance(t)) == round(seat.distance((0, 2)))]
    assert len(row) == 5
    first, last = window(seat, row[0]), window(seat, row[-1])
    assert first is not None and last is not None
    assert abs(first.lo - last.lo) < 0.1 and abs(first.hi - last.hi) < 0.1


def test_both_planet_seats_have_the_pull_to_aim_with() -> None:
    for seat in planet_seats():
        _check(seat, _windows(seat, list(seat.targets)))


def test_every_challenge_level_has_the_pull_to_aim_with() -> None:
    """Each level's cards to land on that a straight throw opens on (bank shots, moving
    cards and knock-outs are no straight pull)."""
    levels = [e.level for e in discover() if e.level is not None]
    checked = 0
    for seat in challenge_seats(levels):
        found = _windows(seat, list(seat.targets))
        if found:
            _check(seat, found)
            checked += 1
    assert checked >= 5


def test_a_window_is_where_the_throws_open_and_only_there() -> None:
    seat = classic_seats(2)[0]
    target = (2, 3)
    found = window(seat, target)
    assert found is not None
    assert seat.opens_on(target, found.lo) and seat.opens_on(target, found.hi)
    assert seat.opens_on(target, found.meant)
    assert not seat.opens_on(target, found.lo - 0.5)
    assert not seat.opens_on(target, found.hi + 0.5)
