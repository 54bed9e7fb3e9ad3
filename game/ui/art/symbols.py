"""The six attribute symbols, each a bold glyph on a shaded disc (clear: a ring)."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from .geometry import arc_points, crescent_outline, spline
from .palette import INK, SS, Point, attr_key, mix, rgba, tones
from .pen import Draw, Pen, blank_canvas, downscale


def _glyph_pyrus(p: Pen) -> None:
    outer = spline(
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
    inner = spline(
        [(0.04, -0.16), (0.2, 0.08), (0.2, 0.3), (0.0, 0.44), (-0.2, 0.3), (-0.16, 0.06)],
        5,
        closed=True,
    )
    p.shape(inner, "core", edge=False)


def _glyph_aquos(p: Pen) -> None:
    drop = [(0.0, -0.66), *arc_points(0.0, 0.16, 0.42, -math.pi * 0.18, math.pi * 1.18, 24)]
    p.shape(spline(drop, 3, closed=True), "glyph")
    p.detail(arc_points(0.0, 0.16, 0.27, math.pi * 0.62, math.pi * 1.02, 8), 0.1, "core")


def _glyph_subterra(p: Pen) -> None:
    p.shape([(-0.66, 0.46), (-0.26, -0.26), (-0.1, -0.02), (0.2, -0.56), (0.66, 0.46)], "glyph")
    p.patch([(0.2, -0.56), (0.33, -0.33), (0.22, -0.3), (0.14, -0.2), (0.07, -0.32)], "core")
    p.patch([(-0.26, -0.26), (-0.16, -0.08), (-0.26, -0.1), (-0.34, -0.12)], "core")
    p.detail([(0.2, 0.46), (0.12, 0.2), (0.22, 0.02)], 0.07, "line")


def _glyph_haos(p: Pen) -> None:
    rays: list[Point] = []
    n = 8
    for i in range(n * 2):
        a = -math.pi / 2 + math.pi * i / n
        r = (0.68 if i % 4 == 0 else 0.56) if i % 2 == 0 else 0.3
        rays.append((r * math.cos(a), r * math.sin(a)))
    p.shape(rays, "glyph")
    p.circle(0.0, 0.0, 0.2, "core", edge=False)


def _glyph_darkus(p: Pen) -> None:
    p.shape(crescent_outline((0.0, 0.0), 0.6, (0.26, -0.16), 0.48), "glyph")
    p.circle(0.26, -0.16, 0.15, "glyph")
    p.dot(0.26, -0.16, 0.07, "core")


def _glyph_ventus(p: Pen) -> None:
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


_GLYPHS: dict[str, Draw] = {
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
    key = attr_key(attribute)
    main, light, dark = tones(key)
    edge = mix(dark, INK, 0.5)
    big = size * SS
    c = big / 2
    s = blank_canvas(big, big, edge)
    rim = max(SS * 1.0, big * 0.05)
    if key is None:
        pygame.draw.circle(s, (*light, 70), (c, c), c - rim)
        pygame.draw.circle(s, rgba(edge, 230), (c, c), c, round(big * 0.2))
        pygame.draw.circle(s, rgba(light), (c, c), c - rim, round(big * 0.2 - 2 * rim))
        pygame.draw.circle(s, rgba(dark), (c, c), c * 0.6, max(1, round(rim * 0.6)))
        return downscale(s, (size, size))
    pygame.draw.circle(s, rgba(edge), (c, c), c)
    r0 = c - rim
    steps = 14
    for i in range(steps):
        t = i / (steps - 1)
        if t < 0.6:
            col = mix(dark, main, min(1.0, t * 1.6))
        else:
            col = mix(main, light, (t - 0.6) / 0.4 * 0.6)
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
    gs = blank_canvas(sub_size, sub_size, dark)
    ow = max(SS * 0.9, big * 0.045)
    pen = Pen(gs, (c, c), c * 0.98, glyph_tones, mix(dark, INK, 0.3), ow, max(1.0, big * 0.012))
    pen.outline_pass = True
    _GLYPHS[key](pen)
    pen.outline_pass = False
    _GLYPHS[key](pen)
    s.blit(gs, (0, 0))
    return downscale(s, (size, size))
