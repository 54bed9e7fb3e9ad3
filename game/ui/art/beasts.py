"""Hand-drawn beasts: Saurus, Centipoid, Serpenoid, Juggernoid, Stinglash, Mantris,
Falconeer, Griffon and Fear Ripper (`FIGURES`: species -> drawing, chest, symbol size)."""

from __future__ import annotations

import math

from .geometry import (
    ellipse_points,
    ribbon_outline,
    spline,
    symmetric_outline,
    wing_outline,
)
from .palette import Point
from .pen import Figure, Pen, species_book

FIGURES: dict[str, Figure] = {}
species = species_book(FIGURES)


@species("saurus", chest=(0.0, -0.12), sym=0.26)
def _saurus(p: Pen) -> None:
    p.ribbon([(0.0, 0.3), (0.0, 0.62), (0.1, 0.98)], 0.3, 0.04)
    for y, r in ((0.5, 0.07), (0.64, 0.06), (0.77, 0.05), (0.88, 0.04)):
        p.shape([(0.0, y - r * 1.4), (r, y), (0.0, y + r * 0.9), (-r, y)], "accent")
    p.limb([(0.2, 0.12), (0.46, 0.22), (0.5, 0.44)], 0.22, "body", mirror=True)
    for dx in (-0.07, 0.0, 0.07):
        p.limb([(0.5, 0.46), (0.5 + dx * 1.5, 0.6)], 0.06, "horn", mirror=True)
    p.limb([(0.26, -0.3), (0.42, -0.4), (0.44, -0.5)], 0.1, "body", mirror=True)
    p.dot(0.45, -0.54, 0.04, "horn", mirror=True)
    p.body([(0.0, -0.5), (0.26, -0.44), (0.38, -0.16), (0.36, 0.14), (0.22, 0.36), (0.0, 0.42)])
    p.patch(
        symmetric_outline([(0.0, -0.38), (0.16, -0.32), (0.22, -0.08), (0.18, 0.16), (0.0, 0.26)]),
        "light",
    )
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


