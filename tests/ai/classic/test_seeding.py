"""Every bot decision draws from a generator of its own (`game.ai.seeding`), and Hard's
search is counted in iterations: the wall clock only stops it as a safety net, and
when it does the bot records it (issue 18)."""

from __future__ import annotations

import random

from game.ai.classic.levels import Level
from game.ai.classic.player import LevelPolicy
from game.ai.seeding import decision_rng
from game.rules.classic import CHANCE, MatchState

from .helpers import CAT, play_randomly_until, quick_hard, started


def _first_search_position(seed: int) -> tuple[MatchState, int]:
    """A position of a started match where a player acts in the main phase of turn 2
    or later (random play up to it)."""
    for k in range(seed, seed + 20):
        state = started(k)
        if play_randomly_until(state, random.Random(k), "main", 2):
            p = state.current_player()
            assert p is not None and p != CHANCE
            if len(state.legal_actions(p)) > 1:
                return state, p
    raise AssertionError("no position found")


def _decide(level: Level, seed: int, position: int) -> LevelPolicy:
    state, p = _first_search_position(position)
    bot = LevelPolicy(CAT, level, seed)
    bot.choose(state.observation(p), state.legal_actions(p))
    return bot


def test_decision_generators_differ_by_seed_and_number_and_repeat() -> None:
    draws = {(s, n): decision_rng("level-bot", s, n).random() for s in range(3) for n in range(3)}
    assert len(set(draws.values())) == 9
    assert decision_rng("level-bot", 2, 1).random() == draws[(2, 1)]
    assert decision_rng("aim", 2, 1).random() != draws[(2, 1)]


def test_hard_searches_its_whole_budget_and_repeats_itself() -> None:
    level = quick_hard(iterations=48, think_cap_s=60.0)
    first = _decide(level, 3, 11)
    again = _decide(level, 3, 11)
    assert first.last_search and sum(first.last_search.values()) == 48
    assert first.last_search == again.last_search
    assert first.cap_trips == 0 and not first.last_capped
    assert first.decisions == 1


def test_the_safety_cap_is_recorded_when_it_trips() -> None:
    level = quick_hard(iterations=5000, think_cap_s=0.0)
    bot = _decide(level, 3, 11)
    assert bot.last_capped and bot.cap_trips == 1
    assert sum(bot.last_search.values()) < 5000
    assert bot.snapshot()["cap_trips"] == 1


def test_decision_unit_is_a_fixed_uniform_draw_per_stream_seed_and_decision() -> None:
    from game.ai.seeding import decision_unit

    draws = [decision_unit("s", 7, n) for n in range(4000)]
    assert draws == [decision_unit("s", 7, n) for n in range(4000)]  # a pure function
    assert all(0.0 <= u < 1.0 for u in draws)
    counts = [0] * 10
    for u in draws:
        counts[int(u * 10)] += 1
    assert all(330 <= c <= 470 for c in counts), counts  # 400 each, about 5 sigma
    assert draws[:50] != [decision_unit("t", 7, n) for n in range(50)]  # streams apart
    assert draws[:50] != [decision_unit("s", 8, n) for n in range(50)]  # seeds apart
    # pinned: a platform or refactor that changed the mixing would change every game
    assert decision_unit("attack-random", 0, 0) == 0.36631836991782185
