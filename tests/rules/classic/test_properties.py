"""Random legal matches: invariants after every action, determinism, JSON round trips."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from game.content.classic import shipped_catalog
from game.rules.classic import (
    IllegalAction,
    Land,
    MatchState,
    Miss,
    MoveBakugan,
    Pass,
    PlayAbility,
    SetGate,
    TakeGate,
    Throw,
    random_kit,
)

CAT = shipped_catalog()
MATCHES = 2000


def _new(seed: int) -> MatchState:
    rng = random.Random(seed)
    state, _ = MatchState.new(CAT, [random_kit(CAT, rng), random_kit(CAT, rng)], seed=seed)
    return state


def _play(seed: int, check: bool) -> list[str]:
    rng = random.Random(seed ^ 0x5EED)
    state = _new(seed)
    pieces = set(state.where())
    log: list[str] = []
    steps = 0
    while not state.is_over():
        legal = state.legal_actions()
        assert legal, f"seed {seed}: no legal action in {state!r}"
        action = legal[rng.randrange(len(legal))]
        log.extend(str(e) for e in state.apply(action))
        steps += 1
        assert steps < 2000, f"seed {seed}: the match does not end"
        if check:
            assert set(state.where()) == pieces, f"seed {seed}: a piece is lost or doubled"
            assert len(state.where()) == 18
            if steps % 7 == 0:
                assert MatchState.from_json(state.to_json(), CAT) == state
    assert state.winner is not None
    assert len(state.players[state.winner].captured) == 3
    assert all(len(p.captured) < 3 for i, p in enumerate(state.players) if i != state.winner)
    return log


def test_random_matches_keep_every_piece_in_one_place_and_end_with_a_winner() -> None:
    for seed in range(MATCHES):
        _play(seed, check=True)


def test_the_same_seed_gives_the_same_event_log() -> None:
    for seed in range(0, MATCHES, 10):
        assert _play(seed, check=False) == _play(seed, check=False)


def _candidates(state: MatchState) -> list[object]:
    """Plausible actions, legal or not, to probe `why_illegal` against `legal_actions`."""
    out: list[object] = [Land((2, 1)), Land((0, 0)), Miss()]
    for p, kit in enumerate(state.kits):
        out += [Pass(p), TakeGate(p, (2, 1)), TakeGate(p, (2, 2))]
        out += [Throw(p, b) for b in kit.bakugan]
        out += [SetGate(p, g, (c, r)) for g in kit.gates for c in (1, 2, 3) for r in (0, 1, 2, 3)]
        out += [PlayAbility(p, a) for a in kit.abilities]
        out += [PlayAbility(p, a, b) for a in kit.abilities for b in kit.bakugan]
        out += [
            PlayAbility(p, a, b, s) for a in kit.abilities for b in kit.bakugan for s in state.field
        ]
        out += [MoveBakugan(p, b, s) for b in kit.bakugan for s in state.field]
    return out


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10_000), st.integers(0, 60))
def test_why_illegal_agrees_with_legal_actions_and_refusals_change_nothing(
    seed: int, depth: int
) -> None:
    rng = random.Random(seed)
    state = _new(seed)
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
