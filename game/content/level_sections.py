"""The sections of a throw-challenge level file (docs/levels.md), each read with the
shared reader into the challenges' definitions: the spheres to throw, the cards, the
obstacles, the rivals and the targets, and what moves. `game.content.levels` reads the
rest of the file and puts the level together.

Each function records every problem it meets in the `LevelReader` and leaves out what
did not read; a target or a rival that names a broken card is not reported again.
"""

from __future__ import annotations

import math
from typing import Any

from game.challenges.defs import (
    ATTRIBUTES,
    CARD_COLOURS,
    KNOCK,
    LAND,
    TARGET_KINDS,
    ZONE,
    LevelCard,
    LevelRival,
    SphereDef,
    Target,
    card_spec,
)
from game.physics.motion import Motion
from game.physics.pieces import BUMPER_BOUNCE, POST_BOUNCE, ArenaCard, Block, Piece, Rival, Round
from game.physics.tuning import (
    CUSHION_ELASTICITY,
    MAGNET_RADIUS,
    MAX_RADIUS,
    MIN_RADIUS,
    SPHERE_ELASTICITY,
)

from .level_reader import POINT, LevelReader, kind, short
from .reader import INVALID, MISSING, REQUIRED, Bool, Id, Num, OneOf, Ref, join

MOTION_KEYS = ("path", "speed", "loop", "turn", "phase")


def _motion(r: LevelReader, data: dict[str, Any], prefix: str) -> Motion | None:
    """The motion fields of a card or an obstacle (None: it stays put)."""
    if not any(k in data for k in MOTION_KEYS):
        return None
    path: tuple[tuple[float, float], ...] = ()
    raw = data.get("path", MISSING)
    ok = True
    if raw is not MISSING:
        if not isinstance(raw, list) or len(raw) < 2:
            r.add(None, join(prefix, "path"), "path_short")
            ok = False
        else:
            field = join(prefix, "path")
            points = [POINT.read(r, p, None, f"{field}[{i + 1}]") for i, p in enumerate(raw)]
            if any(p is INVALID for p in points):
                ok = False
            else:
                path = tuple(points)
                if all(p == path[0] for p in path):
                    r.add(None, join(prefix, "path"), "path_short")
                    ok = False
    speed = r.value(data, "speed", Num(1.0, 600.0, default=0.0 if not path else REQUIRED), prefix)
    loop = r.value(data, "loop", Bool(default=False), prefix)
    turn = r.value(data, "turn", Num(-720.0, 720.0, default=0.0), prefix)
    phase = r.value(data, "phase", Num(0.0, 600.0, default=0.0), prefix)
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
            r.add(None, prefix, "xy_and_path")
            return None
        if motion is None or not motion.path:
            return None
        return motion.path[0]
    x = r.value(data, "x", Num(-1e6, 1e6), prefix)
    y = r.value(data, "y", Num(-1e6, 1e6), prefix)
    if x is None or y is None:
        return None
    return (x, y)


def spheres(r: LevelReader, throw: dict[str, Any]) -> tuple[SphereDef, ...]:
    raw = throw.get("spheres", MISSING)
    if raw is MISSING:
        r.add(None, "throw.spheres", "missing")
        return ()
    if not isinstance(raw, list) or not 1 <= len(raw) <= 8:
        r.add(None, "throw.spheres", "spheres", got=short(raw))
        return ()
    out: list[SphereDef] = []
    for i, item in enumerate(raw):
        field = f"throw.spheres[{i + 1}]"
        if isinstance(item, str):
            item = {"attribute": item}
        if not isinstance(item, dict):
            r.add(None, field, "type", expected="sphere", got=kind(item))
            continue
        r.unknown(item, ("attribute", "radius", "mass"), None, field)
        attribute = r.value(item, "attribute", OneOf(ATTRIBUTES), field)
        radius = r.value(item, "radius", Num(MIN_RADIUS, MAX_RADIUS, default=14.0), field)
        mass = r.value(item, "mass", Num(0.2, 5.0, default=1.0), field)
        if attribute is not None and radius is not None and mass is not None:
            out.append(SphereDef(attribute, radius, mass))
    return tuple(out)


def cards(
    r: LevelReader, data: dict[str, Any], w: float, h: float, seen: set[str]
) -> list[LevelCard]:
    """The cards that read well; `seen` gets every id named, broken cards' too (so a
    target naming a broken card is not reported a second time)."""
    out: list[LevelCard] = []
    allowed = ("id", "x", "y", "angle", "magnet", "colour", *MOTION_KEYS)
    for _, prefix, entry in r.entries(data, "cards"):
        r.unknown(entry, allowed, None, prefix)
        ident = r.new_id(entry, prefix, seen)
        motion = _motion(r, entry, prefix)
        place = _place(r, entry, prefix, motion, w, h)
        angle = r.value(entry, "angle", Num(-360.0, 360.0, default=0.0), prefix)
        magnet = r.value(entry, "magnet", Num(0.0, 44.0, default=MAGNET_RADIUS), prefix)
        colour = r.value(entry, "colour", OneOf(CARD_COLOURS, default="gold"), prefix)
        if ident is None or place is None or angle is None or magnet is None or colour is None:
            if ident is not None:
                seen.add(ident)
            continue
        seen.add(ident)
        spec = card_spec(ident, place[0], place[1], math.radians(angle), magnet)
        out.append(LevelCard(ArenaCard(spec, motion), colour))
    return out


