"""A match session as plain JSON and back, for the autosave (`game.persist.saves`).

Pure conversion, no file I/O. What is kept: the rules state (`MatchState.to_json`, which
holds the settings, the kits and the random generator), where each opened Bakugan rests
on the table, the table's size and the spheres' radii. That is everything the next
legal actions and the next events depend on: a restored session equals the original
(`state ==`) and answers the same action with the same events. The `timeline` (what
was already shown) is not kept; a restored session starts with an empty one.

A restored session is checked whole before it is used: the rules state against the
rules core's own invariants (`game.rules.classic.invariants`), the table against the
size its settings give (a table of 1e308 mm is no table), every resting Bakugan on it,
every sphere radius one physics can roll. Whatever the data, `session_from_json`
raises nothing but `SessionFormatError`.

The autosave's payload of a classic match (`match_payload`, `read_match_payload`) holds
the session and the seats: who plays at this computer, the computers' levels, the seed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.match.classic.layout import table_layout
from game.match.classic.session import MatchSession
from game.physics.tuning import MAX_RADIUS, MIN_RADIUS
from game.rules.api import GameError
from game.rules.classic import Catalog, MatchState
from game.rules.classic.invariants import problems as state_problems

FORMAT = "bakugan-session/1"
FIELDS = ("format", "state", "resting", "table", "sphere_radius")
TABLE_SLACK = 4.0
"""A saved table may differ from the one its settings give by at most this factor."""


class SessionFormatError(GameError, ValueError):
    """Session JSON that cannot be restored: names the field and the problem.

    `reason` is the save's reason code (`game.persist.saves.SaveError`): ``impossible``
    for a match no play could reach, ``bad_match`` for data that does not fit."""

    def __init__(self, message: str, reason: str = "bad_match") -> None:
        super().__init__(message)
        self.reason = reason


def session_to_json(session: MatchSession) -> dict[str, Any]:
    """The session as a JSON-able dict."""
    return {
        "format": FORMAT,
        "state": session.state.to_json(),
        "resting": [
            [player, bakugan, x, y] for (player, bakugan), (x, y) in session.resting.items()
        ],
        "table": [session.width, session.height],
        "sphere_radius": dict(session.sphere_radius),
    }


def _number(value: object, where: str) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise SessionFormatError(f"{where}: expected a number, got {_short(value)}")
    try:
        number = float(value)
    except OverflowError:
        number = math.inf
    if not math.isfinite(number):
        raise SessionFormatError(f"{where}: {_short(value)} is not a finite number")
    return number


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def session_from_json(data: dict[str, Any], catalog: Catalog) -> MatchSession:
    """The session `session_to_json` gave; raises `SessionFormatError` on bad data,
    and nothing else."""
    try:
        return _session_from_json(data, catalog)
    except SessionFormatError:
        raise
    except Exception as e:  # data no check foresaw: still bad data, never a crash
        raise SessionFormatError(f"session: {type(e).__name__}: {e}") from None


def _session_from_json(data: dict[str, Any], catalog: Catalog) -> MatchSession:
    if not isinstance(data, dict):
        raise SessionFormatError("session: expected an object")
    if data.get("format") != FORMAT:
        raise SessionFormatError(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
    missing = [k for k in FIELDS if k not in data]
    if missing:
        raise SessionFormatError(f"missing fields: {', '.join(missing)}")
    try:
        state = MatchState.from_json(data["state"], catalog)
    except Exception as e:
        raise SessionFormatError(f"state: {type(e).__name__}: {_short(str(e))}") from None
    impossible = state_problems(state)
    if impossible:
        raise SessionFormatError("state: " + "; ".join(impossible[:6]), "impossible")
    table = data["table"]
    if not isinstance(table, list) or len(table) != 2:
        raise SessionFormatError(f"table: expected [width, height], got {_short(table)}")
    size = (_number(table[0], "table"), _number(table[1], "table"))
    expected = table_layout(state.settings)
    for got, want, name in (
        (size[0], expected.width, "width"),
        (size[1], expected.height, "height"),
    ):
        if not want / TABLE_SLACK <= got <= want * TABLE_SLACK:
            raise SessionFormatError(
                f"table: {name} {got:g} mm does not fit a {state.settings.grid[0]} x"
                f" {state.settings.grid[1]} grid (about {want:g} mm)",
                "impossible",
            )
    radii = data["sphere_radius"]
    if not isinstance(radii, dict):
        raise SessionFormatError("sphere_radius: expected an object")
    sphere_radius = {str(k): _number(v, f"sphere_radius.{k}") for k, v in radii.items()}
    for key, radius in sphere_radius.items():
        if not MIN_RADIUS <= radius <= MAX_RADIUS:
            raise SessionFormatError(
                f"sphere_radius.{_short(key)}: {radius:g} mm is not within"
                f" {MIN_RADIUS:g}..{MAX_RADIUS:g}"
            )
    resting: dict[tuple[int, str], tuple[float, float]] = {}
    if not isinstance(data["resting"], list):
        raise SessionFormatError("resting: expected a list of [player, bakugan, x, y]")
    for item in data["resting"]:
        if not (isinstance(item, list) and len(item) == 4 and isinstance(item[1], str)):
            raise SessionFormatError(
                f"resting: expected [player, bakugan, x, y], got {_short(item)}"
            )
        player = item[0]
        if isinstance(player, bool) or not isinstance(player, int):
            raise SessionFormatError(f"resting: bad player {_short(player)}")
        x, y = _number(item[2], "resting"), _number(item[3], "resting")
        if not (0.0 <= x <= size[0] and 0.0 <= y <= size[1]):
            raise SessionFormatError(
                f"resting: {_short(item[1])} at ({x:g}, {y:g}) is off the table", "impossible"
            )
        resting[(player, item[1])] = (x, y)
    # A fresh session checks the kits against this catalog (a save from another card
    # set fails here, not three turns later) and sets up every other attribute.
    kits = list(state.kits)
    try:
        session = MatchSession(
            catalog, kits, state.settings, table_size=size, sphere_radius=sphere_radius
        )
    except ValueError as e:
        raise SessionFormatError(f"kits: {e}") from e
    _check_ids(state, catalog)
    standing = {x for fg in state.field.values() for x in fg.standing}
    if state.battle is not None:
        standing.update(state.battle.sides)
    stray = [k for k in resting if k not in standing]
    if stray:
        raise SessionFormatError(f"resting: {stray} do not stand on a Gate Card")
    session.state = state
    session.resting = resting
    session.timeline = []
    return session


def _check_ids(state: MatchState, catalog: Catalog) -> None:
    """Every card and Bakugan id of the state is one the catalog knows."""
    for i, p in enumerate(state.players):
        for kind, ids, known in (
            ("bakugan", [*p.unused, *p.used], catalog.bakugan),
            ("gates", [*p.gates, *(g for _, g in p.captured)], catalog.gates),
            ("abilities", [*p.abilities, *p.used_abilities], catalog.abilities),
        ):
            unknown = sorted({x for x in ids if x not in known})
            if unknown:
                raise SessionFormatError(f"players[{i}].{kind}: unknown ids {unknown}")
    for slot, fg in state.field.items():
        if fg.gate not in catalog.gates:
            raise SessionFormatError(f"field {slot}: unknown gate {fg.gate!r}")
        unknown = sorted({b for _, b in fg.standing if b not in catalog.bakugan})
        if unknown:
            raise SessionFormatError(f"field {slot}: unknown Bakugan {unknown}")


# ---------------------------------------------------------------- the autosave payload

PAYLOAD_FIELDS = ("session", "humans", "seed")


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """A classic match as the autosave keeps it: the session, who plays at this
    computer, the match's seed, and the computers' difficulties (`level` the first
    computer's, `levels` each seat's; empty in saves that did not keep them)."""

    session: MatchSession
    humans: tuple[bool, ...]
    seed: int
    level: str
    levels: tuple[str, ...]


def match_payload(
    session: MatchSession,
    humans: Sequence[bool],
    seed: int,
    level: str,
    levels: Sequence[str],
) -> dict[str, Any]:
    """The autosave payload of a classic match (`game.persist.saves.save_match`)."""
    return {
        "session": session_to_json(session),
        "humans": list(humans),
        "seed": seed,
        "level": level,
        "levels": list(levels),
    }


def read_match_payload(payload: dict[str, Any], catalog: Catalog) -> SavedMatch:
    """The match of an autosave payload; raises `SessionFormatError` (or another
    error naming the field) on a payload that does not fit."""
    data = payload["session"]
    humans_raw = payload["humans"]
    levels_raw = payload.get("levels", [])
    if not isinstance(data, dict) or not isinstance(humans_raw, list):
        raise SessionFormatError("session, humans: expected an object and a list")
    if not isinstance(levels_raw, list):
        raise SessionFormatError("levels: expected a list")
    session = session_from_json(data, catalog)
    humans = tuple(bool(h) for h in humans_raw)
    if len(humans) != len(session.state.players):
        raise SessionFormatError(
            f"humans: {len(humans)} seats for {len(session.state.players)} players"
        )
    seed = int(str(payload["seed"]))
    level = str(payload.get("level", "normal"))
    return SavedMatch(session, humans, seed, level, tuple(str(v) for v in levels_raw))
