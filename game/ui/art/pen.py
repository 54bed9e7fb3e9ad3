"""The pen: shapes given in unit coordinates, drawn supersampled with a dark rim.

Shapes are drawn with ``pygame.draw`` on per-pixel-alpha surfaces at `SS` times the
requested size and smooth-scaled down, which anti-aliases them cheaply.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

import pygame

from .geometry import ribbon_outline, spline, symmetric_outline
from .palette import SS, Point


def blank_canvas(w: int, h: int, edge: Sequence[int]) -> pygame.Surface:
    """A transparent supersampled canvas whose clear colour is ``edge`` so smoothscale
    fringes blend toward the outline colour rather than black."""
    s = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    s.fill((edge[0], edge[1], edge[2], 0))
    return s


def downscale(s: pygame.Surface, size: tuple[int, int]) -> pygame.Surface:
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


def thick_line(
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


class Pen:
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
                thick_line(self.surf, self.outline, sp, self.ow, closed=True)
            else:
                pygame.draw.polygon(self.surf, self.tones[tone], sp)
                if edge:
                    thick_line(self.surf, self.tones["line"], sp, self.iw, closed=True)

    def body(self, half: Sequence[Point], tone: str = "body", smooth: bool = True) -> None:
        self.shape(symmetric_outline(half, smooth), tone)

    def ribbon(
        self,
        path: Sequence[Point],
        w0: float,
        w1: float,
        tone: str = "body",
        mirror: bool = False,
        edge: bool = True,
    ) -> None:
        self.shape(ribbon_outline(path, w0, w1), tone, mirror, edge)

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
        path = spline(pts, 4) if len(pts) > 2 else list(pts)
        for sp in self._each(path, mirror):
            r = w * self.unit / 2
            if self.outline_pass:
                thick_line(self.surf, self.outline, sp, r + self.ow)
            else:
                thick_line(self.surf, self.tones[tone], sp, r)

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
        path = spline(pts, 4) if smooth and len(pts) > 2 else list(pts)
        for sp in self._each(path, mirror):
            thick_line(self.surf, self.tones[tone], sp, max(0.6, w * self.unit / 2), closed)

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


Draw = Callable[[Pen], None]
Figure = tuple[Draw, Point, float]
"""A species' drawing, where its chest is (unit coordinates) and its symbol's size."""


def species_book(book: dict[str, Figure]) -> Callable[..., Callable[[Draw], Draw]]:
    """A decorator that enters a drawing into `book` under its species' name."""

    def species(name: str, chest: Point = (0.0, 0.0), sym: float = 0.26) -> Callable[[Draw], Draw]:
        def enter(fn: Draw) -> Draw:
            book[name] = (fn, chest, sym)
            return fn

        return enter

    return species


def render_figure(
    draw: Draw,
    size: int,
    tones: Mapping[str, Sequence[int]],
    outline: Sequence[int],
    margin: float = 0.06,
    ow_px: float | None = None,
    iw_px: float | None = None,
) -> pygame.Surface:
    """Render a unit-coordinate figure to a ``size`` x ``size`` anti-aliased surface."""
    big = size * SS
    canvas = blank_canvas(big, big, outline)
    ow = (ow_px if ow_px is not None else max(1.0, size / 38)) * SS
    iw = (iw_px if iw_px is not None else min(1.2, max(0.35, size / 110))) * SS
    unit = big / 2 * (1 - margin) - ow
    pen = Pen(canvas, (big / 2, big / 2), unit, tones, outline, ow, iw)
    pen.outline_pass = True
    draw(pen)
    pen.outline_pass = False
    draw(pen)
    return downscale(canvas, (size, size))