def pieces(r: LevelReader, data: dict[str, Any], w: float, h: float) -> list[Piece]:
    out: list[Piece] = []
    seen: set[str] = set()
    common = ("kind", "id", "x", "y", "bounce", *MOTION_KEYS)
    for i, prefix, entry in r.entries(data, "obstacles"):
        kind = r.value(entry, "kind", OneOf(("block", "bumper", "post")), prefix)
        if kind is None:
            continue
        extra = ("width", "height", "angle") if kind == "block" else ("radius",)
        r.unknown(entry, (*common, *extra), None, prefix)
        ident = r.value(entry, "id", Id(default=None), prefix) or f"{kind}{i + 1}"
        if ident in seen:
            r.add(None, join(prefix, "id"), "duplicate", id=ident)
            continue
        seen.add(ident)
        motion = _motion(r, entry, prefix)
        place = _place(r, entry, prefix, motion, w, h)
        if kind == "block":
            width = r.value(entry, "width", Num(16.0, 2000.0), prefix)
            height = r.value(entry, "height", Num(16.0, 2000.0), prefix)
            angle = r.value(entry, "angle", Num(-360.0, 360.0, default=0.0), prefix)
            bounce = r.value(
                entry,
                "bounce",
                Num(0.2, 1.0, default=SPHERE_ELASTICITY * CUSHION_ELASTICITY),
                prefix,
            )
            if None in (place, width, height, angle, bounce):
                continue
            assert place is not None and width is not None and height is not None
            assert angle is not None and bounce is not None
            out.append(Block(ident, place, (width, height), math.radians(angle), motion, bounce))
        else:
            radius = r.value(entry, "radius", Num(8.0, 150.0), prefix)
            default = BUMPER_BOUNCE if kind == "bumper" else POST_BOUNCE
            bounce = r.value(entry, "bounce", Num(0.2, 1.0, default=default), prefix)
            if place is None or radius is None or bounce is None:
                continue
            out.append(Round(ident, place, radius, bounce, motion, bumper=kind == "bumper"))
    return out


def rivals(
    r: LevelReader,
    data: dict[str, Any],
    cards: dict[str, LevelCard],
    taken: set[str],
    named: set[str],
    rival_names: set[str],
) -> list[LevelRival]:
    out: list[LevelRival] = []
    allowed = ("id", "card", "x", "y", "attribute", "radius", "mass")
    for _, prefix, entry in r.entries(data, "rivals"):
        r.unknown(entry, allowed, None, prefix)
        ident = r.new_id(entry, prefix, taken)
        if ident is not None:
            taken.add(ident)
            rival_names.add(ident)
        attribute = r.value(entry, "attribute", OneOf(ATTRIBUTES, default="darkus"), prefix)
        radius = r.value(entry, "radius", Num(MIN_RADIUS, MAX_RADIUS, default=14.0), prefix)
        mass = r.value(entry, "mass", Num(0.2, 5.0, default=1.0), prefix)
        on: str | None = None
        place: tuple[float, float] | None = None
        if "card" in entry:
            if "x" in entry or "y" in entry:
                r.add(None, prefix, "xy_and_card")
                continue
            on = r.value(entry, "card", Ref(cards, "card", named), prefix)
            if on is None:
                continue
            place = cards[on].card.target.center
        else:
            x = r.value(entry, "x", Num(-1e6, 1e6), prefix)
            y = r.value(entry, "y", Num(-1e6, 1e6), prefix)
            if x is not None and y is not None:
                place = (x, y)
                for c in cards.values():
                    if not c.card.moves and c.card.target.contains(place):
                        on = c.id
        if ident is None or place is None or attribute is None or radius is None or mass is None:
            continue
        out.append(LevelRival(Rival(ident, place, radius, mass), attribute, on))
    return out


def targets(
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
        r.add(None, "targets", "missing")
        return out
    for _, prefix, entry in r.entries(data, "targets"):
        kind = r.value(entry, "kind", OneOf(TARGET_KINDS), prefix)
        if kind == LAND:
            r.unknown(entry, ("kind", "card"), None, prefix)
            card = r.value(entry, "card", Ref(cards, "card", named), prefix)
            if card is not None:
                out.append(Target(LAND, card=card))
        elif kind == KNOCK:
            r.unknown(entry, ("kind", "rival"), None, prefix)
            rival = r.value(entry, "rival", Ref(rivals, "rival", named), prefix)
            if rival is not None:
                out.append(Target(KNOCK, rival=rival))
        elif kind == ZONE:
            r.unknown(entry, ("kind", "x", "y", "radius"), None, prefix)
            x = r.value(entry, "x", Num(-1e6, 1e6), prefix)
            y = r.value(entry, "y", Num(-1e6, 1e6), prefix)
            radius = r.value(entry, "radius", Num(15.0, 400.0), prefix)
            if x is not None and y is not None and radius is not None:
                out.append(Target(ZONE, center=(x, y), radius=radius))
    return out
