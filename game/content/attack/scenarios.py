"""Loads Bakugan Attack! scenario files (``game = "attack"``; format in docs/scenarios.md,
"Bakugan Attack! scenarios") into `AttackScenario` records.

A malformed file raises `ContentError` listing every problem as ``file: field:
problem``, whatever its bytes; the card ids it names are checked against the deck, so a
typo is an error, never a silent pass.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules.attack import (
    Action,
    ActionSyntaxError,
    Deck,
    HouseRoll,
    Stall,
    Variant,
    parse_action,
)

from ..reader import INVALID, Int, ListOf, OneOf, Raw, Reader, Str, Table
from ..scenario_files import MAX_FILE_BYTES, step_tables

SETUP_KEYS = {
    "players",
    "variant",
    "seed",
    "end_score",
    "max_deals",
    "stall",
    "house_roll",
    "dealer",
    "target_dice",
    "hands",
    "aside",
    "keep",
}
EXPECT_KEYS = {
    "phase",
    "current",
    "dealer",
    "leader",
    "deal",
    "round",
    "targets",
    "points",
    "caught",
    "hands",
    "hand_sizes",
    "discards",
    "aside",
    "removed",
    "table",
    "events",
    "no_events",
    "legal",
    "not_legal",
    "winners",
    "ranking",
    "over_reason",
    "observation",
    "settings_error",
}
OBSERVATION_KEYS = {
    "viewer",
    "hand",
    "hand_sizes",
    "caught_counts",
    "my_caught",
    "table",
    "chosen",
    "my_choice",
    "current",
    "targets",
    "deal_pool",
    "rounds",
}


@dataclass(frozen=True, slots=True)
class AttackStep:
    text: str
    action: Action | None  # None: "chance", the outcome the game's seed draws
    error: str | None = None  # it must be refused with a reason containing this
    events: tuple[str, ...] = ()  # each must be in some event this step returns


@dataclass(frozen=True, slots=True)
class AttackScenario:
    path: Path
    name: str
    rule: str
    players: int
    variant: Variant
    seed: int
    end_score: int
    max_deals: int
    stall: Stall
    house_roll: HouseRoll
    dealer: int | None
    target_dice: tuple[int, ...] | None
    hands: tuple[tuple[str, ...], ...] | None
    aside: tuple[str, ...]
    keep: tuple[str, ...] | None
    steps: tuple[AttackStep, ...]
    expect: dict[str, Any] = field(default_factory=dict)


_TOP = ("game", "name", "rule", "steps", "setup", "expect")
_INT = Int(-(2**63), 2**63 - 1)
_TEXTS = ListOf(Str(blank=True), default=[], items="whole", expected="a list of strings")
_STEP = {"do": Str(blank=True), "error": Str(blank=True, default=None), "events": _TEXTS}
_WORDS = {"noun.integer": "a whole number", "unknown": "unknown field (one of {allowed})"}


def _cards(r: Reader, value: Any, deck: Deck, where: str) -> tuple[str, ...]:
    """The card ids of a list (after a problem, what is returned is never used: the
    file is refused)."""
    if not isinstance(value, list) or not all(isinstance(v, str | int) for v in value):
        r.say(None, where, "must be a list of card ids")
        return ()
    cards = tuple(str(v) for v in value)
    for card in cards:
        if card not in deck.by_id:
            r.say(None, where, f"unknown card {card!r} (one of {', '.join(deck.by_id)})")
            break
    return cards


def _action(r: Reader, text: str, where: str) -> Action | None:
    if text.strip() == "chance":
        return None
    try:
        return parse_action(text)
    except ActionSyntaxError as e:
        r.say(None, where, str(e))
        return None


def _steps(r: Reader, raw: Any) -> tuple[AttackStep, ...]:
    steps = []
    wrong = "a step is an action text or a table with do = ACTION"
    for where, item, v in step_tables(r, raw, _STEP, wrong):
        action = _action(r, item["do"], where)
        if r.valid(v):
            steps.append(AttackStep(v["do"], action, v["error"], tuple(v["events"])))
    return tuple(steps)


def _hands(r: Reader, raw: Any, players: int, deck: Deck) -> tuple[tuple[str, ...], ...]:
    if not isinstance(raw, dict):
        r.say(None, "setup.hands", "must be a table p0 = [...], p1 = [...] ...")
        return ()
    seats = [f"p{i}" for i in range(players)]
    if sorted(raw) != sorted(seats):
        r.say(None, "setup.hands", f"must name exactly {', '.join(seats)}")
        return ()
    return tuple(_cards(r, raw[s], deck, f"setup.hands.{s}") for s in seats)


def _setup(r: Reader, setup: dict[str, Any], deck: Deck) -> dict[str, Any]:
    """The setup's values (INVALID where one did not read)."""
    schema = {
        "players": Int(0, 99, default=4),
        "variant": OneOf(tuple(v.value for v in Variant), default="standard"),
        "seed": Int(-(2**63), 2**63 - 1, default=0),
        "end_score": Int(-(2**31), 2**31, default=10),
        "max_deals": Int(0, 10**6, default=100),
        "stall": OneOf(tuple(v.value for v in Stall), default=Stall.NO_CATCH_POSSIBLE.value),
        "house_roll": OneOf(tuple(v.value for v in HouseRoll), default=HouseRoll.BEFORE_DEAL.value),
        "dealer": Int(0, 99, default=None),
        "target_dice": ListOf(Int(-99, 99), default=None, expected="a list of die faces"),
        "hands": Raw(default=None),
        "aside": Raw(default=[]),
        "keep": Raw(default=None),
    }
    v = r.fields(setup, schema, None, "setup")
    players = v["players"]
    if players is INVALID:
        return v
    if v["dealer"] is not None and v["dealer"] is not INVALID and not v["dealer"] < max(players, 1):
        v["dealer"] = r.say(None, "setup.dealer", f"no player p{v['dealer']} among {players}")
    dice = v["target_dice"]
    if dice is not None and dice is not INVALID and len(dice) != players:
        v["target_dice"] = r.say(
            None, "setup.target_dice", f"must list {players} die faces, p0 first"
        )
    if v["hands"] is not None:
        v["hands"] = _hands(r, v["hands"], players, deck)
    v["aside"] = _cards(r, v["aside"], deck, "setup.aside")
    if v["keep"] is not None:
        v["keep"] = _cards(r, v["keep"], deck, "setup.keep")
    return v


