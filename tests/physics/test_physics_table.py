"""The table as data: the card grid, card geometry, the throw-origin rule."""

from __future__ import annotations

import itertools
import math
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from game.physics import (
    CARD_LENGTH,
    CARD_WIDTH,
    CUSHION_ID,
    GRID_COLS,
    GRID_ROWS,
    MIN_THROW_DISTANCE,
    CardSpec,
    Obstacle,
    TableSpec,
    Throw,
    check_origin,
    grid_table,
    judge_rest,
    resolve_throw,
    slot_center,
)

ROOT = Path(__file__).resolve().parents[2]


def test_grid_is_5_by_4_centred_with_cards_edge_to_edge() -> None:
    table = TableSpec()
    assert (GRID_COLS, GRID_ROWS) == (5, 4)
    assert slot_center(0, 0, table) == (400 - 2 * 62, 500 - 1.5 * 88)
    assert slot_center(4, 3, table) == (400 + 2 * 62, 500 + 1.5 * 88)
    xs = [slot_center(c, 0, table)[0] for c in range(GRID_COLS)]
    ys = [slot_center(0, r, table)[1] for r in range(GRID_ROWS)]
    assert [b - a for a, b in itertools.pairwise(xs)] == [CARD_WIDTH] * 4
    assert [b - a for a, b in itertools.pairwise(ys)] == [CARD_LENGTH] * 3
    # centred: the grid's bounding box is symmetric about the table's centre
    assert xs[0] - CARD_WIDTH / 2 == table.width - (xs[-1] + CARD_WIDTH / 2)
    assert ys[0] - CARD_LENGTH / 2 == table.height - (ys[-1] + CARD_LENGTH / 2)
    # row 0 is nearest player 0 (low y)
    assert ys == sorted(ys)


def test_grid_follows_table_size_and_rejects_bad_slots() -> None:
    small = TableSpec(width=600, height=700)
    assert slot_center(2, 0, small) == (300.0, 350 - 1.5 * 88)
    assert slot_center(2, 1) == slot_center(2, 1, TableSpec())
    for col, row in [(-1, 0), (5, 0), (0, 4), (0, -1)]:
        with pytest.raises(ValueError):
            slot_center(col, row)


def test_grid_table_uses_slot_ids_and_is_hashable() -> None:
    a = grid_table([(0, 0), (4, 3)])
    b = grid_table([(0, 0), (4, 3)])
    assert [c.id for c in a.cards] == [(0, 0), (4, 3)]
    assert a == b and hash(a) == hash(b)
    assert a.card((4, 3)).center == slot_center(4, 3)
    assert {a: 1}[b] == 1


def test_card_geometry_contains_and_distance() -> None:
    card = CardSpec("c", (100.0, 200.0))
    assert card.contains((100.0 + 31.0, 200.0 + 44.0))  # corner, edges included
    assert not card.contains((100.0 + 31.1, 200.0))
    assert card.distance((100.0, 200.0)) == 0.0
    assert card.distance((100.0 + 31.0 + 5.0, 200.0)) == pytest.approx(5.0)
    assert card.distance((100.0 + 34.0, 200.0 + 48.0)) == pytest.approx(5.0)
    turned = CardSpec("t", (0.0, 0.0), angle=math.pi / 2)
    # turned a quarter: now 88 across and 62 long
    assert turned.contains((43.0, 0.0)) and not turned.contains((0.0, 40.0))
    assert turned.distance((0.0, 36.0)) == pytest.approx(5.0)


def test_table_spec_validates() -> None:
    with pytest.raises(ValueError, match="duplicate card"):
        TableSpec(cards=(CardSpec(1, (100, 100)), CardSpec(1, (300, 300))))
    with pytest.raises(ValueError, match="reserved"):
        Obstacle(CUSHION_ID, (1, 1))
    with pytest.raises(ValueError):
        TableSpec(width=0)
    with pytest.raises(ValueError):
        CardSpec("x", (math.nan, 1.0))