@species("centipoid", chest=(0.1, -0.44), sym=0.2)
def _centipoid(p: Pen) -> None:
    path = spline(
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
        p.shape(ellipse_points(x, y, r * 0.72, r * 1.2, ang, 20), "body" if i % 2 else "membrane")
        p.dot(x, y, r * 0.28, "accent")
    hx, hy, _ = segs[0]
    p.limb([(0.05, hy - 0.1), (0.18, -0.88), (0.36, -0.98)], 0.04, "body")
    p.limb([(-0.05, hy - 0.1), (-0.18, -0.88), (-0.36, -0.98)], 0.04, "body")
    p.ribbon([(0.1, hy - 0.06), (0.2, hy - 0.18), (0.08, hy - 0.3)], 0.09, 0.0, "horn", mirror=True)
    p.shape(ellipse_points(hx, hy, 0.2, 0.17))
    p.dot(0.11, hy - 0.08, 0.035, mirror=True)


@species("serpenoid", chest=(0.0, -0.06), sym=0.24)
def _serpenoid(p: Pen) -> None:
    path = []
    turns = 1.7
    for i in range(40):
        t = i / 39
        a = math.pi * 0.5 + t * turns * 2 * math.pi
        r = 0.82 - 0.6 * t
        path.append((r * math.cos(a), 0.1 + r * math.sin(a)))
    p.shape(ribbon_outline(path, 0.04, 0.26, smooth=False), "body")
    for i in range(2, 38, 3):
        x, y = path[i]
        p.dot(x, y, 0.018 + 0.035 * i / 39, "dark")
    p.body([(0.0, -0.42), (0.2, -0.34), (0.3, -0.12), (0.22, 0.12), (0.0, 0.24)])
    p.patch(
        symmetric_outline([(0.0, -0.3), (0.1, -0.24), (0.14, -0.08), (0.08, 0.08), (0.0, 0.14)]),
        "light",
    )
    p.body([(0.0, -0.72), (0.08, -0.68), (0.11, -0.52), (0.07, -0.4), (0.0, -0.38)])
    p.dot(0.055, -0.6, 0.028, mirror=True)
    p.detail([(0.0, -0.72), (0.0, -0.82), (0.04, -0.86)], 0.02, "accent")
    p.detail([(0.0, -0.82), (-0.04, -0.86)], 0.02, "accent")


@species("juggernoid", chest=(0.0, 0.02), sym=0.3)
def _juggernoid(p: Pen) -> None:
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
    p.shape(ellipse_points(0.0, 0.02, 0.56, 0.6, n=36), "dark")
    p.shape(ellipse_points(0.0, 0.02, 0.48, 0.52, n=36), "body")
    hexa = [
        (0.24 * math.cos(a), 0.02 + 0.24 * math.sin(a))
        for a in (math.pi / 6 + k * math.pi / 3 for k in range(6))
    ]
    for x, y in hexa:
        p.detail([(x, y), (x * 1.9, 0.02 + (y - 0.02) * 1.85)], 0.035, "line")
    p.shape(hexa, "light")


@species("stinglash", chest=(0.0, -0.14), sym=0.22)
def _stinglash(p: Pen) -> None:
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


@species("mantris", chest=(0.0, -0.24), sym=0.2)
def _mantris(p: Pen) -> None:
    for y0, y1 in ((0.0, 0.34), (0.1, 0.66)):
        p.limb([(0.06, y0), (0.36, y0 + 0.02), (0.46, y1)], 0.05, "light", mirror=True)
    leaf = spline([(0.04, -0.16), (0.26, 0.1), (0.32, 0.5), (0.2, 0.84), (0.08, 0.5)], 5, True)
    p.shape(leaf, "membrane", mirror=True)
    p.detail([(0.06, -0.1), (0.22, 0.3), (0.2, 0.74)], 0.02, "light", mirror=True, smooth=True)
    p.shape(ellipse_points(0.0, 0.38, 0.12, 0.44), "body")
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
    p.shape(ribbon_outline([(0.0, -0.56), (0.0, -0.08)], 0.13, 0.09, smooth=False), "body")
    p.detail([(0.0, -0.08), (0.0, 0.74)], 0.025, "line")
    p.limb([(0.06, -0.78), (0.18, -0.92), (0.34, -0.99)], 0.03, "light", mirror=True)
    p.shape([(0.0, -0.54), (0.26, -0.76), (0.0, -0.84), (-0.26, -0.76)], "body")
    p.circle(0.22, -0.76, 0.085, "accent", mirror=True)
    p.dot(0.23, -0.77, 0.035, "line", mirror=True)


@species("falconeer", chest=(0.0, -0.14), sym=0.22)
def _falconeer(p: Pen) -> None:
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


@species("griffon", chest=(0.0, -0.1), sym=0.22)
def _griffon(p: Pen) -> None:
    p.ribbon([(0.0, 0.44), (-0.12, 0.66), (0.04, 0.86)], 0.07, 0.04)
    p.shape(ellipse_points(0.05, 0.9, 0.07, 0.09), "dark")
    tips = [(0.84, -0.86), (0.9, -0.66), (0.88, -0.46), (0.78, -0.28), (0.62, -0.14)]
    wing = wing_outline(
        [(0.12, -0.24), (0.36, -0.6), (0.62, -0.82)], tips, (0.16, 0.02), (0.4, -0.34), 0.3, False
    )
    p.shape(wing, "body", mirror=True)
    p.patch(
        spline(
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


@species("fear_ripper", chest=(0.0, -0.06), sym=0.22)
def _fear_ripper(p: Pen) -> None:
    p.ribbon([(0.0, 0.3), (0.08, 0.56), (0.0, 0.8)], 0.16, 0.02, "dark")
    p.limb([(0.16, 0.22), (0.36, 0.42), (0.32, 0.66)], 0.13, "body", mirror=True)
    for dx in (-0.06, 0.0, 0.06):
        p.limb([(0.32, 0.66), (0.32 + dx, 0.78)], 0.04, "horn", mirror=True)
    for end in ((0.4, -0.98), (0.54, -0.99), (0.68, -0.96)):
        base = (end[0] + 0.1, -0.5)
        mid = (end[0] + 0.12, (base[1] + end[1]) / 2)
        p.ribbon([base, mid, end], 0.13, 0.0, "metal", mirror=True)
    p.limb([(0.2, -0.28), (0.44, -0.34), (0.56, -0.5)], 0.17, "body", mirror=True)
    p.shape(ellipse_points(0.56, -0.5, 0.12, 0.1, -0.6), "dark", mirror=True)
    p.body([(0.0, -0.46), (0.22, -0.4), (0.3, -0.06), (0.22, 0.3), (0.0, 0.4)])
    p.patch(
        symmetric_outline([(0.0, -0.3), (0.12, -0.24), (0.14, 0.0), (0.1, 0.2), (0.0, 0.26)]),
        "light",
    )
    for y in (-0.36, -0.2, 0.14):
        p.shape([(0.2, y), (0.38, y + 0.03), (0.22, y + 0.11)], "dark", mirror=True)
    p.body([(0.0, -0.72), (0.1, -0.68), (0.13, -0.56), (0.08, -0.46), (0.0, -0.44)])
    p.ribbon([(0.08, -0.62), (0.18, -0.62), (0.24, -0.74)], 0.06, 0.0, "horn", mirror=True)
    p.dot(0.05, -0.6, 0.028, mirror=True)