def load_attack_scenario(path: Path, deck: Deck) -> AttackScenario:
    """The scenario in `path`; raises `ContentError` listing every problem."""
    r = Reader.open(path, MAX_FILE_BYTES, label=str(path), one_record=True, words=_WORDS)
    data = r.data
    r.unknown(data, _TOP)
    if data.get("game") != "attack":
        r.say(None, "game", 'an Attack scenario starts with game = "attack"')
    name = r.get(data, "name", Str(expected="a name: a scenario needs one"))
    rule = r.get(data, "rule", Str(default="", blank=True, expected="the rule's sentence"))
    setup = r.get(data, "setup", Table(default={}))
    v = _setup(r, setup, deck) if setup is not INVALID else {}
    steps = _steps(r, data.get("steps", []))
    expect = r.get(data, "expect", Table(default={}))
    if expect is not INVALID:
        r.unknown(expect, sorted(EXPECT_KEYS), None, "expect")
        view = expect.get("observation")
        if view is not None and (not isinstance(view, dict) or "viewer" not in view):
            r.say(None, "expect.observation", "must be a table with a viewer")
        elif view is not None:
            r.unknown(view, sorted(OBSERVATION_KEYS), None, "expect.observation")
    r.raise_any()
    return AttackScenario(
        path=path,
        name=name,
        rule=rule,
        players=v["players"],
        variant=Variant(v["variant"]),
        seed=v["seed"],
        end_score=v["end_score"],
        max_deals=v["max_deals"],
        stall=Stall(v["stall"]),
        house_roll=HouseRoll(v["house_roll"]),
        dealer=v["dealer"],
        target_dice=tuple(v["target_dice"]) if v["target_dice"] is not None else None,
        hands=v["hands"],
        aside=v["aside"],
        keep=v["keep"],
        steps=steps,
        expect=dict(expect),
    )
