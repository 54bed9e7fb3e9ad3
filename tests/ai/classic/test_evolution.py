"""Evolution: a level evolves a Bakugan (skipping its turn) when it may and it is worth
it: the evolved form is stronger and the turn's throw is worth less than the gain, at
the level's `evolve_worth`; never when the throw is urgent."""

from __future__ import annotations

from game.ai.classic.player import LevelPolicy
from game.rules.classic import Evolve, MatchState, Throw

from .helpers import level, main_position, policy, quick_hard

QUIET = [
    ((2, 2), 0, "silver_home_ground", []),
    ((2, 1), 1, "silver_sky_ridge", []),
]


def _bot(name: str, **changes: float) -> LevelPolicy:
    lv = quick_hard(**changes) if name == "hard" else level(name, mistakes=0.0, **changes)
    return policy(lv, 3)


def _choice(bot: LevelPolicy, state: MatchState) -> object:
    return bot.choose(state.observation(0), state.legal_actions(0))


def test_easy_evolves_on_a_quiet_field() -> None:
    # Game Level 1 (one card captured): Dragonoid 560 may become Delta Dragonoid 640.
    state = main_position(QUIET)
    assert Evolve(0, "pyrus_dragonoid") in state.legal_actions(0)
    assert _choice(_bot("easy"), state) == Evolve(0, "pyrus_dragonoid")


def test_the_knob_decides_what_a_quiet_turn_is_worth() -> None:
    # On the quiet field a throw is worth about half a Gate Card to Normal and Hard:
    # more than 80 G at the shipped 0.1 per 100 G, less at 1.0.
    state = main_position(QUIET)
    for name in ("normal", "hard"):
        assert isinstance(_choice(_bot(name), state), Throw), name
        assert _choice(_bot(name, evolve_worth=1.0), state) == Evolve(0, "pyrus_dragonoid")
        assert isinstance(_choice(_bot(name, evolve_worth=0.0), state), Throw), name


def test_evolving_instead_of_a_throw_that_can_only_lose() -> None:
    # His Reaper (570 on Ash Waste) and Hydranoid (820 on Night Marsh) stand alone on
    # both cards; every throw of player 0 opens into a lost battle or misses. Evolving
    # Preyas (400 -> Preyas II 480) skips that throw.
    state = main_position(
        [
            ((2, 2), 0, "bronze_ash_waste", [(1, "darkus_reaper")]),
            ((2, 1), 1, "silver_night_marsh", [(1, "darkus_hydranoid")]),
        ],
        unused=("aquos_preyas", "aquos_elfin"),
        evolutions=("evo_preyas_ii",),
        his_unused=("pyrus_griffon",),
    )
    for name in ("normal", "hard"):
        assert _choice(_bot(name), state) == Evolve(0, "aquos_preyas"), name


def test_no_level_evolves_when_the_throw_is_urgent() -> None:
    # He has two cards and his Saurus stands alone on Sky Ridge: unless player 0 beats
    # it now, he takes his third card next turn. Dragonoid beats it.
    state = main_position(
        [
            ((2, 2), 0, "silver_home_ground", []),
            ((2, 1), 1, "silver_sky_ridge", [(1, "subterra_saurus")]),
        ],
        his_unused=("pyrus_griffon",),
        captured=(0, 2),
    )
    assert Evolve(0, "pyrus_dragonoid") in state.legal_actions(0)
    for name in ("easy", "normal", "hard"):
        bot = _bot(name, evolve_worth=1.0)
        assert _choice(bot, state) == Throw(0, "pyrus_dragonoid"), name
        if name != "easy":  # Easy reads no threat: where it aims is its soft pick's luck
            assert bot.aim(None, "") == (2, 1), name
