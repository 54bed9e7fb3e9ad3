"""The six Brawlers' partners, hand-drawn: Dragonoid, Tigrerra, Gorem, Preyas,
Hydranoid and Skyress (`FIGURES`: species -> drawing, chest point, symbol size)."""

from __future__ import annotations

import math

from .geometry import (
    ellipse_points,
    spline,
    symmetric_outline,
    transform_points,
    wing_outline,
)
from .palette import Point
from .pen import Figure, Pen, species_book

FIGURES: dict[str, Figure] = {}
species = species_book(FIGURES)


@species("dragonoid", chest=(0.0, -0.1), sym=0.24)
def _dragonoid(p: Pen) -> None:
    shoulder, wrist = (0.12, -0.24), (0.52, -0.5)
    tips = [(0.97, -0.36), (0.9, 0.02), (0.66, 0.3)]
    p.shape(
        wing_outline([shoulder, (0.3, -0.42), wrist], tips, (0.14, 0.14), wrist, 0.42, True),
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
    p.patch(
        symmetric_outline([(0.0, -0.3), (0.08, -0.24), (0.1, 0.0), (0.06, 0.2), (0.0, 0.26)]),
        "light",
    )
    p.ribbon([(0.06, -0.7), (0.18, -0.74), (0.32, -0.64)], 0.1, 0.0, "horn", mirror=True)
    p.body([(0.0, -0.94), (0.06, -0.9), (0.1, -0.78), (0.12, -0.62), (0.08, -0.5), (0.0, -0.46)])
    p.patch(
        symmetric_outline([(0.0, -0.86), (0.03, -0.8), (0.03, -0.62), (0.0, -0.6)], False), "light"
    )
    p.dot(0.065, -0.74, 0.03, mirror=True)
    p.shape([(0.0, -0.58), (0.05, -0.54), (0.0, -0.42), (-0.05, -0.54)], "horn")


@species("tigrerra", chest=(0.0, -0.08), sym=0.22)
def _tigrerra(p: Pen) -> None:
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
    p.patch(symmetric_outline([(0.0, -0.64), (0.07, -0.6), (0.07, -0.52), (0.0, -0.49)]), "light")
    p.dot(0.085, -0.7, 0.032, mirror=True)
    p.dot(0.0, -0.61, 0.022, "line")


@species("gorem", chest=(0.0, -0.14), sym=0.28)
def _gorem(p: Pen) -> None:
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


@species("preyas", chest=(0.0, -0.02), sym=0.24)
def _preyas(p: Pen) -> None:
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
    p.patch(symmetric_outline([(0.0, -0.7), (0.08, -0.68), (0.08, -0.44), (0.0, -0.4)]), "accent")
    p.circle(0.24, -0.66, 0.11, "light", mirror=True)
    p.dot(0.25, -0.67, 0.05, "line", mirror=True)
    p.dot(0.23, -0.69, 0.02, "eye", mirror=True)


def head_outline(at: Point, ang: float, k: float) -> list[Point]:
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
    return transform_points(base, ang, at, k)


@species("hydranoid", chest=(0.0, 0.12), sym=0.26)
def _hydranoid(p: Pen) -> None:
    p.ribbon([(0.0, 0.3), (0.16, 0.56), (-0.04, 0.8), (0.12, 0.98)], 0.24, 0.02)
    p.shape(
        wing_outline(
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
    p.shape(ellipse_points(0.0, 0.1, 0.27, 0.3))
    p.patch(ellipse_points(0.0, 0.12, 0.15, 0.2), "light")
    for at, ang in (((0.0, -0.72), 0.0), ((0.6, -0.62), 0.75)):
        side = at[0] != 0.0
        for sx in (1, -1):
            p.ribbon(
                transform_points(
                    [(0.08 * sx, 0.06), (0.16 * sx, 0.16), (0.22 * sx, 0.3)], ang, at, 1.3
                ),
                0.07,
                0.0,
                "horn",
                mirror=side,
            )
        p.shape(head_outline(at, ang, 1.35), "body", mirror=side)
        p.patch(
            transform_points(
                [(0.0, -0.06), (0.05, 0.02), (0.0, 0.12), (-0.05, 0.02)], ang, at, 1.35
            ),
            "light",
            mirror=side,
        )
        for sx in (1, -1):
            e = transform_points([(0.075 * sx, 0.0)], ang, at, 1.35)[0]
            p.dot(e[0], e[1], 0.03, mirror=side)


@species("skyress", chest=(0.0, -0.14), sym=0.22)
def _skyress(p: Pen) -> None:
    for dx, ln in ((0.0, 0.92), (0.18, 0.86), (0.34, 0.72)):
        m = dx > 0.0
        p.ribbon([(0.0, 0.2), (dx * 0.5, 0.5), (dx, ln)], 0.07, 0.11, "light", mirror=m)
        p.circle(dx, ln, 0.07, "accent", mirror=m)
        p.dot(dx, ln, 0.032, "dark", mirror=m)
    tips = [(0.98, -0.24), (0.94, -0.06), (0.84, 0.08), (0.7, 0.18), (0.54, 0.24), (0.36, 0.24)]
    wing = wing_outline(
        [(0.1, -0.26), (0.3, -0.46), (0.62, -0.44)], tips, (0.12, 0.12), (0.4, -0.2), 0.32, False
    )
    p.shape(wing, "body", mirror=True)
    p.patch(
        spline(
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
    p.shape(ellipse_points(0.0, -0.6, 0.1, 0.12))
    p.shape([(0.0, -0.8), (0.05, -0.68), (-0.05, -0.68)], "horn")
    p.dot(0.05, -0.62, 0.024, mirror=True)
