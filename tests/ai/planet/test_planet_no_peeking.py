"""A Battle Planet bot sees what its seat sees and nothing more.

Two real matches that differ only in what the bot may not see (the opponent's hand,
deck and Energy faces, its own deck order, the opponent's choice in a step both take at
once) give the bot the same observation, and each level answers both with the same
decision for the same seed, Hard's search included. The bot is handed observations
only: nothing it keeps after a decision is a match state of the real game.
"""

from __future__ import annotations

import gc
import random
from dataclasses import replace

from game.ai.planet.bots import make_bot
from game.ai.planet.player import LevelBot
from game.rules.planet import Action, Energize, Phase, Pick, PlanetState
from game.rules.planet.worlds import Guess, true_guess, world

from .helpers import CAT, LEVELS, quick_hard, random_until


def _other_truth(state: PlanetState, viewer: int, rng: random.Random) -> PlanetState:
    """A real match that differs from `state` only where `viewer` cannot see."""
    g = true_guess(state, viewer)
    hidden = list(g.hand + g.deck + g.energy)
    rng.shuffle(hidden)
    a, b = len(g.hand), len(g.hand) + len(g.deck)
    own = list(g.own_deck)
    rng.shuffle(own)
    commit: Action | None = g.commit
    q = 1 - viewer
    if isinstance(commit, Energize):
        commit = Energize(q, hidden[0] if hidden[:a] else None)
    elif isinstance(commit, Pick):
        closed = [b.character for b in state.sides[q].bakugan if not b.open]
        commit = Pick(q, closed[-1])
    other: Guess = replace(
        g,
        own_deck=tuple(own),
        hand=tuple(hidden[:a]),
        deck=tuple(hidden[a:b]),
        energy=tuple(hidden[b:]),
        commit=commit,
    )
    return world(state.observation(viewer), CAT, other, seed=99)


def _decisions() -> list[tuple[PlanetState, int]]:
    out = []
    phases = [Phase.ENERGIZE, Phase.MAIN, Phase.SELECT, Phase.POWER, Phase.VICTORY, Phase.END]
    seed = 0
    while phases:
        seed += 1
        want = phases[0]
        state = random_until(seed, lambda s, w=want: s.phase is w and s.turn >= 2)  # type: ignore[misc]
        if state is None:
            continue
        p = state.current_players()[0]
        if want in (Phase.ENERGIZE, Phase.SELECT):
            state.apply(state.legal_actions(1 - p)[-1])  # the other has chosen already
        out.append((state, p))
        phases.pop(0)
    return out


def test_hidden_differences_change_neither_the_view_nor_any_levels_decision() -> None:
    rng = random.Random(1)
    levels = {"easy": LEVELS["easy"], "normal": LEVELS["normal"], "hard": quick_hard()}
    checked = 0
    for state, p in _decisions():
        twin = _other_truth(state, p, rng)
        assert twin.to_json() != state.to_json()  # the secrets differ ...
        assert twin.observation(p) == state.observation(p)  # ... but not the view
        for name, level in levels.items():
            choices = []
            for real in (state, twin):
                bot = LevelBot(CAT, replace(level, mistakes=0.0), seed=7)
                choices.append(bot.choose(real.observation(p), real.legal_actions(p)))
            assert choices[0] == choices[1], (name, state.phase, choices)
            checked += 1
    assert checked == 18


def test_nothing_a_bot_keeps_is_the_real_match() -> None:
    found = (random_until(seed, lambda s: s.phase is Phase.POWER) for seed in range(3, 60))
    state = next(s for s in found if s is not None)  # a match that reaches a Power step
    p = state.current_players()[0]
    bot = LevelBot(CAT, quick_hard(), seed=1)
    bot.choose(state.observation(p), state.legal_actions(p))
    gc.collect()
    reachable = [o for o in gc.get_referrers(state) if o is not None]
    assert not any(r is bot or r is vars(bot) for r in reachable)
    for value in vars(bot).values() if hasattr(bot, "__dict__") else ():
        assert value is not state


def test_the_simple_bots_take_only_what_they_are_given() -> None:
    state = random_until(5, lambda s: s.phase is Phase.MAIN)
    assert state is not None
    p = state.current_players()[0]
    legal = state.legal_actions(p)
    for name in ("random", "greedy", "easy", "normal"):
        bot = make_bot(name, CAT, 3, LEVELS)
        obs = state.observation(p) if bot.observes else None
        assert bot.choose(obs, legal) in legal
