"""The rules core's invariants (`game.rules.classic.invariants`): every reachable state
satisfies them, and each way a file can make a state impossible is named."""

from __future__ import annotations

import os
import random
from collections.abc import Callable
from typing import Any

import pytest

from game.content.classic import shipped_catalog
from game.rules.classic import MatchState, Settings, random_kit
from game.rules.classic.invariants import InvalidState, check, problems
from game.rules.classic.state import BATTLE, MAIN

CAT = shipped_catalog()
# The suite plays 120 matches; the full run is 2,000 (about 125,000 states, 18 s CPU):
#   BAKUGAN_INVARIANT_MATCHES=2000 python -m pytest tests/rules/classic/test_invariants.py -k random
MATCHES = int(os.environ.get("BAKUGAN_INVARIANT_MATCHES", "120"))


def _match(seed: int) -> tuple[MatchState, random.Random]:
    rng = random.Random(seed)
    players = (2, 2, 3, 4)[seed % 4]
    settings = Settings.preset(players, seed % 5 == 0, season=2 if seed % 7 == 0 else 3)
    kits = [
        random_kit(CAT, rng, settings, support=seed % 3, evolutions=seed % 2 == 0)
        for _ in range(players)
    ]
    return MatchState.new(CAT, kits, settings, seed=seed)[0], rng


def test_every_state_of_random_matches_keeps_the_invariants() -> None:
    for seed in range(MATCHES):
        state, rng = _match(seed)
        while True:
            assert problems(state) == [], f"seed {seed}: {state!r}"
            if state.is_over():
                break
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])


def _reach(phase: str, seed: int = 1) -> MatchState:
    """A state of a random two-player match in `phase` (with Bakugan on the field)."""
    for s in range(seed, seed + 200):
        rng = random.Random(s)
        state = MatchState.new(CAT, [random_kit(CAT, rng), random_kit(CAT, rng)], seed=s)[0]
        while not state.is_over():
            standing = any(fg.standing for fg in state.field.values())
            if state.phase == phase and (standing or phase == BATTLE):
                return state
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
        if phase == "over":
            return state
    raise AssertionError(f"no {phase} state reached")


def _data(state: MatchState, change: Callable[[dict[str, Any]], None]) -> MatchState:
    data = state.to_json()
    change(data)
    return MatchState.from_json(data, CAT)


def _first_gate(data: dict[str, Any]) -> dict[str, Any]:
    gate: dict[str, Any] = data["field"][0]
    return gate


def _empty_slot(data: dict[str, Any]) -> list[int]:
    taken = [f["slot"] for f in data["field"]]
    return next([c, r] for c in range(5) for r in range(4) if [c, r] not in taken)


CASES: list[tuple[str, str, Callable[[dict[str, Any]], None], str]] = [
    ("turn player out of range", MAIN, lambda d: d.update(turn_player=5), "turn_player: 5"),
    ("an unknown phase", MAIN, lambda d: d.update(phase="nap"), "phase: 'nap'"),
    (
        "a field card owned by no player",
        MAIN,
        lambda d: _first_gate(d).update(owner=7),
        "owner 7 is not a player",
    ),
    (
        "a battle on an empty slot",
        BATTLE,
        lambda d: d["battle"].update(slot=_empty_slot(d)),
        "no Gate Card lies there",
    ),
    (
        "the same Bakugan in two places",
        MAIN,
        lambda d: d["players"][0]["used"].append((d["players"][0]["unused"] or ["x"])[0]),
        "in 2 places",
    ),
    ("a piece lost", MAIN, lambda d: d["players"][1]["abilities"].clear(), "in no place at all"),
    (
        "captures to win and the match not over",
        "over",
        lambda d: d.update(phase="main", winner=None),
        "hold the 3 captures to win, but the match is not over",
    ),
    ("a winner while the match goes on", MAIN, lambda d: d.update(winner=1), "not over"),
    (
        "captures to win beyond the cards in play",
        MAIN,
        lambda d: d["settings"].update(gates_to_win=10**20),
        "could never end",
    ),
    (
        "a settings field of the wrong type",
        MAIN,
        lambda d: d["settings"].update(players="2"),
        "settings",
    ),
    ("a grid of a billion slots", MAIN, lambda d: d["settings"].update(grid=[10**9, 4]), "grid"),
    ("a turn of the wrong type", MAIN, lambda d: d.update(turn="3"), "turn: '3'"),
    ("a battle outside BATTLE", MAIN, lambda d: d.update(battle=None, phase=BATTLE), "battle"),
]


@pytest.mark.parametrize(("name", "phase", "change", "words"), CASES, ids=[c[0] for c in CASES])
def test_an_impossible_state_is_named(
    name: str, phase: str, change: Callable[[dict[str, Any]], None], words: str
) -> None:
    state = _data(_reach(phase), change)
    found = problems(state)
    assert found and any(words in p for p in found), found
    with pytest.raises(InvalidState) as caught:
        check(state)
    assert words in str(caught.value) or len(found) > 8


def test_problems_never_raise_whatever_the_fields_hold() -> None:
    state = _reach(MAIN)
    for value in (None, "x", [1, [2]], {"a": 1}, 1.5, -1, 10**40, True):
        for field in ("turn_player", "phase", "turn", "winner", "seating", "pending", "choice"):
            broken = state.clone()
            setattr(broken, field, value)
            assert isinstance(problems(broken), list)