def test_origin_rule_refuses_a_throw_too_close_to_a_card() -> None:
    table = TableSpec(cards=(CardSpec("gate", (400.0, 500.0)),))
    near_edge = 500.0 - 44.0  # the card's near edge at y = 456
    ok = (400.0, near_edge - MIN_THROW_DISTANCE)  # exactly two card lengths: allowed
    too_close = (400.0, near_edge - 150.0)
    assert MIN_THROW_DISTANCE == 2 * 88
    assert check_origin(table, ok) is None
    reason = check_origin(table, too_close)
    assert reason is not None
    assert "150.0 mm" in reason and "'gate'" in reason and "two card lengths" in reason
    with pytest.raises(ValueError) as err:
        resolve_throw(table, Throw(too_close, math.pi / 2, 800.0))
    assert str(err.value) == reason
    resolve_throw(table, Throw(ok, math.pi / 2, 800.0))  # no error
    # the distance is to the rectangle, not to the centre: diagonally off a corner
    corner = (400.0 + 31.0 + 100.0, near_edge - 100.0)  # ~141 mm from the corner
    assert check_origin(table, corner) is not None


def test_origin_must_be_on_the_table_and_clear_of_obstacles() -> None:
    table = TableSpec(cushions=True, standing=(Obstacle("drago", (100.0, 100.0)),))
    assert "off the table" in (check_origin(table, (-1.0, 50.0)) or "")
    assert "off the table" in (check_origin(table, (50.0, 1000.5)) or "")
    assert check_origin(table, (5.0, 50.0)) is None  # the point is on the table
    assert "cushion" in (check_origin(table, (5.0, 50.0), radius=14.0) or "")
    assert "drago" in (check_origin(table, (120.0, 100.0), radius=14.0) or "")
    with pytest.raises(ValueError, match="cushion"):
        resolve_throw(table, Throw((5.0, 500.0), 0.0, 100.0))


def test_judge_rest_prefers_the_card_holding_the_centre_then_the_nearest() -> None:
    a = CardSpec("a", (100.0, 100.0))
    b = CardSpec("b", (162.0, 100.0))  # a's right neighbour, edge to edge at x = 131
    table = TableSpec(cards=(a, b))
    on_b = judge_rest(table, (132.0, 100.0), 14.0)  # centre on b, disc over both
    assert (on_b.card, on_b.partial, on_b.reason) == ("b", True, None)
    on_a = judge_rest(table, (130.0, 100.0), 14.0)
    assert on_a.card == "a"
    # below both, nearer b's centre: overlaps both rectangles, contained by neither
    below = judge_rest(table, (140.0, 100.0 - 44.0 - 10.0), 14.0)
    assert (below.card, below.partial) == ("b", True)
    off = judge_rest(table, (100.0, 100.0 - 44.0 - 14.5), 14.0)
    assert (off.card, off.partial, off.reason) == (None, False, "off_card")
    gone = judge_rest(table, (-1.0, 50.0), 14.0)
    assert gone.reason == "off_table"


def test_importing_physics_loads_neither_pygame_nor_the_rules() -> None:
    # the error root (game.rules.api, under physics' own PhysicsError) and nothing else
    code = (
        "import sys, game.physics\n"
        "bad = [m for m in sys.modules if m == 'pygame' or m.startswith('pygame.')"
        " or (m.startswith('game.rules') and m not in ('game.rules', 'game.rules.api'))"
        " or m.startswith('game.ui')]\n"
        "print(bad)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "[]"


def test_tables_and_cards_can_be_replaced_field_by_field() -> None:
    table = grid_table([(0, 0), (2, 1)])
    card = table.cards[1]
    bigger = replace(card, magnet_radius=30.0)
    assert bigger.magnet_radius == 30.0 and bigger.frame == card.frame
    turned = replace(card, angle=math.pi / 2)
    assert turned.frame[2:4] == (math.cos(math.pi / 2), 1.0)
    standing = replace(table, standing=(Obstacle("b0", card.center),))
    assert standing.cards == table.cards and standing != table
    assert standing.card_bounds == table.card_bounds
    assert replace(table, cards=()).far_from_cards((400.0, 500.0), 1e9)
