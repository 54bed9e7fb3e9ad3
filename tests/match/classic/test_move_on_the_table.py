"""A Bakugan moved to another Gate Card stands there on the table too (issue 25, point
8: after "Move Darkus Reaper to 3:2" the battle ran on the lower card while the Reaper
stayed drawn, and stood in the physics, on its old card)."""

from __future__ import annotations

import math

from game import physics
from game.match.classic.session import MatchSession
from game.rules.classic import MoveBakugan, SetGate, Settings, Throw

from .test_evolve_on_the_table import CAT, KITS


def _opening_throw(session: MatchSession, player: int, slot: tuple[int, int]) -> physics.Throw:
    """A throw that opens on `slot`, from a little aside (a Bakugan may stand in the
    straight line)."""
    target = physics.slot_center(*slot)
    for dx in (0.0, 60.0, -60.0, 100.0, -100.0):
        origin = (target[0] + dx, 90.0 if player == 0 else 910.0)
        angle = math.atan2(target[1] - origin[1], target[0] + dx / 3 - origin[0])
        for speed in range(400, 2000, 20):
            t = physics.Throw(origin, angle, speed)
            if physics.resolve_throw(session.table(), t, record=False).landing.card == slot:
                return t
    raise AssertionError("no throw opens there")


def test_a_moved_bakugan_rests_on_the_card_it_moved_to() -> None:
    s = MatchSession(CAT, KITS, Settings(game_level="unused_gates"))
    s.act(SetGate(0, "silver_ember_plain", (2, 2)))
    s.act(SetGate(1, "silver_night_marsh", (2, 1)))
    for p, bakugan, slot in (
        (0, "pyrus_dragonoid", (2, 1)),
        (1, "darkus_reaper", (2, 2)),
        (0, "aquos_preyas", (2, 1)),  # onto its own Dragonoid: take the card, or move
    ):
        s.act(Throw(p, bakugan))
        s.throw(p, _opening_throw(s, p, slot))
    assert s.state.phase == "own"
    s.act(MoveBakugan(0, "aquos_preyas", (2, 2)))  # onto the Reaper: a battle there
    assert s.state.battle is not None and s.state.battle.slot == (2, 2)
    # (the two battling stand where they rest: the table draws them there)
    table = s.table()
    assert table.card((2, 2)).contains(s.resting[(0, "aquos_preyas")])
    assert not table.card((2, 1)).contains(s.resting[(0, "aquos_preyas")])
