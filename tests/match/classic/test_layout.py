"""The table of 2-4 players, normal or Big: seats, throw bands and the grid."""

from __future__ import annotations

import math
import random

import pytest

from game import physics
from game.ai.classic.aim import AimSkill, plan_aim
from game.content.classic import shipped_catalog
from game.match.classic.layout import BOTTOM, LEFT, RIGHT, TOP, table_layout
from game.match.classic.seats import BotSeat
from game.match.classic.session import MatchSession, ThrowRefused, run_match
from game.rules.classic import Settings, random_kit

CAT = shipped_catalog()
GAMES = [(n, big) for n in (2, 3, 4) for big in (False, True)]


@pytest.mark.parametrize(("players", "big"), GAMES)
def test_every_band_is_two_card_lengths_from_every_slot_of_the_grid(
    players: int, big: bool
) -> None:
    settings = Settings.preset(players, big)
    layout = table_layout(settings)
    cols, rows = settings.grid
    table = physics.grid_table([], width=layout.width, height=layout.height)
    full = physics.TableSpec(
        width=layout.width,
        height=layout.height,
        cards=tuple(
            physics.CardSpec((c, r), layout.slot_center((c, r)))
            for c in range(cols)
            for r in range(rows)
        ),
    )
    assert table.contains(layout.slot_center((0, 0)))
    for position in range(players):
        z = layout.zone(position)
        for x in (z.x0, (z.x0 + z.x1) / 2, z.x1):
            for y in (z.y0, (z.y0 + z.y1) / 2, z.y1):
                assert physics.check_origin(full, (x, y)) is None, (position, x, y)


def test_the_seats_go_clockwise_around_the_table() -> None:
    assert table_layout(Settings()).sides == (BOTTOM, TOP)
    assert table_layout(Settings.preset(3)).sides == (BOTTOM, LEFT, RIGHT)
    assert table_layout(Settings.preset(4)).sides == (BOTTOM, LEFT, TOP, RIGHT)
    two = table_layout(Settings())
    assert (two.width, two.height) == (800, 1000)  # the two-player table did not move
    four = table_layout(Settings.preset(4))
    left, right = four.zone(1), four.zone(3)
    assert left.x1 < four.width / 2 < right.x0
    assert left.y0 >= four.zone(0).y1 and left.y1 <= four.zone(2).y0  # no shared corner


def _session(players: int, big: bool, seed: int = 5, seating: tuple[int, ...] = ()) -> MatchSession:
    settings = Settings.preset(players, big, seating=seating)
    rng = random.Random(seed)
    kits = [random_kit(CAT, rng, settings) for _ in range(players)]
    return MatchSession(CAT, kits, settings, seed=seed)


def test_a_player_throws_from_his_own_seat_as_the_seating_places_him() -> None:
    s = _session(4, False, seating=(2, 0, 3, 1))
    assert [s.side(p) for p in range(4)] == [LEFT, RIGHT, BOTTOM, TOP]
    assert s.zone(2) == s.layout.zone(0)


@pytest.mark.parametrize("side", [LEFT, RIGHT, TOP])
def test_a_careful_aimer_opens_on_the_card_from_a_side_seat(side: str) -> None:
    layout = table_layout(Settings.preset(4))
    slots = [(2, 3), (3, 2), (2, 1), (1, 2)]
    table = physics.TableSpec(
        width=layout.width,
        height=layout.height,
        cards=tuple(physics.CardSpec(s, layout.slot_center(s)) for s in slots),
    )
    zone = layout.zone(layout.sides.index(side))
    for target in slots:
        plan = plan_aim(table, zone.box, target, AimSkill(samples=16))
        assert plan.hits, (side, target)
        assert zone.contains(plan.throw.origin)
        # It throws toward the field, not along its own band.
        mid = (layout.width / 2, layout.height / 2)
        toward = math.atan2(mid[1] - plan.throw.origin[1], mid[0] - plan.throw.origin[0])
        assert math.cos(plan.throw.angle - toward) > 0.3


def test_a_throw_from_another_seats_band_is_refused() -> None:
    s = _session(3, False)
    while s.awaiting_throw() is None:
        s.act(s.legal_actions()[0])
    player = s.awaiting_throw()
    assert player is not None
    p = player[0]
    other = next(q for q in range(3) if q != p)
    origin = s.zone(other).centre
    with pytest.raises(ThrowRefused, match="his own side"):
        s.throw(p, physics.Throw(origin, 0.0, 800.0))


@pytest.mark.parametrize(("players", "big"), [(3, False), (4, False), (4, True)])
def test_bots_play_a_whole_physics_match_of_several_players(players: int, big: bool) -> None:
    s = _session(players, big, seed=13)
    seats = [BotSeat.named("greedy", CAT, 13 * 7 + i) for i in range(players)]
    stats = run_match(s, seats)
    assert s.over and stats.winner in range(players)
    need = s.state.settings.gates_to_win
    assert len(s.state.players[stats.winner].captured) >= need
    assert all(t > 0 for t in stats.seat_throws)
    assert sum(stats.seat_opened) > stats.throws // 2  # most throws open on a card
