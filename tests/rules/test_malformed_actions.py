"""Every action that is not a legal action of its game is an `IllegalAction`, whatever
its types, in all three rules cores, and the state is unchanged after it (issue 25,
point 6).

Hypothesis draws the matches (a seed, the rule options) and a stock of wrong values
(None, floats, NaN, infinities, tuples, lists, strings, bools, huge ints, str and
tuple subclasses, other dataclasses); each match is played at random to its end, and at
random moments one of the actions legal then comes in with one field swapped for a
value of another type (or a whole object of the wrong kind comes in instead). Only
`IllegalAction` may come out, and `to_json()` must be what it was.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, get_type_hints

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.content.attack import shipped_deck
from game.content.classic import shipped_catalog
from game.content.planet import shipped_catalog as planet_catalog
from game.rules import attack, classic, planet
from game.rules.api import CHANCE, INT_LIMIT, IllegalAction

MATCHES = 120  # per core: the count
PROBE = 0.25  # the share of moments a wrong action comes in first


class Text(str):
    """A str subclass: equal to the id it spells, and still not a str."""


class Pair(tuple):  # type: ignore[type-arg]
    """A tuple subclass."""


@dataclass(frozen=True, slots=True)
class Stranger:
    """A dataclass of no game, with the fields every action has."""

    player: int = 0
    card: str = "1"


@dataclass(frozen=True, slots=True)
class Twin(attack.PlayCard):
    """A subclass of a game's own action class, fields and all."""


ODD = st.one_of(
    st.none(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([math.nan, math.inf, -math.inf, 0.0, 1.0, 2.5, 3.5, -0.0]),
    st.booleans(),
    st.sampled_from([INT_LIMIT, -INT_LIMIT - 1, 10**30, -(10**30), 10**5000, 1 << 62, -(1 << 62)]),
    st.text(max_size=4),
    st.binary(max_size=3),
    st.tuples(st.integers(-3, 3)),
    st.lists(st.integers(-3, 3), max_size=3),
    st.lists(st.text(max_size=3), max_size=3),
    st.tuples(st.text(max_size=3), st.integers()),
    st.just(Stranger()),
    st.just(attack.Roll(0, 3)),
    st.just({"player": 0}),
    st.just(object()),
)
"""Values that no field of any action may hold as they are (each is then checked to be
of another type than the field's, or a number no rule allows)."""


def _fits(value: Any, hint: Any) -> bool:
    """Whether `value` is an exact, sane value of the declared type (so it is not a
    wrong value for that field and the probe skips it)."""
    if hint is int:
        return type(value) is int and abs(value) < 1 << 40
    if hint in (str, bool):
        return type(value) is hint
    origin = getattr(hint, "__origin__", None)
    args = getattr(hint, "__args__", ())
    if origin is tuple:
        if type(value) is not tuple:
            return False
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_fits(v, args[0]) for v in value)
        return len(value) == len(args) and all(
            _fits(v, a) for v, a in zip(value, args, strict=True)
        )
    if args:  # a union (X | None)
        return any(value is None if a is type(None) else _fits(value, a) for a in args)
    return type(value) is hint


def _near(value: Any, hint: Any) -> list[Any]:
    """Wrong values made from a right one: the same number as a float or a bool, the id
    as a str subclass, a tuple as a list or a tuple subclass, a part swapped."""
    out: list[Any] = []
    if type(value) is int:
        out += [float(value), value == 1, str(value), [value], (value,)]
    if type(value) is str:
        out += [Text(value), [value], (value,), value.encode()]
        if value.isdigit():
            out.append(int(value))
    if type(value) is bool:
        out += [int(value), float(value), str(value).lower()]
    if type(value) is tuple:
        out += [list(value), Pair(value), (*value, value[0]) if value else (None,)]
        if value:
            out += [(None, *value[1:]), (float(value[0]) if type(value[0]) is int else 7,)]
    if value is None:
        out += [0, "", (), "none", False]
    if isinstance(value, tuple(t for t in (classic.Attribute,))):
        out += [value.value, str(value.value)]
    return [v for v in out if not _fits(v, hint)]


def _mutants(action: Any, odd: list[Any], rng: random.Random) -> list[Any]:
    """Copies of `action` with one field of a wrong value, and wrong objects."""
    hints = get_type_hints(type(action))
    out: list[Any] = [Twin(0, "1"), Stranger(), None, str(action), (action,)]
    for field in dataclasses.fields(action):
        hint = hints[field.name]
        choices = [v for v in odd if not _fits(v, hint)]
        choices += _near(getattr(action, field.name), hint)
        for value in rng.sample(choices, min(3, len(choices))):
            mutant = copy.copy(action)
            object.__setattr__(mutant, field.name, value)
            out.append(mutant)
    unset = type(action).__new__(type(action))  # no field set at all
    out.append(unset)
    return out


def _probe(state: Any, actions: list[Any], odd: list[Any], rng: random.Random) -> int:
    """Feed wrong actions made from `actions`; the count refused (all of them)."""
    before = state.to_json()
    fed = 0
    for mutant in _mutants(rng.choice(actions), odd, rng):
        try:
            state.apply(mutant)
        except IllegalAction as e:
            assert e.reason, f"{mutant!r}: refused without a reason"
        else:
            raise AssertionError(f"{type(mutant).__name__} {mutant!r} was applied")
        fed += 1
        assert state.to_json() == before, f"{mutant!r} changed the state"
    return fed


Step = Callable[[Any, random.Random], list[Any]]


