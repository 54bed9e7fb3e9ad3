"""Loads Battle Planet scenario files (TOML, docs/scenarios.md "Battle Planet") into
`PlanetScenario` records. A malformed file raises `ContentError` naming the file and
the field. `game/content/planet_runner.py` plays them."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.rules.planet import (
    Action,
    ActionSyntaxError,
    CardPlay,
    Catalog,
    Kit,
    Phase,
    Settings,
    TieBreakEmpty,
    parse_action,
)

from .errors import ContentError

SEATS = ("p0", "p1")
HAND = 5
KIT_KEYS = {
    "preset",
    "characters",
    "cores",
    "deck",
    "replace",
    "hand",
    "top",
    "energy",
    "discard",
    "open",
}
EXPECT_KEYS = {
    "phase",
    "current",
    "turn",
    "winner",
    "draw",
    "victor",
    "events",
    "no_events",
    "legal",
    "not_legal",
    "batch",
    "matrix_free",
    "kit_error",
    "stats",
    "observation",
    *SEATS,
}
SIDE_KEYS = {
    "hand",
    "discard",
    "energy",
    "charged",
    "pool",
    "deck_count",
    "deck_top",
    "heroes",
    "open",
    "cores",
    "evolutions",
    "face_up",
    "picked",
}
_SETUP_KEYS = {
    "seed",
    "first",
    "card_play",
    "tie_break_empty",
    "shuffle",
    "turn_limit",
    "matrix",
    *SEATS,
}


@dataclass(frozen=True, slots=True)
class Step:
    text: str
    action: Action | None = None
    error: str | None = None
    events: tuple[str, ...] = ()
    until: Phase | None = None


@dataclass(frozen=True, slots=True)
class KitSetup:
    kit: Kit
    energy: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    open: tuple[str, ...] = ()


@dataclass(slots=True)
class PlanetScenario:
    path: Path
    name: str
    rule: str
    kits: list[KitSetup]
    settings: Settings
    seed: int
    auto_matrix: bool
    steps: list[Step]
    expect: dict[str, Any] = field(default_factory=dict)


def _list(value: Any, where: str, problems: list[str]) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        problems.append(f"{where}: expected a list of ids")
        return []
    return list(value)


def _kit(raw: Any, where: str, catalog: Catalog, problems: list[str]) -> KitSetup:
    if not isinstance(raw, dict):
        what = "missing" if raw is None else "expected a table"
        problems.append(f'{where}: {what} (a kit: {{ preset = "pyrus_darkus", ... }})')
        return KitSetup(Kit((), (), ()))
    for extra in sorted(set(raw) - KIT_KEYS):
        problems.append(f"{where}.{extra}: unknown key ({', '.join(sorted(KIT_KEYS))})")
    preset = catalog.presets.get(str(raw.get("preset", "")))
    if "preset" in raw and preset is None:
        problems.append(f"{where}.preset: no preset deck {raw['preset']!r}")
    base = preset.kit if preset is not None else Kit((), (), ())
    chars = (
        _list(raw["characters"], f"{where}.characters", problems)
        if "characters" in raw
        else list(base.characters)
    )
    cores = _list(raw["cores"], f"{where}.cores", problems) if "cores" in raw else list(base.cores)
    deck = list(base.deck)
    if "deck" in raw:
        cards = raw["deck"]
        if isinstance(cards, str) and cards in catalog.presets:
            deck = list(catalog.presets[cards].kit.deck)
        elif isinstance(cards, dict) and all(isinstance(n, int) for n in cards.values()):
            deck = [c for c, n in cards.items() for _ in range(n)]
        else:
            problems.append(f"{where}.deck: expected a preset id or a table of card = copies")
    for old, new in dict(raw.get("replace", {})).items():
        if old not in deck or not isinstance(new, str):
            problems.append(f"{where}.replace.{old}: not in the deck")
            continue
        deck[deck.index(old)] = new
    chosen: dict[str, list[str]] = {}
    for key in ("hand", "top"):
        chosen[key] = []
        for card in _list(raw.get(key, []), f"{where}.{key}", problems):
            if card not in deck:
                problems.append(f"{where}.{key}: {card} is not in the deck (one copy per mention)")
                continue
            deck.remove(card)
            chosen[key].append(card)
    if len(chosen["hand"]) > HAND:
        problems.append(f"{where}.hand: at most {HAND} cards")
    fill = max(0, HAND - len(chosen["hand"]))  # the hand is completed from the deck's order
    front = chosen["hand"] + deck[:fill] + chosen["top"]
    deck = deck[fill:]
    staged = {k: _list(raw.get(k, []), f"{where}.{k}", problems) for k in ("energy", "discard")}
    for key, cards in staged.items():
        for card in cards:
            if card not in deck:
                problems.append(f"{where}.{key}: {card} is not in the rest of the deck")
            else:
                deck.remove(card)
    tail = staged["energy"] + staged["discard"]
    return KitSetup(
        Kit(tuple(chars), tuple(cores), tuple(front + deck + tail)),
        tuple(staged["energy"]),
        tuple(staged["discard"]),
        tuple(_list(raw.get("open", []), f"{where}.open", problems)),
    )


def _step(raw: Any, where: str, problems: list[str]) -> Step | None:
    if isinstance(raw, str):
        raw = {"do": raw}
    if not isinstance(raw, dict):
        problems.append(f"{where}: expected an action text or a table")
        return None
    for extra in sorted(set(raw) - {"do", "error", "events", "until"}):
        problems.append(f"{where}.{extra}: unknown key (do, error, events, until)")
    if "until" in raw:
        try:
            return Step(f"until {raw['until']}", until=Phase(raw["until"]))
        except ValueError:
            names = ", ".join(p.value for p in Phase)
            problems.append(f"{where}.until: unknown step {raw['until']!r} ({names})")
            return None
    text = raw.get("do")
    if not isinstance(text, str):
        problems.append(f"{where}.do: expected an action text")
        return None
    try:
        action = parse_action(text)
    except ActionSyntaxError as e:
        problems.append(f"{where}.do: {e}")
        return None
    error = raw.get("error")
    events = raw.get("events", [])
    if error is not None and not isinstance(error, str):
        problems.append(f"{where}.error: expected text")
    if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        problems.append(f"{where}.events: expected a list of texts")
        events = []
    return Step(text, action, error, tuple(events))


def load_planet_scenario(path: Path, catalog: Catalog) -> PlanetScenario:
    try:
        data = tomllib.loads(path.read_bytes().decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as e:
        raise ContentError([f"{path}: cannot read: {e}"]) from None
    problems: list[str] = []

    def bad(where: str, problem: str) -> None:
        problems.append(f"{path}: {where}: {problem}")

    for extra in sorted(set(data) - {"game", "name", "rule", "steps", "setup", "expect"}):
        bad(extra, "unknown key (game, name, rule, steps, setup, expect)")
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        bad("name", "missing")
        name = path.stem
    rule = data.get("rule", "")
    if not isinstance(rule, str) or not rule.strip():
        bad("rule", "missing: the rule sentence this scenario shows")
    setup = data.get("setup", {})
    if not isinstance(setup, dict):
        bad("setup", "expected a table")
        setup = {}
    for extra in sorted(set(setup) - _SETUP_KEYS):
        bad(f"setup.{extra}", "unknown key")
    found: list[str] = []
    kits = [_kit(setup.get(seat), f"{path}: setup.{seat}", catalog, found) for seat in SEATS]
    problems.extend(found)
    try:
        settings = Settings(
            CardPlay(setup.get("card_play", "batch")),
            TieBreakEmpty(setup.get("tie_break_empty", "loses_game")),
            int(setup.get("first", 0)),
            bool(setup.get("shuffle", False)),
            int(setup.get("turn_limit", 100)),
        )
    except (ValueError, TypeError) as e:
        bad("setup", f"bad rule option: {e}")
        settings = Settings()
    matrix = setup.get("matrix", "auto")
    if matrix not in ("auto", "manual"):
        bad("setup.matrix", f"expected auto or manual, got {matrix!r}")
    steps_raw = data.get("steps", [])
    if not isinstance(steps_raw, list):
        bad("steps", "expected a list")
        steps_raw = []
    found = []
    steps = [s for i, r in enumerate(steps_raw) if (s := _step(r, f"{path}: steps[{i}]", found))]
    problems.extend(found)
    expect = data.get("expect", {})
    if not isinstance(expect, dict):
        bad("expect", "expected a table")
        expect = {}
    for extra in sorted(set(expect) - EXPECT_KEYS):
        bad(f"expect.{extra}", f"unknown key ({', '.join(sorted(EXPECT_KEYS))})")
    for seat in SEATS:
        for extra in sorted(set(expect.get(seat, {})) - SIDE_KEYS):
            bad(f"expect.{seat}.{extra}", f"unknown key ({', '.join(sorted(SIDE_KEYS))})")
    if problems:
        raise ContentError(problems)
    seed = setup.get("seed", 0)
    return PlanetScenario(
        path, name, str(rule), kits, settings, int(seed), matrix == "auto", steps, expect
    )
