"""Loads Battle Planet scenario files (TOML, docs/scenarios.md "Battle Planet") into
`PlanetScenario` records. A malformed file raises `ContentError` listing every problem,
each naming the file and the field, whatever its bytes. `game/content/planet/runner.py`
plays them."""

from __future__ import annotations

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

from ..reader import INVALID, Bool, Int, OneOf, Reader, Str, Table
from ..scenario_files import MAX_FILE_BYTES

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
_SETUP = {
    "seed": Int(-(2**63), 2**63 - 1, default=0),
    "first": Int(0, 1, default=0),
    "card_play": OneOf(tuple(c.value for c in CardPlay), default="batch"),
    "tie_break_empty": OneOf(tuple(t.value for t in TieBreakEmpty), default="loses_game"),
    "shuffle": Bool(default=False),
    "turn_limit": Int(1, 100_000, default=100),
    "matrix": OneOf(("auto", "manual"), default="auto"),
}
_WORDS = {"unknown": "unknown key ({allowed})"}


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


def _list(value: Any, where: str, r: Reader) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        r.say(None, where, "expected a list of ids")
        return []
    return list(value)


def _kit(raw: Any, where: str, catalog: Catalog, r: Reader) -> KitSetup:
    if not isinstance(raw, dict):
        what = "missing" if raw is None else "expected a table"
        r.say(None, where, f'{what} (a kit: {{ preset = "pyrus_darkus", ... }})')
        return KitSetup(Kit((), (), ()))
    r.unknown(raw, sorted(KIT_KEYS), None, where)
    preset = catalog.presets.get(str(raw.get("preset", "")))
    if "preset" in raw and preset is None:
        r.say(None, f"{where}.preset", f"no preset deck {raw['preset']!r}")
    base = preset.kit if preset is not None else Kit((), (), ())
    chars = (
        _list(raw["characters"], f"{where}.characters", r)
        if "characters" in raw
        else list(base.characters)
    )
    cores = _list(raw["cores"], f"{where}.cores", r) if "cores" in raw else list(base.cores)
    deck = list(base.deck)
    if "deck" in raw:
        cards = raw["deck"]
        if isinstance(cards, str) and cards in catalog.presets:
            deck = list(catalog.presets[cards].kit.deck)
        elif isinstance(cards, dict) and all(
            isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 99 for n in cards.values()
        ):
            deck = [c for c, n in cards.items() for _ in range(n)]
        else:
            r.say(None, f"{where}.deck", "expected a preset id or a table of card = copies")
    replace = raw.get("replace", {})
    for old, new in (replace if isinstance(replace, dict) else {}).items():
        if old not in deck or not isinstance(new, str):
            r.say(None, f"{where}.replace.{old}", "not in the deck")
            continue
        deck[deck.index(old)] = new
    chosen: dict[str, list[str]] = {}
    for key in ("hand", "top"):
        chosen[key] = []
        for card in _list(raw.get(key, []), f"{where}.{key}", r):
            if card not in deck:
                r.say(None, f"{where}.{key}", f"{card} is not in the deck (one copy per mention)")
                continue
            deck.remove(card)
            chosen[key].append(card)
    if len(chosen["hand"]) > HAND:
        r.say(None, f"{where}.hand", f"at most {HAND} cards")
    fill = max(0, HAND - len(chosen["hand"]))  # the hand is completed from the deck's order
    front = chosen["hand"] + deck[:fill] + chosen["top"]
    deck = deck[fill:]
    staged = {k: _list(raw.get(k, []), f"{where}.{k}", r) for k in ("energy", "discard")}
    for key, cards in staged.items():
        for card in cards:
            if card not in deck:
                r.say(None, f"{where}.{key}", f"{card} is not in the rest of the deck")
            else:
                deck.remove(card)
    tail = staged["energy"] + staged["discard"]
    return KitSetup(
        Kit(tuple(chars), tuple(cores), tuple(front + deck + tail)),
        tuple(staged["energy"]),
        tuple(staged["discard"]),
        tuple(_list(raw.get("open", []), f"{where}.open", r)),
    )


def _step(raw: Any, where: str, r: Reader) -> Step | None:
    if isinstance(raw, str):
        raw = {"do": raw}
    if not isinstance(raw, dict):
        r.say(None, where, "expected an action text or a table")
        return None
    r.unknown(raw, ("do", "error", "events", "until"), None, where)
    if "until" in raw:
        try:
            return Step(f"until {raw['until']}", until=Phase(raw["until"]))
        except (ValueError, TypeError):
            names = ", ".join(p.value for p in Phase)
            r.say(None, f"{where}.until", f"unknown step {raw['until']!r} ({names})")
            return None
    text = raw.get("do")
    if not isinstance(text, str):
        r.say(None, f"{where}.do", "expected an action text")
        return None
    try:
        action = parse_action(text)
    except ActionSyntaxError as e:
        r.say(None, f"{where}.do", str(e))
        return None
    error = raw.get("error")
    events = raw.get("events", [])
    if error is not None and not isinstance(error, str):
        r.say(None, f"{where}.error", "expected text")
    if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
        r.say(None, f"{where}.events", "expected a list of texts")
        events = []
    return Step(text, action, error, tuple(events))


def load_planet_scenario(path: Path, catalog: Catalog) -> PlanetScenario:
    """The scenario in `path`; raises `ContentError` listing every problem."""
    r = Reader.open(path, MAX_FILE_BYTES, label=str(path), one_record=True, words=_WORDS)
    data = r.data
    r.unknown(data, ("game", "name", "rule", "steps", "setup", "expect"))
    name = r.get(data, "name", Str(expected="a name"))
    rule = r.get(data, "rule", Str(expected="the rule sentence this scenario shows"))
    setup = r.get(data, "setup", Table(default={}))
    setup = setup if setup is not INVALID else {}
    v = r.fields(setup, _SETUP, None, "setup", also=SEATS)
    kits = [_kit(setup.get(seat), f"setup.{seat}", catalog, r) for seat in SEATS]
    steps_raw = data.get("steps", [])
    if not isinstance(steps_raw, list):
        r.say(None, "steps", "expected a list")
        steps_raw = []
    steps = [s for i, x in enumerate(steps_raw) if (s := _step(x, f"steps[{i}]", r))]
    expect = r.get(data, "expect", Table(default={}))
    if expect is not INVALID:
        r.unknown(expect, sorted(EXPECT_KEYS), None, "expect")
        for seat in SEATS:
            side = expect.get(seat, {})
            if isinstance(side, dict):
                r.unknown(side, sorted(SIDE_KEYS), None, f"expect.{seat}")
            else:
                r.say(None, f"expect.{seat}", "expected a table")
    r.raise_any()
    settings = Settings(
        CardPlay(v["card_play"]),
        TieBreakEmpty(v["tie_break_empty"]),
        v["first"],
        v["shuffle"],
        v["turn_limit"],
    )
    return PlanetScenario(
        path, name, rule, kits, settings, v["seed"], v["matrix"] == "auto", steps, expect
    )