def _match(state: Any, actors: Step, odd: list[Any], seed: int, cap: int) -> int:
    """Play `state` at random to its end, probing at random moments."""
    rng = random.Random(seed)
    fed = 0
    for _ in range(cap):
        if state.is_over():
            break
        legal = actors(state, rng)
        if rng.random() < PROBE:
            fed += _probe(state, legal, odd, rng)
        state.apply(rng.choice(legal))
    else:
        raise AssertionError(f"seed {seed}: the match did not end in {cap} actions")
    fed += _probe(state, [legal[0]], odd, rng)  # over: still refused, unchanged
    return fed


def _acting(state: Any, rng: random.Random) -> list[Any]:
    players = state.current_players()
    return list(state.legal_actions(rng.choice(players)))


SETUP = dict(
    max_examples=MATCHES,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ODDS = st.lists(ODD, min_size=8, max_size=24)


@settings(**SETUP)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]), odd=ODDS)
def test_the_classic_core_refuses_every_wrong_action_unchanged(
    seed: int, players: int, odd: list[Any]
) -> None:
    cat = shipped_catalog()
    rng = random.Random(seed)
    multi = rng.choice(["own_battle", "field_any"])
    rules = classic.Settings.preset(players, multi_cards=multi)
    kits = [
        classic.random_kit(cat, rng, rules, support=rng.randrange(5), evolutions=rng.random() < 0.5)
        for _ in range(players)
    ]
    state, _ = classic.MatchState.new(cat, kits, rules, seed=seed)
    assert _match(state, lambda s, r: s.legal_actions(), odd, seed, 5000) > 0


@settings(**SETUP)
@given(
    seed=st.integers(0, 2**32 - 1),
    players=st.sampled_from([3, 4, 5]),
    variant=st.sampled_from(list(attack.Variant)),
    odd=ODDS,
)
def test_the_attack_core_refuses_every_wrong_action_unchanged(
    seed: int, players: int, variant: attack.Variant, odd: list[Any]
) -> None:
    state, _ = attack.AttackState.new(shipped_deck(), attack.Settings(players, variant), seed)
    assert _match(state, _acting, odd, seed, 20_000) > 0


@settings(**SETUP)
@given(
    seed=st.integers(0, 2**32 - 1),
    card_play=st.sampled_from(list(planet.CardPlay)),
    odd=ODDS,
)
def test_the_planet_core_refuses_every_wrong_action_unchanged(
    seed: int, card_play: planet.CardPlay, odd: list[Any]
) -> None:
    cat = planet_catalog()
    presets = sorted(cat.presets)
    rng = random.Random(seed)
    kits = [cat.presets[rng.choice(presets)].kit for _ in range(2)]
    state, _ = planet.PlanetState.new(cat, kits, planet.Settings(card_play=card_play), seed)
    assert _match(state, _acting, odd, seed, 20_000) > 0


def test_a_roll_off_face_of_five_and_a_half_wins_nothing() -> None:
    state, _ = attack.AttackState.new(shipped_deck(), attack.Settings(4), seed=1)
    for p in range(3):
        state.apply(attack.Roll(p, 1))
    before = state.to_json()
    for face in (5.5, "3", 6.0, True, None, 10**5000):
        with pytest.raises(IllegalAction, match=r"Roll\.face"):
            state.apply(attack.Roll(3, face))  # type: ignore[arg-type]
    assert state.to_json() == before and state.dealer == -1


def test_a_target_of_two_and_a_half_is_never_stored() -> None:
    state, _ = attack.AttackState.new(shipped_deck(), attack.Settings(4), seed=1)
    while state.phase is not attack.Phase.TARGET_ROLL:
        state.apply(state.chance_action())
    due = state.roller()
    with pytest.raises(IllegalAction):
        state.apply(attack.Roll(due, 2.5))  # type: ignore[arg-type]
    assert state.targets == [None] * 4
    state.apply(attack.Roll(due, 2))
    assert state.targets[due] == 2
    assert attack.AttackState.from_json(state.to_json(), shipped_deck()) == state


def test_a_deal_of_int_card_ids_is_refused_not_a_type_error() -> None:
    state, _ = attack.AttackState.new(shipped_deck(), attack.Settings(4), seed=1)
    while state.phase is not attack.Phase.DEAL:
        state.apply(state.chance_action())
    deal = state.chance_action()
    assert isinstance(deal, attack.Deal)
    numbers = tuple(tuple(int(c) if c.isdigit() else c for c in h) for h in deal.hands)
    before = state.to_json()
    for wrong in (attack.Deal(numbers, deal.aside), attack.Deal(list(deal.hands), deal.aside)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction, match=r"Deal\.hands"):
            state.apply(wrong)
    assert state.to_json() == before
    state.apply(deal)


def test_a_chance_outcome_comes_only_from_chance() -> None:
    state, _ = attack.AttackState.new(shipped_deck(), attack.Settings(4), seed=1)
    with pytest.raises(IllegalAction, match="chance"):
        state.apply(attack.Roll(0, 3, player=2))
    state.apply(attack.Roll(0, 3, player=CHANCE))
    assert state.rolls == [3]


def test_a_refusal_names_the_field_and_its_type() -> None:
    state, _ = planet.PlanetState.new(
        planet_catalog(), [p.kit for p in list(planet_catalog().presets.values())[:2]]
    )
    with pytest.raises(IllegalAction) as caught:
        state.apply(planet.PlayCard(0, "spark", ["p1"]))  # type: ignore[arg-type]
    assert caught.value.reason.code == "action.field"  # type: ignore[attr-defined]
    assert "PlayCard.targets must be tuple[str, ...]" in str(caught.value)
    with pytest.raises(IllegalAction) as caught:
        state.apply(classic.Pass(0))  # type: ignore[arg-type]
    assert caught.value.reason.code == "action.kind"  # type: ignore[attr-defined]
    assert "not an action of Battle Planet: Pass" in str(caught.value)
