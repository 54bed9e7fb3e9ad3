"""Three and four players, and the Big Game: every level plays with its own judgement
(threats from every opponent, whose Bakugan to attack, moving onto a Bakugan and taking
a card when all of one's own stand), and whole matches end."""

from __future__ import annotations

from game.ai.classic.levels import Level
from game.ai.classic.player import LevelPolicy
from game.ai.classic.strategy import BattleInsight
from game.match.classic.sim import run_sim
from game.rules.classic import MatchState, MoveBakugan, Settings, TakeGate, Throw

from .helpers import CAT, LEVELS, level, multi_position, policy, quick_hard, started_n

NAMES = ("easy", "normal", "hard")


def _bot(name: str) -> LevelPolicy:
    return policy(quick_hard() if name == "hard" else level(name, mistakes=0.0), 4)


def _choice(bot: LevelPolicy, state: MatchState) -> object:
    return bot.choose(state.observation(0), state.legal_actions(0))


# Player 1 has two cards: his Saurus alone on his card takes the third next turn unless
# stopped. Player 2 has none, his Griffon alone on his own card. Both are weak.
LEADER = (3, 1)
FIELD = [
    ((2, 2), 0, "silver_home_ground", []),
    (LEADER, 1, "silver_sky_ridge", [(1, "subterra_saurus")]),
    ((1, 1), 2, "silver_coral_reef", [(2, "pyrus_griffon")]),
]


def test_the_leaders_bakugan_is_the_one_to_attack() -> None:
    state = multi_position(
        FIELD,
        [["pyrus_dragonoid", "aquos_elfin"], ["ventus_mantris"], ["haos_centipoid"]],
        [0, 2, 0],
    )
    for name in NAMES[1:]:  # Easy reads no threats: it attacks whom its soft pick says
        bot = _bot(name)
        assert _choice(bot, state) == Throw(0, "pyrus_dragonoid"), name
        assert bot.aim(None, "") == LEADER, name


def test_the_other_players_threats_count_each() -> None:
    # The same, but the leader is player 2: now his Griffon is the one to stop.
    state = multi_position(
        FIELD,
        [["pyrus_dragonoid", "aquos_elfin"], ["ventus_mantris"], ["haos_centipoid"]],
        [0, 0, 2],
    )
    for name in ("normal", "hard"):
        bot = _bot(name)
        assert _choice(bot, state) == Throw(0, "pyrus_dragonoid"), name
        assert bot.aim(None, "") == (1, 1), name


def test_all_standing_it_moves_onto_the_bakugan_worth_beating() -> None:
    # Every Bakugan of player 0 stands: it must move one onto another player's. Laserman
    # (player 2's) is about as beatable as Saurus, but Saurus left alone gives player 1
    # his third card; the others' Bakugan to come are too weak to threaten player 0's.
    field = [
        ((2, 2), 0, "silver_home_ground", [(0, "pyrus_dragonoid")]),
        (LEADER, 1, "silver_sky_ridge", [(1, "subterra_saurus")]),
        ((1, 1), 2, "silver_coral_reef", [(2, "haos_laserman")]),
        ((2, 1), 1, "bronze_gravel_pit", [(0, "darkus_hydranoid")]),
        ((3, 2), 2, "bronze_shallows", [(0, "subterra_gorem")]),
    ]
    state = multi_position(field, [[], ["ventus_mantris"], ["haos_centipoid"]], [1, 2, 0])
    assert all(isinstance(a, MoveBakugan) for a in state.legal_actions(0))
    for name in NAMES:
        move = _choice(_bot(name), state)
        assert isinstance(move, MoveBakugan) and move.slot == LEADER, name


def test_all_standing_and_nobody_else_it_takes_a_card() -> None:
    field = [
        ((2, 2), 0, "silver_home_ground", [(0, "pyrus_dragonoid")]),
        (LEADER, 1, "silver_sky_ridge", [(0, "aquos_elfin")]),
        ((1, 1), 2, "silver_coral_reef", [(0, "ventus_mantris")]),
    ]
    state = multi_position(field, [[], ["pyrus_griffon"], ["haos_centipoid"]], [1, 1, 0])
    for name in NAMES:
        assert isinstance(_choice(_bot(name), state), TakeGate), name


def _levels() -> dict[str, Level]:
    """The shipped levels, Hard's search (two players) on a small budget."""
    return {**LEVELS, "hard": quick_hard()}


def test_three_and_four_player_matches_end_with_every_level() -> None:
    for players, names, games in ((3, "hard,normal,easy", 3), (4, "easy,hard,random,normal", 2)):
        settings = Settings.preset(players)
        report = run_sim(
            CAT, names.split(","), games, 5, settings, _levels(), support=2, evolutions=True
        )
        assert sum(report.wins.values()) == games and report.mean_throws > 0


def test_big_game_matches_end_with_every_level() -> None:
    two = run_sim(CAT, ["hard", "easy"], 1, 3, Settings.preset(2, True), _levels())
    three = run_sim(CAT, ["normal", "hard", "easy"], 1, 3, Settings.preset(3, True), _levels())
    assert sum(two.wins.values()) == 1 and sum(three.wins.values()) == 1


def test_gate_cards_go_on_ones_own_side_of_the_table() -> None:
    # Four players around a 5 x 5 field: bottom (row 0), left (column 0), top, right.
    state = started_n(4, 2)
    judge = BattleInsight(CAT, 1)
    sides = {0: ((2, 0), (2, 4)), 1: ((0, 2), (4, 2)), 2: ((2, 4), (2, 0)), 3: ((4, 2), (0, 2))}
    for p, (near, far) in sides.items():
        obs = state.observation(p)
        assert judge.slot_value(obs, near) > judge.slot_value(obs, far), p
