"""A Bakugan standing on a Gate Card evolves where it stands: on the table too, the
evolved copy rests where the Bakugan it replaced came to rest."""

from __future__ import annotations

import math

from game import physics
from game.content.classic import shipped_catalog
from game.match.classic.session import MatchSession
from game.rules.classic import Evolve, Kit, SetGate, Settings, Throw

CAT = shipped_catalog()
KITS = [
    Kit(
        ("pyrus_dragonoid", "aquos_preyas", "haos_tigrerra"),
        ("gold_dragon_roost", "silver_ember_plain", "bronze_lava_flow"),
        ("red_shadow_step", "blue_second_wind", "green_pyrus_firestorm"),
        evolutions=("evo_delta_dragonoid",),
    ),
    Kit(
        ("darkus_reaper", "ventus_skyress", "subterra_gorem"),
        ("gold_mirror_lake", "silver_night_marsh", "bronze_ash_waste"),
        ("red_shadow_step", "blue_second_wind", "green_ventus_cyclone"),
    ),
]


def _opening_throw(session: MatchSession, player: int, slot: tuple[int, int]) -> physics.Throw:
    target = physics.slot_center(*slot)
    origin = (target[0], 90.0 if player == 0 else 910.0)
    angle = math.atan2(target[1] - origin[1], target[0] - origin[0])
    for speed in range(400, 2000, 20):
        t = physics.Throw(origin, angle, speed)
        if physics.resolve_throw(session.table(), t, record=False).landing.card == slot:
            return t
    raise AssertionError("no straight throw opens there")


def test_the_evolved_copy_rests_where_the_standing_bakugan_rested() -> None:
    # The Game Level by unused Gate Cards (seed 000) is 6 from the start: no capture needed.
    s = MatchSession(CAT, KITS, Settings(game_level="unused_gates"))
    s.act(SetGate(0, "silver_ember_plain", (2, 2)))
    s.act(SetGate(1, "silver_night_marsh", (2, 1)))
    s.act(Throw(0, "pyrus_dragonoid"))
    s.throw(0, _opening_throw(s, 0, (2, 1)))
    s.act(Throw(1, "darkus_reaper"))
    s.throw(1, _opening_throw(s, 1, (2, 2)))
    rested = s.resting[(0, "pyrus_dragonoid")]
    assert s.state.turn_player == 0
    s.act(Evolve(0, "pyrus_dragonoid"))
    assert (0, "pyrus_dragonoid") not in s.resting
    assert s.resting[(0, "pyrus_delta_dragonoid")] == rested
    standing = {o.id: o.position for o in s.table().standing}
    assert standing[(0, "pyrus_delta_dragonoid")] == rested
