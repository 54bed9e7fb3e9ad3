"""Bakugan Attack!: the seed's words are the default (issue 25, point 7), the older
readings rule options, and files recorded under the older readings still play by them.

- «Игра продолжается до тех пор, пока кто-то не наберет 10 очков или более»: a deal
  without a catch does not end the game; it ends "stalled" only when no round of any
  deal of the cards left can catch (`catch_possible`, checked here against every
  ordered choice of cards); `stall = deal_without_catch` keeps the old end.
- «Кубик предлагается бросать перед каждой новой сдачей»: the house variant rolls the
  new targets before it deals; `house_roll = after_deal` keeps the old order.
- A save or a replay written by main before the options existed (tests/rules/data,
  recorded at bd7c8e9) has neither field and reads as the rules it was played with.
"""

from __future__ import annotations

import copy
import itertools
import random
from collections import Counter
from pathlib import Path

import pytest

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels
from game.match.attack.recording import rerun_attack
from game.match.attack.session import AttackMatch
from game.persist.replay_file import read_replay
from game.persist.saves import read_save
from game.rules.attack import (
    CHANCE,
    AttackState,
    HouseRoll,
    Phase,
    Settings,
    Stall,
    Variant,
    catch,
    catch_possible,
    parse_action,
)

DECK = shipped_deck()
DATA = Path(__file__).parents[1] / "data"
STALLED = DATA / "attack-main-bd7c8e9-stalled.replay.gz"  # ended by a deal without a catch
HOUSE = DATA / "attack-main-bd7c8e9-house.replay.gz"  # three deals, dealt then rolled


def _any_round_catches(pool: list[str], players: int) -> bool:
    """By brute force: some `players` of the cards, in some seat order, catch."""
    return any(
        catch(list(enumerate(cards)), DECK, players).catchers
        for cards in itertools.permutations(pool, players)
    )


def test_catch_possible_is_exactly_whether_some_round_of_the_cards_can_catch() -> None:
    rng = random.Random(25)
    full = DECK.full()
    kinds = sorted(full)
    seen = Counter[bool]()
    for _ in range(1500):
        players = rng.choice([3, 4, 5])
        few = rng.sample(kinds, rng.randint(1, 4))
        pool = [rng.choice(few) for _ in range(rng.randint(players, players + 2))]
        if any(k > full[c] for c, k in Counter(pool).items()):
            continue
        want = _any_round_catches(pool, players)
        assert catch_possible(pool, DECK, players) is want, (pool, players)
        seen[want] += 1
    assert seen[True] > 100 and seen[False] > 100  # both answers were tried often
    assert catch_possible(list(Counter(full).elements()), DECK, 4)


@pytest.mark.parametrize(
    ("pool", "players", "catches"),
    [
        (["5", "5", "5", "5"], 4, False),  # every 5 collides
        (["masquerade", "5", "5"], 3, False),  # the lowest collide; Masquerade has no number
        (["5", "5", "5", "5", "3"], 4, True),  # 5, 5, 5 and the 3 alone
        (["marucho", "3", "8"], 3, True),  # Marucho and the 3 collide and catch
        (["marucho", "4", "8"], 3, False),  # Marucho kept, nothing collides: nobody
        (["marucho", "dan", "4"], 3, True),  # Dan played last keeps his 11 alone
        (["3", "3", "marucho"], 3, True),  # all collide, and Marucho makes them catch
    ],
)
def test_the_cards_that_can_and_cannot_catch(pool: list[str], players: int, catches: bool) -> None:
    assert catch_possible(pool, DECK, players) is catches


def _play(seed: int, settings: Settings) -> AttackState:
    rng = random.Random(seed)
    state, _ = AttackState.new(DECK, settings, seed=seed)
    while not state.is_over():
        p = rng.choice(state.current_players())
        legal = state.legal_actions(p)
        state.apply(state.chance_action() if p == CHANCE else rng.choice(legal))
    return state


def test_a_stalled_end_only_comes_when_the_cards_left_cannot_catch() -> None:
    ends = Counter[str]()
    for seed in range(300):
        state = _play(seed, Settings(3))
        ends[state.over_reason] += 1
        if state.over_reason == "stalled":
            assert not catch_possible(state.discards, DECK, 3), f"seed {seed}"
    assert ends["stalled"] > 0 and ends["points"] > 250


def test_the_old_end_is_the_option_deal_without_catch() -> None:
    stalled_early = 0
    for seed in range(300):
        state = _play(seed, Settings(3, stall=Stall.DEAL_WITHOUT_CATCH))
        if state.over_reason == "stalled":
            assert not any(caught for _, caught in state.history), f"seed {seed}"
            stalled_early += catch_possible(state.discards + state.aside, DECK, 3)
    assert stalled_early > 0  # the old end came where the next deal could have caught


