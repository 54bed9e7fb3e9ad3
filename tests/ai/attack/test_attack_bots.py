"""The Attack bots: they play whole games legally from their observation only, aim at
their own target, decide the same for the same seed, and never see hidden cards."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from types import MappingProxyType

import pytest

from game.ai.attack import LevelPolicy, RandomPolicy, make_policy
from game.content.attack import shipped_deck
from game.games.attack import shipped_levels as shipped_attack_levels
from game.match.attack.sim import play_game, run_tally
from game.rules.attack import (
    CHANCE,
    Action,
    AttackState,
    Deal,
    Deck,
    Observation,
    PlayCard,
    PlayerSetup,
    Roll,
    Settings,
    Variant,
)

DECK = shipped_deck()
LEVELS = shipped_attack_levels()


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("variant", list(Variant))
def test_easy_and_normal_play_whole_games(players: int, variant: Variant) -> None:
    names = ["easy", "normal", "random", "normal", "easy"][:players]
    for seed in range(2):
        bots = [make_policy(n, DECK, seed * 10 + i, LEVELS) for i, n in enumerate(names)]
        record = play_game(DECK, Settings(players, variant), bots, seed)
        assert abs(sum(record.shares) - 1) < 1e-9 and record.deals >= 1


def test_hard_plays_a_whole_game() -> None:
    bots = [make_policy(n, DECK, i, LEVELS) for i, n in enumerate(["hard", "normal", "easy"])]
    record = play_game(DECK, Settings(3), bots, 5)
    hard = bots[0]
    assert isinstance(hard, LevelPolicy) and hard.thinking
    assert record.rounds > 10


def _state_at_play(seed: int, plays: int, players: int = 4) -> AttackState:
    """A game some plays into its first deal, moved by random legal actions."""
    state, _ = AttackState.new(DECK, Settings(players), seed=seed)
    rng = random.Random(seed)
    while True:
        current = state.current_players()
        if current[0] == CHANCE:
            state.apply(state.chance_action())
            continue
        if plays == 0 and state.phase.value == "play":
            return state
        legal = state.legal_actions(current[0])
        state.apply(legal[rng.randrange(len(legal))])
        plays -= 1


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_decides_from_its_observation_only(level: str) -> None:
    """Swap two other players' hands: the bot's observation is the same, and so is its
    decision; a bot never gets more than the observation and the legal actions."""
    for seed in (1, 2, 3):
        state = _state_at_play(seed, plays=5)
        me = state.current_players()[0]
        a, b = [p for p in range(state.n) if p != me][:2]
        data = state.to_json()
        data["hands"][a], data["hands"][b] = data["hands"][b], data["hands"][a]
        if len(data["hands"][a]) != len(data["hands"][b]):
            continue
        other = AttackState.from_json(data, DECK)
        assert other.to_json() != state.to_json()
        assert other.observation(me) == state.observation(me)
        picks = []
        for s in (state, other):
            bot = make_policy(level, DECK, 42, LEVELS)
            picks.append(bot.choose(s.observation(me), s.legal_actions(me)))
        assert picks[0] == picks[1]


def test_the_same_seed_gives_the_same_decisions() -> None:
    state = _state_at_play(7, plays=2)
    me = state.current_players()[0]
    for level in ("easy", "normal", "hard"):
        picks = {
            str(
                make_policy(level, DECK, 9, LEVELS).choose(
                    state.observation(me), state.legal_actions(me)
                )
            )
            for _ in range(3)
        }
        assert len(picks) == 1, (level, picks)


def _last_to_play(target_face: int) -> tuple[Observation, list[Action]]:
    """Five players; p4 plays last in a round of 5, 6, 7 and 8 and holds 10 and 2; the
    others keep a 1 each for the last round. The 10 catches now and then his 2 catches
    too (the four 1s collide); the 2 now lets the 8 catch, and the 10 catches later."""
    hands = (("1", "5"), ("1", "6"), ("1", "7"), ("1", "8"), ("2", "10"))
    keep = Counter(c for hand in hands for c in hand)
    remove = MappingProxyType({c: k - keep.get(c, 0) for c, k in DECK.full().items()})
    deck = Deck(DECK.cards, {5: PlayerSetup(5, remove, -1)})
    state, _ = AttackState.new(deck, Settings(5), seed=0)
    for p in range(5):
        state.apply(Roll(p, 6 if p == 0 else 1))
    state.apply(Deal(hands))
    for _ in range(5):
        roller = state.roller()
        state.apply(Roll(roller, target_face if roller == 4 else 1))
    for p, card in ((0, "5"), (1, "6"), (2, "7"), (3, "8")):
        state.apply(PlayCard(p, card))
    return state.observation(4), state.legal_actions(4)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
@pytest.mark.parametrize(("face", "best"), [(1, "p4 play 2"), (3, "p4 play 10")])
def test_a_bot_aims_at_its_own_target(level: str, face: int, best: str) -> None:
    """Target 0 (a 1 rolled by five players): the 2 now costs one Bakugan too many, the
    10 two. Target 2: the 10 now is exactly two."""
    obs, legal = _last_to_play(face)
    assert obs.me.target == face - 1
    bot = make_policy(level, DECK, 3, LEVELS)
    assert isinstance(bot, LevelPolicy)
    bot.level = replace(bot.level, mistakes=0.0)  # Easy's careless moments aside
    assert str(bot.choose(obs, legal)) == best


def test_random_policy_asks_for_no_observation() -> None:
    bot = RandomPolicy(1)
    assert bot.observes is False
    legal = [PlayCard(0, "1"), PlayCard(0, "2")]
    assert bot.choose(None, legal) in legal


def test_the_sim_reports_the_promised_keys_and_counts_every_game() -> None:
    names, settings = ["easy", "random", "easy", "random"], Settings(4)
    report = run_tally(DECK, names, 12, 3, settings, LEVELS).to_json(settings)
    for key in ("games", "wins", "matches_per_sec", "mean_deals", "mean_rounds", "win_rates"):
        assert key in report
    assert report["games"] == 12
    assert abs(sum(report["wins"].values()) - 12) < 1e-9
    assert abs(sum(level["rate"] for level in report["levels"].values()) - 1) < 1e-9
    assert json.loads(json.dumps(report)) == report
    again = run_tally(DECK, names, 12, 3, settings, LEVELS).to_json(settings)
    assert again["wins"] == report["wins"]


def test_a_run_played_in_parts_and_merged_is_the_run_played_at_once() -> None:
    """Game `first + g` of a run is the same game however the run is split (the ladder
    benchmark plays its runs in parts and merges them)."""
    names, settings = ["easy", "random", "normal", "random"], Settings(4)
    whole = run_tally(DECK, names, 6, 5, settings, LEVELS).to_json(settings)
    parts = run_tally(DECK, names, 0, 5, settings, LEVELS)
    for first in (0, 2, 3):
        parts.merge(run_tally(DECK, names, {0: 2, 2: 1, 3: 3}[first], 5, settings, LEVELS, first))
    merged = parts.to_json(settings)
    for report in (whole, merged):
        report.pop("matches_per_sec")
    assert merged == whole and merged["games"] == 6
