"""The classic game as the OpenSpiel game `bakugan_classic` (game/ai/classic/openspiel/).

Skipped where open-spiel cannot be installed (see the `test` extra in pyproject.toml).
"""

from __future__ import annotations

import pickle
import random
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from game.ai.classic import openspiel as og  # noqa: E402  (needs pyspiel)
from game.ai.classic.landing import LandingModel  # noqa: E402
from game.content.classic import shipped_catalog  # noqa: E402
from game.rules.classic import (  # noqa: E402
    CHANCE,
    Land,
    Miss,
    PlayGear,
    SetGate,
    Throw,
    parse_action,
)

ROOT = Path(__file__).resolve().parents[3]
og.use_catalog(shipped_catalog())  # the cards it deals (game.games.classic gives the same)


def _sample(state: Any, rng: random.Random) -> int:
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        return int(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
    return int(rng.choice(state.legal_actions()))


def _random_states(game: Any, games: int, seed: int) -> Any:
    """Every state of `games` random playouts (chance by its probabilities)."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            yield state
            state.apply_action(_sample(state, rng))
        yield state


# ----------------------------------------------------------------- OpenSpiel's own test


def test_openspiel_random_sim_test_passes() -> None:
    pyspiel.random_sim_test(
        pyspiel.load_game("bakugan_classic"), num_sims=200, serialize=True, verbose=False
    )


def test_random_sim_test_passes_with_other_parameters() -> None:
    pool = (
        "pyrus_dragonoid+aquos_preyas+haos_tigrerra+darkus_reaper+clear_dragonoid"
        "+gold_dragon_roost+gold_mirror_lake+silver_home_ground+silver_sky_ridge"
        "+bronze_ambush+bronze_shallows+red_backdraft+red_shadow_step+red_rekindle"
        "+blue_battle_cry+blue_undertow+green_titan_growth+green_haos_radiance"
    )
    game = pyspiel.load_game(
        "bakugan_classic",
        {"aimed_throws": True, "card_pool": pool, "first_player": -1, "max_turns": 30},
    )
    assert game.num_distinct_actions() < pyspiel.load_game("bakugan_classic").num_distinct_actions()
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def test_random_sim_test_passes_with_traps_gear_and_evolutions() -> None:
    """Kits with two Traps / Battle Gear and their Evolution cards: OpenSpiel's own test,
    and random play reaches every new action (a Trap, a Gear with and without one of
    its abilities, an evolution) and a Trap's face drawn as a chance node."""
    params = {"support": 2, "evolutions": True}
    game = pyspiel.load_game("bakugan_classic", params)
    plain = pyspiel.load_game("bakugan_classic")
    assert game.num_distinct_actions() > plain.num_distinct_actions()
    pyspiel.random_sim_test(game, num_sims=40, serialize=True, verbose=False)
    seen: Counter[str] = Counter()
    for state in _random_states(game, games=80, seed=2):
        if state.is_terminal() or state.core is None:
            continue
        if state.is_chance_node() and state._d.trap is not None:
            seen["face"] += 1
            outcomes = state.chance_outcomes()
            assert len(outcomes) == state._d.trap_faces() > 1
            copy = game.deserialize_state(state.serialize())  # waiting for the face
            assert str(copy) == str(state) and copy.is_chance_node()
            continue
        if state.is_chance_node():
            continue
        core_legal = state.core.legal_actions()
        decoded = {state.decode(a) for a in state.legal_actions()}
        assert decoded == set(core_legal)
        for action_id in state.legal_actions():
            action = state.decode(action_id)
            assert parse_action(str(action)) == action
            assert state.action_to_string(state.current_player(), action_id) == str(action)
            kind = type(action).__name__
            if isinstance(action, PlayGear) and action.abilities:
                kind += " ability"
            seen[kind] += 1
    for kind in ("PlayTrap", "PlayGear", "PlayGear ability", "Evolve", "face"):
        assert seen[kind] > 0, kind


def test_the_new_pieces_are_dealt_by_chance_and_shown_to_everyone() -> None:
    game = pyspiel.load_game("bakugan_classic", {"support": 2, "evolutions": True})
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.core is None:
        state.apply_action(_sample(state, rng))
    for kit in state.core.kits:
        assert len(kit.traps) + len(kit.gear) == 2
        pieces = kit.traps + kit.gear
        for viewer in (0, 1):  # public: both seats see them in the deal and on the table
            assert all(x in state.information_state_string(viewer) for x in pieces)
        have = {state.spec.catalog.evolutions[e].base for e in kit.evolutions}
        assert have <= set(kit.bakugan)


def test_random_sim_test_passes_with_three_players_and_pieces() -> None:
    game = pyspiel.load_game(
        "bakugan_classic", {"players": 3, "support": 2, "evolutions": True, "max_turns": 40}
    )
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


# ----------------------------------------------------------------- hidden information


def _deal(state: Any, kits: list[list[str]]) -> None:
    """Deal the kits (in the deal plan's order: Bakugan, gates, abilities by colour)."""
    spec = state.spec
    for player, kind, _ in spec.deal_plan:
        piece = kits[player][len(state._d.dealt[player])]
        state.apply_action(spec.codec.deal_id(kind, piece))


P0 = [
    "pyrus_dragonoid",
    "aquos_preyas",
    "haos_tigrerra",
    "gold_dragon_roost",
    "silver_home_ground",
    "bronze_ambush",
    "red_backdraft",
    "blue_battle_cry",
    "green_titan_growth",
]
P1_A = [
    "darkus_reaper",
    "ventus_skyress",
    "subterra_gorem",
    "gold_mirror_lake",
    "silver_sky_ridge",
    "bronze_shallows",
    "red_counter_seal",
    "blue_undertow",
    "green_haos_radiance",
]
P1_B = [
    *P1_A[:3],
    "gold_upside_down",
    "silver_coral_reef",
    "bronze_lava_flow",
    "red_gate_breaker",
    "blue_power_surge",
    "green_darkus_abyss",
]


def _same_public_line(kits: list[list[str]]) -> list[Any]:
    """A line of play with no battle, so nothing hidden opens: the states after each step."""
    game = pyspiel.load_game("bakugan_classic")
    state = game.new_initial_state()
    _deal(state, kits)
    states = [state.clone()]
    core = state.core
    opening = core.settings.opening_slots()

    def play(action: Any) -> None:
        state.apply_action(state.encode(action))
        states.append(state.clone())

    play(SetGate(0, kits[0][3], opening[0]))
    play(SetGate(1, kits[1][3], opening[1]))  # a different gate in each world
    play(Throw(0, kits[0][0]))
    play(Miss("off_card"))
    play(SetGate(1, kits[1][4], (opening[1][0] + 1, opening[1][1])))
    play(Throw(1, kits[1][0]))
    play(Land(opening[0]))  # onto p0's empty gate: stands there, no battle
    play(Throw(0, kits[0][1]))
    play(Miss("off_card"))
    return states


def test_information_state_hides_what_the_seat_cannot_see() -> None:
    line_a = _same_public_line([P0, P1_A])
    line_b = _same_public_line([P0, P1_B])
    assert len(line_a) == len(line_b)
    for a, b in zip(line_a, line_b, strict=True):
        assert str(a) != str(b)  # the worlds differ ...
        # ... but not for p0, whose view is built from the core's observation(0)
        assert a.information_state_string(0) == b.information_state_string(0)
        assert a.observation_string(0) == b.observation_string(0)
        assert a.information_state_tensor(0) == b.information_state_tensor(0)
        assert a.observation_tensor(0) == b.observation_tensor(0)
        # p1 sees his own cards
        assert a.information_state_string(1) != b.information_state_string(1)
        assert a.observation_string(1) != b.observation_string(1)
    # the public view (OpenSpiel's private_info NONE) is the same for everyone
    from open_spiel.python.observation import make_observation

    game = line_a[0].get_game()
    for recall in (False, True):
        public = make_observation(
            game,
            pyspiel.IIGObservationType(
                perfect_recall=recall, private_info=pyspiel.PrivateInfoType.NONE
            ),
        )
        for a, b in zip(line_a, line_b, strict=True):
            for p in (0, 1):
                assert public.string_from(a, p) == public.string_from(b, p)
                public.set_from(a, p)
                seen = public.tensor.copy()
                public.set_from(b, p)
                assert (seen == public.tensor).all()
    last = line_a[-1].information_state_string(0)
    assert "gold_mirror_lake" not in last and "red_counter_seal" not in last
    assert "p1 set ? @2,1" in last and "deal p1 gate ?" in last
    assert "deal p1 bakugan darkus_reaper" in last  # Bakugan are public


def test_a_seat_sees_a_gate_when_it_opens() -> None:
    state = _same_public_line([P0, P1_A])[-1]
    p1_gate = state.core.settings.opening_slots()[1]
    assert "gold_mirror_lake" not in state.information_state_string(0)
    # p1's Bakugan stands on his own gate; p0 throws onto it: a battle, the gate opens.
    state.apply_action(state.encode(Throw(1, P1_A[1])))
    state.apply_action(state.encode(Land(p1_gate)))
    state.apply_action(state.encode(Throw(0, P0[2])))
    state.apply_action(state.encode(Land(p1_gate)))
    while not state.core.battle.gate_open:
        state.apply_action(state.legal_actions()[0])  # pass
    seen = state.information_state_string(0)
    assert "gate @2,1 opened: gold_mirror_lake" in seen
    assert "gate @2,1 p1 gold_mirror_lake open" in state.observation_string(0)


# ----------------------------------------------------------------- actions and chance


def test_every_legal_action_is_the_cores_in_its_notation() -> None:
    game = pyspiel.load_game("bakugan_classic", {"aimed_throws": True})
    checked = 0
    for state in _random_states(game, games=6, seed=3):
        if state.is_terminal() or state.core is None:
            continue
        player = state.current_player()
        core_legal = state.core.legal_actions()
        decoded = set()
        for action_id in state.legal_actions():
            action = state.decode(action_id)
            text = state.action_to_string(player, action_id)
            if player == CHANCE:
                assert isinstance(action, Land | Miss)
                assert text == str(action)
            else:
                assert text.startswith(str(action))
                assert parse_action(str(action)) == action
                if " aim @" not in text:
                    assert state.encode(action) == action_id
            decoded.add(action)
            checked += 1
        assert decoded == set(core_legal)
    assert checked > 500


def test_throw_outcomes_are_the_landing_models() -> None:
    model = LandingModel()
    assert (og.EXTRA_PARAMS["hit_aim"], og.EXTRA_PARAMS["hit_other"]) == (
        model.hit_aim,
        model.hit_other,
    )
    game = pyspiel.load_game("bakugan_classic", {"aimed_throws": True})
    rng = random.Random(5)
    for state in _random_states(game, games=4, seed=5):
        core = state.core
        if core is None or state.current_player() != CHANCE or len(core.field) < 3:
            continue
        aim = state._d.aim
        outcomes = dict(state.chance_outcomes())
        assert sum(outcomes.values()) == pytest.approx(1.0)
        counts = Counter(str(model.land(core, aim, rng)) for _ in range(20_000))
        for action_id, p in outcomes.items():
            freq = counts[str(state.decode(action_id))] / 20_000
            assert freq == pytest.approx(p, abs=0.015)
        return
    pytest.fail("no landing with three cards on the field")


def test_kits_are_dealt_by_chance_from_the_pool() -> None:
    game = pyspiel.load_game("bakugan_classic", {"first_player": -1})
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(state.spec.pools[("bakugan", None)])
    rng = random.Random(1)
    while state.core is None:
        assert state.is_chance_node()
        state.apply_action(_sample(state, rng))
    assert len(state.history()) == len(state.spec.deal_plan) + 1  # and who starts
    kits = state.core.kits
    for kit in kits:
        assert len(set(kit.bakugan)) == 3 and len(kit.gates) == 3 and len(kit.abilities) == 3


def test_the_dealt_kits_hold_only_cards_their_bakugan_can_play() -> None:
    """As the quick pick deals (issue 25, point 8): no attribute Ability Card or Trap
    without a Bakugan of that attribute (or a clear one) in the kit."""
    game = pyspiel.load_game("bakugan_classic", {"support": 2})
    rng = random.Random(4)
    for _ in range(40):
        state = game.new_initial_state()
        while state.core is None:
            state.apply_action(_sample(state, rng))
        cat = state.spec.catalog
        for kit in state.core.kits:
            own = {cat.bakugan[b].attribute for b in kit.bakugan}
            needs = [cat.abilities[a].requires.attribute for a in kit.abilities]
            needs += [cat.traps[x].attribute for x in kit.traps]
            assert None in own or all(n is None or n in own for n in needs), kit


def test_the_turn_limit_ends_the_game_in_a_draw() -> None:
    game = pyspiel.load_game("bakugan_classic", {"max_turns": 1})
    for state in _random_states(game, games=3, seed=2):
        if state.is_terminal():
            assert state.core.turn <= 2
            if state.core.winner is None:
                assert state.returns() == [0.0, 0.0]
            else:
                assert sorted(state.returns()) == [-1.0, 1.0]


# ----------------------------------------------------------------- serialization


def test_serialization_goes_through_the_cores_json() -> None:
    game = pyspiel.load_game("bakugan_classic")
    rng = random.Random(9)
    state = game.new_initial_state()
    while len(state.history()) < 40:
        state.apply_action(_sample(state, rng))
    assert b"bakugan-classic-state/1" in pickle.dumps(state._d)
    copy = game.deserialize_state(state.serialize())
    assert str(copy) == str(state)
    assert copy.history() == state.history()
    for p in range(2):
        assert copy.information_state_string(p) == state.information_state_string(p)
        assert copy.observation_tensor(p) == state.observation_tensor(p)
    while not state.is_terminal():
        action = _sample(state, rng)
        state.apply_action(action)
        copy.apply_action(action)
    assert copy.returns() == state.returns()
    assert copy.information_state_string(1) == state.information_state_string(1)


# ----------------------------------------------------------------- resampling


def test_resampling_redraws_only_what_the_seat_cannot_see() -> None:
    game = pyspiel.load_game("bakugan_classic")
    memory = og.ResampleMemory()
    sampler = random.Random(4)
    checked = other_worlds = 0
    for state in _random_states(game, games=8, seed=4):
        if state.is_terminal() or state.is_chance_node():
            continue
        p = state.current_player()
        unchecked = memory.stats["unchecked"]
        world = og.state_with(game, og.resample_data(state._d, p, sampler, memory))
        assert world.information_state_string(p) == state.information_state_string(p)
        assert world.observation_tensor(p) == state.observation_tensor(p)
        assert world.legal_actions() == state.legal_actions()
        if memory.stats["unchecked"] == unchecked:
            # a world the game could have reached: its history replays to it
            replayed = game.new_initial_state()
            for action in world.history():
                replayed.apply_action(action)
            assert str(replayed) == str(world)
            assert replayed.information_state_string(1 - p) == world.information_state_string(1 - p)
        if world.information_state_string(1 - p) != state.information_state_string(1 - p):
            other_worlds += 1
        # what p has seen of p1's kit stays
        kit, true_kit = world.core.kits[1 - p], state.core.kits[1 - p]
        assert kit.bakugan == true_kit.bakugan
        obs = state.core.observation(p)
        for card in obs.players[1 - p].used_abilities:
            assert card in kit.abilities
        checked += 1
    assert checked > 100
    assert other_worlds > checked * 0.9
    assert memory.stats["unchecked"] <= checked * 0.05


def test_resampling_keeps_the_public_pieces() -> None:
    game = pyspiel.load_game("bakugan_classic", {"support": 2, "evolutions": True})
    sampler = random.Random(2)
    checked = 0
    for state in _random_states(game, games=4, seed=7):
        if state.is_terminal() or state.is_chance_node():
            continue
        p = state.current_player()
        world = og.state_with(game, og.resample_data(state._d, p, sampler))
        assert world.information_state_string(p) == state.information_state_string(p)
        assert world.legal_actions() == state.legal_actions()
        for q in range(2):
            mine, true = world.core.kits[q], state.core.kits[q]
            assert (mine.traps, mine.gear, mine.evolutions) == (
                true.traps,
                true.gear,
                true.evolutions,
            )
        checked += 1
    assert checked > 40


def test_ismcts_bot_plays_with_the_resampler() -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("bakugan_classic")
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 12, random_state=rs)
    bot.set_resampler(og.make_resampler(seed=1))
    plain = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 12, random_state=rs)
    rng = random.Random(6)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal() and decisions < 12:
        if state.is_chance_node() or state.current_player() == 1:
            state.apply_action(_sample(state, rng))
            continue
        action = (bot if decisions % 2 else plain).step(state)  # plain: the game's own
        assert action in state.legal_actions()
        state.apply_action(action)
        decisions += 1
    assert decisions > 0


