"""Random legal matches of the rest of the classic game: the Big Game, three and four
players, Traps, Battle Gear and Evolution cards in the kits, every rule option.

After every action every piece is in exactly one place, a legal action exists until the
end, and every match ends with a winner; states survive a JSON round trip and a clone;
the same seed gives the same events; `why_illegal` agrees with `legal_actions`.
"""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.classic import shipped_catalog
from game.rules.classic import (
    Evolve,
    IllegalAction,
    Land,
    MatchState,
    Miss,
    MoveBakugan,
    Pass,
    PlayAbility,
    PlayGear,
    PlayTrap,
    SetGate,
    Settings,
    TakeGate,
    Throw,
    random_kit,
)

CAT = shipped_catalog()

# (name, settings, matches)
CASES = [
    ("2p support", Settings(), 150),
    ("2p season 2, seed 000 level", Settings(season=2, game_level="unused_gates"), 100),
    ("2p official level", Settings(level_marked="official", clear_pair="each"), 100),
    ("2p big", Settings.preset(2, True), 200),
    ("3p", Settings.preset(3), 250),
    ("4p", Settings.preset(4), 250),
    ("3p field cards by anyone", Settings.preset(3, multi_cards="field_any"), 120),
    (
        "4p random order, field cards by anyone",
        Settings.preset(4, random_order=True, first_player=-1, multi_cards="field_any"),
        100,
    ),
    ("3p big", Settings.preset(3, True), 50),
    ("4p big", Settings.preset(4, True), 40),
]


def _new(seed: int, rules: Settings) -> MatchState:
    rng = random.Random(seed)
    kits = [
        random_kit(CAT, rng, rules, support=rng.randrange(5), evolutions=rng.random() < 0.7)
        for _ in range(rules.players)
    ]
    state, _ = MatchState.new(CAT, kits, rules, seed=seed)
    return state


def _play(seed: int, rules: Settings, check: bool) -> list[str]:
    rng = random.Random(seed ^ 0x5EED)
    state = _new(seed, rules)
    pieces = set(state.where())
    count = len(state.where())
    log: list[str] = []
    steps = 0
    while not state.is_over():
        legal = state.legal_actions()
        assert legal, f"seed {seed}: no legal action in {state!r}"
        action = legal[rng.randrange(len(legal))]
        log.extend(str(e) for e in state.apply(action))
        steps += 1
        assert steps < 4000, f"seed {seed}: the match does not end"
        if check:
            where = state.where()
            assert len(where) == count and set(where) == pieces, (
                f"seed {seed} after {action}: a piece is lost or doubled:"
                f" {sorted(set(where) ^ pieces)}"
            )
            if steps % 11 == 0:
                assert MatchState.from_json(state.to_json(), CAT) == state
                assert state.clone() == state
    assert state.winner is not None
    need = rules.gates_to_win
    assert len(state.players[state.winner].captured) == need
    assert all(len(p.captured) < need for i, p in enumerate(state.players) if i != state.winner)
    return log


@pytest.mark.parametrize(("name", "rules", "matches"), CASES, ids=[c[0] for c in CASES])
def test_random_matches_keep_every_piece_in_one_place_and_end(
    name: str, rules: Settings, matches: int
) -> None:
    for seed in range(matches):
        _play(seed, rules, check=True)


@pytest.mark.parametrize(("name", "rules", "matches"), CASES, ids=[c[0] for c in CASES])
def test_the_same_seed_gives_the_same_event_log(name: str, rules: Settings, matches: int) -> None:
    for seed in range(0, matches, 25):
        assert _play(seed, rules, check=False) == _play(seed, rules, check=False)


def test_every_new_action_kind_happens_in_random_play() -> None:
    seen: set[str] = set()
    for seed in range(60):
        rules = CASES[seed % len(CASES)][1]
        rng = random.Random(seed)
        state = _new(seed, rules)
        while not state.is_over():
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
            seen.add(type(action).__name__ + ("@" + state.phase if state.phase == "open" else ""))
            state.apply(action)
    assert {"PlayTrap", "PlayGear", "Evolve", "PlayAbility@open", "Pass@open"} <= seen


def _candidates(state: MatchState) -> list[object]:
    """Plausible actions, legal or not, to probe `why_illegal` against `legal_actions`."""
    out: list[object] = [Land((2, 1)), Land((0, 0)), Miss()]
    slots = [(c, r) for c in range(state.settings.grid[0]) for r in range(state.settings.grid[1])]
    for p, kit in enumerate(state.kits):
        out += [Pass(p)] + [TakeGate(p, s) for s in state.field]
        out += [Throw(p, b) for b in kit.bakugan]
        out += [SetGate(p, g, s) for g in kit.gates for s in slots]
        out += [PlayAbility(p, a) for a in kit.abilities]
        # with targets, taken or not (a card refuses one it does not take)
        out += [PlayAbility(p, a, b) for a in kit.abilities for b in kit.bakugan]
        out += [
            PlayAbility(p, a, b, s)
            for a in kit.abilities
            for b in kit.bakugan[:2]
            for s in state.field
        ]
        out += [PlayAbility(p, a, None, s) for a in kit.abilities for s in list(state.field)[:1]]
        out += [MoveBakugan(p, b, s) for b in kit.bakugan for s in state.field]
        out += [PlayTrap(p, t) for t in kit.traps]
        for x in kit.gear:
            ids = [a.id for a in CAT.gear[x].abilities]
            out += [PlayGear(p, x, c) for k in range(len(ids) + 1) for c in combinations(ids, k)]
            out += [PlayGear(p, x, (ids[0], ids[0])), PlayGear(p, x, ("no_such_ability",))]
        out += [Evolve(p, CAT.evolutions[e].base) for e in kit.evolutions]
    return out


@settings(max_examples=120, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 90), st.sampled_from(range(len(CASES))))
def test_why_illegal_agrees_with_legal_actions_and_refusals_change_nothing(
    seed: int, depth: int, case: int
) -> None:
    rules = CASES[case][1]
    rng = random.Random(seed)
    state = _new(seed, rules)
    for _ in range(depth):
        if state.is_over():
            break
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    legal_set = set(map(str, state.legal_actions()))
    for action in _candidates(state):
        problem = state.why_illegal(action)  # type: ignore[arg-type]
        if str(action) in legal_set:
            assert problem is None, f"{action} is listed legal but refused: {problem}"
            continue
        if problem is None and not isinstance(action, Land):
            raise AssertionError(f"{action} is accepted but not listed legal")
        if problem is not None:
            before = state.to_json()
            try:
                state.apply(action)  # type: ignore[arg-type]
            except IllegalAction as e:
                assert e.reason == problem and str(action) in str(e)
            else:
                raise AssertionError(f"{action} was applied despite {problem}")
            assert state.to_json() == before


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_observations_hide_hands_and_show_the_table_in_games_of_four(seed: int) -> None:
    rng = random.Random(seed)
    state = _new(seed, Settings.preset(4))
    for _ in range(300):
        if state.is_over():
            break
        for viewer in range(4):
            obs = state.observation(viewer)
            assert obs.me.abilities is not None and obs.me.gates is not None
            for pv in obs.players:
                ps = state.players[pv.player]
                assert pv.traps == tuple(ps.traps) and pv.gear == tuple(ps.gear)
                if pv.player != viewer:
                    assert pv.abilities is None and pv.gates is None
            assert obs.game_level == state.game_level() and obs.seating == (0, 1, 2, 3)
            if obs.battle is not None and obs.battle.supports:  # enough to rebuild a world
                data = state.to_json()["battle"]["supports"]
                assert [x.to_json() for x in obs.battle.supports] == data
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
