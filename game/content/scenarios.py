"""Loads rules scenario files (TOML, format in docs/scenarios.md) into `Scenario` records.

A malformed file raises `ContentError` naming the file and the field,
``file: field: problem``, whatever it holds: bytes that are not a TOML file
(`game.files.decode`), values of the wrong type (a seating of ``[0, "p1"]``, a
battle winner ``"px"``, totals as a string) and impossible values (captures to win
beyond the Gate Cards in play, an observation by a player who does not exist).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.files import decode
from game.rules.classic import (
    CLEAR_EACH,
    CLEAR_FIRST_STANDER,
    LEVEL_UNUSED_GATES,
    LEVEL_USED_PILES,
    MARKED_OFFICIAL,
    MARKED_SEEDS,
    MULTI_FIELD_ANY,
    MULTI_OWN_BATTLE,
    Action,
    ActionSyntaxError,
    Kit,
    Settings,
    parse_action,
)

from .errors import ContentError

MAX_FILE_BYTES = 1024 * 1024

_PILES = (
    "unused",
    "used",
    "gates",
    "abilities",
    "used_abilities",
    "captured",
    "traps",
    "used_traps",
    "gear",
    "used_gear",
    "evolutions",
    "evolved",
    "reserve",
)
_SEATS = ("p0", "p1", "p2", "p3")
_KIT_KEYS = ("bakugan", "gates", "abilities", "traps", "gear", "evolutions")
_OPTIONS = {
    "clear_pair": (CLEAR_FIRST_STANDER, CLEAR_EACH),
    "game_level": (LEVEL_USED_PILES, LEVEL_UNUSED_GATES),
    "level_marked": (MARKED_SEEDS, MARKED_OFFICIAL),
    "multi_cards": (MULTI_OWN_BATTLE, MULTI_FIELD_ANY),
}
_EXPECT_KEYS = {
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
}
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


def _fail(path: Path, where: str, problem: str) -> ContentError:
    return ContentError([f"{path}: {where}: {problem}"])


def _str_list(value: Any, path: Path, where: str) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise _fail(path, where, "must be a list of strings")
    return tuple(value)


def load_scenario(path: Path) -> Scenario:
    try:
        data = decode.toml(decode.read_bytes(path, MAX_FILE_BYTES))
    except decode.Undecodable as e:
        raise _fail(path, "-", e.detail) from None
    if data.get("game", "classic") != "classic":
        raise _fail(path, "game", f"{_short(data['game'])} is not the classic game")
    for extra in sorted(set(data) - {"game", "name", "rule", "setup", "steps", "expect"}):
        raise _fail(path, extra, "unknown field (name, rule, setup, steps, expect)")
    name = data.get("name")
    if not isinstance(name, str) or not name:
        raise _fail(path, "name", "missing")
    rule = data.get("rule", "")
    if not isinstance(rule, str):
        raise _fail(path, "rule", "must be a string (the rule sentence it checks)")
    setup = data.get("setup")
    if not isinstance(setup, dict):
        raise _fail(path, "setup", "missing (a table with p0 and p1 kits)")
    known = {
        "seed",
        "first_player",
        "gates_to_win",
        "season",
        "big_game",
        "players",
        "seating",
        "random_order",
        *_OPTIONS,
        *_SEATS,
    }
    for extra in sorted(set(setup) - known):
        raise _fail(path, f"setup.{extra}", f"unknown field ({', '.join(sorted(known))})")
    seats = [p for p in _SEATS if p in setup]
    if seats != list(_SEATS[: len(seats)]) or len(seats) < 2:
        raise _fail(path, "setup.p0", "missing: kits for p0, p1 (and p2, p3 in order)")
    kits = []
    for p in seats:
        raw = setup.get(p)
        if not isinstance(raw, dict):
            raise _fail(path, f"setup.{p}", f"missing ({', '.join(_KIT_KEYS)})")
        for extra in sorted(set(raw) - set(_KIT_KEYS)):
            raise _fail(path, f"setup.{p}.{extra}", f"unknown field ({', '.join(_KIT_KEYS)})")
        parts = [
            _str_list(raw.get(k, [] if i >= 3 else None), path, f"setup.{p}.{k}")
            for i, k in enumerate(_KIT_KEYS)
        ]
        kits.append(Kit(*parts))
    options: dict[str, Any] = {}
    for key, choices in _OPTIONS.items():
        if key in setup:
            if setup[key] not in choices:
                raise _fail(path, f"setup.{key}", f"must be {' or '.join(choices)}")
            options[key] = setup[key]
    ints = {}
    for key, default in (("seed", 0), ("first_player", 0), ("season", 3)):
        value = setup.get(key, default)
        if not _is_int(value) or not -(2**63) <= value < 2**63:
            raise _fail(path, f"setup.{key}", f"must be a 64-bit integer, got {_short(value)}")
        ints[key] = value
    players = setup.get("players", len(kits))
    if not _is_int(players) or players != len(kits):
        raise _fail(path, "setup.players", f"{players} players need {players} kits (p0..)")
    if not -1 <= ints["first_player"] < players:
        raise _fail(
            path, "setup.first_player", f"must be 0..{players - 1} or -1 (drawn by the seed)"
        )
    if ints["season"] not in (2, 3):
        raise _fail(path, "setup.season", "must be 2 or 3")
    if "gates_to_win" in setup:
        value = setup["gates_to_win"]
        in_play = sum(len(kit.gates) for kit in kits)
        if not _is_int(value) or not 1 <= value <= max(in_play, 1):
            raise _fail(
                path,
                "setup.gates_to_win",
                f"must be an integer within 1..{max(in_play, 1)} (the Gate Cards in play),"
                f" got {_short(value)}",
            )
        options["gates_to_win"] = value
    for key in ("big_game", "random_order"):
        if not isinstance(setup.get(key, False), bool):
            raise _fail(path, f"setup.{key}", "must be true or false")
    if "seating" in setup:
        seating = setup["seating"]
        if (
            not isinstance(seating, list)
            or not all(_is_int(p) for p in seating)
            or sorted(seating) != list(range(players))
        ):
            raise _fail(path, "setup.seating", f"must list the players 0..{players - 1} clockwise")
        options["seating"] = tuple(seating)
    settings = Settings.preset(
        players,
        setup.get("big_game", False),
        first_player=ints["first_player"],
        season=ints["season"],
        random_order=setup.get("random_order", False),
        **options,
    )
    try:
        settings.check()
    except ValueError as e:
        raise _fail(path, "setup", str(e)) from None
    raw_steps = data.get("steps", [])
    if not isinstance(raw_steps, list):
        raise _fail(path, "steps", "must be a list")
    steps = []
    for i, raw in enumerate(raw_steps):
        where = f"steps[{i}]"
        if isinstance(raw, str):
            raw = {"do": raw}
        if not isinstance(raw, dict) or not isinstance(raw.get("do"), str):
            raise _fail(path, where, "must be an action string or a table with do = '...'")
        for extra in sorted(set(raw) - {"do", "error", "events"}):
            raise _fail(path, f"{where}.{extra}", "unknown field (do, error, events)")
        try:
            action = parse_action(raw["do"])
        except ActionSyntaxError as e:
            raise _fail(path, f"{where}.do", str(e)) from None
        error = raw.get("error")
        if error is not None and not isinstance(error, str):
            raise _fail(path, f"{where}.error", "must be a string")
        events = _str_list(raw.get("events", []), path, f"{where}.events")
        steps.append(Step(action, raw["do"], error, events))
    expect = data.get("expect", {})
    if not isinstance(expect, dict):
        raise _fail(path, "expect", "must be a table")
    for extra in sorted(set(expect) - _EXPECT_KEYS):
        raise _fail(path, f"expect.{extra}", f"unknown field ({', '.join(sorted(_EXPECT_KEYS))})")
    for key in ("events", "no_events", "legal", "not_legal"):
        if key in expect:
            _str_list(expect[key], path, f"expect.{key}")
    for p in _SEATS:
        piles = expect.get(p, {})
        if not isinstance(piles, dict):
            raise _fail(path, f"expect.{p}", "must be a table of piles")
        for extra in sorted(set(piles) - set(_PILES)):
            raise _fail(path, f"expect.{p}.{extra}", f"unknown pile ({', '.join(_PILES)})")
        for pile, value in piles.items():
            _str_list(value, path, f"expect.{p}.{pile}")
    for key in ("winner", "turn_player", "current", "game_level"):
        if key in expect and (not isinstance(expect[key], int) or isinstance(expect[key], bool)):
            raise _fail(path, f"expect.{key}", "must be an integer (-1: none)")
    battles = expect.get("battles", [])
    if not isinstance(battles, list) or not all(isinstance(b, dict) for b in battles):
        raise _fail(path, "expect.battles", "must be a list of tables")
    for i, b in enumerate(battles):
        for extra in sorted(set(b) - {"winner", "totals", "breakdown"}):
            raise _fail(
                path, f"expect.battles[{i}].{extra}", "unknown field (winner, totals, breakdown)"
            )
    if "kit_error" in expect and not isinstance(expect["kit_error"], str):
        raise _fail(path, "expect.kit_error", "must be a string (part of the kit's refusal)")
    obs = expect.get("observation")
    if obs is not None:
        if not isinstance(obs, dict) or not isinstance(obs.get("viewer"), int):
            raise _fail(path, "expect.observation", "must be a table with viewer = N")
        allowed = {"viewer", "game_level", "supports", "phase", "current", *_SEATS}
        for extra in sorted(set(obs) - allowed):
            raise _fail(path, f"expect.observation.{extra}", "unknown field")
        if "supports" in obs:
            _str_list(obs["supports"], path, "expect.observation.supports")
        for p in _SEATS:
            view = obs.get(p, {})
            if not isinstance(view, dict):
                raise _fail(path, f"expect.observation.{p}", "must be a table of piles")
            for extra in sorted(set(view) - set(_VIEW_FIELDS)):
                raise _fail(path, f"expect.observation.{p}.{extra}", "unknown pile")
            for pile, value in view.items():
                if value != "hidden":
                    _str_list(value, path, f"expect.observation.{p}.{pile}")
    fld = expect.get("field", {})
    if not isinstance(fld, dict) or not all(isinstance(v, str) for v in fld.values()):
        raise _fail(path, "expect.field", "must be a table of '@C,R' = 'OWNER GATE: STANDING...'")
    _check_expect_values(path, expect, players)
    return Scenario(path, name, rule, settings, ints["seed"], tuple(kits), tuple(steps), expect)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _seat(value: object, players: int) -> bool:
    """A player as a scenario names one: "p0".."p3" or 0..3, of this game."""
    if isinstance(value, str):
        return value in _SEATS[:players]
    return _is_int(value) and 0 <= value < players  # type: ignore[operator]


def _check_expect_values(path: Path, expect: dict[str, Any], players: int) -> None:
    """The values `expect` compares with the match: of the right type, possible."""
    for key, low in (("winner", -1), ("turn_player", 0), ("current", -2)):
        value = expect.get(key)
        if value is not None and not low <= value < players:
            raise _fail(path, f"expect.{key}", f"must be within {low}..{players - 1}, got {value}")
    level = expect.get("game_level")
    if level is not None and not 0 <= level <= 64:
        raise _fail(path, "expect.game_level", f"must be within 0..64, got {level}")
    for i, battle in enumerate(expect.get("battles", [])):
        where = f"expect.battles[{i}]"
        if "winner" in battle and not _seat(battle["winner"], players):
            raise _fail(
                path,
                f"{where}.winner",
                f"must be a player p0..p{players - 1}, got {_short(battle['winner'])}",
            )
        for key, kind, ok in (
            ("totals", "an integer", _is_int),
            ("breakdown", "a string", lambda v: isinstance(v, str)),
        ):
            table = battle.get(key, {})
            if not isinstance(table, dict):
                raise _fail(path, f"{where}.{key}", f"must be a table of pN = {kind}")
            for seat, value in table.items():
                if not _seat(seat, players) or not ok(value):
                    raise _fail(
                        path,
                        f"{where}.{key}.{seat}",
                        f"must be {kind} for a player p0..p{players - 1}, got {_short(value)}",
                    )
    obs = expect.get("observation")
    if obs is not None:
        viewer = obs["viewer"]
        if isinstance(viewer, bool) or not 0 <= viewer < players:
            raise _fail(
                path,
                "expect.observation.viewer",
                f"must be a player 0..{players - 1}, got {_short(viewer)}",
            )
        for key, low in (("current", -2), ("game_level", 0)):
            value = obs.get(key)
            if value is not None and (not _is_int(value) or not low <= value <= 64):
                raise _fail(path, f"expect.observation.{key}", f"must be an integer, got {value!r}")
        if "phase" in obs and not isinstance(obs["phase"], str):
            raise _fail(path, "expect.observation.phase", "must be a string")
    if "phase" in expect and not isinstance(expect["phase"], str):
        raise _fail(path, "expect.phase", "must be a string")
    for p in _SEATS[players:]:
        if p in expect or (obs is not None and p in obs):
            raise _fail(path, f"expect.{p}", f"a game of {players} players has no {p}")


def find_scenarios(paths: list[Path]) -> list[Path]:
    """Scenario files among `paths` (folders are searched for *.toml, sorted)."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(p.rglob("*.toml")))
        else:
            out.append(p)
    return out