def _house_after_the_first_deal(settings: Settings) -> AttackState:
    """A house game whose first deal has just been scored."""
    state, _ = AttackState.new(DECK, settings, seed=3)
    while state.deal_no == 0 or any(state.hands) or state.phase is Phase.PLAY:
        p = state.current_players()[0]
        state.apply(state.chance_action() if p == CHANCE else state.legal_actions(p)[0])
    return state


def test_the_house_variant_rolls_the_new_targets_before_it_deals() -> None:
    state = _house_after_the_first_deal(Settings(4, Variant.HOUSE))
    assert state.phase is Phase.TARGET_ROLL and state.targets == [None] * 4
    assert not any(state.hands) and state.roller() == state.dealer
    kinds = []
    while state.phase is not Phase.PLAY:
        kinds += [type(e).__name__ for e in state.apply(state.chance_action())]
    assert kinds.index("TargetRolled") < kinds.index("Dealt") and kinds.count("TargetRolled") == 4
    assert state.deal_no == 2 and None not in state.targets


def test_the_old_house_order_is_the_option_after_deal() -> None:
    state = _house_after_the_first_deal(Settings(4, Variant.HOUSE, house_roll=HouseRoll.AFTER_DEAL))
    assert state.phase is Phase.DEAL
    kinds = []
    while state.phase is not Phase.PLAY:
        kinds += [type(e).__name__ for e in state.apply(state.chance_action())]
    assert kinds.index("Dealt") < kinds.index("TargetRolled")


def test_the_first_deal_is_dealt_then_rolled_in_both_variants() -> None:
    for variant in Variant:
        state, _ = AttackState.new(DECK, Settings(4, variant), seed=1)
        while state.phase in (Phase.DEALER_ROLL, Phase.DEAL):
            state.apply(state.chance_action())
        assert state.phase is Phase.TARGET_ROLL and state.deal_no == 1 and all(state.hands)


def test_settings_without_the_new_fields_read_as_the_rules_they_were_played_with() -> None:
    written = Settings(4, Variant.HOUSE).to_json()
    assert written["stall"] == "no_catch_possible" and written["house_roll"] == "before_deal"
    assert Settings.from_json(written) == Settings(4, Variant.HOUSE)
    old = {k: v for k, v in written.items() if k not in ("stall", "house_roll")}
    assert Settings.from_json(old) == Settings(
        4, Variant.HOUSE, stall=Stall.DEAL_WITHOUT_CATCH, house_roll=HouseRoll.AFTER_DEAL
    )


@pytest.mark.parametrize("path", [STALLED, HOUSE], ids=["stalled", "house"])
def test_a_replay_recorded_under_the_old_readings_verifies(path: Path) -> None:
    replay = read_replay(path)
    assert "stall" not in replay.header["settings"]
    run = rerun_attack(replay.header, replay.records, DECK)
    assert run.identical and run.state.is_over()
    if path == STALLED:
        assert run.state.over_reason == "stalled"
        assert catch_possible(run.state.discards + run.state.aside, DECK, run.state.n)
    # today's readings would play these records otherwise (a proof the test can fail)
    header = copy.deepcopy(replay.header)
    header["settings"].update(stall="no_catch_possible", house_roll="before_deal")
    try:
        again = rerun_attack(header, replay.records, DECK)
    except Exception:
        return
    assert not (again.identical and again.state.is_over())


@pytest.mark.parametrize("name", ["stalled", "house"])
def test_a_save_written_under_the_old_readings_resumes_by_them(name: str) -> None:
    saved = read_save((DATA / f"attack-autosave-main-bd7c8e9-{name}.json").read_bytes())
    match = AttackMatch.from_json(saved.payload, DECK, shipped_levels())
    assert match.state.settings.stall is Stall.DEAL_WITHOUT_CATCH
    assert match.state.settings.house_roll is HouseRoll.AFTER_DEAL
    replay = read_replay(STALLED if name == "stalled" else HOUSE)
    actions = [parse_action(r["a"]) for r in replay.records if r.get("t") == "act"]
    state = match.state
    # how far into the recorded game the save was written: replay until the states meet
    start, _ = AttackState.new(DECK, state.settings, seed=replay.header["seed"])
    saved_at = state.to_json()
    done = 0
    while start.to_json() != saved_at:
        start.apply(actions[done])
        done += 1
    for action in actions[done:]:
        state.apply(action)
    end = replay.end
    assert state.is_over() and end is not None and state.points == end["points"]
