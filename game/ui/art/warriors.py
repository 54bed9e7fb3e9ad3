"""Hand-drawn warriors standing upright: Reaper, Laserman, Warius, Elfin, Siege and
Robotallion (`FIGURES`: species -> drawing, chest point, symbol size)."""

from __future__ import annotations

from .geometry import (
    ellipse_points,
    ribbon_outline,
    spline,
    symmetric_outline,
)
from .pen import Figure, Pen, species_book

FIGURES: dict[str, Figure] = {}
species = species_book(FIGURES)


@species("reaper", chest=(0.0, -0.2), sym=0.22)
def _reaper(p: Pen) -> None:
    p.limb([(0.18, 0.9), (0.58, -0.7)], 0.06, "dark")
    blade_out = spline([(0.56, -0.74), (0.7, -0.96), (0.92, -0.86), (0.99, -0.5)], 5)
    blade_in = spline([(0.9, -0.62), (0.82, -0.76), (0.66, -0.76), (0.58, -0.62)], 5)
    p.shape(blade_out + blade_in, "metal")
    hem = [(0.42, 0.78), (0.34, 0.62), (0.26, 0.9), (0.14, 0.66), (0.0, 0.84)]
    cloak = [(0.0, -0.56), (0.24, -0.48), (0.4, -0.14), (0.44, 0.3), *hem]
    p.shape(cloak + [(-x, y) for x, y in reversed(cloak[1:-1])], "dark")
    p.patch(
        symmetric_outline([(0.0, -0.4), (0.16, -0.3), (0.22, 0.1), (0.16, 0.6), (0.0, 0.66)]),
        "body",
    )
    p.limb([(0.3, -0.22), (0.44, -0.14), (0.5, -0.32)], 0.1, "dark")
    p.circle(0.5, -0.34, 0.06, "horn")
    p.shape([(0.26, -0.46), (0.46, -0.54), (0.36, -0.34)], "horn", mirror=True)
    p.body([(0.0, -0.94), (0.14, -0.76), (0.2, -0.58), (0.14, -0.44), (0.0, -0.4)])
    p.patch(ellipse_points(0.0, -0.6, 0.1, 0.12), "line")
    p.dot(0.045, -0.62, 0.028, mirror=True)


@species("laserman", chest=(0.0, -0.38), sym=0.2)
def _laserman(p: Pen) -> None:
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


@species("warius", chest=(0.0, -0.3), sym=0.22)
def _warius(p: Pen) -> None:
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
    p.shape(ellipse_points(0.0, -0.72, 0.13, 0.13), "dark")
    p.patch([(-0.09, -0.74), (0.09, -0.74), (0.07, -0.69), (-0.07, -0.69)], "eye")


@species("elfin", chest=(0.0, -0.06), sym=0.18)
def _elfin(p: Pen) -> None:
    up = spline(
        [(0.08, -0.2), (0.4, -0.62), (0.78, -0.6), (0.8, -0.36), (0.5, -0.12), (0.1, -0.06)],
        6,
        closed=True,
    )
    lo = spline(
        [(0.08, 0.02), (0.46, 0.12), (0.62, 0.38), (0.46, 0.52), (0.24, 0.36), (0.08, 0.12)],
        6,
        closed=True,
    )
    p.shape(lo, "membrane", mirror=True)
    p.shape(up, "membrane", mirror=True)
    p.patch(
        spline([(0.2, -0.22), (0.44, -0.48), (0.66, -0.48), (0.64, -0.34), (0.42, -0.2)], 4, True),
        "light",
        mirror=True,
    )
    p.dot(0.44, 0.3, 0.06, "light", mirror=True)
    p.body([(0.0, -0.32), (0.09, -0.24), (0.1, 0.1), (0.06, 0.4), (0.0, 0.46)])
    for dx in (0.12,):
        p.ribbon([(dx, -0.56), (0.24, -0.8), (0.36, -0.98)], 0.12, 0.02, "body", mirror=True)
    p.patch(
        ribbon_outline([(0.14, -0.6), (0.24, -0.8), (0.33, -0.94)], 0.05, 0.0),
        "accent",
        mirror=True,
    )
    p.circle(0.0, -0.5, 0.19)
    p.circle(0.075, -0.5, 0.05, "light", mirror=True)
    p.dot(0.075, -0.5, 0.03, "line", mirror=True)


@species("siege", chest=(0.0, -0.38), sym=0.2)
def _siege(p: Pen) -> None:
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
    p.shape(ellipse_points(0.0, -0.72, 0.12, 0.13), "light")
    p.ribbon([(0.0, -0.98), (0.0, -0.8), (0.0, -0.56)], 0.05, 0.09, "accent")
    p.detail([(-0.08, -0.72), (0.08, -0.72)], 0.03, "line")


@species("robotallion", chest=(0.0, 0.06), sym=0.26)
def _robotallion(p: Pen) -> None:
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
    p.shape(ellipse_points(0.0, -0.5, 0.2, 0.16), "body")
    p.patch([(-0.14, -0.54), (0.14, -0.54), (0.12, -0.47), (-0.12, -0.47)], "eye")
