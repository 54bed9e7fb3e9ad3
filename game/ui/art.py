"""Original game art, drawn entirely in code.

Attribute symbols, closed spheres, open Bakugan silhouettes, Gate and Ability cards and the
play-mat felt. Shapes are drawn with ``pygame.draw`` on per-pixel-alpha surfaces at ``_SS``
times the requested size and smooth-scaled down, which anti-aliases them cheaply.

Renders are cached with :func:`functools.lru_cache`; treat every returned surface as
read-only and ``.copy()`` it before drawing on it. Nothing here needs a display: no
``convert_alpha()`` and no module-level ``pygame.init()``.
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache

import pygame

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]
Point = tuple[float, float]

ATTRIBUTES: tuple[str, ...] = ("pyrus", "aquos", "subterra", "haos", "darkus", "ventus")

# ---------------------------------------------------------------------------- palette

ATTRIBUTE_COLOURS: dict[str | None, RGB] = {
    "pyrus": (236, 66, 34),
    "aquos": (36, 130, 238),
    "subterra": (186, 110, 46),
    "haos": (248, 210, 50),
    "darkus": (138, 60, 204),
    "ventus": (46, 186, 84),
    None: (212, 220, 230),
}
ATTRIBUTE_LIGHT: dict[str | None, RGB] = {
    "pyrus": (255, 162, 74),
    "aquos": (138, 204, 255),
    "subterra": (236, 174, 106),
    "haos": (255, 248, 182),
    "darkus": (204, 140, 250),
    "ventus": (156, 238, 130),
    None: (252, 253, 255),
}
ATTRIBUTE_DARK: dict[str | None, RGB] = {
    "pyrus": (136, 24, 14),
    "aquos": (16, 56, 142),
    "subterra": (98, 52, 20),
    "haos": (168, 114, 12),
    "darkus": (56, 18, 92),
    "ventus": (16, 94, 40),
    None: (124, 134, 150),
}
_ACCENT: dict[str | None, RGB] = {
    "pyrus": (255, 216, 72),
    "aquos": (214, 242, 255),
    "subterra": (248, 216, 150),
    "haos": (255, 142, 36),
    "darkus": (232, 52, 100),
    "ventus": (226, 250, 150),
    None: (168, 214, 242),
}
_HORN: dict[str | None, RGB] = {
    "pyrus": (246, 232, 196),
    "aquos": (240, 236, 214),
    "subterra": (244, 230, 196),
    "haos": (228, 146, 38),
    "darkus": (222, 214, 236),
    "ventus": (242, 236, 200),
    None: (236, 244, 252),
}
_EYE: dict[str | None, RGB] = {
    "pyrus": (255, 244, 130),
    "aquos": (210, 255, 255),
    "subterra": (255, 226, 96),
    "haos": (236, 66, 30),
    "darkus": (255, 64, 96),
    "ventus": (255, 252, 170),
    None: (110, 196, 255),
}

GATE_FRAME: dict[str, RGB] = {
    "gold": (224, 180, 62),
    "silver": (194, 202, 216),
    "bronze": (186, 114, 58),
    "back": (92, 104, 140),  # a card whose colour is hidden: no metal of its own
}
_GATE_LIGHT: dict[str, RGB] = {
    "gold": (255, 242, 166),
    "silver": (250, 252, 255),
    "bronze": (248, 196, 136),
    "back": (168, 180, 214),  # a card whose colour is hidden: no metal of its own
}
_GATE_DARK: dict[str, RGB] = {
    "gold": (112, 76, 16),
    "silver": (84, 92, 110),
    "bronze": (92, 42, 16),
    "back": (34, 40, 62),  # a card whose colour is hidden: no metal of its own
}
_GATE_BACK: dict[str, RGB] = {
    "gold": (74, 46, 12),
    "silver": (40, 48, 62),
    "bronze": (70, 32, 16),
    "back": (22, 26, 42),  # a card whose colour is hidden: no metal of its own
}

ABILITY_COLOURS: dict[str, RGB] = {
    "red": (218, 50, 50),
    "blue": (44, 112, 228),
    "green": (40, 172, 80),
}

FELT: RGB = (16, 74, 80)
FELT_LIGHT: RGB = (26, 98, 102)
FELT_DARK: RGB = (5, 30, 38)

_SS = 4  # supersampling factor for shapes
_INK: RGB = (14, 12, 20)
_PANEL_TOP: RGB = (30, 38, 60)
_PANEL_BOTTOM: RGB = (12, 16, 30)


def _mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    """Blend colour ``a`` toward ``b`` by ``t`` in [0, 1]."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def _rgba(c: Sequence[int], a: int = 255) -> RGBA:
    return (c[0], c[1], c[2], a)


def _attr_key(attribute: str | None) -> str | None:
    return attribute if attribute in ATTRIBUTE_COLOURS else None


def _outline_of(attribute: str | None) -> RGB:
    return _mix(ATTRIBUTE_DARK[_attr_key(attribute)], _INK, 0.55)


# ---------------------------------------------------------------------------- fonts


@lru_cache(maxsize=64)
def font(size: int, bold: bool = True) -> pygame.font.Font:
    """The game's bold face (DejaVu Sans Bold, shipped; covers Cyrillic) at ``size``."""
    from .fonts import load_font

    return load_font(max(1, int(size)), True)


# ---------------------------------------------------------------------------- geometry


def _spline(pts: Sequence[Point], n: int = 6, closed: bool = False) -> list[Point]:
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


def _sym(half: Sequence[Point], smooth: bool = True) -> list[Point]:
    """A left-right symmetric outline from its right half (top centre to bottom centre)."""
    full = list(half) + [(-x, y) for x, y in reversed(half[1:-1])]
    return _spline(full, 5, closed=True) if smooth else full


def _ribbon(path: Sequence[Point], w0: float, w1: float, smooth: bool = True) -> list[Point]:
    """A tapered band along ``path`` from full width ``w0`` to ``w1``."""
    pts = _spline(path, 6) if smooth and len(path) > 2 else list(path)
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


def _xf(
    pts: Sequence[Point], ang: float = 0.0, at: Point = (0.0, 0.0), k: float = 1.0
) -> list[Point]:
    """Rotate ``pts`` by ``ang`` about the origin, scale by ``k``, move to ``at``."""
    c, s = math.cos(ang), math.sin(ang)
    return [(at[0] + k * (x * c - y * s), at[1] + k * (x * s + y * c)) for x, y in pts]


def _ellipse(
    cx: float, cy: float, rx: float, ry: float, ang: float = 0.0, n: int = 28
) -> list[Point]:
    step = 2 * math.pi / n
    base = [(rx * math.cos(step * i), ry * math.sin(step * i)) for i in range(n)]
    return _xf(base, ang, (cx, cy))


def _arc(cx: float, cy: float, r: float, a0: float, a1: float, n: int = 16) -> list[Point]:
    return [
        (cx + r * math.cos(a0 + (a1 - a0) * i / n), cy + r * math.sin(a0 + (a1 - a0) * i / n))
        for i in range(n + 1)
    ]


