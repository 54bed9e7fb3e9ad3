"""Random Attack games for every player count and both variants: after every action
each card is in exactly one place, a legal action exists until the end, every game
ends; the same seed gives the same events; JSON round trips are exact; an illegal
action raises IllegalAction with the reason and changes nothing.

The suite plays a small seeded count; the issue's full count (2,000 games per count
and variant) is the same test with ``ATTACK_PROPERTY_GAMES=2000`` (docs/rules.md).
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter

import pytest

from game.content.attack import shipped_deck
from game.rules.attack import (
    CHANCE,
    AttackState,
    Deal,
    IllegalAction,
    Pick,
    PlayCard,
    Roll,
    Settings,
    Variant,
    parse_action,
)

DECK = shipped_deck()
GAMES = int(os.environ.get("ATTACK_PROPERTY_GAMES", "40"))
MAX_STEPS = 20_000
CASES = [(n, v) for n in (3, 4, 5) for v in Variant]


def _places(state: AttackState) -> Counter[str]:
    total: Counter[str] = Counter()
    for cards in state.where().values():
        total.update(cards)
    return total


def _illegal_tries(state: AttackState, rng: random.Random) -> list[object]:
    """Actions that must be refused now."""
    n = state.n
    current = state.current_players()
    tries: list[object] = [Roll(0, 7), PlayCard(n + 1, "1"), "not an action"]
    if current and current[0] != CHANCE:
        p = current[0]
        missing = [c for c in DECK.by_id if c not in state.hands[p]]
        if missing:
            tries.append(PlayCard(p, rng.choice(missing)))
        others = [q for q in range(n) if q not in current and state.hands[q]]
        if others:
            q = rng.choice(others)
            tries.append(PlayCard(q, state.hands[q][0]))
        tries.append(Roll(0, 3))
        tries.append(Deal(((),) * n))
    else:
        tries.append(PlayCard(0, "1"))
        tries.append(Pick(n + 2, "1"))
    return tries


def play(seed: int, players: int, variant: Variant, check: bool) -> list[str]:
    """One random game; with `check`, every invariant after every action."""
    rng = random.Random(seed ^ 0xA77AC)
    state, events = AttackState.new(DECK, Settings(players, variant), seed=seed)
    full = Counter(DECK.full())
    log = [str(e) for e in events]
    steps = 0
    while not state.is_over():
        current = state.current_players()
        assert current, f"seed {seed}: nobody to act but the game is not over"
        for p in current:
            legal = state.legal_actions(p)
            assert legal, f"seed {seed}: no legal action for p{p} in {state!r}"
        actor = current[rng.randrange(len(current))]
        legal = state.legal_actions(actor)
        if actor == CHANCE and rng.random() < 0.5:
            action = state.chance_action()
        else:
            action = legal[rng.randrange(len(legal))]
        if check:
            assert parse_action(str(action)) == action
            if steps % 5 == 0:
                before = state.to_json()
                for bad in _illegal_tries(state, rng):
                    with pytest.raises(IllegalAction) as refused:
                        state.apply(bad)  # type: ignore[arg-type]
                    assert refused.value.reason, f"seed {seed}: {bad}: no reason"
                    assert state.to_json() == before, f"seed {seed}: {bad} changed the state"
        log.extend(str(e) for e in state.apply(action))
        steps += 1
        assert steps < MAX_STEPS, f"seed {seed}: the game does not end"
        if check:
            assert _places(state) == full, f"seed {seed}: a card is lost or doubled"
            if steps % 9 == 0:
                data = state.to_json()
                again = AttackState.from_json(json.loads(json.dumps(data)), DECK)
                assert again.to_json() == data and again == state
                assert state.clone() == state
    result = state.result()
    assert result is not None and state.current_players() == ()
    best = min(state.points)
    winners = [p for p in range(players) if state.points[p] == best]
    assert [p for p in range(players) if result.places[p] == 0] == winners
    assert list(result.ranking) == sorted(range(players), key=lambda p: (state.points[p], p))
    assert max(state.points) >= 10 or state.over_reason in ("cards", "stalled", "deals")
    return log


@pytest.mark.parametrize(("players", "variant"), CASES, ids=[f"{n}-{v.value}" for n, v in CASES])
def test_random_games_keep_every_card_in_one_place_and_end(players: int, variant: Variant) -> None:
    for seed in range(GAMES):
        play(seed, players, variant, check=True)


@pytest.mark.parametrize(("players", "variant"), CASES, ids=[f"{n}-{v.value}" for n, v in CASES])
def test_the_same_seed_gives_the_same_events(players: int, variant: Variant) -> None:
    for seed in range(0, 6 * GAMES, 37):
        assert play(seed, players, variant, check=False) == play(seed, players, variant, False)


def test_different_seeds_give_different_games() -> None:
    logs = {tuple(play(seed, 4, Variant.STANDARD, check=False)) for seed in range(12)}
    assert len(logs) == 12


def test_chance_action_is_pure_and_is_what_the_sim_applies() -> None:
    state, _ = AttackState.new(DECK, Settings(4), seed=11)
    before = state.to_json()
    first = state.chance_action()
    assert state.chance_action() == first and state.to_json() == before
    state.apply(first)
    assert state.to_json() != before
