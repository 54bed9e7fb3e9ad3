"""A miss says where and why (issue 24, point 5), the geometry shared by every game
that throws: the mark of a sphere that left the table lies on the table's edge where
it left, and why a miss missed is read along the way it set off, against the cards."""

from __future__ import annotations

import math

import pytest

from game.ui import miss_mark

CARD = ((300.0, 400.0), (400.0, 400.0), (400.0, 520.0), (300.0, 520.0))  # x 300-400, y 400-520


class Line:
    """A straight recorded path from `start` to `end` over `duration` s."""

    def __init__(self, start: tuple[float, float], end: tuple[float, float], duration: float = 1.0):
        self.start, self.end, self.duration = start, end, duration

    def at(self, t: float) -> tuple[float, float, float]:
        k = min(max(t / self.duration, 0.0), 1.0)
        return (
            self.start[0] + (self.end[0] - self.start[0]) * k,
            self.start[1] + (self.end[1] - self.start[1]) * k,
            0.0,
        )


@pytest.mark.parametrize(
    ("end", "why"),
    [
        ((350.0, 300.0), miss_mark.SHORT),  # straight up at the card, stopped below it
        ((350.0, 600.0), miss_mark.PAST),  # rolled on past its far edge
        ((520.0, 450.0), miss_mark.BESIDE),  # at the card's depth, off to its side
    ],
)
def test_why_a_miss_on_the_table_missed(end: tuple[float, float], why: str) -> None:
    track = Line((350.0, 50.0), end)
    gone = miss_mark.where(track, False, 800.0, 1000.0)
    assert gone.edge is None and gone.rest == end
    assert miss_mark.why(gone, track, [CARD]) == why


def test_a_sphere_that_left_the_table_is_marked_on_its_edge_and_said_off_the_table() -> None:
    track = Line((350.0, 50.0), (350.0, 1012.0))  # its centre 12 mm past the far edge
    gone = miss_mark.where(track, True, 800.0, 1000.0)
    assert gone.edge == (350.0, 1000.0)
    assert gone.out is not None and math.isclose(gone.out[1], 1.0)
    assert miss_mark.why(gone, track, [CARD]) == miss_mark.OFF_TABLE
    # the arrow leads into the ring from the table's side (at 2 px per mm)
    tail = miss_mark.tail(gone, 20, 2.0)
    assert tail[0] == 350.0 and tail[1] < 1000.0


def test_without_cards_a_miss_on_the_table_has_no_why() -> None:
    track = Line((350.0, 50.0), (350.0, 300.0))
    assert miss_mark.why(miss_mark.where(track, False, 800.0, 1000.0), track, []) is None


class There:
    """Up at the card from (350, 50) to (350, 450), then knocked back to (340, 250)."""

    duration = 2.0

    def at(self, t: float) -> tuple[float, float, float]:
        if t <= 1.0:
            return (350.0, 50.0 + 400.0 * t, 0.0)
        k = min(t - 1.0, 1.0)
        return (350.0 - 10.0 * k, 450.0 - 200.0 * k, 0.0)


def test_a_sphere_knocked_back_off_the_cards_came_back_it_did_not_stop_short() -> None:
    track = There()
    gone = miss_mark.where(track, False, 800.0, 1000.0)
    assert gone.rest == (340.0, 250.0)
    assert miss_mark.why(gone, track, [CARD]) == miss_mark.BACK_OFF
