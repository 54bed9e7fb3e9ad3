"""Loads throw-challenge levels (`levels/*.toml`, format: docs/levels.md) into LevelDefs.

Every mistake is collected, not just the first, and reported as ``file: field:
problem`` (`LevelProblem`, words from the language catalogs). A file with any mistake is
refused whole; the other files still load. Nothing here raises anything but LevelError
for a bad file, whatever the file holds (bytes that are not UTF-8, a number too long, a
nesting too deep, a file too large: `game.files.decode`; more pieces than `LIMITS`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.challenges.defs import (
    ANY_ORDER,
    GUIDES,
    NO_GUIDE,
    ORDERS,
    LevelDef,
)
from game.challenges.problems import LevelProblem, problem
from game.challenges.validate import check_level
from game.content import level_sections as sections
from game.content.errors import ContentError
from game.content.level_reader import LevelReader, short
from game.content.reader import (
    MISSING,
    Int,
    Num,
    OneOf,
    Table,
)
from game.files import decode
from game.files.paths import levels_dir
from game.physics import MAX_SPEED
from game.physics.pieces import SIDES

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


def _section(
    r: LevelReader, data: dict[str, Any], key: str, allowed: tuple[str, ...]
) -> tuple[dict[str, Any] | None, dict[str, Any]]:
    """The level's table `key` (None when it is missing or no table: recorded) and what
    to read in it (nothing, then), its unknown keys recorded."""
    given: dict[str, Any] | None = r.value(data, key, Table())
    section = given or {}
    r.unknown(section, allowed, None, key)
    return given, section


def _needed(r: LevelReader, section: dict[str, Any] | None, key: str, field: str) -> Any:
    """`section[field]`, the field a section there must have; MISSING when the section
    is not there (said already) or the field is not (recorded)."""
    if section is None:
        return MISSING
    raw = section.get(field, MISSING)
    if raw is MISSING:
        r.add(None, f"{key}.{field}", "missing")
    return raw


def parse_level(data: dict[str, Any], file: str, ident: str) -> LevelDef:
    """A LevelDef from TOML data already read; raises LevelError."""
    r = LevelReader(file)
    r.unknown(data, TOP_KEYS, None, "")
    fmt = data.get("format", MISSING)
    if fmt is MISSING:
        r.add(None, "format", "missing")
    elif fmt != FORMAT or isinstance(fmt, bool):
        r.add(None, "format", "format", got=short(fmt), want=FORMAT)
    name = r.level_text(data, "name")
    hint = r.level_text(data, "hint")

    has_table, table = _section(r, data, "table", ("width", "height", "cushions"))
    width = r.value(table, "width", Num(200.0, 3000.0), "table") if has_table is not None else None
    height = (
        r.value(table, "height", Num(200.0, 3000.0), "table") if has_table is not None else None
    )
    cushions: frozenset[str] = frozenset()
    raw_c = table.get("cushions", False)
    if isinstance(raw_c, bool):
        cushions = frozenset(SIDES) if raw_c else frozenset()
    elif isinstance(raw_c, list) and all(isinstance(s, str) and s in SIDES for s in raw_c):
        cushions = frozenset(raw_c)
    else:
        r.add(None, "table.cushions", "cushions", got=short(raw_c), sides=", ".join(SIDES))

    has_throw, throw = _section(r, data, "throw", ("zone", "spheres"))
    zone: tuple[float, float, float, float] | None = None
    raw_zone = _needed(r, has_throw, "throw", "zone")
    if raw_zone is not MISSING:
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
            r.add(None, "throw.zone", "zone_rect", got=short(raw_zone))
    spheres = sections.spheres(r, throw) if has_throw is not None else ()

    has_limits, limits = _section(r, data, "limits", ("throws", "time", "guide"))
    throws = r.value(limits, "throws", Int(1, 30), "limits") if has_limits is not None else None
    time = r.value(limits, "time", Num(5.0, 900.0, default=None), "limits")
    guide = r.value(limits, "guide", OneOf(GUIDES, default=NO_GUIDE), "limits")

    has_goal, goal = _section(r, data, "goal", ("order", "stars"))
    order = r.value(goal, "order", OneOf(ORDERS, default=ANY_ORDER), "goal")
    stars: tuple[int, int, int] | None = None
    raw_stars = _needed(r, has_goal, "goal", "stars")
    if raw_stars is not MISSING:
        if (
            isinstance(raw_stars, list)
            and len(raw_stars) == 3
            and all(isinstance(v, int) and not isinstance(v, bool) for v in raw_stars)
        ):
            stars = (raw_stars[0], raw_stars[1], raw_stars[2])
        else:
            r.add(None, "goal.stars", "stars", got=short(raw_stars))

    for key, most in LIMITS.items():
        entries = data.get(key)
        if isinstance(entries, list) and len(entries) > most:
            r.add(None, key, "too_many", got=len(entries), max=most)
    if any(p.code == "too_many" for p in r.problems):
        raise LevelError(r.level_problems())  # reading on would cost what the limit is there for

    w = width or 1.0
    h = height or 1.0
    card_names: set[str] = set()
    cards = sections.cards(r, data, w, h, card_names)
    by_card = {c.id: c for c in cards}
    pieces = sections.pieces(r, data, w, h)
    taken = {str(p.id) for p in pieces}
    rival_names: set[str] = set()
    rivals = sections.rivals(r, data, by_card, taken, card_names, rival_names)
    by_rival = {x.id: x for x in rivals}
    targets = sections.targets(r, data, by_card, by_rival, card_names | rival_names)

    if not r.ok:
        raise LevelError(r.level_problems())
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
        guide=guide or NO_GUIDE,
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
