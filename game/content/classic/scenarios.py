"""Loads rules scenario files (TOML, format in docs/scenarios.md) into `Scenario` records.

A malformed file raises `ContentError` listing every problem, each naming the file and
the field, ``file: field: problem``, whatever it holds: bytes that are not a TOML file
(`game.files.decode`), values of the wrong type (a seating of ``[0, "p1"]``, a battle
winner ``"px"``, totals as a string) and impossible values (captures to win beyond the
Gate Cards in play, an observation by a player who does not exist). A value that others
depend on (the kits, so the number of players) and does not read is reported once; the
checks that need it are left out.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from game.rules.classic import (
    Action,
    ActionSyntaxError,
    Kit,
    Settings,
    parse_action,
)
from game.rules.classic.piles import PILES
from game.rules.classic.settings import WORD_OPTIONS

from ..reader import INVALID, Bool, ListOf, OneOf, Reader, Str, Table
from ..scenario_files import MAX_FILE_BYTES, step_tables

_SEATS = ("p0", "p1", "p2", "p3")
_KIT_KEYS = ("bakugan", "gates", "abilities", "traps", "gear", "evolutions")
_EXPECT_KEYS = (
    "phase",
    "turn_player",
    "current",
    "winner",
    "events",
    "no_events",
    "battles",
    "field",
    "legal",
    "not_legal",
    "game_level",
    "kit_error",
    "observation",
    *_SEATS,
)
_VIEW_FIELDS = (
    "unused",
    "used",
    "captured",
    "used_abilities",
    "gates",
    "abilities",
    "traps",
    "used_traps",
    "gear",
    "used_gear",
    "evolutions",
    "evolved",
    "reserve",
)
_TOP = ("game", "name", "rule", "setup", "steps", "expect")
_SETUP = (
    "seed",
    "first_player",
    "gates_to_win",
    "season",
    "big_game",
    "players",
    "seating",
    "random_order",
    *WORD_OPTIONS,
    *_SEATS,
)
_NAMES = ListOf(Str(blank=True), items="whole", expected="a list of strings")
_MORE_NAMES = ListOf(Str(blank=True), default=[], items="whole", expected="a list of strings")
_KIT = {key: _NAMES if i < 3 else _MORE_NAMES for i, key in enumerate(_KIT_KEYS)}
_STEP = {"do": Str(blank=True), "error": Str(blank=True, default=None), "events": _MORE_NAMES}
_INT64 = (-(2**63), 2**63 - 1)


@dataclass(frozen=True, slots=True)
class Step:
    action: Action
    text: str
    error: str | None = None  # the action must be refused with a reason containing this
    events: tuple[str, ...] = ()  # these must be among the events this step returns


@dataclass(frozen=True, slots=True)
class Scenario:
    path: Path
    name: str
    rule: str
    settings: Settings
    seed: int
    kits: tuple[Kit, ...]
    steps: tuple[Step, ...]
    expect: dict[str, Any] = field(default_factory=dict)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _seat(value: object, players: int) -> bool:
    """A player as a scenario names one: "p0".."p3" or 0..3, of this game."""
    if isinstance(value, str):
        return value in _SEATS[:players]
    return _is_int(value) and 0 <= value < players


def _kits(r: Reader, setup: dict[str, Any]) -> list[Kit] | None:
    seats = [p for p in _SEATS if p in setup]
    if seats != list(_SEATS[: len(seats)]) or len(seats) < 2:
        r.say(None, "setup.p0", "missing: kits for p0, p1 (and p2, p3 in order)")
        return None
    kits: list[Kit] = []
    for p in seats:
        raw = setup[p]
        if not isinstance(raw, dict):
            r.say(None, f"setup.{p}", f"missing ({', '.join(_KIT_KEYS)})")
            continue
        v = r.fields(raw, _KIT, None, f"setup.{p}")
        if r.valid(v):
            kits.append(Kit(*(tuple(v[k]) for k in _KIT_KEYS)))
    return kits if len(kits) == len(seats) else None


def _int64(r: Reader, setup: dict[str, Any], key: str, default: int) -> Any:
    value = setup.get(key, default)
    if not _is_int(value) or not _INT64[0] <= value <= _INT64[1]:
        return r.say(None, f"setup.{key}", f"must be a 64-bit integer, got {_short(value)}")
    return value


def _setup(r: Reader, setup: dict[str, Any]) -> tuple[Settings | None, tuple[Kit, ...], int]:
    """The match's settings (None where they do not read), the kits, and the number of
    players (0 when the kits do not read)."""
    r.unknown(setup, _SETUP, None, "setup")
    kits = _kits(r, setup)
    options: dict[str, Any] = {}
    for key, choices in WORD_OPTIONS.items():
        options[key] = r.get(setup, key, OneOf(choices, default=None), None, "setup")
    ints = {k: _int64(r, setup, k, d) for k, d in (("seed", 0), ("first_player", 0), ("season", 3))}
    flags = {
        k: r.get(setup, k, Bool(default=False), None, "setup") for k in ("big_game", "random_order")
    }
    if kits is None:
        return None, (), 0
    players = setup.get("players", len(kits))
    if not _is_int(players) or players != len(kits):
        r.say(None, "setup.players", f"{players} players need {players} kits (p0..)")
        return None, tuple(kits), 0
    before = len(r.problems)
    first = ints["first_player"]
    if first is not INVALID and not -1 <= first < players:
        r.say(None, "setup.first_player", f"must be 0..{players - 1} or -1 (drawn by the seed)")
    if ints["season"] is not INVALID and ints["season"] not in (2, 3):
        r.say(None, "setup.season", "must be 2 or 3")
    if "gates_to_win" in setup:
        value = setup["gates_to_win"]
        most = max(sum(len(kit.gates) for kit in kits), 1)
        if not _is_int(value) or not 1 <= value <= most:
            r.say(
                None,
                "setup.gates_to_win",
                f"must be an integer within 1..{most} (the Gate Cards in play),"
                f" got {_short(value)}",
            )
        options["gates_to_win"] = value
    if "seating" in setup:
        seating = setup["seating"]
        if (
            not isinstance(seating, list)
            or not all(_is_int(p) for p in seating)
            or sorted(seating) != list(range(players))
        ):
            r.say(None, "setup.seating", f"must list the players 0..{players - 1} clockwise")
        options["seating"] = tuple(seating) if isinstance(seating, list) else ()
    if len(r.problems) > before or not (r.valid(ints) and r.valid(flags) and r.valid(options)):
        return None, tuple(kits), players
    settings = Settings.preset(
        players,
        flags["big_game"],
        first_player=first,
        season=ints["season"],
        random_order=flags["random_order"],
        **{k: v for k, v in options.items() if v is not None},
    )
    try:
        settings.check()
    except ValueError as e:
        r.say(None, "setup", str(e))
        return None, tuple(kits), players
    return settings, tuple(kits), players


def _steps(r: Reader, raw_steps: Any) -> list[Step]:
    steps = []
    wrong = "must be an action string or a table with do = '...'"
    for where, raw, v in step_tables(r, raw_steps, _STEP, wrong):
        try:
            action = parse_action(raw["do"])
        except ActionSyntaxError as e:
            r.say(None, f"{where}.do", str(e))
            continue
        if r.valid(v):
            steps.append(Step(action, v["do"], v["error"], tuple(v["events"])))
    return steps


def _strings(r: Reader, value: Any, where: str) -> None:
    _NAMES.read(r, value, None, where)


def _check_expect(r: Reader, expect: dict[str, Any]) -> None:
    """The shape of `expect`: known fields of the right types."""
    r.unknown(expect, _EXPECT_KEYS, None, "expect")
    for key in ("events", "no_events", "legal", "not_legal"):
        if key in expect:
            _strings(r, expect[key], f"expect.{key}")
    for p in _SEATS:
        piles = expect.get(p, {})
        if not isinstance(piles, dict):
            r.say(None, f"expect.{p}", "must be a table of piles")
            continue
        for extra in sorted(set(piles) - set(PILES)):
            r.say(None, f"expect.{p}.{extra}", f"unknown pile ({', '.join(PILES)})")
        for pile, value in piles.items():
            if pile in PILES:
                _strings(r, value, f"expect.{p}.{pile}")
    for key in ("winner", "turn_player", "current", "game_level"):
        if key in expect and not _is_int(expect[key]):
            r.say(None, f"expect.{key}", "must be an integer (-1: none)")
    for key in ("phase", "kit_error"):
        if key in expect and not isinstance(expect[key], str):
            why = "must be a string" + (
                " (part of the kit's refusal)" if key == "kit_error" else ""
            )
            r.say(None, f"expect.{key}", why)
    battles = expect.get("battles", [])
    if not isinstance(battles, list) or not all(isinstance(b, dict) for b in battles):
        r.say(None, "expect.battles", "must be a list of tables")
    else:
        for i, b in enumerate(battles):
            r.unknown(b, ("winner", "totals", "breakdown"), None, f"expect.battles[{i}]")
    obs = expect.get("observation")
    if obs is not None:
        if not isinstance(obs, dict) or not _is_int(obs.get("viewer")):
            r.say(None, "expect.observation", "must be a table with viewer = N")
        else:
            allowed = ("viewer", "game_level", "supports", "phase", "current", *_SEATS)
            r.unknown(obs, allowed, None, "expect.observation")
            if "supports" in obs:
                _strings(r, obs["supports"], "expect.observation.supports")
            if "phase" in obs and not isinstance(obs["phase"], str):
                r.say(None, "expect.observation.phase", "must be a string")
            for p in _SEATS:
                view = obs.get(p, {})
                if not isinstance(view, dict):
                    r.say(None, f"expect.observation.{p}", "must be a table of piles")
                    continue
                r.unknown(view, _VIEW_FIELDS, None, f"expect.observation.{p}")
                for pile, value in view.items():
                    if value != "hidden" and pile in _VIEW_FIELDS:
                        _strings(r, value, f"expect.observation.{p}.{pile}")
    fld = expect.get("field", {})
    if not isinstance(fld, dict) or not all(isinstance(v, str) for v in fld.values()):
        r.say(None, "expect.field", "must be a table of '@C,R' = 'OWNER GATE: STANDING...'")


def _check_values(r: Reader, expect: dict[str, Any], players: int) -> None:
    """The values `expect` compares with the match: possible in a game of `players`."""
    for key, low in (("winner", -1), ("turn_player", 0), ("current", -2)):
        value = expect.get(key)
        if _is_int(value) and not low <= value < players:
            r.say(None, f"expect.{key}", f"must be within {low}..{players - 1}, got {value}")
    level = expect.get("game_level")
    if _is_int(level) and not 0 <= level <= 64:
        r.say(None, "expect.game_level", f"must be within 0..64, got {level}")
    battles = expect.get("battles", [])
    for i, battle in enumerate(battles if isinstance(battles, list) else []):
        where = f"expect.battles[{i}]"
        if not isinstance(battle, dict):
            continue
        if "winner" in battle and not _seat(battle["winner"], players):
            got = _short(battle["winner"])
            r.say(None, f"{where}.winner", f"must be a player p0..p{players - 1}, got {got}")
        for key, kind, ok in (
            ("totals", "an integer", _is_int),
            ("breakdown", "a string", lambda v: isinstance(v, str)),
        ):
            table = battle.get(key, {})
            if not isinstance(table, dict):
                r.say(None, f"{where}.{key}", f"must be a table of pN = {kind}")
                continue
            for seat, value in table.items():
                if not _seat(seat, players) or not ok(value):
                    r.say(
                        None,
                        f"{where}.{key}.{seat}",
                        f"must be {kind} for a player p0..p{players - 1}, got {_short(value)}",
                    )
    obs = expect.get("observation")
    if isinstance(obs, dict) and _is_int(obs.get("viewer")):
        viewer = obs["viewer"]
        if not 0 <= viewer < players:
            why = f"must be a player 0..{players - 1}, got {_short(viewer)}"
            r.say(None, "expect.observation.viewer", why)
        for key, low in (("current", -2), ("game_level", 0)):
            value = obs.get(key)
            if value is not None and (not _is_int(value) or not low <= value <= 64):
                r.say(None, f"expect.observation.{key}", f"must be an integer, got {value!r}")
    for p in _SEATS[players:]:
        if p in expect or (isinstance(obs, dict) and p in obs):
            r.say(None, f"expect.{p}", f"a game of {players} players has no {p}")


def load_scenario(path: Path) -> Scenario:
    """The scenario in `path`; raises `ContentError` listing every problem."""
    r = Reader.open(path, MAX_FILE_BYTES, label=str(path), one_record=True)
    data = r.data
    if data.get("game", "classic") != "classic":
        r.say(None, "game", f"{_short(data['game'])} is not the classic game")
        r.raise_any()
    r.unknown(data, _TOP)
    name = r.get(data, "name", Str())
    why = "a string (the rule sentence it checks)"
    rule = r.get(data, "rule", Str(default="", blank=True, expected=why))
    setup = r.get(data, "setup", Table(expected="a table with p0 and p1 kits"))
    settings, kits, players = _setup(r, setup) if setup is not INVALID else (None, (), 0)
    steps = _steps(r, data.get("steps", []))
    expect = data.get("expect", {})
    if not isinstance(expect, dict):
        r.say(None, "expect", "must be a table")
    else:
        _check_expect(r, expect)
        if players:
            _check_values(r, expect, players)
    r.raise_any()
    assert settings is not None  # every way it stays None records a problem
    seed = setup.get("seed", 0)
    return Scenario(path, name, rule, settings, seed, kits, tuple(steps), expect)
