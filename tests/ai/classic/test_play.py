"""The level bots play: deterministically for a seed, sensibly in a plain position, and
well enough to beat the random bot."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stdout

from game.__main__ import main
from game.ai.classic.basic import RandomPolicy
from game.match.classic.seats import BotSeat
from game.match.classic.session import MatchSession, run_match
from game.match.classic.sim import play_match, run_sim
from game.rules.classic import MatchState, Throw, random_kit

from .helpers import CAT, LEVELS, level, policy, quick_hard


def _record(seed: int) -> list[str]:
    rng = random.Random(seed)
    session = MatchSession(CAT, [random_kit(CAT, rng), random_kit(CAT, rng)], seed=seed)
    seats = [
        BotSeat(policy(quick_hard(), seed), seed),
        BotSeat.named("easy", CAT, seed + 1, LEVELS),
    ]
    run_match(session, seats)
    return [str(e) for e in session.timeline]


def test_the_same_seed_gives_the_same_match() -> None:
    assert _record(3) == _record(3)


def _position() -> MatchState:
    """Player 1 stands alone on player 0's Night Marsh (Darkus +200) with a weak Aquos
    Bakugan and has taken two Gate Cards: unless player 0 beats it now, player 1 takes a
    third card next turn by landing on his own Bakugan. Player 0 holds Darkus Hydranoid
    (620 G, +200 there)."""
    kits = [
        random_kit(CAT, random.Random(1)),
        random_kit(CAT, random.Random(2)),
    ]
    state, _ = MatchState.new(CAT, kits, seed=1)
    data = state.to_json()
    data["kits"][0]["bakugan"] = ["darkus_hydranoid", "pyrus_griffon", "haos_centipoid"]
    data["kits"][1]["bakugan"] = ["aquos_serpenoid", "pyrus_saurus", "subterra_saurus"]
    p0, p1 = data["players"]
    p0.update(unused=["pyrus_griffon", "darkus_hydranoid", "haos_centipoid"], used=[])
    p0.update(gates=[], abilities=[], used_abilities=[])
    p1.update(unused=["pyrus_saurus"], used=["subterra_saurus"], abilities=[], gates=[])
    p1.update(captured=[[0, "bronze_lava_flow"], [0, "gold_upside_down"]])
    data["field"] = [
        {
            "slot": [2, 2],
            "owner": 0,
            "gate": "silver_night_marsh",
            "standing": [[1, "aquos_serpenoid"]],
        },
        {"slot": [2, 1], "owner": 1, "gate": "silver_sky_ridge", "standing": []},
        {"slot": [1, 2], "owner": 0, "gate": "bronze_gravel_pit", "standing": []},
    ]
    data.update(phase="main", turn_player=0, turn=7, setup_queue=[], set_this_turn=True)
    return MatchState.from_json(data, CAT)


def test_hard_takes_the_obviously_winning_attack() -> None:
    state = _position()
    obs, legal = state.observation(0), state.legal_actions(0)
    for lv in (LEVELS["hard"], LEVELS["normal"]):
        bot = policy(lv, seed=5)
        action = bot.choose(obs, legal)
        assert action == Throw(0, "darkus_hydranoid"), lv.name
        assert bot.aim(obs, "darkus_hydranoid") == (2, 2), lv.name


def test_easy_beats_the_random_bot() -> None:
    report = run_sim(CAT, ["easy", "random"], 40, 7, levels=LEVELS)
    assert report.wins["easy"] >= 26, report.wins


def test_a_level_bot_keeps_to_its_own_landing_model_in_the_rules_only_sim() -> None:
    bots = [policy(level("easy"), 1), RandomPolicy(CAT, 2)]
    record = play_match(CAT, bots, 9)  # type: ignore[list-item]
    assert record.throws > 0 and record.winner in (0, 1)


def test_sim_prints_wins_and_hit_rates_by_bot_name() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(
            [
                "sim",
                "--rules",
                "classic",
                "--physics",
                "--games",
                "4",
                "--seed",
                "1",
                "--json",
                "--policies",
                "easy,random",
            ]
        )
    assert code == 0
    data = json.loads(out.getvalue())
    assert set(data["wins"]) == {"easy", "random"} and sum(data["wins"].values()) == 4
    lo, hi = data["win_rates"]["easy"]["ci95"]
    assert 0.0 <= lo <= data["win_rates"]["easy"]["rate"] <= hi <= 1.0
    assert set(data["hit_rates"]) == {"easy", "random"}
    assert all(0.0 < r <= 1.0 for r in data["hit_rates"].values())
    assert 0.0 < data["hit_rate"] <= data["open_rate"] <= 1.0


def test_unknown_bot_names_are_refused() -> None:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(["sim", "--games", "1", "--policies", "easy,wizard"])
    assert code == 2


def test_hard_keeps_a_conditional_before_card_for_the_battle() -> None:
    """A "before" card with a condition may be played before the throw (it is judged
    when the battle begins, or wasted); played in the battle's 'before' window it does
    the same knowing the battle, so Hard does not weigh it before the throw."""
    from game.rules.classic import Kit, MatchState, PlayAbility, parse_action

    from .helpers import CAT, policy, quick_hard

    kits = [
        Kit(
            ("ventus_skyress", "pyrus_saurus", "haos_tigrerra"),
            ("gold_dragon_roost", "silver_ember_plain", "bronze_lava_flow"),
            ("red_shadow_step", "blue_second_wind", "green_ventus_cyclone"),
        ),
        Kit(
            ("darkus_reaper", "aquos_preyas", "subterra_gorem"),
            ("gold_mirror_lake", "silver_home_ground", "bronze_head_start"),
            ("red_emergency_recall", "blue_second_wind", "green_haos_radiance"),
        ),
    ]
    state, _ = MatchState.new(CAT, kits)
    for text in (
        "p0 set silver_ember_plain @2,2",
        "p1 set silver_home_ground @2,1",
        "p0 throw pyrus_saurus",
        "miss off_card",
        "p1 throw darkus_reaper",
        "land @2,1",
    ):
        state.apply(parse_action(text))
    legal = state.legal_actions(0)
    assert PlayAbility(0, "green_ventus_cyclone") in legal
    bot = policy(quick_hard(), seed=5)
    choice = bot.choose(state.observation(0), legal)
    assert choice != PlayAbility(0, "green_ventus_cyclone")
    assert bot.last_search and not any("green_ventus_cyclone" in k for k in bot.last_search)