# ----------------------------------------------------------------- the docs


def test_the_docs_example_works() -> None:
    text = (ROOT / "docs" / "openspiel.md").read_text(encoding="utf-8")
    code = re.search(r"```python\n(.*?)```", text, re.S)
    assert code is not None
    lines = [line for line in code.group(1).splitlines() if line.strip()]
    assert len(lines) <= 10
    namespace: dict[str, Any] = {}
    exec(compile(code.group(1), "docs/openspiel.md", "exec"), namespace)
    assert namespace["state"].is_terminal()


# ----------------------------------------------------------------- its cards come from outside


def test_the_package_loads_no_data_files_and_asks_for_its_cards() -> None:
    """`game.ai` imports only the rules and physics: the cards are given
    (`use_catalog`; `game.games.classic.openspiel_game` gives the shipped ones)."""
    code = (
        "import sys, pyspiel, game.ai.classic.openspiel\n"
        "assert not [m for m in sys.modules if m.startswith('game.content')]\n"
        "try:\n"
        "    pyspiel.load_game('bakugan_classic')\n"
        "except ValueError as e:\n"
        "    print(e)\n"
        "from game.games.classic import openspiel_game\n"
        "print(openspiel_game().num_players())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    first, second = out.stdout.strip().splitlines()
    assert "no cards to deal: call game.ai.classic.openspiel.use_catalog(catalog)" in first
    assert second == "2"
