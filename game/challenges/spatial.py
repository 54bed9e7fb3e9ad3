"""Which of many boxes may touch: a uniform grid, so a level check stays near linear.

`validate.check_level` asks, for every pair of pieces of a level, whether they overlap
at some moment of their motion. Asking it of every pair is quadratic: 4,000 posts are
8 million pairs. Here each piece's box (the bounding box of its shapes over every
sampled moment) goes into the cells of a grid it covers; only pieces sharing a cell
and whose boxes overlap are candidates, and only candidates get the exact test. The
filter is conservative: two shapes that overlap at a moment have overlapping boxes
then, so the pair is a candidate. A box that covers very many cells (a piece sweeping
the whole table) is kept aside and paired with everything, which costs one pass each.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Box = tuple[float, float, float, float]
"""(x0, y0, x1, y1)"""

MAX_CELLS = 64
"""A box covering more cells than this is paired with every other box directly."""


def box_of(points: Sequence[tuple[float, float]], pad: float = 0.0) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


def union(boxes: Sequence[Box]) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def touch(a: Box, b: Box, margin: float = 0.0) -> bool:
    """Whether two boxes overlap, or come within `margin` of each other."""
    return (
        a[0] <= b[2] + margin
        and b[0] <= a[2] + margin
        and a[1] <= b[3] + margin
        and b[1] <= a[3] + margin
    )


def _cell_size(boxes: Sequence[Box]) -> float:
    """About twice the median box's larger side: a few pieces per cell."""
    sides = sorted(max(b[2] - b[0], b[3] - b[1]) for b in boxes)
    return max(16.0, 2.0 * sides[len(sides) // 2])


def candidate_pairs(
    boxes: Sequence[Box], margin: float = 0.0, limit: int | None = None
) -> tuple[dict[int, list[int]], bool]:
    """For each index i, the indices j < i whose box touches box i (within `margin`),
    in increasing order; and whether that is all of them. Past `limit` pairs (default
    20 per box: pieces that touch, edge to edge, have a handful of neighbours each) the
    search stops: the boxes pile on one another and the level has overlaps enough to
    report."""
    out: dict[int, list[int]] = {}
    if len(boxes) < 2:
        return out, True
    budget = 20 * len(boxes) + 1000 if limit is None else limit
    count = 0
    cell = _cell_size(boxes)
    grid: dict[tuple[int, int], list[int]] = {}
    big: list[int] = []
    for i, b in enumerate(boxes):
        if not all(math.isfinite(v) for v in b):
            big.append(i)
            continue
        c0, r0 = math.floor((b[0] - margin) / cell), math.floor((b[1] - margin) / cell)
        c1, r1 = math.floor((b[2] + margin) / cell), math.floor((b[3] + margin) / cell)
        if (c1 - c0 + 1) * (r1 - r0 + 1) > MAX_CELLS:
            big.append(i)
            continue
        for c in range(c0, c1 + 1):
            for r in range(r0, r1 + 1):
                grid.setdefault((c, r), []).append(i)
    found: dict[int, set[int]] = {}
    complete = True

    def add(i: int, j: int) -> bool:
        nonlocal count
        hi, lo = (i, j) if i > j else (j, i)
        if lo not in found.get(hi, ()) and touch(boxes[i], boxes[j], margin):
            found.setdefault(hi, set()).add(lo)
            count += 1
        return count <= budget

    for members in sorted(grid.values(), key=len):
        for k, i in enumerate(members):
            if not all(add(i, j) for j in members[:k]):
                complete = False
                break
        if not complete:
            break
    for i in big if complete else ():
        if not all(add(i, j) for j in range(len(boxes)) if j != i):
            complete = False
            break
    out = {i: sorted(js) for i, js in sorted(found.items())}
    return out, complete


__all__ = ["Box", "box_of", "candidate_pairs", "touch", "union"]
