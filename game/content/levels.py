"""Loads throw-challenge levels (`levels/*.toml`, format: docs/levels.md) into LevelDefs.

Every mistake is collected, not just the first, and reported as ``file: field:
problem`` (`LevelProblem`, words from the language catalogs). A file with any mistake is
refused whole; the other files still load. Nothing here raises anything but LevelError
for a bad file, whatever the file holds (bytes that are not UTF-8, a number too long, a
nesting too deep, a file too large: `game.files.decode`; more pieces than `LIMITS`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.challenges.defs import (
    ANY_ORDER,
    ATTRIBUTES,
    CARD_COLOURS,
    KNOCK,
    LAND,
    ORDERS,
    TARGET_KINDS,
    ZONE,
    LevelCard,
    LevelDef,
    LevelRival,
    SphereDef,
    Target,
    card_spec,
)
from game.challenges.problems import LevelProblem, problem
from game.challenges.validate import check_level
from game.content.errors import ContentError
from game.content.level_reader import MISSING, LevelReader, join, kind, short
from game.files import decode
from game.files.paths import levels_dir
from game.physics import MAX_SPEED
from game.physics.arena import (
    BUMPER_BOUNCE,
    POST_BOUNCE,
    SIDES,
    ArenaCard,
    Block,
    Motion,
    Piece,
    Rival,
    Round,
)
from game.physics.tuning import (
    CUSHION_ELASTICITY,
    MAGNET_RADIUS,
    MAX_RADIUS,
    MIN_RADIUS,
    SPHERE_ELASTICITY,
)

FORMAT = 1
MAX_FILE_BYTES = 1024 * 1024
"""A level file is at most 1 MB (4,000 obstacles take about 200 KB)."""
LIMITS = {"cards": 100, "obstacles": 4000, "rivals": 32, "targets": 100}
"""The most entries of each kind a level may hold. Every card, obstacle and rival is a
shape the physics tests at every step of a throw and the screen draws every frame, and
every rival is a sphere simulated with the thrown one; past these the throws and the
frames slow down and no level needs more (the shipped ones use up to 9 obstacles)."""
_PREFIX = re.compile(r"^\d+[_-]")

TOP_KEYS = (
    "format",
    "name",
    "hint",
    "table",
    "throw",
    "limits",
    "goal",
    "cards",
    "obstacles",
    "rivals",
    "targets",
)
MOTION_KEYS = ("path", "speed", "loop", "turn", "phase")


class LevelError(ContentError):
    """A level file that cannot be played; `level_problems` lists every mistake."""

    def __init__(self, problems: list[LevelProblem]) -> None:
        super().__init__([str(p) for p in problems])
        self.level_problems = problems

    def lines(self, lang: str = "en") -> list[str]:
        return [p.line(lang) for p in self.level_problems]


def level_ident(path: Path) -> str:
    """A level's id: its file name without the extension and the order prefix
    (``03_bank_shot.toml`` -> ``bank_shot``)."""
    return _PREFIX.sub("", path.stem)


# --- sections ------------------------------------------------------------------------


def _motion(r: LevelReader, data: dict[str, Any], prefix: str) -> Motion | None:
    """The motion fields of a card or an obstacle (None: it stays put)."""
    if not any(k in data for k in MOTION_KEYS):
        return None
    path: tuple[tuple[float, float], ...] = ()
    raw = data.get("path", MISSING)
    ok = True
    if raw is not MISSING:
        if not isinstance(raw, list) or len(raw) < 2:
            r.add(join(prefix, "path"), "path_short")
            ok = False
        else:
            points = [r.point(p, f"{join(prefix, 'path')}[{i + 1}]") for i, p in enumerate(raw)]
            if any(p is None for p in points):
                ok = False
            else:
                path = tuple(p for p in points if p is not None)
                if all(p == path[0] for p in path):
                    r.add(join(prefix, "path"), "path_short")
                    ok = False
    speed = r.number(data, "speed", prefix, 1.0, 600.0, default=0.0 if not path else MISSING)
    loop = r.boolean(data, "loop", prefix, False)
    turn = r.number(data, "turn", prefix, -720.0, 720.0, default=0.0)
    phase = r.number(data, "phase", prefix, 0.0, 600.0, default=0.0)
    if path and "speed" not in data:
        ok = False
    if not ok or speed is None or turn is None or phase is None:
        return None
    if not path and turn == 0.0:
        return None
    return Motion(path, speed if path else 0.0, loop, math.radians(turn), phase)


def _place(
    r: LevelReader, data: dict[str, Any], prefix: str, motion: Motion | None, w: float, h: float
) -> tuple[float, float] | None:
    """x and y, or the start of the path (a level gives one or the other)."""
    has_xy = "x" in data or "y" in data
    if "path" in data:
        if has_xy:
            r.add(prefix, "xy_and_path")
            return None
        if motion is None or not motion.path:
            return None
        return motion.path[0]
    x = r.number(data, "x", prefix, -1e6, 1e6)
    y = r.number(data, "y", prefix, -1e6, 1e6)
    if x is None or y is None:
        return None
    return (x, y)


def _spheres(r: LevelReader, throw: dict[str, Any]) -> tuple[SphereDef, ...]:
    raw = throw.get("spheres", MISSING)
    if raw is MISSING:
        r.add("throw.spheres", "missing")
        return ()
    if not isinstance(raw, list) or not 1 <= len(raw) <= 8:
        r.add("throw.spheres", "spheres", got=short(raw))
        return ()
    out: list[SphereDef] = []
    for i, item in enumerate(raw):
        field = f"throw.spheres[{i + 1}]"
        if isinstance(item, str):
            item = {"attribute": item}
        if not isinstance(item, dict):
            r.add(field, "type", expected="sphere", got=kind(item))
            continue
        r.keys(item, ("attribute", "radius", "mass"), field)
        attribute = r.choice(item, "attribute", field, ATTRIBUTES)
        radius = r.number(item, "radius", field, MIN_RADIUS, MAX_RADIUS, default=14.0)
        mass = r.number(item, "mass", field, 0.2, 5.0, default=1.0)
        if attribute is not None and radius is not None and mass is not None:
            out.append(SphereDef(attribute, radius, mass))
    return tuple(out)


def _cards(
    r: LevelReader, data: dict[str, Any], w: float, h: float, seen: set[str]
) -> list[LevelCard]:
    """The cards that read well; `seen` gets every id named, broken cards' too (so a
    target naming a broken card is not reported a second time)."""
    out: list[LevelCard] = []
    allowed = ("id", "x", "y", "angle", "magnet", "colour", *MOTION_KEYS)
    for i, entry in enumerate(r.tables(data, "cards")):
        prefix = f"cards[{i + 1}]"
        if entry is None:
            continue
        r.keys(entry, allowed, prefix)
        ident = r.ident(entry, "id", prefix, required=True)
        if ident is not None and ident in seen:
            r.add(join(prefix, "id"), "duplicate", id=ident)
            ident = None
        motion = _motion(r, entry, prefix)
        place = _place(r, entry, prefix, motion, w, h)
        angle = r.number(entry, "angle", prefix, -360.0, 360.0, default=0.0)
        magnet = r.number(entry, "magnet", prefix, 0.0, 44.0, default=MAGNET_RADIUS)
        colour = r.choice(entry, "colour", prefix, CARD_COLOURS, default="gold")
        if ident is None or place is None or angle is None or magnet is None or colour is None:
            if ident is not None:
                seen.add(ident)
            continue
        seen.add(ident)
        spec = card_spec(ident, place[0], place[1], math.radians(angle), magnet)
        out.append(LevelCard(ArenaCard(spec, motion), colour))
    return out


def _pieces(r: LevelReader, data: dict[str, Any], w: float, h: float) -> list[Piece]:
    out: list[Piece] = []
    seen: set[str] = set()
    common = ("kind", "id", "x", "y", "bounce", *MOTION_KEYS)
    for i, entry in enumerate(r.tables(data, "obstacles")):
        prefix = f"obstacles[{i + 1}]"
        if entry is None:
            continue
        kind = r.choice(entry, "kind", prefix, ("block", "bumper", "post"))
        if kind is None:
            continue
        extra = ("width", "height", "angle") if kind == "block" else ("radius",)
        r.keys(entry, (*common, *extra), prefix)
        ident = r.ident(entry, "id", prefix, required=False) or f"{kind}{i + 1}"
        if ident in seen:
            r.add(join(prefix, "id"), "duplicate", id=ident)
            continue
        seen.add(ident)
        motion = _motion(r, entry, prefix)
        place = _place(r, entry, prefix, motion, w, h)
        if kind == "block":
            width = r.number(entry, "width", prefix, 16.0, 2000.0)
            height = r.number(entry, "height", prefix, 16.0, 2000.0)
            angle = r.number(entry, "angle", prefix, -360.0, 360.0, default=0.0)
            bounce = r.number(
                entry, "bounce", prefix, 0.2, 1.0, default=SPHERE_ELASTICITY * CUSHION_ELASTICITY
            )
            if None in (place, width, height, angle, bounce):
                continue
            assert place is not None and width is not None and height is not None
            assert angle is not None and bounce is not None
            out.append(Block(ident, place, (width, height), math.radians(angle), motion, bounce))
        else:
            radius = r.number(entry, "radius", prefix, 8.0, 150.0)
            default = BUMPER_BOUNCE if kind == "bumper" else POST_BOUNCE
            bounce = r.number(entry, "bounce", prefix, 0.2, 1.0, default=default)
            if place is None or radius is None or bounce is None:
                continue
            out.append(Round(ident, place, radius, bounce, motion, bumper=kind == "bumper"))
    return out


def _rivals(
    r: LevelReader,
    data: dict[str, Any],
    cards: dict[str, LevelCard],
    taken: set[str],
    named: set[str],
    rival_names: set[str],
) -> list[LevelRival]:
    out: list[LevelRival] = []
    allowed = ("id", "card", "x", "y", "attribute", "radius", "mass")
    for i, entry in enumerate(r.tables(data, "rivals")):
        prefix = f"rivals[{i + 1}]"
        if entry is None:
            continue
        r.keys(entry, allowed, prefix)
        ident = r.ident(entry, "id", prefix, required=True)
        if ident is not None and ident in taken:
            r.add(join(prefix, "id"), "duplicate", id=ident)
            ident = None
        if ident is not None:
            taken.add(ident)
            rival_names.add(ident)
        attribute = r.choice(entry, "attribute", prefix, ATTRIBUTES, default="darkus")
        radius = r.number(entry, "radius", prefix, MIN_RADIUS, MAX_RADIUS, default=14.0)
        mass = r.number(entry, "mass", prefix, 0.2, 5.0, default=1.0)
        on: str | None = None
        place: tuple[float, float] | None = None
        if "card" in entry:
            if "x" in entry or "y" in entry:
                r.add(prefix, "xy_and_card")
                continue
            on = r.ident(entry, "card", prefix, required=True)
            if on is not None and on not in cards:
                if on not in named:
                    r.add(join(prefix, "card"), "no_such_card", id=on)
                on = None
                continue
            if on is not None:
                place = cards[on].card.spec.center
        else:
            x = r.number(entry, "x", prefix, -1e6, 1e6)
            y = r.number(entry, "y", prefix, -1e6, 1e6)
            if x is not None and y is not None:
                place = (x, y)
                for c in cards.values():
                    if not c.card.moves and c.card.spec.contains(place):
                        on = c.id
        if ident is None or place is None or attribute is None or radius is None or mass is None:
            continue
        out.append(LevelRival(Rival(ident, place, radius, mass), attribute, on))
    return out


def _targets(
    r: LevelReader,
    data: dict[str, Any],
    cards: dict[str, LevelCard],
    rivals: dict[str, LevelRival],
    named: set[str],
) -> list[Target]:
    """The targets; `named` holds every card and rival id the file names (a target that
    points at a broken card or rival is not reported again)."""
    out: list[Target] = []
    if "targets" not in data:
        r.add("targets", "missing")
        return out
    for i, entry in enumerate(r.tables(data, "targets")):
        prefix = f"targets[{i + 1}]"
        if entry is None:
            continue
        kind = r.choice(entry, "kind", prefix, TARGET_KINDS)
        if kind == LAND:
            r.keys(entry, ("kind", "card"), prefix)
            card = r.ident(entry, "card", prefix, required=True)
            if card is not None and card not in cards:
                if card not in named:
                    r.add(join(prefix, "card"), "no_such_card", id=card)
            elif card is not None:
                out.append(Target(LAND, card=card))
        elif kind == KNOCK:
            r.keys(entry, ("kind", "rival"), prefix)
            rival = r.ident(entry, "rival", prefix, required=True)
            if rival is not None and rival not in rivals:
                if rival not in named:
                    r.add(join(prefix, "rival"), "no_such_rival", id=rival)
            elif rival is not None:
                out.append(Target(KNOCK, rival=rival))
        elif kind == ZONE:
            r.keys(entry, ("kind", "x", "y", "radius"), prefix)
            x = r.number(entry, "x", prefix, -1e6, 1e6)
            y = r.number(entry, "y", prefix, -1e6, 1e6)
            radius = r.number(entry, "radius", prefix, 15.0, 400.0)
            if x is not None and y is not None and radius is not None:
                out.append(Target(ZONE, center=(x, y), radius=radius))
    return out


def parse_level(data: dict[str, Any], file: str, ident: str) -> LevelDef:
    """A LevelDef from TOML data already read; raises LevelError."""
    r = LevelReader(file)
    r.keys(data, TOP_KEYS, "")
    fmt = data.get("format", MISSING)
    if fmt is MISSING:
        r.add("format", "missing")
    elif fmt != FORMAT or isinstance(fmt, bool):
        r.add("format", "format", got=short(fmt), want=FORMAT)
    name = r.text(data, "name")
    hint = r.text(data, "hint")

    has_table = r.table(data, "table")
    table = has_table or {}
    r.keys(table, ("width", "height", "cushions"), "table")
    width = r.number(table, "width", "table", 200.0, 3000.0) if has_table is not None else None
    height = r.number(table, "height", "table", 200.0, 3000.0) if has_table is not None else None
    cushions: frozenset[str] = frozenset()
    raw_c = table.get("cushions", False)
    if isinstance(raw_c, bool):
        cushions = frozenset(SIDES) if raw_c else frozenset()
    elif isinstance(raw_c, list) and all(isinstance(s, str) and s in SIDES for s in raw_c):
        cushions = frozenset(raw_c)
    else:
        r.add("table.cushions", "cushions", got=short(raw_c), sides=", ".join(SIDES))

    has_throw = r.table(data, "throw")
    throw = has_throw or {}
    r.keys(throw, ("zone", "spheres"), "throw")
    zone: tuple[float, float, float, float] | None = None
    raw_zone = throw.get("zone", MISSING)
    if has_throw is not None and raw_zone is MISSING:
        r.add("throw.zone", "missing")
    elif has_throw is not None:
        if (
            isinstance(raw_zone, list)
            and len(raw_zone) == 4
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in raw_zone)
            and raw_zone[0] < raw_zone[2]
            and raw_zone[1] < raw_zone[3]
        ):
            zone = (
                float(raw_zone[0]),
                float(raw_zone[1]),
                float(raw_zone[2]),
                float(raw_zone[3]),
            )
        else:
            r.add("throw.zone", "zone_rect", got=short(raw_zone))
    spheres = _spheres(r, throw) if has_throw is not None else ()

    has_limits = r.table(data, "limits")
    limits = has_limits or {}
    r.keys(limits, ("throws", "time"), "limits")
    throws = r.integer(limits, "throws", "limits", 1, 30) if has_limits is not None else None
    time = r.number(limits, "time", "limits", 5.0, 900.0, default=None)

    has_goal = r.table(data, "goal")
    goal = has_goal or {}
    r.keys(goal, ("order", "stars"), "goal")
    order = r.choice(goal, "order", "goal", ORDERS, default=ANY_ORDER)
    stars: tuple[int, int, int] | None = None
    raw_stars = goal.get("stars", MISSING)
    if has_goal is not None and raw_stars is MISSING:
        r.add("goal.stars", "missing")
    elif has_goal is not None:
        if (
            isinstance(raw_stars, list)
            and len(raw_stars) == 3
            and all(isinstance(v, int) and not isinstance(v, bool) for v in raw_stars)
        ):
            stars = (raw_stars[0], raw_stars[1], raw_stars[2])
        else:
            r.add("goal.stars", "stars", got=short(raw_stars))

    for key, most in LIMITS.items():
        entries = data.get(key)
        if isinstance(entries, list) and len(entries) > most:
            r.add(key, "too_many", got=len(entries), max=most)
    if r.problems and any(p.code == "too_many" for p in r.problems):
        raise LevelError(r.problems)  # reading on would cost what the limit is there for

    w = width or 1.0
    h = height or 1.0
    card_names: set[str] = set()
    cards = _cards(r, data, w, h, card_names)
    by_card = {c.id: c for c in cards}
    pieces = _pieces(r, data, w, h)
    taken = {str(p.id) for p in pieces}
    rival_names: set[str] = set()
    rivals = _rivals(r, data, by_card, taken, card_names, rival_names)
    by_rival = {x.id: x for x in rivals}
    targets = _targets(r, data, by_card, by_rival, card_names | rival_names)

    if r.problems:
        raise LevelError(r.problems)
    if (
        name is None
        or hint is None
        or width is None
        or height is None
        or zone is None
        or throws is None
        or order is None
        or stars is None
    ):  # pragma: no cover - every path above that leaves one unset records why
        raise LevelError([problem(file, "-", "invalid", detail="incomplete level")])
    level = LevelDef(
        ident=ident,
        source=file,
        name=name,
        hint=hint,
        width=width,
        height=height,
        cushions=cushions,
        zone=zone,
        spheres=spheres,
        throws=throws,
        time=time,
        order=order,
        stars=stars,
        cards=tuple(cards),
        pieces=tuple(pieces),
        rivals=tuple(rivals),
        targets=tuple(targets),
    )
    problems = check_level(level)
    if problems:
        raise LevelError(problems)
    return level


def load_level(path: Path | str) -> LevelDef:
    """Read and check one level file; raises LevelError listing every mistake, and
    nothing else whatever the file holds."""
    path = Path(path)
    file = path.name
    try:
        data = decode.toml(decode.read_bytes(path, MAX_FILE_BYTES))
    except decode.Undecodable as e:
        code = {"missing": "unreadable", "syntax": "toml"}.get(e.code, e.code)
        raise LevelError([problem(file, "-", code, detail=e.detail)]) from None
    try:
        return parse_level(data, file, level_ident(path))
    except LevelError:
        raise
    except Exception as e:  # unforeseen: still a bad file, never a traceback
        detail = f"{type(e).__name__}: {short(str(e))}"
        raise LevelError([problem(file, "-", "invalid", detail=detail)]) from None


@dataclass(frozen=True, slots=True)
class LevelEntry:
    """A file in the levels folder: its level, or the problems that keep it out."""

    path: Path
    ident: str
    level: LevelDef | None
    problems: tuple[LevelProblem, ...] = ()

    @property
    def ok(self) -> bool:
        return self.level is not None


def load_entry(path: Path) -> LevelEntry:
    try:
        return LevelEntry(path, level_ident(path), load_level(path))
    except LevelError as e:
        return LevelEntry(path, level_ident(path), None, tuple(e.level_problems))


def discover(folder: Path | None = None) -> list[LevelEntry]:
    """Every `*.toml` in the levels folder, in file-name order, loaded or with problems.
    Two files with the same id: the later one is refused."""
    root = levels_dir() if folder is None else folder
    out: list[LevelEntry] = []
    seen: set[str] = set()
    for path in sorted(root.glob("*.toml")):
        entry = load_entry(path)
        if entry.ident in seen:
            entry = LevelEntry(
                path, entry.ident, None, (problem(path.name, "-", "same_id", id=entry.ident),)
            )
        seen.add(entry.ident)
        out.append(entry)
    return out


__all__ = [
    "FORMAT",
    "MAX_SPEED",
    "LevelEntry",
    "LevelError",
    "discover",
    "level_ident",
    "load_entry",
    "load_level",
    "parse_level",
]
