"""Outlines for the code-drawn art: splines, mirrored bodies, tapered ribbons, wings.

Points are plain (x, y) tuples; nothing here draws (the pen does, `pen.Pen`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from .palette import Point


def spline(pts: Sequence[Point], n: int = 6, closed: bool = False) -> list[Point]:
    """Catmull-Rom curve through ``pts`` with ``n`` samples per span."""
    m = len(pts)
    if m < 3:
        if m < 2:
            return list(pts)
        (ax, ay), (bx, by) = pts[0], pts[1]
        return [(ax + (bx - ax) * k / n, ay + (by - ay) * k / n) for k in range(n + 1)]
    if closed:
        ext = [pts[-1], *pts, pts[0], pts[1]]
        spans = m
    else:
        ext = [pts[0], *pts, pts[-1]]
        spans = m - 1
    out: list[Point] = []
    for i in range(1, spans + 1):
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        for k in range(n):
            t = k / n
            t2 = t * t
            t3 = t2 * t
            out.append(
                (
                    0.5
                    * (
                        2 * p1[0]
                        + (-p0[0] + p2[0]) * t
                        + (2 * p0[0] - 5 * p1[0] + 4 * p2[0] - p3[0]) * t2
                        + (-p0[0] + 3 * p1[0] - 3 * p2[0] + p3[0]) * t3
                    ),
                    0.5
                    * (
                        2 * p1[1]
                        + (-p0[1] + p2[1]) * t
                        + (2 * p0[1] - 5 * p1[1] + 4 * p2[1] - p3[1]) * t2
                        + (-p0[1] + 3 * p1[1] - 3 * p2[1] + p3[1]) * t3
                    ),
                )
            )
    if not closed:
        out.append(pts[-1])
    return out


def symmetric_outline(half: Sequence[Point], smooth: bool = True) -> list[Point]:
    """A left-right symmetric outline from its right half (top centre to bottom centre)."""
    full = list(half) + [(-x, y) for x, y in reversed(half[1:-1])]
    return spline(full, 5, closed=True) if smooth else full


def ribbon_outline(path: Sequence[Point], w0: float, w1: float, smooth: bool = True) -> list[Point]:
    """A tapered band along ``path`` from full width ``w0`` to ``w1``."""
    pts = spline(path, 6) if smooth and len(path) > 2 else list(path)
    n = len(pts)
    acc = [0.0]
    for i in range(1, n):
        acc.append(acc[-1] + math.dist(pts[i - 1], pts[i]))
    total = acc[-1] or 1.0
    left: list[Point] = []
    right: list[Point] = []
    for i, (x, y) in enumerate(pts):
        a = pts[max(i - 1, 0)]
        b = pts[min(i + 1, n - 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        ln = math.hypot(dx, dy) or 1.0
        nx, ny = -dy / ln, dx / ln
        hw = (w0 + (w1 - w0) * acc[i] / total) / 2
        left.append((x + nx * hw, y + ny * hw))
        right.append((x - nx * hw, y - ny * hw))
    return left + right[::-1]


def transform_points(
    pts: Sequence[Point], ang: float = 0.0, at: Point = (0.0, 0.0), k: float = 1.0
) -> list[Point]:
    """Rotate ``pts`` by ``ang`` about the origin, scale by ``k``, move to ``at``."""
    c, s = math.cos(ang), math.sin(ang)
    return [(at[0] + k * (x * c - y * s), at[1] + k * (x * s + y * c)) for x, y in pts]


def ellipse_points(
    cx: float, cy: float, rx: float, ry: float, ang: float = 0.0, n: int = 28
) -> list[Point]:
    step = 2 * math.pi / n
    base = [(rx * math.cos(step * i), ry * math.sin(step * i)) for i in range(n)]
    return transform_points(base, ang, (cx, cy))


def arc_points(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 16) -> list[Point]:
    return [
        (cx + r * math.cos(a0 + (a1 - a0) * i / n), cy + r * math.sin(a0 + (a1 - a0) * i / n))
        for i in range(n + 1)
    ]


def wing_outline(
    root: Sequence[Point],
    tips: Sequence[Point],
    back: Point,
    pivot: Point,
    notch: float,
    scallop: bool,
) -> list[Point]:
    """A wing outline: ``root`` (shoulder .. leading edge), finger ``tips`` from the leading
    tip to the trailing one, back to ``back``. Between tips the edge dips toward ``pivot``
    by ``notch``: as curved scallops (membrane) or sharp notches (feathers)."""
    out = list(root)
    for i, tip in enumerate(tips):
        out.append(tip)
        if i + 1 < len(tips):
            nxt = tips[i + 1]
            mx, my = (tip[0] + nxt[0]) / 2, (tip[1] + nxt[1]) / 2
            dx, dy = mx + (pivot[0] - mx) * notch, my + (pivot[1] - my) * notch
            if scallop:
                for k in range(1, 6):
                    t = k / 6
                    u = 1 - t
                    out.append(
                        (
                            u * u * tip[0] + 2 * u * t * dx + t * t * nxt[0],
                            u * u * tip[1] + 2 * u * t * dy + t * t * nxt[1],
                        )
                    )
            else:
                out.append((dx, dy))
    out.append(back)
    return out


def crescent_outline(c1: Point, r1: float, c2: Point, r2: float, n: int = 90) -> list[Point]:
    """The part of circle 1 outside circle 2, as a polygon."""
    outer = []
    for i in range(n):
        a = 2 * math.pi * i / n
        p = (c1[0] + r1 * math.cos(a), c1[1] + r1 * math.sin(a))
        outer.append((p, math.dist(p, c2) > r2))
    inner = []
    for i in range(n):
        a = 2 * math.pi * i / n
        p = (c2[0] + r2 * math.cos(a), c2[1] + r2 * math.sin(a))
        inner.append((p, math.dist(p, c1) < r1))

    def run(ring: list[tuple[Point, bool]]) -> list[Point]:
        start = next((i for i, (_, ok) in enumerate(ring) if not ok), 0)
        rolled = ring[start:] + ring[:start]
        return [p for p, ok in rolled if ok]

    first = run(outer)
    second = run(inner)
    if not first or not second:
        return first or second
    if math.dist(first[-1], second[0]) > math.dist(first[-1], second[-1]):
        second = second[::-1]
    return first + second
