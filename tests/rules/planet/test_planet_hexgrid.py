"""The Hidden Matrix geometry: six sides per hex, placement touching along a side."""

from __future__ import annotations

from game.rules.planet.hexgrid import (
    CENTRE,
    distance,
    free_places,
    neighbours,
    parse_hex,
    spiral,
    touches,
)


def test_a_hex_has_six_neighbours_each_touching_it() -> None:
    around = neighbours((2, -1))
    assert len(set(around)) == 6
    assert all(touches((2, -1), h) and distance((2, -1), h) == 1 for h in around)
    assert not touches((0, 0), (1, 1)) and not touches((0, 0), (2, 0))


def test_the_first_core_goes_in_the_centre_then_next_to_one_placed() -> None:
    assert free_places([]) == [CENTRE]
    assert sorted(free_places([CENTRE])) == sorted(neighbours(CENTRE))
    places = free_places([CENTRE, (1, 0)])
    assert (2, 0) in places and (2, -1) in places and (1, 0) not in places and len(places) == 8


def test_the_spiral_grows_each_hex_touching_an_earlier_one() -> None:
    hexes = spiral(19)
    assert len(set(hexes)) == 19 and hexes[0] == CENTRE
    assert all(any(touches(h, e) for e in hexes[:i]) for i, h in enumerate(hexes) if i)
    assert max(distance(h, CENTRE) for h in hexes) == 2


def test_hex_notation() -> None:
    assert parse_hex("@-1,2") == (-1, 2)
    assert parse_hex("p0") is None and parse_hex("@1") is None
