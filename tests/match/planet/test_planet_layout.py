"""The Battle Planet table from the rules core's hex grid (game.match.planet.layout):
cores where the grid says, flat to flat; each player's band two card lengths from the
nearest core (seed 003: «на расстоянии как минимум двух карт от ближайшего к ним
БакуСектора»); the first core equidistant from both players."""

from __future__ import annotations

import itertools
import math

import pytest

from game import physics
from game.match.planet.layout import MIN_HEIGHT, MIN_WIDTH, hex_offset, planet_layout
from game.physics.targets import CORE_ACROSS_FLATS, hex_neighbour
from game.rules.planet.hexgrid import DIRECTIONS, neighbours, spiral

TWO_CARDS = 2 * physics.CARD_LENGTH


def test_neighbouring_hexes_are_cores_flat_to_flat_and_parallel() -> None:
    layout = planet_layout(spiral(7))
    first = layout.core((0, 0))
    assert first.center == layout.centre
    for side, (dq, dr) in enumerate(DIRECTIONS):
        # each of the rules' six directions is the core across one of its sides
        there = layout.core((dq, dr))
        assert math.dist(there.center, first.center) == pytest.approx(CORE_ACROSS_FLATS)
        across = [hex_neighbour(first, k, "n") for k in range(6)]
        assert any(math.dist(n.center, there.center) < 1e-9 for n in across), side
        # they share a whole side: two corners of each coincide
        shared = [
            p for p in there.corners() if any(math.dist(p, c) < 1e-9 for c in first.corners())
        ]
        assert len(shared) == 2


def test_no_two_cores_of_a_matrix_overlap() -> None:
    layout = planet_layout(spiral(12))
    for a, b in itertools.combinations(layout.places, 2):
        gap = math.dist(layout.core_centre(a), layout.core_centre(b))
        assert gap >= CORE_ACROSS_FLATS - 1e-9
        assert (gap < CORE_ACROSS_FLATS + 1e-9) == (b in neighbours(a))


def test_player_0_throws_from_the_side_of_negative_r_player_1_from_positive_r() -> None:
    layout = planet_layout(spiral(12))
    assert layout.core_centre((0, -1))[1] < layout.centre[1] < layout.core_centre((0, 1))[1]
    assert layout.zone(0).y1 < layout.centre[1] < layout.zone(1).y0
    # the first core is as far from one band as from the other
    assert layout.centre[1] - layout.zone(0).y1 == pytest.approx(
        layout.zone(1).y0 - layout.centre[1]
    )
    with pytest.raises(ValueError, match="players 0 and 1"):
        layout.zone(2)


@pytest.mark.parametrize(
    "places",
    [
        spiral(12),
        [(0, -r) for r in range(12)],  # a line of twelve toward player 0
        [(q, 0) for q in range(-6, 6)],  # across the table
        [(0, 0), (0, 1), (-1, 2), (-1, 3), (-2, 4), (-2, 5)],  # toward player 1
    ],
)
def test_every_band_is_two_card_lengths_from_the_nearest_core(
    places: list[tuple[int, int]],
) -> None:
    layout = planet_layout(places)
    assert layout.width >= MIN_WIDTH and layout.height >= MIN_HEIGHT
    scene = layout.scene(places)
    for player in (0, 1):
        assert layout.clearance(player) >= TWO_CARDS
        zone = layout.zone(player)
        # any release in the band is allowed by the engine's own check
        for x, y in itertools.product(
            (zone.x0 + 15, zone.centre[0], zone.x1 - 15), (zone.y0, zone.y1)
        ):
            y = min(max(y, 15.0), layout.height - 15.0)
            assert physics.check_release(scene, [physics.Throw((x, y), 0.0, 0.0)]) is None
    for h in places:  # every core on the table, clear of the side edges
        x, _ = layout.core_centre(h)
        assert 100.0 < x < layout.width - 100.0


def test_a_compact_matrix_keeps_the_smallest_table_and_a_long_one_grows_it() -> None:
    assert (planet_layout(spiral(12)).width, planet_layout(spiral(12)).height) == (
        MIN_WIDTH,
        MIN_HEIGHT,
    )
    long = planet_layout([(0, -r) for r in range(12)])
    assert long.height > MIN_HEIGHT
    assert hex_offset((0, -11))[1] == pytest.approx(-11 * CORE_ACROSS_FLATS * math.sqrt(3) / 2)


def test_the_scene_holds_the_cores_lying_there_in_matrix_order() -> None:
    layout = planet_layout(spiral(5))
    scene = layout.scene([spiral(5)[3], spiral(5)[1]])
    assert [p.target.id for p in scene.targets] == [spiral(5)[1], spiral(5)[3]]
    assert scene.touches and not scene.cushions
    assert all(p.target.magnet_radius > 0 for p in scene.targets)  # each magnetic
    assert layout.scene(spiral(5)) == layout.scene(list(reversed(spiral(5))))
    with pytest.raises(ValueError, match="no place"):
        layout.scene([(9, 9)])
