"""Loads Bakugan Attack! scenario files (``game = "attack"``; format in docs/scenarios.md,
"Bakugan Attack! scenarios") into `AttackScenario` records.

A malformed file raises `ContentError` as ``file: field: problem``; the card ids it
names are checked against the deck, so a typo is an error, never a silent pass.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules.attack import Action, ActionSyntaxError, Deck, Variant, parse_action

from .errors import ContentError

SETUP_KEYS = {
    "players",
    "variant",
    "seed",
    "end_score",
    "max_deals",
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
    dealer: int | None
    target_dice: tuple[int, ...] | None
    hands: tuple[tuple[str, ...], ...] | None
    aside: tuple[str, ...]
    keep: tuple[str, ...] | None
    steps: tuple[AttackStep, ...]
    expect: dict[str, Any] = field(default_factory=dict)


def _fail(path: Path, where: str, problem: str) -> ContentError:
    return ContentError([f"{path}: {where}: {problem}"])


def _cards(value: Any, deck: Deck, path: Path, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str | int) for v in value):
        raise _fail(path, where, "must be a list of card ids")
    cards = tuple(str(v) for v in value)
    for card in cards:
        if card not in deck.by_id:
            raise _fail(path, where, f"unknown card {card!r} (one of {', '.join(deck.by_id)})")
    return cards


def _int(value: Any, path: Path, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise _fail(path, where, f"must be a whole number, got {value!r}")
    return value


def _action(text: str, path: Path, where: str) -> Action | None:
    if text.strip() == "chance":
        return None
    try:
        return parse_action(text)
    except ActionSyntaxError as e:
        raise _fail(path, where, str(e)) from None


def _step(i: int, raw: Any, path: Path) -> AttackStep:
    where = f"steps[{i}]"
    if isinstance(raw, str):
        return AttackStep(raw, _action(raw, path, where))
    if not isinstance(raw, dict) or not isinstance(raw.get("do"), str):
        raise _fail(path, where, "a step is an action text or a table with do = ACTION")
    for extra in sorted(set(raw) - {"do", "error", "events"}):
        raise _fail(path, f"{where}.{extra}", "unknown field (do, error, events)")
    error = raw.get("error")
    if error is not None and not isinstance(error, str):
        raise _fail(path, f"{where}.error", "must be a string")
    events = raw.get("events", [])
    if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        raise _fail(path, f"{where}.events", "must be a list of strings")
    return AttackStep(raw["do"], _action(raw["do"], path, where), error, tuple(events))


def _hands(raw: Any, players: int, deck: Deck, path: Path) -> tuple[tuple[str, ...], ...]:
    if not isinstance(raw, dict):
        raise _fail(path, "setup.hands", "must be a table p0 = [...], p1 = [...] ...")
    seats = [f"p{i}" for i in range(players)]
    if sorted(raw) != sorted(seats):
        raise _fail(path, "setup.hands", f"must name exactly {', '.join(seats)}")
    return tuple(_cards(raw[s], deck, path, f"setup.hands.{s}") for s in seats)


def load_attack_scenario(path: Path, deck: Deck) -> AttackScenario:
    try:
        data = tomllib.loads(path.read_bytes().decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise _fail(path, "-", f"not valid TOML ({e})") from None
    except OSError as e:
        raise _fail(path, "-", f"cannot read ({e})") from None
    for extra in sorted(set(data) - {"game", "name", "rule", "steps", "setup", "expect"}):
        raise _fail(path, extra, "unknown field (game, name, rule, steps, setup, expect)")
    if data.get("game") != "attack":
        raise _fail(path, "game", 'an Attack scenario starts with game = "attack"')
    name, rule = data.get("name"), data.get("rule", "")
    if not isinstance(name, str) or not name.strip():
        raise _fail(path, "name", "a scenario needs a name")
    if not isinstance(rule, str):
        raise _fail(path, "rule", "must be the rule's sentence, a string")
    setup = data.get("setup", {})
    if not isinstance(setup, dict):
        raise _fail(path, "setup", "must be a table")
    for extra in sorted(set(setup) - SETUP_KEYS):
        raise _fail(
            path, f"setup.{extra}", f"unknown field (one of {', '.join(sorted(SETUP_KEYS))})"
        )
    players = _int(setup.get("players", 4), path, "setup.players")
    try:
        variant = Variant(setup.get("variant", "standard"))
    except ValueError:
        raise _fail(path, "setup.variant", "must be standard or house") from None
    dealer = setup.get("dealer")
    if dealer is not None:
        dealer = _int(dealer, path, "setup.dealer")
        if not 0 <= dealer < max(players, 1):
            raise _fail(path, "setup.dealer", f"no player p{dealer} among {players}")
    dice = setup.get("target_dice")
    if dice is not None:
        if not isinstance(dice, list) or len(dice) != players:
            raise _fail(path, "setup.target_dice", f"must list {players} die faces, p0 first")
        dice = tuple(_int(d, path, "setup.target_dice") for d in dice)
    hands = _hands(setup["hands"], players, deck, path) if "hands" in setup else None
    aside = _cards(setup.get("aside", []), deck, path, "setup.aside")
    keep = _cards(setup["keep"], deck, path, "setup.keep") if "keep" in setup else None
    steps_raw = data.get("steps", [])
    if not isinstance(steps_raw, list):
        raise _fail(path, "steps", "must be a list")
    steps = tuple(_step(i, raw, path) for i, raw in enumerate(steps_raw))
    expect = data.get("expect", {})
    if not isinstance(expect, dict):
        raise _fail(path, "expect", "must be a table")
    for extra in sorted(set(expect) - EXPECT_KEYS):
        raise _fail(
            path, f"expect.{extra}", f"unknown field (one of {', '.join(sorted(EXPECT_KEYS))})"
        )
    view = expect.get("observation")
    if view is not None:
        if not isinstance(view, dict) or "viewer" not in view:
            raise _fail(path, "expect.observation", "must be a table with a viewer")
        for extra in sorted(set(view) - OBSERVATION_KEYS):
            known = ", ".join(sorted(OBSERVATION_KEYS))
            raise _fail(path, f"expect.observation.{extra}", f"unknown field (one of {known})")
    return AttackScenario(
        path=path,
        name=name,
        rule=rule,
        players=players,
        variant=variant,
        seed=_int(setup.get("seed", 0), path, "setup.seed"),
        end_score=_int(setup.get("end_score", 10), path, "setup.end_score"),
        max_deals=_int(setup.get("max_deals", 100), path, "setup.max_deals"),
        dealer=dealer,
        target_dice=dice,
        hands=hands,
        aside=aside,
        keep=keep,
        steps=steps,
        expect=dict(expect),
    )
