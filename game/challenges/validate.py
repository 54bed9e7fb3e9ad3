"""Checks on a whole level once its fields are read: geometry, targets, limits, stars.

`game.content.levels` reads the TOML (types, ranges, unknown keys) and builds the
LevelDef; this module finds what only the whole level shows: a card off the table,
pieces that overlap, a throw zone too close to a card, targets that cannot be met,
star thresholds no one can reach. Moving pieces are checked along their motion.

Each shape is worked out once per sampled moment, and only pairs whose boxes (over
their whole motion) share a cell of a grid get the exact overlap test
(`game.challenges.spatial`), so the check grows about linearly with the pieces.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import NamedTuple

from game.challenges.defs import KNOCK, LAND, ZONE, LevelDef
from game.challenges.problems import LevelProblem, problem
from game.challenges.scoring import max_score, min_throws
from game.challenges.spatial import Box, box_of, candidate_pairs, union
from game.physics import MIN_THROW_DISTANCE
from game.physics.geometry import polygon_distance, segment_distance
from game.physics.motion import Motion
from game.physics.pieces import MAX_PIECE_SPEED, Block, Piece, Round

TOUCH = 0.5
"""mm: shapes may touch (cards edge to edge) but not overlap by more than this."""
SAMPLES = 96


class Disc(NamedTuple):
    x: float
    y: float
    r: float


Poly = list[tuple[float, float]]
Shape = Disc | Poly


def _times(level: LevelDef) -> list[float]:
    period = level.period()
    if period <= 0:
        return [0.0]
    span = 2.0 * period
    return [span * k / SAMPLES for k in range(SAMPLES + 1)]


def _piece_shape(piece: Piece, t: float) -> Shape:
    if isinstance(piece, Block):
        return piece.corners(t)
    x, y, _ = piece.pose(t)
    return Disc(x, y, piece.radius)


def _overlap(a: Shape, b: Shape) -> float:
    """How deep two shapes overlap (> 0), or minus the gap between them (<= 0)."""
    if isinstance(a, Disc) and isinstance(b, Disc):
        return a.r + b.r - math.dist((a.x, a.y), (b.x, b.y))
    if isinstance(a, Disc):
        a, b = b, a
    if isinstance(b, Disc):
        assert not isinstance(a, Disc)
        return b.r - polygon_distance(a, (b.x, b.y))
    assert not isinstance(a, Disc)
    depth = _poly_overlap(a, b)
    if depth > 0:
        return depth
    return -_poly_gap(a, b)


def _poly_overlap(pa: list[tuple[float, float]], pb: list[tuple[float, float]]) -> float:
    """Separating-axis depth of two convex polygons (<= 0 when apart)."""
    depth = math.inf
    for poly in (pa, pb):
        for (x0, y0), (x1, y1) in _edges(poly):
            ax, ay = y0 - y1, x1 - x0
            length = math.hypot(ax, ay)
            if length == 0:
                continue
            ax, ay = ax / length, ay / length
            a = [px * ax + py * ay for px, py in pa]
            b = [px * ax + py * ay for px, py in pb]
            depth = min(depth, min(max(a), max(b)) - max(min(a), min(b)))
    return depth


def _poly_gap(pa: list[tuple[float, float]], pb: list[tuple[float, float]]) -> float:
    """The distance between two convex polygons (0 when they touch or overlap)."""
    if _poly_overlap(pa, pb) >= 0:
        return 0.0
    return min(
        min(segment_distance(p, a, b) for a, b in _edges(other))
        for poly, other in ((pa, pb), (pb, pa))
        for p in poly
    )


def _edges(
    poly: list[tuple[float, float]],
) -> Iterator[tuple[tuple[float, float], tuple[float, float]]]:
    n = len(poly)
    for i in range(n):
        yield poly[i], poly[(i + 1) % n]


def _box(shape: Shape) -> Box:
    if isinstance(shape, Disc):
        return (shape.x - shape.r, shape.y - shape.r, shape.x + shape.r, shape.y + shape.r)
    return box_of(shape)


def _swept(shapes: list[Shape]) -> Box:
    """The box of a piece over every sampled moment."""
    return union([_box(s) for s in shapes])


def _overlap_over_time(a: list[Shape], b: list[Shape]) -> bool:
    """Whether two pieces overlap (by more than TOUCH) at some sampled moment; a piece
    that stays put has one shape for every moment."""
    if len(a) == 1 and len(b) == 1:
        return _overlap(a[0], b[0]) > TOUCH
    count = max(len(a), len(b))
    return any(
        _overlap(a[k if len(a) > 1 else 0], b[k if len(b) > 1 else 0]) > TOUCH for k in range(count)
    )


def _inside(shape: Shape, w: float, h: float) -> bool:
    if isinstance(shape, Disc):
        x, y, r = shape
        return x - r >= -TOUCH and y - r >= -TOUCH and x + r <= w + TOUCH and y + r <= h + TOUCH
    return all(-TOUCH <= px <= w + TOUCH and -TOUCH <= py <= h + TOUCH for px, py in shape)


def _motion_speed(motion: Motion | None, reach: float) -> float:
    if motion is None:
        return 0.0
    return (motion.speed if motion.moves else 0.0) + abs(motion.turn) * reach


def _piece_reach(piece: Piece) -> float:
    if isinstance(piece, Round):
        return piece.radius
    return math.hypot(*piece.size) / 2


def check_level(level: LevelDef) -> list[LevelProblem]:
    """Every problem of the whole level (empty: it can be played)."""
    f = level.source
    out: list[LevelProblem] = []
    w, h = level.width, level.height
    times = _times(level)

    # --- the throw zone ---
    x0, y0, x1, y1 = level.zone
    biggest = max((s.radius for s in level.spheres), default=14.0)
    if x0 < 0 or y0 < 0 or x1 > w or y1 > h:
        out.append(problem(f, "throw.zone", "zone_off_table", width=w, height=h))
    elif x1 - x0 < 2 * biggest or y1 - y0 < 2 * biggest:
        out.append(problem(f, "throw.zone", "zone_small", size=2 * biggest))
    zone_box = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]

    # --- cards ---
    card_shapes: list[list[Shape]] = [
        [list(lc.card.at(t).corners()) for t in (times if lc.card.moves else [0.0])]
        for lc in level.cards
    ]
    card_pairs, _ = candidate_pairs([_swept(shapes) for shapes in card_shapes], TOUCH)
    for i, lc in enumerate(level.cards):
        field = f"cards[{i + 1}]"
        card = lc.card
        speed = _motion_speed(card.motion, math.hypot(card.target.width, card.target.length) / 2)
        if speed > MAX_PIECE_SPEED:
            out.append(problem(f, field, "too_fast", got=round(speed), max=MAX_PIECE_SPEED))
        mine = card_shapes[i]
        if any(not _inside(shape, w, h) for shape in mine):
            out.append(problem(f, field, "card_off_table", id=lc.id, width=w, height=h))
        near = min(_poly_gap(shape, zone_box) for shape in mine)  # type: ignore[arg-type]
        if near < MIN_THROW_DISTANCE - TOUCH:
            out.append(
                problem(f, "throw.zone", "zone_near_card", card=lc.id, gap=round(near), min=176)
            )
        for j in card_pairs.get(i, ()):
            other = level.cards[j]
            if _overlap_over_time(mine, card_shapes[j]):
                out.append(problem(f, field, "card_overlap", id=lc.id, other=other.id))

    # --- pieces ---
    piece_shapes: list[list[Shape]] = [
        [_piece_shape(p, t) for t in (times if p.motion is not None else [0.0])]
        for p in level.pieces
    ]
    piece_boxes = [_swept(shapes) for shapes in piece_shapes]
    piece_pairs, _ = candidate_pairs(piece_boxes, TOUCH)
    for i, piece in enumerate(level.pieces):
        field = f"obstacles[{i + 1}]"
        speed = _motion_speed(piece.motion, _piece_reach(piece))
        if speed > MAX_PIECE_SPEED:
            out.append(problem(f, field, "too_fast", got=round(speed), max=MAX_PIECE_SPEED))
        mine = piece_shapes[i]
        if any(not _inside(shape, w, h) for shape in mine):
            out.append(problem(f, field, "piece_off_table", id=str(piece.id), width=w, height=h))
        if any(_overlap(shape, zone_box) > -biggest + TOUCH for shape in mine):
            out.append(problem(f, field, "piece_in_zone", id=str(piece.id)))
        for j in piece_pairs.get(i, ()):
            prev = level.pieces[j]
            if _overlap_over_time(mine, piece_shapes[j]):
                out.append(problem(f, field, "piece_overlap", id=str(piece.id), other=str(prev.id)))

    # --- rivals ---
    rival_shapes: list[Shape] = [
        Disc(lr.rival.position[0], lr.rival.position[1], lr.rival.radius) for lr in level.rivals
    ]
    # Rivals against the pieces where they start (index >= n: a piece)
    n = len(rival_shapes)
    boxes = [_box(s) for s in rival_shapes] + [_box(shapes[0]) for shapes in piece_shapes]
    near_pairs, _ = candidate_pairs(boxes, TOUCH)
    near_pieces: dict[int, list[int]] = {}
    for hi, lows in near_pairs.items():
        for lo in lows:
            if hi >= n > lo:
                near_pieces.setdefault(lo, []).append(hi - n)
    for i, lr in enumerate(level.rivals):
        field = f"rivals[{i + 1}]"
        r = lr.rival
        me = rival_shapes[i]
        if not _inside(me, w, h):
            out.append(problem(f, field, "rival_off_table", id=lr.id, width=w, height=h))
        if _overlap(me, zone_box) > -TOUCH:
            out.append(problem(f, field, "rival_in_zone", id=lr.id))
        for k in sorted(near_pieces.get(i, ())):
            piece = level.pieces[k]
            if _overlap(me, piece_shapes[k][0]) > TOUCH:
                out.append(problem(f, field, "rival_overlap", id=lr.id, other=str(piece.id)))
        for j in [lo for lo in near_pairs.get(i, ()) if lo < n]:
            o = level.rivals[j].rival
            if math.dist(o.position, r.position) < o.radius + r.radius - TOUCH:
                out.append(problem(f, field, "rival_overlap", id=lr.id, other=str(o.id)))

    # --- targets ---
    if not level.targets:
        out.append(problem(f, "targets", "no_targets"))
    landed: set[str] = set()
    for i, target in enumerate(level.targets):
        field = f"targets[{i + 1}]"
        if target.kind == LAND and target.card is not None:
            if target.card in landed:
                out.append(problem(f, field, "target_twice", id=target.card))
            landed.add(target.card)
        elif target.kind == KNOCK and target.rival is not None:
            lr = level.rival(target.rival)
            if lr.on is None:
                out.append(problem(f, field, "knock_not_on_card", id=lr.id))
            elif level.card(lr.on).card.moves:
                out.append(problem(f, field, "knock_moving_card", id=lr.id, card=lr.on))
        elif target.kind == ZONE:
            cx, cy = target.center
            if not _inside(Disc(cx, cy, target.radius), w, h):
                out.append(problem(f, field, "zone_target_off_table", width=w, height=h))
            elif _overlap(Disc(cx, cy, target.radius), zone_box) > -TOUCH:
                out.append(problem(f, field, "zone_target_in_zone"))

    # --- limits and stars ---
    need = min_throws(level)
    if level.throws < need:
        out.append(problem(f, "limits.throws", "too_few_throws", need=need, got=level.throws))
    one, two, three = level.stars
    if not (0 < one < two < three):
        out.append(problem(f, "goal.stars", "stars_order", got=f"[{one}, {two}, {three}]"))
    else:
        best = max_score(level)
        if three > best:
            out.append(problem(f, "goal.stars", "stars_unreachable", got=three, max=best))
    return out


__all__ = ["check_level"]