def _wing(
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


def _crescent(c1: Point, r1: float, c2: Point, r2: float, n: int = 90) -> list[Point]:
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


# ---------------------------------------------------------------------------- low-level draw


def _canvas(w: int, h: int, edge: Sequence[int]) -> pygame.Surface:
    """A transparent supersampled canvas whose clear colour is ``edge`` so smoothscale
    fringes blend toward the outline colour rather than black."""
    s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    s.fill((edge[0], edge[1], edge[2], 0))
    return s


def _down(s: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.smoothscale(s, (max(1, size[0]), max(1, size[1])))


def _seg(surf: pygame.Surface, col: Sequence[int], a: Point, b: Point, r: float) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    ln = math.hypot(dx, dy)
    if ln < 1e-6:
        pygame.draw.circle(surf, col, a, r)
        return
    nx, ny = -dy / ln * r, dx / ln * r
    pygame.draw.polygon(
        surf,
        col,
        [
            (a[0] + nx, a[1] + ny),
            (b[0] + nx, b[1] + ny),
            (b[0] - nx, b[1] - ny),
            (a[0] - nx, a[1] - ny),
        ],
    )


def _thick(
    surf: pygame.Surface, col: Sequence[int], pts: Sequence[Point], r: float, closed: bool = False
) -> None:
    """A polyline of half-width ``r`` with round joints."""
    if r < 0.5:
        if len(pts) > 1:
            pygame.draw.lines(surf, col, closed, pts, 1)
        return
    n = len(pts)
    for i in range(n - 1 + (1 if closed else 0)):
        _seg(surf, col, pts[i], pts[(i + 1) % n], r)
    for p in pts:
        pygame.draw.circle(surf, col, p, r)


class _Pen:
    """Draws shapes given in unit coordinates (figure inside [-1, 1]², y down).

    A figure is drawn twice: with ``outline_pass`` every solid shape is painted dilated in
    the outline colour (the silhouette's dark rim); then each shape is filled in its tone
    with a thin inner line, so overlapping parts stay separate. ``detail`` and ``dot``
    only paint in the fill pass.
    """

    def __init__(
        self,
        surf: pygame.Surface,
        centre: Point,
        unit: float,
        tones: Mapping[str, Sequence[int]],
        outline: Sequence[int],
        ow: float,
        iw: float,
    ) -> None:
        self.surf = surf
        self.cx, self.cy = centre
        self.unit = unit
        self.tones = tones
        self.outline = outline
        self.ow = ow
        self.iw = iw
        self.outline_pass = True

    def _map(self, pts: Sequence[Point], flip: bool) -> list[Point]:
        s = -1.0 if flip else 1.0
        u = self.unit
        return [(self.cx + s * x * u, self.cy + y * u) for x, y in pts]

    def _each(self, pts: Sequence[Point], mirror: bool) -> list[list[Point]]:
        out = [self._map(pts, False)]
        if mirror:
            out.append(self._map(pts, True))
        return out

    def shape(
        self, pts: Sequence[Point], tone: str = "body", mirror: bool = False, edge: bool = True
    ) -> None:
        if len(pts) < 3:
            return
        for sp in self._each(pts, mirror):
            if self.outline_pass:
                pygame.draw.polygon(self.surf, self.outline, sp)
                _thick(self.surf, self.outline, sp, self.ow, closed=True)
            else:
                pygame.draw.polygon(self.surf, self.tones[tone], sp)
                if edge:
                    _thick(self.surf, self.tones["line"], sp, self.iw, closed=True)

    def body(self, half: Sequence[Point], tone: str = "body", smooth: bool = True) -> None:
        self.shape(_sym(half, smooth), tone)

    def ribbon(
        self,
        path: Sequence[Point],
        w0: float,
        w1: float,
        tone: str = "body",
        mirror: bool = False,
        edge: bool = True,
    ) -> None:
        self.shape(_ribbon(path, w0, w1), tone, mirror, edge)

    def circle(
        self,
        x: float,
        y: float,
        r: float,
        tone: str = "body",
        mirror: bool = False,
        edge: bool = True,
    ) -> None:
        for ((px, py),) in self._each([(x, y)], mirror):
            rr = r * self.unit
            if self.outline_pass:
                pygame.draw.circle(self.surf, self.outline, (px, py), rr + self.ow)
            else:
                pygame.draw.circle(self.surf, self.tones[tone], (px, py), rr)
                if edge and self.iw >= 0.5:
                    pygame.draw.circle(
                        self.surf,
                        self.tones["line"],
                        (px, py),
                        rr + self.iw,
                        max(1, round(self.iw * 2)),
                    )

    def limb(
        self, pts: Sequence[Point], w: float, tone: str = "body", mirror: bool = False
    ) -> None:
        path = _spline(pts, 4) if len(pts) > 2 else list(pts)
        for sp in self._each(path, mirror):
            r = w * self.unit / 2
            if self.outline_pass:
                _thick(self.surf, self.outline, sp, r + self.ow)
            else:
                _thick(self.surf, self.tones[tone], sp, r)

    def detail(
        self,
        pts: Sequence[Point],
        w: float,
        tone: str = "line",
        mirror: bool = False,
        closed: bool = False,
        smooth: bool = False,
    ) -> None:
        if self.outline_pass:
            return
        path = _spline(pts, 4) if smooth and len(pts) > 2 else list(pts)
        for sp in self._each(path, mirror):
            _thick(self.surf, self.tones[tone], sp, max(0.6, w * self.unit / 2), closed)

    def dot(self, x: float, y: float, r: float, tone: str = "eye", mirror: bool = False) -> None:
        if self.outline_pass:
            return
        for ((px, py),) in self._each([(x, y)], mirror):
            pygame.draw.circle(self.surf, self.tones[tone], (px, py), max(1.0, r * self.unit))

    def patch(self, pts: Sequence[Point], tone: str, mirror: bool = False) -> None:
        """A fill-only polygon (markings drawn over a part)."""
        if self.outline_pass or len(pts) < 3:
            return
        for sp in self._each(pts, mirror):
            pygame.draw.polygon(self.surf, self.tones[tone], sp)


_Draw = Callable[[_Pen], None]


def _render_figure(
    draw: _Draw,
    size: int,
    tones: Mapping[str, Sequence[int]],
    outline: Sequence[int],
    margin: float = 0.06,
    ow_px: float | None = None,
    iw_px: float | None = None,
) -> pygame.Surface:
    """Render a unit-coordinate figure to a ``size`` x ``size`` anti-aliased surface."""
    big = size * _SS
    canvas = _canvas(big, big, outline)
    ow = (ow_px if ow_px is not None else max(1.0, size / 38)) * _SS
    iw = (iw_px if iw_px is not None else min(1.2, max(0.35, size / 110))) * _SS
    unit = big / 2 * (1 - margin) - ow
    pen = _Pen(canvas, (big / 2, big / 2), unit, tones, outline, ow, iw)
    pen.outline_pass = True
    draw(pen)
    pen.outline_pass = False
    draw(pen)
    return _down(canvas, (size, size))


# ---------------------------------------------------------------------------- attribute symbols


def _glyph_pyrus(p: _Pen) -> None:
    outer = _spline(
        [
            (0.02, -0.66),
            (0.2, -0.36),
            (0.3, -0.46),
            (0.44, -0.12),
            (0.42, 0.22),
            (0.22, 0.5),
            (0.0, 0.58),
            (-0.24, 0.5),
            (-0.42, 0.22),
            (-0.42, -0.08),
            (-0.3, -0.28),
            (-0.24, -0.1),
            (-0.14, -0.42),
        ],
        5,
        closed=True,
    )
    p.shape(outer, "glyph")
    inner = _spline(
        [(0.04, -0.16), (0.2, 0.08), (0.2, 0.3), (0.0, 0.44), (-0.2, 0.3), (-0.16, 0.06)],
        5,
        closed=True,
    )
    p.shape(inner, "core", edge=False)


def _glyph_aquos(p: _Pen) -> None:
    drop = [(0.0, -0.66), *_arc(0.0, 0.16, 0.42, -math.pi * 0.18, math.pi * 1.18, 24)]
    p.shape(_spline(drop, 3, closed=True), "glyph")
    p.detail(_arc(0.0, 0.16, 0.27, math.pi * 0.62, math.pi * 1.02, 8), 0.1, "core")


def _glyph_subterra(p: _Pen) -> None:
    p.shape([(-0.66, 0.46), (-0.26, -0.26), (-0.1, -0.02), (0.2, -0.56), (0.66, 0.46)], "glyph")
    p.patch([(0.2, -0.56), (0.33, -0.33), (0.22, -0.3), (0.14, -0.2), (0.07, -0.32)], "core")
    p.patch([(-0.26, -0.26), (-0.16, -0.08), (-0.26, -0.1), (-0.34, -0.12)], "core")
    p.detail([(0.2, 0.46), (0.12, 0.2), (0.22, 0.02)], 0.07, "line")


def _glyph_haos(p: _Pen) -> None:
    rays: list[Point] = []
    n = 8
    for i in range(n * 2):
        a = -math.pi / 2 + math.pi * i / n
        r = (0.68 if i % 4 == 0 else 0.56) if i % 2 == 0 else 0.3
        rays.append((r * math.cos(a), r * math.sin(a)))
    p.shape(rays, "glyph")
    p.circle(0.0, 0.0, 0.2, "core", edge=False)


def _glyph_darkus(p: _Pen) -> None:
    p.shape(_crescent((0.0, 0.0), 0.6, (0.26, -0.16), 0.48), "glyph")
    p.circle(0.26, -0.16, 0.15, "glyph")
    p.dot(0.26, -0.16, 0.07, "core")


def _glyph_ventus(p: _Pen) -> None:
    for k in range(3):
        base = k * 2 * math.pi / 3
        path = []
        for i in range(9):
            t = i / 8
            a = base + t * 2.3
            r = 0.66 - 0.5 * t
            path.append((r * math.cos(a), r * math.sin(a)))
        p.ribbon(path[::-1], 0.26, 0.02, "glyph")
    p.circle(0.0, 0.0, 0.12, "core")


_GLYPHS: dict[str, _Draw] = {
    "pyrus": _glyph_pyrus,
    "aquos": _glyph_aquos,
    "subterra": _glyph_subterra,
    "haos": _glyph_haos,
    "darkus": _glyph_darkus,
    "ventus": _glyph_ventus,
}


@lru_cache(maxsize=256)
def attribute_symbol(attribute: str | None, size: int) -> pygame.Surface:
    """The attribute's bold symbol on a shaded disc, ``size`` x ``size``; clear is a ring."""
    size = max(4, int(size))
    key = _attr_key(attribute)
    main, light, dark = ATTRIBUTE_COLOURS[key], ATTRIBUTE_LIGHT[key], ATTRIBUTE_DARK[key]
    edge = _mix(dark, _INK, 0.5)
    big = size * _SS
    c = big / 2
    s = _canvas(big, big, edge)
    rim = max(_SS * 1.0, big * 0.05)
    if key is None:
        pygame.draw.circle(s, (*light, 70), (c, c), c - rim)
        pygame.draw.circle(s, _rgba(edge, 230), (c, c), c, round(big * 0.2))
        pygame.draw.circle(s, _rgba(light), (c, c), c - rim, round(big * 0.2 - 2 * rim))
        pygame.draw.circle(s, _rgba(dark), (c, c), c * 0.6, max(1, round(rim * 0.6)))
        return _down(s, (size, size))
    pygame.draw.circle(s, _rgba(edge), (c, c), c)
    r0 = c - rim
    steps = 14
    for i in range(steps):
        t = i / (steps - 1)
        if t < 0.6:
            col = _mix(dark, main, min(1.0, t * 1.6))
        else:
            col = _mix(main, light, (t - 0.6) / 0.4 * 0.6)
        rr = r0 * (1 - 0.62 * t)
        off = (r0 - rr) * 0.45
        pygame.draw.circle(s, col, (c - off, c - off), rr)
    glyph_tones = {
        "glyph": (255, 252, 242),
        "core": light if key not in ("haos", "aquos") else main,
        "line": dark,
    }
    if key == "pyrus":
        glyph_tones["core"] = (255, 206, 70)
    sub_size = big
    gs = _canvas(sub_size, sub_size, dark)
    ow = max(_SS * 0.9, big * 0.045)
    pen = _Pen(gs, (c, c), c * 0.98, glyph_tones, _mix(dark, _INK, 0.3), ow, max(1.0, big * 0.012))
    pen.outline_pass = True
    _GLYPHS[key](pen)
    pen.outline_pass = False
    _GLYPHS[key](pen)
    s.blit(gs, (0, 0))
    return _down(s, (size, size))


# ---------------------------------------------------------------------------- closed sphere

_SPIN_STEPS = 48  # sphere pattern has period pi; this many cached steps per period


@lru_cache(maxsize=64)
def _sphere_light(radius: int) -> tuple[pygame.Surface, pygame.Surface]:
    """Per-pixel shading for a sphere of ``radius``: a multiply map and a specular map."""
    d = radius * 2
    mul = bytearray()
    add = bytearray()
    lx, ly, lz = -0.45, -0.55, 0.70
    ln = math.sqrt(lx * lx + ly * ly + lz * lz)
    lx, ly, lz = lx / ln, ly / ln, lz / ln
    hx, hy, hz = lx, ly, lz + 1.0
    hn = math.sqrt(hx * hx + hy * hy + hz * hz)
    hx, hy, hz = hx / hn, hy / hn, hz / hn
    for y in range(d):
        for x in range(d):
            nx = (x + 0.5 - radius) / radius
            ny = (y + 0.5 - radius) / radius
            rr = nx * nx + ny * ny
            if rr > 0.985:
                k = math.sqrt(0.985 / rr)
                nx, ny, rr = nx * k, ny * k, 0.985
            nz = math.sqrt(1.0 - rr)
            lam = max(0.0, nx * lx + ny * ly + nz * lz)
            bounce = max(0.0, nx * 0.5 + ny * 0.6) * (1 - nz) * 0.35
            f = min(1.0, 0.30 + 0.82 * lam + bounce)
            spec = max(0.0, nx * hx + ny * hy + nz * hz) ** 40
            m = round(255 * f)
            a = min(255, round(235 * spec))
            mul += bytes((m, m, m))
            add += bytes((a, a, a))
    return (
        pygame.image.frombytes(bytes(mul), (d, d), "RGB"),
        pygame.image.frombytes(bytes(add), (d, d), "RGB"),
    )


@lru_cache(maxsize=2048)
def _sphere(attribute: str | None, radius: int, step: int) -> pygame.Surface:
    key = _attr_key(attribute)
    main, light, dark = ATTRIBUTE_COLOURS[key], ATTRIBUTE_LIGHT[key], ATTRIBUTE_DARK[key]
    edge = _mix(dark, _INK, 0.6)
    d = radius * 2
    big = d * _SS
    c = big / 2
    R = c
    s = _canvas(big, big, edge)
    pygame.draw.circle(s, _rgba(edge), (c, c), R)
    body = R - max(_SS * 0.8, R * 0.05)
    pygame.draw.circle(s, _rgba(main), (c, c), body)
    ang = step * math.pi / _SPIN_STEPS
    cap = body * 0.42
    panel = _mix(main, dark, 0.42)

    def seam(k: int) -> list[Point]:
        a0 = ang + k * math.pi / 2
        pts = []
        for i in range(10):
            t = i / 9
            r = cap + (body - cap) * t
            a = a0 + 0.95 * t
            pts.append((c + r * math.cos(a), c + r * math.sin(a)))
        return pts

    seams = [seam(k) for k in range(4)]
    for k in (0, 2):
        a = seams[k]
        b = seams[k + 1]
        a_end = ang + k * math.pi / 2 + 0.95
        rim_arc = [
            (
                c + body * 1.02 * math.cos(a_end + (math.pi / 2) * i / 8),
                c + body * 1.02 * math.sin(a_end + (math.pi / 2) * i / 8),
            )
            for i in range(9)
        ]
        pygame.draw.polygon(s, panel, a + rim_arc + b[::-1])
    seam_w = max(_SS * 0.55, R * 0.045)
    for sm in seams:
        _thick(s, edge, sm, seam_w)
    # two side vents on every panel: short arcs at mid radius
    for k in range(4):
        a0 = ang + k * math.pi / 2 + 0.95 * 0.55 + 0.55
        arc = [
            (
                c + body * 0.74 * math.cos(a0 + 0.35 * i / 4),
                c + body * 0.74 * math.sin(a0 + 0.35 * i / 4),
            )
            for i in range(5)
        ]
        _thick(s, _mix(light, main, 0.4) if k % 2 else _mix(main, dark, 0.15), arc, seam_w * 0.8)
    pygame.draw.circle(s, edge, (c, c), cap + seam_w)
    pygame.draw.circle(s, _mix(main, light, 0.35), (c, c), cap)
    out = _down(s, (d, d))
    sym = attribute_symbol(attribute, max(4, round(cap * 2 * 0.9 / _SS)))
    out.blit(sym, sym.get_rect(center=(radius, radius)))
    mul, add = _sphere_light(radius)
    out.blit(mul, (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    out.blit(add, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    if key is None:
        out.fill((255, 255, 255, 205), special_flags=pygame.BLEND_RGBA_MULT)
    return out


def closed_sphere(attribute: str | None, radius: int, angle: float) -> pygame.Surface:
    """A closed Bakugan ball, ``2*radius`` square, its panel seams turned by ``angle``.

    The symbol on the top pole stays upright; the seams (period pi) carry the spin.
    """
    radius = max(3, int(radius))
    step = round((angle % math.pi) / (math.pi / _SPIN_STEPS)) % _SPIN_STEPS
    return _sphere(_attr_key(attribute), radius, step)


# ---------------------------------------------------------------------------- open Bakugan

_SPECIES: dict[str, tuple[_Draw, Point, float]] = {}


def _species(name: str, chest: Point = (0.0, 0.0), sym: float = 0.26) -> Callable[[_Draw], _Draw]:
    def deco(fn: _Draw) -> _Draw:
        _SPECIES[name] = (fn, chest, sym)
        return fn

    return deco


@_species("dragonoid", chest=(0.0, -0.1), sym=0.24)
def _dragonoid(p: _Pen) -> None:
    shoulder, wrist = (0.12, -0.24), (0.52, -0.5)
    tips = [(0.97, -0.36), (0.9, 0.02), (0.66, 0.3)]
    p.shape(
        _wing([shoulder, (0.3, -0.42), wrist], tips, (0.14, 0.14), wrist, 0.42, True),
        "membrane",
        mirror=True,
    )
    for t in tips:
        p.detail([wrist, t], 0.035, "body", mirror=True)
    p.limb([shoulder, (0.3, -0.42), wrist, tips[0]], 0.07, "body", mirror=True)
    p.dot(wrist[0], wrist[1] - 0.02, 0.04, "horn", mirror=True)
    p.limb([(0.12, 0.18), (0.26, 0.3), (0.26, 0.44)], 0.09, "body", mirror=True)
    p.ribbon([(0.0, 0.2), (0.06, 0.5), (-0.1, 0.72), (-0.02, 0.9)], 0.2, 0.03)
    p.shape([(-0.02, 0.84), (0.1, 0.98), (-0.06, 1.0), (-0.14, 0.9)], "dark")
    p.body([(0.0, -0.44), (0.13, -0.38), (0.18, -0.16), (0.18, 0.06), (0.13, 0.26), (0.0, 0.36)])
    p.patch(_sym([(0.0, -0.3), (0.08, -0.24), (0.1, 0.0), (0.06, 0.2), (0.0, 0.26)]), "light")
    p.ribbon([(0.06, -0.7), (0.18, -0.74), (0.32, -0.64)], 0.1, 0.0, "horn", mirror=True)
    p.body([(0.0, -0.94), (0.06, -0.9), (0.1, -0.78), (0.12, -0.62), (0.08, -0.5), (0.0, -0.46)])
    p.patch(_sym([(0.0, -0.86), (0.03, -0.8), (0.03, -0.62), (0.0, -0.6)], False), "light")
    p.dot(0.065, -0.74, 0.03, mirror=True)
    p.shape([(0.0, -0.58), (0.05, -0.54), (0.0, -0.42), (-0.05, -0.54)], "horn")


@_species("tigrerra", chest=(0.0, -0.08), sym=0.22)
def _tigrerra(p: _Pen) -> None:
    p.ribbon([(0.0, 0.44), (-0.12, 0.64), (-0.04, 0.84), (0.16, 0.94)], 0.11, 0.05)
    p.circle(0.17, 0.94, 0.05, "dark")
    legs = (
        ((0.12, -0.3), (0.3, -0.44), (0.34, -0.7)),
        ((-0.12, -0.28), (-0.3, -0.3), (-0.4, -0.48)),
        ((0.12, 0.28), (0.3, 0.34), (0.4, 0.52)),
        ((-0.12, 0.3), (-0.28, 0.44), (-0.32, 0.68)),
    )
    for hip, knee, paw in legs:
        p.limb([hip, knee, paw], 0.13, "body")
        p.circle(paw[0], paw[1], 0.075)
        for dx in (-0.035, 0.0, 0.035):
            p.dot(paw[0] + dx, paw[1] - 0.04 if paw[1] < 0 else paw[1] + 0.04, 0.014, "line")
    for elbow, tip in (((0.3, -0.44), (0.52, -0.28)), ((-0.3, -0.3), (-0.52, -0.12))):
        mid = ((elbow[0] + tip[0]) / 2, (elbow[1] + tip[1]) / 2 - 0.04)
        p.ribbon([elbow, mid, tip], 0.09, 0.0, "metal")
    p.body([(0.0, -0.48), (0.15, -0.42), (0.19, -0.16), (0.19, 0.16), (0.15, 0.4), (0.0, 0.5)])
    for y in (-0.3, -0.14, 0.02, 0.18, 0.34):
        p.patch([(0.2, y - 0.035), (0.05, y + 0.01), (0.19, y + 0.035)], "dark", mirror=True)
    p.shape([(0.05, -0.78), (0.15, -0.95), (0.19, -0.72)], "body", mirror=True)
    p.patch([(0.1, -0.79), (0.15, -0.89), (0.17, -0.76)], "dark", mirror=True)
    p.body(
        [
            (0.0, -0.84),
            (0.1, -0.82),
            (0.17, -0.72),
            (0.25, -0.6),
            (0.17, -0.52),
            (0.08, -0.47),
            (0.0, -0.46),
        ],
        smooth=False,
    )
    p.patch([(0.17, -0.71), (0.24, -0.6), (0.16, -0.56)], "accent", mirror=True)
    p.patch(_sym([(0.0, -0.64), (0.07, -0.6), (0.07, -0.52), (0.0, -0.49)]), "light")
    p.dot(0.085, -0.7, 0.032, mirror=True)
    p.dot(0.0, -0.61, 0.022, "line")


@_species("gorem", chest=(0.0, -0.14), sym=0.28)
def _gorem(p: _Pen) -> None:
    p.limb([(0.12, 0.28), (0.2, 0.56), (0.22, 0.74)], 0.22, "dark", mirror=True)
    p.shape([(0.1, 0.7), (0.34, 0.68), (0.36, 0.86), (0.08, 0.88)], "body", mirror=True)
    p.limb([(0.5, -0.3), (0.66, -0.06), (0.72, 0.18)], 0.2, "body", mirror=True)
    p.shape(
        [(0.6, 0.14), (0.84, 0.12), (0.92, 0.32), (0.86, 0.52), (0.62, 0.54), (0.54, 0.34)],
        "dark",
        mirror=True,
    )
    p.detail([(0.64, 0.36), (0.86, 0.36)], 0.03, "line", mirror=True)
    p.shape(
        [
            (0.0, -0.52),
            (0.34, -0.56),
            (0.5, -0.44),
            (0.48, -0.06),
            (0.34, 0.3),
            (0.0, 0.38),
            (-0.34, 0.3),
            (-0.48, -0.06),
            (-0.5, -0.44),
            (-0.34, -0.56),
        ]
    )
    p.patch([(0.04, -0.4), (0.3, -0.42), (0.36, -0.12), (0.2, 0.16), (0.04, 0.12)], "light")
    p.patch([(-0.04, -0.4), (-0.3, -0.42), (-0.36, -0.12), (-0.2, 0.16), (-0.04, 0.12)], "light")
    p.detail([(0.0, -0.5), (0.0, 0.34)], 0.04, "line")
    p.shape(
        [(0.3, -0.62), (0.58, -0.66), (0.74, -0.46), (0.66, -0.2), (0.44, -0.2), (0.34, -0.42)],
        "dark",
        mirror=True,
    )
    p.detail([(0.44, -0.56), (0.6, -0.4), (0.56, -0.26)], 0.03, "line", mirror=True)
    p.shape(
        [
            (0.0, -0.8),
            (0.14, -0.76),
            (0.18, -0.58),
            (0.1, -0.5),
            (-0.1, -0.5),
            (-0.18, -0.58),
            (-0.14, -0.76),
        ],
        "body",
    )
    p.detail([(0.04, -0.66), (0.12, -0.64)], 0.04, "eye", mirror=True)


@_species("preyas", chest=(0.0, -0.02), sym=0.24)
def _preyas(p: _Pen) -> None:
    spiral = [(0.0, 0.34), (0.04, 0.56)]
    for i in range(12):
        a = math.pi * 0.9 - i * 0.55
        r = 0.22 - i * 0.014
        spiral.append((0.08 + r * math.cos(a) + 0.16, 0.72 + r * math.sin(a)))
    p.ribbon(spiral, 0.14, 0.04)
    p.limb([(0.22, 0.18), (0.5, 0.1), (0.5, 0.36), (0.62, 0.56)], 0.12, "body", mirror=True)
    for a in (-0.5, 0.1, 0.7):
        p.limb(
            [(0.62, 0.56), (0.62 + 0.16 * math.cos(a + 0.6), 0.56 + 0.16 * math.sin(a + 0.6))],
            0.06,
            "light",
            mirror=True,
        )
    p.limb([(0.2, -0.2), (0.42, -0.3), (0.5, -0.46)], 0.1, "body", mirror=True)
    for a in (-2.6, -1.9, -1.2):
        p.limb(
            [(0.5, -0.46), (0.5 + 0.11 * math.cos(a), -0.46 + 0.11 * math.sin(a))],
            0.05,
            "light",
            mirror=True,
        )
    p.body([(0.0, -0.36), (0.22, -0.3), (0.32, -0.04), (0.28, 0.22), (0.15, 0.36), (0.0, 0.4)])
    for x, y in ((0.14, -0.16), (0.2, 0.1), (0.08, 0.24)):
        p.dot(x, y, 0.04, "light", mirror=True)
    p.body([(0.0, -0.74), (0.16, -0.72), (0.28, -0.6), (0.3, -0.46), (0.18, -0.34), (0.0, -0.32)])
    p.patch(_sym([(0.0, -0.7), (0.08, -0.68), (0.08, -0.44), (0.0, -0.4)]), "accent")
    p.circle(0.24, -0.66, 0.11, "light", mirror=True)
    p.dot(0.25, -0.67, 0.05, "line", mirror=True)
    p.dot(0.23, -0.69, 0.02, "eye", mirror=True)


def _head(at: Point, ang: float, k: float) -> list[Point]:
    """A serpent-dragon head with open jaws pointing along ``ang`` (0 = up)."""
    base = [
        (0.0, -0.1),
        (0.05, -0.24),
        (0.1, -0.16),
        (0.13, -0.02),
        (0.11, 0.12),
        (0.0, 0.17),
        (-0.11, 0.12),
        (-0.13, -0.02),
        (-0.1, -0.16),
        (-0.05, -0.24),
    ]
    return _xf(base, ang, at, k)


@_species("hydranoid", chest=(0.0, 0.12), sym=0.26)
def _hydranoid(p: _Pen) -> None:
    p.ribbon([(0.0, 0.3), (0.16, 0.56), (-0.04, 0.8), (0.12, 0.98)], 0.24, 0.02)
    p.shape(
        _wing(
            [(0.2, 0.02), (0.46, -0.02)],
            [(0.72, 0.1), (0.64, 0.3), (0.44, 0.42)],
            (0.2, 0.26),
            (0.46, -0.02),
            0.35,
            True,
        ),
        "membrane",
        mirror=True,
    )
    p.limb([(0.2, 0.02), (0.46, -0.02), (0.72, 0.1)], 0.05, "body", mirror=True)
    p.ribbon([(0.08, -0.08), (0.24, -0.28), (0.4, -0.42), (0.56, -0.54)], 0.18, 0.12, mirror=True)
    p.ribbon([(0.0, -0.1), (0.0, -0.4), (0.0, -0.62)], 0.19, 0.13)
    p.shape(_ellipse(0.0, 0.1, 0.27, 0.3))
    p.patch(_ellipse(0.0, 0.12, 0.15, 0.2), "light")
    for at, ang in (((0.0, -0.72), 0.0), ((0.6, -0.62), 0.75)):
        side = at[0] != 0.0
        for sx in (1, -1):
            p.ribbon(
                _xf([(0.08 * sx, 0.06), (0.16 * sx, 0.16), (0.22 * sx, 0.3)], ang, at, 1.3),
                0.07,
                0.0,
                "horn",
                mirror=side,
            )
        p.shape(_head(at, ang, 1.35), "body", mirror=side)
        p.patch(
            _xf([(0.0, -0.06), (0.05, 0.02), (0.0, 0.12), (-0.05, 0.02)], ang, at, 1.35),
            "light",
            mirror=side,
        )
        for sx in (1, -1):
            e = _xf([(0.075 * sx, 0.0)], ang, at, 1.35)[0]
            p.dot(e[0], e[1], 0.03, mirror=side)


@_species("skyress", chest=(0.0, -0.14), sym=0.22)
def _skyress(p: _Pen) -> None:
    for dx, ln in ((0.0, 0.92), (0.18, 0.86), (0.34, 0.72)):
        m = dx > 0.0
        p.ribbon([(0.0, 0.2), (dx * 0.5, 0.5), (dx, ln)], 0.07, 0.11, "light", mirror=m)
        p.circle(dx, ln, 0.07, "accent", mirror=m)
        p.dot(dx, ln, 0.032, "dark", mirror=m)
    tips = [(0.98, -0.24), (0.94, -0.06), (0.84, 0.08), (0.7, 0.18), (0.54, 0.24), (0.36, 0.24)]
    wing = _wing(
        [(0.1, -0.26), (0.3, -0.46), (0.62, -0.44)], tips, (0.12, 0.12), (0.4, -0.2), 0.32, False
    )
    p.shape(wing, "body", mirror=True)
    p.patch(
        _spline(
            [
                (0.16, -0.22),
                (0.34, -0.38),
                (0.62, -0.38),
                (0.7, -0.26),
                (0.4, -0.18),
                (0.16, -0.06),
            ],
            4,
            closed=True,
        ),
        "light",
        mirror=True,
    )
    for t in tips[1:-1]:
        p.detail([(t[0] * 0.72 + 0.1, t[1] * 0.7 - 0.08), t], 0.025, "line", mirror=True)
    p.body([(0.0, -0.46), (0.1, -0.38), (0.14, -0.08), (0.1, 0.22), (0.0, 0.3)])
    for dx, ln in ((0.0, -0.98), (0.16, -0.9)):
        p.ribbon([(0.0, -0.62), (dx * 0.5, -0.78), (dx, ln)], 0.11, 0.0, "accent", mirror=dx > 0)
    p.shape(_ellipse(0.0, -0.6, 0.1, 0.12))
    p.shape([(0.0, -0.8), (0.05, -0.68), (-0.05, -0.68)], "horn")
    p.dot(0.05, -0.62, 0.024, mirror=True)


@_species("saurus", chest=(0.0, -0.12), sym=0.26)
def _saurus(p: _Pen) -> None:
    p.ribbon([(0.0, 0.3), (0.0, 0.62), (0.1, 0.98)], 0.3, 0.04)
    for y, r in ((0.5, 0.07), (0.64, 0.06), (0.77, 0.05), (0.88, 0.04)):
        p.shape([(0.0, y - r * 1.4), (r, y), (0.0, y + r * 0.9), (-r, y)], "accent")
    p.limb([(0.2, 0.12), (0.46, 0.22), (0.5, 0.44)], 0.22, "body", mirror=True)
    for dx in (-0.07, 0.0, 0.07):
        p.limb([(0.5, 0.46), (0.5 + dx * 1.5, 0.6)], 0.06, "horn", mirror=True)
    p.limb([(0.26, -0.3), (0.42, -0.4), (0.44, -0.5)], 0.1, "body", mirror=True)
    p.dot(0.45, -0.54, 0.04, "horn", mirror=True)
    p.body([(0.0, -0.5), (0.26, -0.44), (0.38, -0.16), (0.36, 0.14), (0.22, 0.36), (0.0, 0.42)])
    p.patch(_sym([(0.0, -0.38), (0.16, -0.32), (0.22, -0.08), (0.18, 0.16), (0.0, 0.26)]), "light")
    for y, r in ((0.16, 0.085), (0.32, 0.075)):
        p.shape([(0.0, y - r * 1.4), (r, y), (0.0, y + r * 0.9), (-r, y)], "accent")
    p.body(
        [
            (0.0, -0.98),
            (0.1, -0.97),
            (0.17, -0.88),
            (0.22, -0.7),
            (0.2, -0.56),
            (0.12, -0.46),
            (0.0, -0.44),
        ]
    )
    p.patch([(0.08, -0.76), (0.21, -0.72), (0.2, -0.64), (0.08, -0.68)], "dark", mirror=True)
    p.shape([(0.14, -0.74), (0.28, -0.68), (0.18, -0.64)], "horn", mirror=True)
    p.dot(0.14, -0.71, 0.028, mirror=True)
    p.dot(0.04, -0.93, 0.018, "line", mirror=True)


@_species("centipoid", chest=(0.1, -0.44), sym=0.2)
def _centipoid(p: _Pen) -> None:
    path = _spline(
        [
            (0.0, -0.66),
            (0.12, -0.36),
            (0.0, -0.04),
            (-0.14, 0.26),
            (-0.04, 0.56),
            (0.08, 0.8),
            (0.04, 0.96),
        ],
        8,
    )
    n = 9
    idx = [round(i * (len(path) - 1) / (n - 1)) for i in range(n)]
    segs: list[tuple[float, float, float]] = []
    for i in range(n):
        a = path[max(idx[i] - 1, 0)]
        b = path[min(idx[i] + 1, len(path) - 1)]
        segs.append((*path[idx[i]], math.atan2(b[1] - a[1], b[0] - a[0])))
    for i, (x, y, ang) in enumerate(segs[1:], 1):
        nx, ny = -math.sin(ang), math.cos(ang)
        tx, ty = math.cos(ang), math.sin(ang)
        leg = 0.3 - 0.012 * i
        for sgn in (1, -1):
            ex, ey = x + sgn * nx * leg + tx * 0.05, y + sgn * ny * leg + ty * 0.05
            p.limb([(x, y), (ex, ey), (ex + tx * 0.07, ey + ty * 0.07)], 0.045, "light")
    for i in range(n - 1, 0, -1):
        x, y, ang = segs[i]
        r = 0.16 - 0.009 * i
        p.shape(_ellipse(x, y, r * 0.72, r * 1.2, ang, 20), "body" if i % 2 else "membrane")
        p.dot(x, y, r * 0.28, "accent")
    hx, hy, _ = segs[0]
    p.limb([(0.05, hy - 0.1), (0.18, -0.88), (0.36, -0.98)], 0.04, "body")
    p.limb([(-0.05, hy - 0.1), (-0.18, -0.88), (-0.36, -0.98)], 0.04, "body")
    p.ribbon([(0.1, hy - 0.06), (0.2, hy - 0.18), (0.08, hy - 0.3)], 0.09, 0.0, "horn", mirror=True)
    p.shape(_ellipse(hx, hy, 0.2, 0.17))
    p.dot(0.11, hy - 0.08, 0.035, mirror=True)


@_species("serpenoid", chest=(0.0, -0.06), sym=0.24)
def _serpenoid(p: _Pen) -> None:
    path = []
    turns = 1.7
    for i in range(40):
        t = i / 39
        a = math.pi * 0.5 + t * turns * 2 * math.pi
        r = 0.82 - 0.6 * t
        path.append((r * math.cos(a), 0.1 + r * math.sin(a)))
    p.shape(_ribbon(path, 0.04, 0.26, smooth=False), "body")
    for i in range(2, 38, 3):
        x, y = path[i]
        p.dot(x, y, 0.018 + 0.035 * i / 39, "dark")
    p.body([(0.0, -0.42), (0.2, -0.34), (0.3, -0.12), (0.22, 0.12), (0.0, 0.24)])
    p.patch(_sym([(0.0, -0.3), (0.1, -0.24), (0.14, -0.08), (0.08, 0.08), (0.0, 0.14)]), "light")
    p.body([(0.0, -0.72), (0.08, -0.68), (0.11, -0.52), (0.07, -0.4), (0.0, -0.38)])
    p.dot(0.055, -0.6, 0.028, mirror=True)
    p.detail([(0.0, -0.72), (0.0, -0.82), (0.04, -0.86)], 0.02, "accent")
    p.detail([(0.0, -0.82), (-0.04, -0.86)], 0.02, "accent")


@_species("juggernoid", chest=(0.0, 0.02), sym=0.3)
def _juggernoid(p: _Pen) -> None:
    p.limb([(0.36, -0.36), (0.56, -0.54), (0.6, -0.66)], 0.18, "body", mirror=True)
    p.limb([(0.34, 0.4), (0.52, 0.6), (0.54, 0.72)], 0.18, "body", mirror=True)
    p.shape([(0.0, 0.64), (0.08, 0.76), (0.0, 0.9), (-0.08, 0.76)], "body")
    p.body([(0.0, -0.92), (0.11, -0.88), (0.16, -0.72), (0.12, -0.56), (0.0, -0.54)])
    p.dot(0.08, -0.8, 0.03, mirror=True)
    spikes: list[Point] = []
    for i in range(24):
        a = 2 * math.pi * i / 24
        r = 0.7 if i % 2 == 0 else 0.6
        spikes.append((r * 0.94 * math.cos(a), 0.02 + r * math.sin(a)))
    p.shape(spikes, "horn")
    p.shape(_ellipse(0.0, 0.02, 0.56, 0.6, n=36), "dark")
    p.shape(_ellipse(0.0, 0.02, 0.48, 0.52, n=36), "body")
    hexa = [
        (0.24 * math.cos(a), 0.02 + 0.24 * math.sin(a))
        for a in (math.pi / 6 + k * math.pi / 3 for k in range(6))
    ]
    for x, y in hexa:
        p.detail([(x, y), (x * 1.9, 0.02 + (y - 0.02) * 1.85)], 0.035, "line")
    p.shape(hexa, "light")


@_species("stinglash", chest=(0.0, -0.14), sym=0.22)
def _stinglash(p: _Pen) -> None:
    for i, y in enumerate((-0.3, -0.16, -0.02, 0.12)):
        p.limb(
            [(0.12, y), (0.36, y - 0.06 + 0.06 * i), (0.48, y + 0.12 + 0.05 * i)],
            0.05,
            "dark",
            mirror=True,
        )
    tail = [(0.0, 0.2), (0.02, 0.36), (0.08, 0.52), (0.2, 0.64), (0.36, 0.64), (0.48, 0.52)]
    for i, (x, y) in enumerate(tail):
        p.circle(x, y, 0.1 - 0.008 * i, "body" if i % 2 else "light")
    p.shape([(0.48, 0.46), (0.62, 0.34), (0.64, 0.48), (0.56, 0.56)], "horn")
    p.limb([(0.14, -0.36), (0.32, -0.52), (0.36, -0.66)], 0.09, "body", mirror=True)
    claw = [
        (0.36, -0.62),
        (0.46, -0.7),
        (0.52, -0.96),
        (0.42, -0.84),
        (0.38, -0.78),
        (0.3, -0.94),
        (0.24, -0.76),
    ]
    p.shape(claw, "body", mirror=True)
    p.patch([(0.36, -0.68), (0.44, -0.74), (0.46, -0.86), (0.38, -0.76)], "light", mirror=True)
    p.body([(0.0, -0.5), (0.18, -0.44), (0.24, -0.16), (0.18, 0.12), (0.0, 0.22)])
    for y in (-0.24, -0.06, 0.08):
        p.detail([(-0.16, y), (0.0, y + 0.03), (0.16, y)], 0.03, "line", smooth=True)
    p.dot(0.06, -0.42, 0.028, mirror=True)


@_species("mantris", chest=(0.0, -0.24), sym=0.2)
def _mantris(p: _Pen) -> None:
    for y0, y1 in ((0.0, 0.34), (0.1, 0.66)):
        p.limb([(0.06, y0), (0.36, y0 + 0.02), (0.46, y1)], 0.05, "light", mirror=True)
    leaf = _spline([(0.04, -0.16), (0.26, 0.1), (0.32, 0.5), (0.2, 0.84), (0.08, 0.5)], 5, True)
    p.shape(leaf, "membrane", mirror=True)
    p.detail([(0.06, -0.1), (0.22, 0.3), (0.2, 0.74)], 0.02, "light", mirror=True, smooth=True)
    p.shape(_ellipse(0.0, 0.38, 0.12, 0.44), "body")
    p.limb([(0.06, -0.38), (0.4, -0.42), (0.52, -0.6)], 0.1, "body", mirror=True)
    blade = [
        (0.46, -0.56),
        (0.56, -0.62),
        (0.58, -0.8),
        (0.5, -0.98),
        (0.5, -0.8),
        (0.46, -0.72),
        (0.42, -0.76),
        (0.42, -0.64),
    ]
    p.shape(blade, "metal", mirror=True)
    p.shape(_ribbon([(0.0, -0.56), (0.0, -0.08)], 0.13, 0.09, smooth=False), "body")
    p.detail([(0.0, -0.08), (0.0, 0.74)], 0.025, "line")
    p.limb([(0.06, -0.78), (0.18, -0.92), (0.34, -0.99)], 0.03, "light", mirror=True)
    p.shape([(0.0, -0.54), (0.26, -0.76), (0.0, -0.84), (-0.26, -0.76)], "body")
    p.circle(0.22, -0.76, 0.085, "accent", mirror=True)
    p.dot(0.23, -0.77, 0.035, "line", mirror=True)


@_species("falconeer", chest=(0.0, -0.14), sym=0.22)
def _falconeer(p: _Pen) -> None:
    p.body([(0.0, 0.26), (0.12, 0.3), (0.22, 0.74), (0.1, 0.66), (0.0, 0.8)], smooth=False)
    tips = [(0.98, 0.24), (0.82, 0.2), (0.68, 0.18)]
    wing = [
        (0.1, -0.22),
        (0.4, -0.34),
        (0.66, -0.2),
        *tips[:1],
        (0.84, 0.14),
        tips[1],
        (0.7, 0.12),
        tips[2],
        (0.44, 0.14),
        (0.12, 0.16),
    ]
    p.shape(wing, "body", mirror=True)
    p.patch(
        [
            (0.14, -0.2),
            (0.4, -0.3),
            (0.62, -0.18),
            (0.86, 0.16),
            (0.56, -0.04),
            (0.3, -0.12),
            (0.14, -0.08),
        ],
        "light",
        mirror=True,
    )
    p.detail([(0.3, 0.1), (0.56, 0.02), (0.8, 0.16)], 0.025, "line", mirror=True)
    p.body([(0.0, -0.44), (0.12, -0.36), (0.15, -0.06), (0.1, 0.26), (0.0, 0.34)])
    p.body([(0.0, -0.86), (0.06, -0.8), (0.11, -0.64), (0.1, -0.48), (0.0, -0.44)], smooth=False)
    p.patch([(0.02, -0.7), (0.1, -0.62), (0.1, -0.54), (0.02, -0.6)], "dark", mirror=True)
    p.dot(0.06, -0.64, 0.025, mirror=True)
    p.shape([(0.0, -0.92), (0.04, -0.8), (-0.04, -0.8)], "horn")


@_species("reaper", chest=(0.0, -0.2), sym=0.22)
def _reaper(p: _Pen) -> None:
    p.limb([(0.18, 0.9), (0.58, -0.7)], 0.06, "dark")
    blade_out = _spline([(0.56, -0.74), (0.7, -0.96), (0.92, -0.86), (0.99, -0.5)], 5)
    blade_in = _spline([(0.9, -0.62), (0.82, -0.76), (0.66, -0.76), (0.58, -0.62)], 5)
    p.shape(blade_out + blade_in, "metal")
    hem = [(0.42, 0.78), (0.34, 0.62), (0.26, 0.9), (0.14, 0.66), (0.0, 0.84)]
    cloak = [(0.0, -0.56), (0.24, -0.48), (0.4, -0.14), (0.44, 0.3), *hem]
    p.shape(cloak + [(-x, y) for x, y in reversed(cloak[1:-1])], "dark")
    p.patch(_sym([(0.0, -0.4), (0.16, -0.3), (0.22, 0.1), (0.16, 0.6), (0.0, 0.66)]), "body")
    p.limb([(0.3, -0.22), (0.44, -0.14), (0.5, -0.32)], 0.1, "dark")
    p.circle(0.5, -0.34, 0.06, "horn")
    p.shape([(0.26, -0.46), (0.46, -0.54), (0.36, -0.34)], "horn", mirror=True)
    p.body([(0.0, -0.94), (0.14, -0.76), (0.2, -0.58), (0.14, -0.44), (0.0, -0.4)])
    p.patch(_ellipse(0.0, -0.6, 0.1, 0.12), "line")
    p.dot(0.045, -0.62, 0.028, mirror=True)


@_species("laserman", chest=(0.0, -0.38), sym=0.2)
def _laserman(p: _Pen) -> None:
    p.shape([(0.14, -0.6), (0.44, -0.98), (0.5, -0.9), (0.26, -0.5)], "dark", mirror=True)
    p.limb([(0.1, 0.06), (0.16, 0.48), (0.18, 0.84)], 0.12, "body", mirror=True)
    p.shape([(0.1, 0.82), (0.28, 0.82), (0.3, 0.96), (0.08, 0.96)], "dark", mirror=True)
    p.dot(0.165, 0.46, 0.045, "light", mirror=True)
    p.limb([(0.36, -0.46), (0.44, -0.2)], 0.1, "body", mirror=True)
    p.shape([(0.38, -0.22), (0.56, -0.22), (0.58, 0.4), (0.4, 0.4)], "dark", mirror=True)
    p.patch([(0.42, -0.16), (0.46, -0.16), (0.48, 0.34), (0.44, 0.34)], "light", mirror=True)
    p.circle(0.49, 0.44, 0.05, "eye", mirror=True)
    p.shape(
        [
            (0.0, -0.62),
            (0.3, -0.6),
            (0.28, -0.28),
            (0.14, 0.02),
            (0.12, 0.14),
            (-0.12, 0.14),
            (-0.14, 0.02),
            (-0.28, -0.28),
            (-0.3, -0.6),
        ]
    )
    p.patch(
        [(0.0, -0.52), (0.2, -0.5), (0.16, -0.28), (0.0, -0.2), (-0.16, -0.28), (-0.2, -0.5)],
        "light",
    )
    p.shape([(0.22, -0.66), (0.46, -0.64), (0.48, -0.42), (0.3, -0.38)], "body", mirror=True)
    p.body([(0.0, -0.92), (0.08, -0.86), (0.1, -0.72), (0.06, -0.62), (0.0, -0.6)], smooth=False)
    p.patch([(0.0, -0.8), (0.09, -0.78), (0.08, -0.74), (0.0, -0.72)], "eye", mirror=True)


@_species("warius", chest=(0.0, -0.3), sym=0.22)
def _warius(p: _Pen) -> None:
    p.limb([(-0.56, 0.56), (-0.5, -0.7)], 0.06, "dark")
    p.shape(
        [
            (-0.5, -0.76),
            (-0.74, -0.9),
            (-0.84, -0.62),
            (-0.74, -0.36),
            (-0.5, -0.5),
            (-0.26, -0.36),
            (-0.16, -0.62),
            (-0.26, -0.9),
        ],
        "metal",
    )
    p.patch([(-0.5, -0.7), (-0.7, -0.82), (-0.76, -0.62), (-0.7, -0.44), (-0.5, -0.56)], "light")
    p.limb([(0.12, 0.3), (0.2, 0.62), (0.22, 0.9)], 0.16, "dark", mirror=True)
    p.shape([(0.0, 0.1), (0.3, 0.12), (0.36, 0.44), (0.0, 0.4)], "body", mirror=True)
    p.detail([(0.12, 0.14), (0.14, 0.42)], 0.03, "line", mirror=True)
    p.limb([(0.38, -0.42), (0.48, -0.1), (0.5, 0.14)], 0.14, "body", mirror=True)
    p.circle(0.5, 0.18, 0.09, "dark", mirror=True)
    p.shape(
        [
            (0.0, -0.6),
            (0.3, -0.6),
            (0.32, -0.2),
            (0.22, 0.14),
            (-0.22, 0.14),
            (-0.32, -0.2),
            (-0.3, -0.6),
        ]
    )
    p.patch(
        [(0.0, -0.48), (0.18, -0.48), (0.2, -0.2), (0.0, -0.06), (-0.2, -0.2), (-0.18, -0.48)],
        "light",
    )
    p.shape(
        [(0.24, -0.64), (0.5, -0.64), (0.6, -0.5), (0.5, -0.34), (0.3, -0.36)], "dark", mirror=True
    )
    p.shape([(0.46, -0.62), (0.62, -0.76), (0.56, -0.56)], "horn", mirror=True)
    p.ribbon([(0.1, -0.76), (0.28, -0.8), (0.36, -0.98)], 0.08, 0.0, "horn", mirror=True)
    p.shape(_ellipse(0.0, -0.72, 0.13, 0.13), "dark")
    p.patch([(-0.09, -0.74), (0.09, -0.74), (0.07, -0.69), (-0.07, -0.69)], "eye")


@_species("griffon", chest=(0.0, -0.1), sym=0.22)
def _griffon(p: _Pen) -> None:
    p.ribbon([(0.0, 0.44), (-0.12, 0.66), (0.04, 0.86)], 0.07, 0.04)
    p.shape(_ellipse(0.05, 0.9, 0.07, 0.09), "dark")
    tips = [(0.84, -0.86), (0.9, -0.66), (0.88, -0.46), (0.78, -0.28), (0.62, -0.14)]
    wing = _wing(
        [(0.12, -0.24), (0.36, -0.6), (0.62, -0.82)], tips, (0.16, 0.02), (0.4, -0.34), 0.3, False
    )
    p.shape(wing, "body", mirror=True)
    p.patch(
        _spline(
            [
                (0.16, -0.24),
                (0.36, -0.54),
                (0.62, -0.76),
                (0.7, -0.66),
                (0.44, -0.36),
                (0.2, -0.14),
            ],
            4,
            closed=True,
        ),
        "light",
        mirror=True,
    )
    p.limb([(0.16, 0.3), (0.32, 0.44), (0.34, 0.62)], 0.12, "body", mirror=True)
    p.circle(0.34, 0.64, 0.07, mirror=True)
    p.limb([(0.14, -0.22), (0.28, -0.26), (0.32, -0.1)], 0.08, "accent", mirror=True)
    for dx in (-0.05, 0.0, 0.05):
        p.limb([(0.32, -0.1), (0.32 + dx, -0.02)], 0.03, "horn", mirror=True)
    p.body([(0.0, -0.36), (0.16, -0.3), (0.2, 0.08), (0.16, 0.42), (0.0, 0.5)])
    p.body(
        [(0.0, -0.62), (0.1, -0.6), (0.16, -0.46), (0.12, -0.3), (0.0, -0.26)],
        "accent",
        smooth=False,
    )
    p.body([(0.0, -0.86), (0.08, -0.8), (0.1, -0.64), (0.06, -0.54), (0.0, -0.52)], "accent")
    p.shape([(0.0, -0.98), (0.05, -0.84), (-0.05, -0.84)], "horn")
    p.dot(0.06, -0.72, 0.025, mirror=True)


@_species("elfin", chest=(0.0, -0.06), sym=0.18)
def _elfin(p: _Pen) -> None:
    up = _spline(
        [(0.08, -0.2), (0.4, -0.62), (0.78, -0.6), (0.8, -0.36), (0.5, -0.12), (0.1, -0.06)],
        6,
        closed=True,
    )
    lo = _spline(
        [(0.08, 0.02), (0.46, 0.12), (0.62, 0.38), (0.46, 0.52), (0.24, 0.36), (0.08, 0.12)],
        6,
        closed=True,
    )
    p.shape(lo, "membrane", mirror=True)
    p.shape(up, "membrane", mirror=True)
    p.patch(
        _spline([(0.2, -0.22), (0.44, -0.48), (0.66, -0.48), (0.64, -0.34), (0.42, -0.2)], 4, True),
        "light",
        mirror=True,
    )
    p.dot(0.44, 0.3, 0.06, "light", mirror=True)
    p.body([(0.0, -0.32), (0.09, -0.24), (0.1, 0.1), (0.06, 0.4), (0.0, 0.46)])
    for dx in (0.12,):
        p.ribbon([(dx, -0.56), (0.24, -0.8), (0.36, -0.98)], 0.12, 0.02, "body", mirror=True)
    p.patch(_ribbon([(0.14, -0.6), (0.24, -0.8), (0.33, -0.94)], 0.05, 0.0), "accent", mirror=True)
    p.circle(0.0, -0.5, 0.19)
    p.circle(0.075, -0.5, 0.05, "light", mirror=True)
    p.dot(0.075, -0.5, 0.03, "line", mirror=True)


@_species("siege", chest=(0.0, -0.38), sym=0.2)
def _siege(p: _Pen) -> None:
    cape = [
        (0.0, -0.56),
        (0.34, -0.52),
        (0.46, 0.1),
        (0.5, 0.76),
        (0.3, 0.7),
        (0.16, 0.84),
        (0.0, 0.76),
    ]
    p.shape(cape + [(-x, y) for x, y in reversed(cape[1:-1])], "dark")
    p.limb([(0.12, 0.1), (0.16, 0.44), (0.18, 0.7)], 0.13, "body", mirror=True)
    p.shape([(0.46, 0.54), (0.6, -0.98), (0.74, 0.54)], "metal")
    p.shape([(0.5, 0.02), (0.7, 0.02), (0.76, 0.24), (0.44, 0.24)], "body")
    p.limb([(0.34, -0.46), (0.44, -0.16), (0.6, 0.1)], 0.11, "body", mirror=False)
    p.limb([(-0.34, -0.46), (-0.4, -0.2)], 0.11, "body")
    p.shape(
        [
            (0.0, -0.62),
            (0.28, -0.6),
            (0.26, -0.24),
            (0.16, 0.12),
            (-0.16, 0.12),
            (-0.26, -0.24),
            (-0.28, -0.6),
        ]
    )
    p.patch(
        [(0.0, -0.5), (0.18, -0.48), (0.16, -0.26), (0.0, -0.16), (-0.16, -0.26), (-0.18, -0.48)],
        "light",
    )
    p.shape([(0.22, -0.64), (0.44, -0.62), (0.46, -0.4), (0.28, -0.38)], "light", mirror=True)
    shield = [
        (-0.46, -0.4),
        (-0.22, -0.32),
        (-0.24, 0.06),
        (-0.46, 0.42),
        (-0.68, 0.06),
        (-0.7, -0.32),
    ]
    p.shape(shield, "light")
    p.patch(
        [
            (-0.46, -0.34),
            (-0.28, -0.28),
            (-0.3, 0.04),
            (-0.46, 0.32),
            (-0.62, 0.04),
            (-0.64, -0.28),
        ],
        "body",
    )
    p.detail([(-0.46, -0.3), (-0.46, 0.3)], 0.05, "accent")
    p.detail([(-0.62, -0.1), (-0.3, -0.1)], 0.05, "accent")
    p.shape(_ellipse(0.0, -0.72, 0.12, 0.13), "light")
    p.ribbon([(0.0, -0.98), (0.0, -0.8), (0.0, -0.56)], 0.05, 0.09, "accent")
    p.detail([(-0.08, -0.72), (0.08, -0.72)], 0.03, "line")


@_species("robotallion", chest=(0.0, 0.06), sym=0.26)
def _robotallion(p: _Pen) -> None:
    for sx in (0.26,):
        p.shape(
            [(sx - 0.14, 0.36), (sx + 0.14, 0.36), (sx + 0.14, 0.8), (sx - 0.14, 0.8)],
            "dark",
            mirror=True,
        )
        for y in (0.44, 0.54, 0.64, 0.74):
            p.detail([(sx - 0.12, y), (sx + 0.12, y)], 0.03, "line", mirror=True)
    p.limb([(0.4, -0.22), (0.64, 0.04), (0.7, 0.32)], 0.1, "dark", mirror=True)
    p.shape(
        [(0.62, 0.3), (0.78, 0.3), (0.82, 0.56), (0.74, 0.46), (0.66, 0.46), (0.58, 0.56)],
        "horn",
        mirror=True,
    )
    for sgn in (1, -1):
        p.limb([(0.1 * sgn, -0.5), (0.2 * sgn, -0.74), (0.26 * sgn, -0.88)], 0.03, "dark")
        p.circle(0.27 * sgn, -0.9, 0.055, "eye")
    p.shape(
        [
            (0.0, -0.36),
            (0.34, -0.36),
            (0.4, -0.3),
            (0.4, 0.38),
            (0.34, 0.44),
            (-0.34, 0.44),
            (-0.4, 0.38),
            (-0.4, -0.3),
            (-0.34, -0.36),
        ]
    )
    p.patch([(-0.3, -0.28), (0.3, -0.28), (0.3, 0.36), (-0.3, 0.36)], "light")
    for x, y in ((0.34, -0.3), (0.34, 0.38)):
        p.dot(x, y, 0.022, "line", mirror=True)
    p.circle(0.42, -0.26, 0.15, "body", mirror=True)
    p.dot(0.42, -0.26, 0.06, "dark", mirror=True)
    p.shape(_ellipse(0.0, -0.5, 0.2, 0.16), "body")
    p.patch([(-0.14, -0.54), (0.14, -0.54), (0.12, -0.47), (-0.12, -0.47)], "eye")


@_species("fear_ripper", chest=(0.0, -0.06), sym=0.22)
def _fear_ripper(p: _Pen) -> None:
    p.ribbon([(0.0, 0.3), (0.08, 0.56), (0.0, 0.8)], 0.16, 0.02, "dark")
    p.limb([(0.16, 0.22), (0.36, 0.42), (0.32, 0.66)], 0.13, "body", mirror=True)
    for dx in (-0.06, 0.0, 0.06):
        p.limb([(0.32, 0.66), (0.32 + dx, 0.78)], 0.04, "horn", mirror=True)
    for end in ((0.4, -0.98), (0.54, -0.99), (0.68, -0.96)):
        base = (end[0] + 0.1, -0.5)
        mid = (end[0] + 0.12, (base[1] + end[1]) / 2)
        p.ribbon([base, mid, end], 0.13, 0.0, "metal", mirror=True)
    p.limb([(0.2, -0.28), (0.44, -0.34), (0.56, -0.5)], 0.17, "body", mirror=True)
    p.shape(_ellipse(0.56, -0.5, 0.12, 0.1, -0.6), "dark", mirror=True)
    p.body([(0.0, -0.46), (0.22, -0.4), (0.3, -0.06), (0.22, 0.3), (0.0, 0.4)])
    p.patch(_sym([(0.0, -0.3), (0.12, -0.24), (0.14, 0.0), (0.1, 0.2), (0.0, 0.26)]), "light")
    for y in (-0.36, -0.2, 0.14):
        p.shape([(0.2, y), (0.38, y + 0.03), (0.22, y + 0.11)], "dark", mirror=True)
    p.body([(0.0, -0.72), (0.1, -0.68), (0.13, -0.56), (0.08, -0.46), (0.0, -0.44)])
    p.ribbon([(0.08, -0.62), (0.18, -0.62), (0.24, -0.74)], 0.06, 0.0, "horn", mirror=True)
    p.dot(0.05, -0.6, 0.028, mirror=True)


SPECIES: tuple[str, ...] = tuple(_SPECIES)


def _procedural(name: str) -> tuple[_Draw, Point, float]:
    """A deterministic creature for an unknown species, seeded by SHA-256 of its name."""
    seed = int.from_bytes(hashlib.sha256(name.encode("utf-8")).digest()[:8], "big")
    rng = random.Random(seed)
    bw = rng.uniform(0.16, 0.3)
    top = rng.uniform(-0.5, -0.34)
    bot = rng.uniform(0.3, 0.5)
    body = [
        (0.0, top),
        (bw * 0.7, top + 0.06),
        (bw, top + (bot - top) * rng.uniform(0.3, 0.6)),
        (bw * 0.75, bot - 0.08),
        (0.0, bot),
    ]
    head_r = rng.uniform(0.1, 0.18)
    head_y = top - head_r * 0.8
    horns = rng.random() < 0.6
    horn_tip = (rng.uniform(0.12, 0.34), head_y - rng.uniform(0.05, 0.3))
    limbs = []
    for _ in range(rng.randint(1, 3)):
        y0 = rng.uniform(top + 0.08, bot - 0.08)
        ang = rng.uniform(-0.9, 0.9)
        ln = rng.uniform(0.25, 0.45)
        bend = rng.uniform(-0.4, 0.4)
        j = (bw * 0.8 + ln * 0.55 * math.cos(ang), y0 + ln * 0.55 * math.sin(ang))
        e = (j[0] + ln * 0.45 * math.cos(ang + bend), j[1] + ln * 0.45 * math.sin(ang + bend))
        limbs.append(((bw * 0.6, y0), j, e, rng.uniform(0.06, 0.12), rng.choice(("paw", "claw"))))
    wing = rng.random() < 0.5
    wing_tips = [
        (rng.uniform(0.7, 0.95), rng.uniform(-0.6, -0.2)) for _ in range(rng.randint(2, 4))
    ]
    wing_tips.sort(key=lambda t: t[1])
    feathered = rng.random() < 0.5
    tail = rng.random() < 0.7
    tail_pts = [(0.0, bot - 0.05)]
    for _ in range(3):
        tail_pts.append((rng.uniform(-0.25, 0.25), tail_pts[-1][1] + rng.uniform(0.12, 0.18)))
    tail_w = rng.uniform(0.08, 0.2)
    spikes = rng.randint(0, 4)

    def draw(p: _Pen) -> None:
        if tail:
            p.ribbon(tail_pts, tail_w, 0.02)
        if wing:
            tips = [(x, y) for x, y in wing_tips]
            shape = _wing(
                [(bw * 0.6, top + 0.1), (0.5, top - 0.05)],
                tips,
                (bw * 0.6, top + 0.45),
                (0.45, top + 0.1),
                0.35,
                not feathered,
            )
            p.shape(shape, "membrane", mirror=True)
        for a, j, e, w, end in limbs:
            p.limb([a, j, e], w, "body", mirror=True)
            if end == "paw":
                p.circle(e[0], e[1], w * 0.7, "dark", mirror=True)
            else:
                p.shape(
                    [e, (e[0] + 0.08, e[1] - 0.1), (e[0] + 0.02, e[1] + 0.04)], "horn", mirror=True
                )
        p.body(body)
        p.patch(
            _sym(
                [
                    (0.0, top + 0.1),
                    (bw * 0.45, top + 0.16),
                    (bw * 0.5, 0.0),
                    (bw * 0.35, bot - 0.14),
                    (0.0, bot - 0.1),
                ]
            ),
            "light",
        )
        for i in range(spikes):
            y = top + 0.12 + i * (bot - top - 0.2) / max(1, spikes)
            p.shape(
                [(bw * 0.8, y), (bw + 0.14, y + 0.04), (bw * 0.8, y + 0.1)], "dark", mirror=True
            )
        if horns:
            p.ribbon([(head_r * 0.5, head_y), horn_tip], 0.07, 0.0, "horn", mirror=True)
        p.circle(0.0, head_y, head_r)
        p.dot(head_r * 0.45, head_y - head_r * 0.2, 0.03, mirror=True)

    return draw, (0.0, (top + bot) / 2 - 0.05), 0.22


def _figure_tones(attribute: str | None) -> dict[str, RGBA]:
    key = _attr_key(attribute)
    a = 215 if key is None else 255
    main, light, dark = ATTRIBUTE_COLOURS[key], ATTRIBUTE_LIGHT[key], ATTRIBUTE_DARK[key]
    return {
        "body": _rgba(main, a),
        "light": _rgba(_mix(main, light, 0.7), a),
        "dark": _rgba(_mix(main, dark, 0.62), a),
        "membrane": _rgba(_mix(main, dark, 0.38), a),
        "accent": _rgba(_ACCENT[key], a),
        "horn": _rgba(_HORN[key], a),
        "metal": _rgba((214, 224, 238), a),
        "eye": _rgba(_EYE[key]),
        "line": _rgba(_mix(dark, _INK, 0.35)),
    }


@lru_cache(maxsize=512)
def _open(species: str, attribute: str | None, size: int) -> pygame.Surface:
    entry = _SPECIES.get(species) or _procedural(species)
    draw, chest, sym = entry
    out = _render_figure(draw, size, _figure_tones(attribute), _rgba(_outline_of(attribute)))
    out.blit(_light_map(size), (0, 0), special_flags=pygame.BLEND_RGB_MULT)
    margin = 0.06
    unit = size / 2 * (1 - margin) - max(1.0, size / 38)
    sd = max(5, round(sym * unit * 2))
    icon = attribute_symbol(attribute, sd)
    out.blit(
        icon,
        icon.get_rect(
            center=(round(size / 2 + chest[0] * unit), round(size / 2 + chest[1] * unit))
        ),
    )
    return out


@lru_cache(maxsize=32)
def _light_map(size: int) -> pygame.Surface:
    step = max(1, size // 24)
    small = max(2, size // step)
    s = pygame.Surface((small, small))
    for y in range(small):
        for x in range(small):
            t = (x + y) / (2 * small)
            v = round(255 - 56 * t)
            s.set_at((x, y), (v, v, v))
    return pygame.transform.smoothscale(s, (size, size))


def open_bakugan(species: str, attribute: str | None, size: int) -> pygame.Surface:
    """An opened Bakugan seen from above, ``size`` x ``size``, head toward the top.

    Hand-designed silhouettes for every name in :data:`SPECIES`; any other species gets a
    deterministic procedural creature seeded by its name.
    """
    return _open(species.strip().lower(), _attr_key(attribute), max(8, int(size)))


# ---------------------------------------------------------------------------- cards


def _metal(w: int, h: int, base: RGB, light: RGB, dark: RGB, phase: float = 0.0) -> pygame.Surface:
    """An opaque brushed-metal gradient with diagonal shine bands."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    total = w + h
    for d in range(total + 1):
        t = d / total
        v = (
            0.5
            + 0.22 * math.sin(2 * math.pi * (t * 1.7 + phase) + 0.8)
            + 0.42 * math.exp(-(((t - 0.3) / 0.05) ** 2))
            + 0.3 * math.exp(-(((t - 0.72) / 0.035) ** 2))
        )
        v = min(1.0, max(0.0, v))
        col = _mix(dark, base, v * 2) if v < 0.5 else _mix(base, light, (v - 0.5) * 2)
        pygame.draw.line(s, col, (d, 0), (d - h, h))
    return s


def _round_mask(s: pygame.Surface, radius: int) -> pygame.Surface:
    """Clip ``s`` (in place) to a rounded rectangle; returns it."""
    m = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    m.fill((255, 255, 255, 0))
    pygame.draw.rect(m, (255, 255, 255, 255), m.get_rect(), border_radius=max(0, radius))
    s.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return s


def _vgrad(w: int, h: int, top: RGB, bottom: RGB) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        pygame.draw.line(s, _mix(top, bottom, y / max(1, h - 1)), (0, y), (w, y))
    return s


def _frame(
    w: int, h: int, base: RGB, light: RGB, dark: RGB, panel: pygame.Surface, phase: float = 0.0
) -> pygame.Surface:
    """A card of final size ``w`` x ``h``: metal frame around ``panel`` (supersampled size)."""
    ss = 3
    W, H = w * ss, h * ss
    R = round(w * 0.08 * ss)
    F = max(4, round(w * 0.065)) * ss
    edge = _mix(dark, _INK, 0.45)
    s = _canvas(W, H, edge)
    pygame.draw.rect(s, edge, s.get_rect(), border_radius=R)
    e1 = max(ss, round(W * 0.008))
    metal = _round_mask(_metal(W - 2 * e1, H - 2 * e1, base, light, dark, phase), R - e1)
    s.blit(metal, (e1, e1))
    inner = pygame.Rect(F, F, W - 2 * F, H - 2 * F)
    ir = max(ss, R - F // 2)
    pygame.draw.rect(s, _rgba(light), inner.inflate(2 * e1, 2 * e1), border_radius=ir + e1)
    pygame.draw.rect(s, _rgba(edge), inner.inflate(e1, e1), border_radius=ir)
    pan = panel
    if panel.get_size() != inner.size:
        pan = pygame.transform.smoothscale(panel, inner.size)
    s.blit(_round_mask(pan.copy(), ir), inner.topleft)
    for cx, cy in ((F / 2, F / 2), (W - F / 2, F / 2), (F / 2, H - F / 2), (W - F / 2, H - F / 2)):
        r = F * 0.22
        pygame.draw.circle(s, edge, (cx, cy), r + e1)
        pygame.draw.circle(s, light, (cx - r * 0.2, cy - r * 0.2), r)
    return _down(s, (w, h))


def _inner_size(w: int, h: int) -> tuple[int, int, int]:
    """Final-pixel frame thickness and panel size for a card of ``w`` x ``h``."""
    f = max(4, round(w * 0.065))
    return f, w - 2 * f, h - 2 * f


def _hex(cx: float, cy: float, r: float, rot: float = 0.0) -> list[Point]:
    return [
        (cx + r * math.cos(rot + k * math.pi / 3), cy + r * math.sin(rot + k * math.pi / 3))
        for k in range(6)
    ]


def _hex_pattern(w: int, h: int, col: RGB, alpha: int, r: float) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    dx = r * 1.5
    dy = r * math.sqrt(3)
    i = 0
    x = -r
    while x < w + r:
        y = -r + (dy / 2 if i % 2 else 0.0)
        while y < h + r:
            pygame.draw.polygon(s, (*col, alpha), _hex(x, y, r * 0.92), max(1, round(r * 0.08)))
            y += dy
        x += dx
        i += 1
    return s


def _emblem(s: pygame.Surface, c: Point, R: float, base: RGB, light: RGB, dark: RGB) -> None:
    """The original card-back emblem: a sphere split by a band, a hexagon core, six rays."""
    cx, cy = c
    edge = _mix(dark, _INK, 0.5)
    for k in range(6):
        a = -math.pi / 2 + k * math.pi / 3
        tip = (cx + R * 1.42 * math.cos(a), cy + R * 1.42 * math.sin(a))
        l1 = (cx + R * 0.9 * math.cos(a - 0.2), cy + R * 0.9 * math.sin(a - 0.2))
        l2 = (cx + R * 0.9 * math.cos(a + 0.2), cy + R * 0.9 * math.sin(a + 0.2))
        pygame.draw.polygon(s, edge, [tip, l1, l2])
        inner_tip = (cx + R * 1.3 * math.cos(a), cy + R * 1.3 * math.sin(a))
        m1 = (cx + R * 0.95 * math.cos(a - 0.12), cy + R * 0.95 * math.sin(a - 0.12))
        m2 = (cx + R * 0.95 * math.cos(a + 0.12), cy + R * 0.95 * math.sin(a + 0.12))
        pygame.draw.polygon(s, light, [inner_tip, m1, m2])
    pygame.draw.circle(s, edge, (cx, cy), R * 1.04)
    steps = 10
    for i in range(steps):
        t = i / (steps - 1)
        rr = R * (1 - 0.55 * t)
        off = (R - rr) * 0.4
        col = _mix(_mix(base, dark, 0.35), light, t * 0.8)
        pygame.draw.circle(s, col, (cx - off, cy - off), rr)
    band = R * 0.22
    pygame.draw.rect(s, edge, (cx - R, cy - band, 2 * R, 2 * band))
    pygame.draw.rect(s, _mix(base, dark, 0.5), (cx - R, cy - band * 0.6, 2 * R, band * 1.2))
    pygame.draw.circle(s, edge, (cx, cy), R * 1.04, max(1, round(R * 0.07)))
    pygame.draw.polygon(s, edge, _hex(cx, cy, R * 0.56, math.pi / 6))
    pygame.draw.polygon(s, light, _hex(cx, cy, R * 0.47, math.pi / 6))
    pygame.draw.polygon(s, _mix(base, dark, 0.6), _hex(cx, cy, R * 0.38, math.pi / 6))
    pygame.draw.circle(s, light, (cx, cy), R * 0.16)
    pygame.draw.circle(s, (255, 255, 255), (cx - R * 0.05, cy - R * 0.05), R * 0.06)


def _radial(w: int, h: int, inner: RGB, outer: RGB, steps: int = 24) -> pygame.Surface:
    """An opaque elliptical gradient: ``inner`` at the centre to ``outer`` at the corners."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill(outer)
    for i in range(steps):
        t = i / (steps - 1)
        k = 0.72 * (1 - t)
        rect = pygame.Rect(0, 0, max(1, round(w * 2 * k)), max(1, round(h * 2 * k)))
        rect.center = (w // 2, h // 2)
        pygame.draw.ellipse(s, _mix(outer, inner, t), rect)
    return s


def _fit_lines(
    text: str, f: pygame.font.Font, col: RGB, max_w: int, max_lines: int = 2, shadow: RGB = _INK
) -> list[pygame.Surface]:
    """Render ``text`` word-wrapped into at most ``max_lines`` lines, each <= ``max_w``."""
    words = text.split()
    if not words:
        return []
    lines: list[str] = []
    cur = ""
    for w in words:
        test = f"{cur} {w}".strip()
        if f.size(test)[0] <= max_w or not cur:
            cur = test
        else:
            lines.append(cur)
            cur = w
    lines.append(cur)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
    out = []
    for line in lines:
        txt = f.render(line, True, col)
        sh = f.render(line, True, shadow)
        surf = pygame.Surface((txt.get_width() + 1, txt.get_height() + 1), pygame.SRCALPHA)
        surf.blit(sh, (1, 1))
        surf.blit(txt, (0, 0))
        if surf.get_width() > max_w:
            k = max_w / surf.get_width()
            surf = pygame.transform.smoothscale(surf, (max_w, max(1, round(surf.get_height() * k))))
        out.append(surf)
    return out


def _blit_lines(
    dst: pygame.Surface, lines: list[pygame.Surface], centre: Point, max_h: int
) -> None:
    if not lines:
        return
    total = sum(s.get_height() for s in lines)
    if total > max_h:
        k = max_h / total
        lines = [
            pygame.transform.smoothscale(
                s, (max(1, round(s.get_width() * k)), max(1, round(s.get_height() * k)))
            )
            for s in lines
        ]
        total = sum(s.get_height() for s in lines)
    y = centre[1] - total / 2
    for s in lines:
        dst.blit(s, (round(centre[0] - s.get_width() / 2), round(y)))
        y += s.get_height()


@lru_cache(maxsize=512)
def _label_text(text: str, size: int, colour: RGB, shadow: RGB = _INK) -> pygame.Surface:
    """Short text at ``size`` with a 1 px drop shadow. Below 20 px it is rendered at three
    times the size and smooth-scaled down: the bundled face's hinting spaces small digits
    unevenly ("+20 0"), the downscaled render keeps them even."""
    k = 3 if size < 20 else 1
    f = font(size * k)
    txt = f.render(text, True, colour)
    sh = f.render(text, True, shadow)
    if k > 1:
        tw, th = max(1, round(txt.get_width() / k)), max(1, round(txt.get_height() / k))
        txt = pygame.transform.smoothscale(txt, (tw, th))
        sh = pygame.transform.smoothscale(sh, (tw, th))
    out = pygame.Surface((txt.get_width() + 1, txt.get_height() + 1), pygame.SRCALPHA)
    out.blit(sh, (1, 1))
    out.blit(txt, (0, 0))
    return out


def _fit(surf: pygame.Surface, max_w: int, max_h: int) -> pygame.Surface:
    k = min(1.0, max_w / max(1, surf.get_width()), max_h / max(1, surf.get_height()))
    if k >= 1.0:
        return surf
    return pygame.transform.smoothscale(
        surf, (max(1, round(surf.get_width() * k)), max(1, round(surf.get_height() * k)))
    )


def _number_text(v: int) -> tuple[str, RGB]:
    if v > 0:
        return f"+{v}", (255, 246, 214)
    if v < 0:
        return f"\u2212{-v}", (255, 128, 112)
    return "0", (170, 178, 190)


def _highlight_ring(dst: pygame.Surface, centre: tuple[int, int], sym: int) -> None:
    """A bright ring with a soft glow around a symbol of diameter ``sym``."""
    ring = pygame.Surface((sym * 2, sym * 2), pygame.SRCALPHA)
    rc = (sym, sym)
    rr = sym * 0.5 + max(2, sym * 0.14)
    pygame.draw.circle(ring, (255, 236, 140, 60), rc, rr + max(2, sym * 0.12))
    pygame.draw.circle(ring, (255, 244, 190, 255), rc, rr, max(2, round(sym * 0.1)))
    dst.blit(ring, ring.get_rect(center=centre))


@lru_cache(maxsize=256)
def _gate(
    colour: str,
    size: tuple[int, int],
    face_up: bool,
    bonuses: tuple[tuple[str, int], ...] | None,
    title: str,
    highlight: str | None,
    fnt: pygame.font.Font | None,
) -> pygame.Surface:
    w, h = size
    base = GATE_FRAME.get(colour, GATE_FRAME["silver"])
    light = _GATE_LIGHT.get(colour, _GATE_LIGHT["silver"])
    dark = _GATE_DARK.get(colour, _GATE_DARK["silver"])
    f, pw, ph = _inner_size(w, h)
    ss = 3
    if not face_up:
        back = _GATE_BACK.get(colour, _GATE_BACK["silver"])
        P = _radial(pw * ss, ph * ss, _mix(back, base, 0.35), _mix(back, _INK, 0.45))
        pat = _hex_pattern(pw * ss, ph * ss, light, 26, pw * ss * 0.09)
        P.blit(pat, (0, 0))
        cx, cy = pw * ss / 2, ph * ss / 2
        R = min(pw, ph) * ss * 0.3
        for k in range(24):
            a = k * math.pi / 12
            pygame.draw.line(
                P,
                (*_mix(back, light, 0.35), 255),
                (cx, cy),
                (cx + R * 3 * math.cos(a), cy + R * 3 * math.sin(a)),
                max(1, ss),
            )
        pygame.draw.circle(P, _mix(back, _INK, 0.3), (cx, cy), R * 1.55)
        pygame.draw.circle(P, _mix(back, base, 0.5), (cx, cy), R * 1.55, max(1, ss))
        _emblem(P, (cx, cy), R, base, light, dark)
        return _frame(w, h, base, light, dark, P, 0.0)
    P = _vgrad(pw * ss, ph * ss, _PANEL_TOP, _PANEL_BOTTOM)
    P.blit(_hex_pattern(pw * ss, ph * ss, base, 22, pw * ss * 0.11), (0, 0))
    title_h = round(ph * 0.17)
    band = pygame.Rect(0, 0, pw * ss, title_h * ss)
    pygame.draw.rect(P, _mix(dark, _INK, 0.35), band)
    pygame.draw.line(P, base, (0, band.bottom), (pw * ss, band.bottom), max(1, ss))
    card = _frame(w, h, base, light, dark, P, 0.15)
    # text and symbols at final resolution
    if fnt is not None and title:
        lines = _fit_lines(title, fnt, light, pw - 6, 2)
        _blit_lines(card, lines, (w / 2, f + title_h / 2 + 0.5), title_h - 2)
    grid_top = f + title_h + max(2, round(ph * 0.03))
    grid_h = h - f - max(2, round(ph * 0.03)) - grid_top
    cw, chh = pw / 2, grid_h / 3
    vals = dict(bonuses) if bonuses is not None else None
    sym = max(6, round(min(chh * 0.56, cw * 0.56)))
    numf = max(9, round(chh * 0.52))
    for i, attr in enumerate(ATTRIBUTES):
        col, row = i % 2, i // 2
        cx = f + cw * col + cw / 2
        cy = grid_top + chh * row + chh / 2
        if vals is None:
            big = round(sym * 1.2)
            if highlight == attr:
                _highlight_ring(card, (round(cx), round(cy)), big)
            icon = attribute_symbol(attr, big)
            card.blit(icon, icon.get_rect(center=(round(cx), round(cy))))
            continue
        text, tcol = _number_text(vals.get(attr, 0))
        num = [_fit(_label_text(text, numf, tcol), round(cw - 4), max(6, round(chh - sym)))]
        nh = num[0].get_height()
        top = cy - (sym + nh) / 2
        sc = (round(cx), round(top + sym / 2))
        if highlight == attr:
            _highlight_ring(card, sc, sym)
        icon = attribute_symbol(attr, sym)
        card.blit(icon, icon.get_rect(center=sc))
        _blit_lines(card, num, (cx, top + sym + nh / 2 + 1), round(chh - sym))
    return card


def gate_card(
    colour: str,
    size: tuple[int, int],
    face_up: bool,
    bonuses: dict[str, int] | None = None,
    title: str = "",
    highlight: str | None = None,
    font: pygame.font.Font | None = None,
) -> pygame.Surface:
    """A Gate Card ``size`` (w, h): metal frame in ``colour`` ("gold"/"silver"/"bronze").

    Face down: the emblem back. Face up: ``title`` (drawn only if ``font`` is given) and the
    six attribute bonuses as a 2x3 grid of symbol + number, ``highlight`` circled.
    """
    w, h = max(24, int(size[0])), max(32, int(size[1]))
    key = tuple(sorted(bonuses.items())) if bonuses is not None else None
    return _gate(
        colour,
        (w, h),
        bool(face_up),
        key if face_up else None,
        title if face_up else "",
        highlight if face_up else None,
        font if face_up else None,
    )


def _ability_icon(
    s: pygame.Surface, colour: str, c: Point, R: float, light: RGB, dark: RGB
) -> None:
    cx, cy = c
    edge = _mix(dark, _INK, 0.4)
    ow = max(2.0, R * 0.07)
    white = (255, 250, 240)
    if colour == "red":
        for k in (-1, 0, 1):
            path = [
                (cx - R * 0.7 + k * R * 0.42, cy + R * 0.75),
                (cx - R * 0.05 + k * R * 0.42, cy + R * 0.05),
                (cx + R * 0.6 + k * R * 0.42, cy - R * 0.8),
            ]
            poly = _ribbon(path, R * 0.05, R * 0.3 if k == 0 else R * 0.22)
            tip = _ribbon(path, 0.0, R * (0.3 if k == 0 else 0.22))
            pygame.draw.polygon(s, edge, poly)
            _thick(s, edge, tip, ow, True)
            pygame.draw.polygon(s, white if k == 0 else light, tip)
    elif colour == "blue":
        for k in range(3):
            y = cy + R * 0.55 - k * R * 0.55
            pts = [
                (cx - R * 0.8, y + R * 0.3),
                (cx, y - R * 0.45),
                (cx + R * 0.8, y + R * 0.3),
                (cx + R * 0.8, y + R * 0.62),
                (cx, y - R * 0.12),
                (cx - R * 0.8, y + R * 0.62),
            ]
            pygame.draw.polygon(s, edge, pts)
            _thick(s, edge, pts, ow, True)
            pygame.draw.polygon(s, white if k == 2 else light, pts)
    else:
        star: list[Point] = []
        for i in range(16):
            a = -math.pi / 2 + i * math.pi / 8
            r = R * (0.98 if i % 4 == 0 else (0.36 if i % 2 else 0.62))
            star.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        pygame.draw.polygon(s, edge, star)
        _thick(s, edge, star, ow, True)
        pygame.draw.polygon(s, light, star)
        pygame.draw.circle(s, edge, (cx, cy), R * 0.3 + ow)
        pygame.draw.circle(s, white, (cx, cy), R * 0.3)


@lru_cache(maxsize=256)
def _ability(
    colour: str,
    size: tuple[int, int],
    title: str,
    timing: str,
    fnt: pygame.font.Font | None,
    dimmed: bool,
) -> pygame.Surface:
    w, h = size
    base = ABILITY_COLOURS.get(colour, (150, 150, 160))
    light = _mix(base, (255, 255, 255), 0.55)
    dark = _mix(base, _INK, 0.55)
    f, pw, ph = _inner_size(w, h)
    ss = 3
    P = _radial(pw * ss, ph * ss, _mix(base, _PANEL_TOP, 0.45), _mix(dark, _INK, 0.6))
    title_h = round(ph * 0.17)
    foot_h = round(ph * 0.14)
    for k in range(16):
        a = k * math.pi / 8 + 0.1
        cx, cy = pw * ss / 2, (title_h + (ph - foot_h - title_h) / 2) * ss
        pygame.draw.line(
            P,
            _mix(base, _PANEL_TOP, 0.25),
            (cx, cy),
            (cx + pw * ss * math.cos(a), cy + pw * ss * math.sin(a)),
            max(1, ss),
        )
    pygame.draw.rect(P, _mix(dark, _INK, 0.35), (0, 0, pw * ss, title_h * ss))
    pygame.draw.line(P, base, (0, title_h * ss), (pw * ss, title_h * ss), max(1, ss))
    pygame.draw.rect(P, _mix(dark, _INK, 0.35), (0, (ph - foot_h) * ss, pw * ss, foot_h * ss))
    pygame.draw.line(P, base, (0, (ph - foot_h) * ss), (pw * ss, (ph - foot_h) * ss), max(1, ss))
    icon_c = (pw * ss / 2, (title_h + (ph - foot_h - title_h) / 2) * ss)
    R = min(pw * 0.34, (ph - foot_h - title_h) * 0.34) * ss
    pygame.draw.circle(P, _mix(dark, _INK, 0.2), icon_c, R * 1.25)
    pygame.draw.circle(P, base, icon_c, R * 1.25, max(1, round(R * 0.06)))
    _ability_icon(P, colour, icon_c, R, light, dark)
    card = _frame(w, h, base, light, dark, P, 0.35)
    if fnt is not None:
        if title:
            _blit_lines(
                card,
                _fit_lines(title, fnt, (255, 250, 236), pw - 6, 2),
                (w / 2, f + title_h / 2 + 0.5),
                title_h - 2,
            )
        if timing:
            label = _fit(
                _label_text(timing, max(8, round(foot_h * 0.9)), light), pw - 6, foot_h - 1
            )
            _blit_lines(card, [label], (w / 2, h - f - foot_h / 2 + 0.5), foot_h - 1)
    if dimmed:
        grey = pygame.transform.grayscale(card)
        grey.fill((150, 150, 158, 255), special_flags=pygame.BLEND_RGBA_MULT)
        return grey
    return card


def ability_card(
    colour: str,
    size: tuple[int, int],
    title: str = "",
    timing: str = "",
    font: pygame.font.Font | None = None,
    dimmed: bool = False,
) -> pygame.Surface:
    """An Ability Card ``size`` (w, h) framed in ``colour`` ("red"/"blue"/"green").

    Text (``title`` on top, ``timing`` at the foot) is drawn only if ``font`` is given.
    ``dimmed`` greys the card out (not playable now).
    """
    w, h = max(24, int(size[0])), max(32, int(size[1]))
    return _ability(colour, (w, h), title, timing, font, bool(dimmed))


@lru_cache(maxsize=16)
def ability_back(size: tuple[int, int]) -> pygame.Surface:
    """The back of an Ability Card (hidden hands): gunmetal frame, tri-colour emblem."""
    w, h = max(24, int(size[0])), max(32, int(size[1]))
    _, pw, ph = _inner_size(w, h)
    ss = 3
    base, light, dark = (120, 128, 146), (226, 232, 244), (46, 50, 62)
    P = _radial(pw * ss, ph * ss, (44, 50, 72), (12, 14, 24))
    P.blit(_hex_pattern(pw * ss, ph * ss, light, 18, pw * ss * 0.09), (0, 0))
    cx, cy = pw * ss / 2, ph * ss / 2
    R = min(pw, ph) * ss * 0.3
    for k, c in enumerate(("red", "blue", "green")):
        a = -math.pi / 2 + k * 2 * math.pi / 3
        px, py = cx + R * 0.55 * math.cos(a), cy + R * 0.55 * math.sin(a)
        pygame.draw.circle(P, _INK, (px, py), R * 0.62)
        pygame.draw.circle(P, ABILITY_COLOURS[c], (px, py), R * 0.56)
        pygame.draw.circle(
            P,
            _mix(ABILITY_COLOURS[c], (255, 255, 255), 0.5),
            (px - R * 0.15, py - R * 0.15),
            R * 0.2,
        )
    pygame.draw.circle(P, _INK, (cx, cy), R * 0.3)
    pygame.draw.circle(P, light, (cx, cy), R * 0.22)
    return _frame(w, h, base, light, dark, P, 0.6)


# ---------------------------------------------------------------------------- table


@lru_cache(maxsize=256)
def _trap_piece(key: str | None, size: int, step: int) -> pygame.Surface:
    k = step / 8.0
    main, light, dark = ATTRIBUTE_COLOURS[key], ATTRIBUTE_LIGHT[key], ATTRIBUTE_DARK[key]
    big = size * _SS
    c = big / 2
    s = pygame.Surface((big, big), pygame.SRCALPHA)
    core = big * (0.16 + 0.10 * k)
    # Three petals around the core: folded (k = 0) their bases meet in the middle and
    # the piece is a closed triangle; opening, they slide out and the core shows.
    for i in range(3):
        a = -math.pi / 2 + i * math.tau / 3
        reach = big * (0.27 + 0.21 * k)
        base = big * 0.15 * (1 - k) + core * 0.95 * k
        tip = (c + math.cos(a) * reach, c + math.sin(a) * reach)
        left = (c + math.cos(a - 1.05) * base, c + math.sin(a - 1.05) * base)
        right = (c + math.cos(a + 1.05) * base, c + math.sin(a + 1.05) * base)
        petal = [tip, left, (c, c), right] if k < 0.3 else [tip, left, right]
        pygame.draw.polygon(s, _mix(main, dark, 0.3 * (1 - k)), petal)
        pygame.draw.polygon(s, _INK, petal, max(2, big // 40))
        inner = (tip[0] + (c - tip[0]) * 0.45, tip[1] + (c - tip[1]) * 0.45)
        pygame.draw.line(s, light, inner, tip, max(2, big // 50))
    if k > 0.3:  # the core shows as the petals open
        pygame.draw.circle(s, dark, (c, c), core)
        pygame.draw.circle(s, light, (c, c), core * 0.62)
        pygame.draw.circle(s, _INK, (c, c), core, max(2, big // 40))
    return _down(s, (size, size))


def trap_piece(attribute: str | None, size: int, unfold: float) -> pygame.Surface:
    """A Bakugan Trap seen from above, ``size`` x ``size``: folded into a triangle
    (``unfold`` 0) or opened flat around its core (1), in its attribute's colours."""
    step = round(max(0.0, min(1.0, unfold)) * 8)
    return _trap_piece(_attr_key(attribute), max(4, int(size)), step)


@lru_cache(maxsize=4)
def table_felt(size: tuple[int, int]) -> pygame.Surface:
    """The play mat: deep blue-green felt, radial vignette, fine deterministic noise."""
    w, h = max(1, int(size[0])), max(1, int(size[1]))
    sw, sh = 48, max(2, round(48 * h / w))
    small = bytearray()
    for y in range(sh):
        for x in range(48):
            dx = (x + 0.5) / 48 - 0.5
            dy = (y + 0.5) / sh - 0.46
            r = math.hypot(dx * 1.0, dy * 1.25) / 0.62
            t = min(1.0, r) ** 1.7
            col = (
                _mix(FELT_LIGHT, FELT, min(1.0, t * 1.6))
                if t < 0.62
                else _mix(FELT, FELT_DARK, (t - 0.62) / 0.38)
            )
            small += bytes(col)
    vig = pygame.image.frombytes(bytes(small), (sw, sh), "RGB")
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    out.blit(pygame.transform.smoothscale(vig, (w, h)), (0, 0))
    rng = random.Random(0)
    tile = 128
    raw = rng.randbytes(tile * tile)
    add = bytearray()
    sub = bytearray()
    for v in raw:
        a = max(0, v - 150) // 18
        b = max(0, 105 - v) // 18
        add += bytes((a, a, a))
        sub += bytes((b, b, b))
    add_t = pygame.image.frombytes(bytes(add), (tile, tile), "RGB")
    sub_t = pygame.image.frombytes(bytes(sub), (tile, tile), "RGB")
    for ty in range(0, h, tile):
        for tx in range(0, w, tile):
            out.blit(add_t, (tx, ty), special_flags=pygame.BLEND_RGB_ADD)
            out.blit(sub_t, (tx, ty), special_flags=pygame.BLEND_RGB_SUB)
    fibres = pygame.Surface((w, h), pygame.SRCALPHA)
    for _ in range(w * h // 260):
        fx, fy = rng.uniform(0, w), rng.uniform(0, h)
        fa = rng.uniform(0, math.pi)
        ln = rng.uniform(2, 6)
        bright = rng.random() < 0.5
        fcol = (190, 240, 230, rng.randint(8, 20)) if bright else (0, 10, 12, rng.randint(12, 26))
        pygame.draw.line(fibres, fcol, (fx, fy), (fx + ln * math.cos(fa), fy + ln * math.sin(fa)))
    out.blit(fibres, (0, 0))
    inset = max(6, round(min(w, h) * 0.022))
    dash = max(4, round(min(w, h) * 0.012))
    stitch = (*_mix(FELT_LIGHT, (200, 230, 220), 0.25), 70)
    border = pygame.Surface((w, h), pygame.SRCALPHA)
    rect = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    for x in range(rect.left, rect.right, dash * 2):
        pygame.draw.line(border, stitch, (x, rect.top), (min(x + dash, rect.right), rect.top))
        pygame.draw.line(border, stitch, (x, rect.bottom), (min(x + dash, rect.right), rect.bottom))
    for y in range(rect.top, rect.bottom, dash * 2):
        pygame.draw.line(border, stitch, (rect.left, y), (rect.left, min(y + dash, rect.bottom)))
        pygame.draw.line(border, stitch, (rect.right, y), (rect.right, min(y + dash, rect.bottom)))
    out.blit(border, (0, 0))
    return out


# ---------------------------------------------------------------------------- effects


@lru_cache(maxsize=64)
def _burst(seed: int, count: int) -> tuple[tuple[float, float, float, float], ...]:
    rng = random.Random(seed)
    out = []
    for i in range(count):
        a = 2 * math.pi * (i + rng.uniform(-0.45, 0.45)) / max(1, count)
        speed = rng.uniform(70.0, 260.0)
        life = rng.uniform(0.35, 0.9)
        out.append((math.cos(a), math.sin(a), speed, life))
    return tuple(out)


def burst_particles(seed: int, count: int) -> list[tuple[float, float, float, float]]:
    """Deterministic particles for the opening pop: (dx, dy, speed px/s, life s); (dx, dy)
    is a unit direction, spread evenly around the circle with jitter."""
    return list(_burst(int(seed), max(0, int(count))))
