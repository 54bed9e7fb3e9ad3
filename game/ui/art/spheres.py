"""The closed Bakugan: a ball with panel seams that carry the spin, lit per pixel."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from .palette import INK, SS, Point, attr_key, mix, rgba, tones
from .pen import blank_canvas, downscale, thick_line
from .symbols import attribute_symbol

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


SPHERE_CACHE = 256
"""Closed spheres kept drawn (attribute, radius, spin step): a rolling sphere turns
through `_SPIN_STEPS` of them; a four-player demo draws about 50 in its busiest minute."""


@lru_cache(maxsize=SPHERE_CACHE)
def _sphere(attribute: str | None, radius: int, step: int) -> pygame.Surface:
    key = attr_key(attribute)
    main, light, dark = tones(key)
    edge = mix(dark, INK, 0.6)
    d = radius * 2
    big = d * SS
    c = big / 2
    R = c
    s = blank_canvas(big, big, edge)
    pygame.draw.circle(s, rgba(edge), (c, c), R)
    body = R - max(SS * 0.8, R * 0.05)
    pygame.draw.circle(s, rgba(main), (c, c), body)
    ang = step * math.pi / _SPIN_STEPS
    cap = body * 0.42
    panel = mix(main, dark, 0.42)

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
    seam_w = max(SS * 0.55, R * 0.045)
    for sm in seams:
        thick_line(s, edge, sm, seam_w)
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
        thick_line(s, mix(light, main, 0.4) if k % 2 else mix(main, dark, 0.15), arc, seam_w * 0.8)
    pygame.draw.circle(s, edge, (c, c), cap + seam_w)
    pygame.draw.circle(s, mix(main, light, 0.35), (c, c), cap)
    out = downscale(s, (d, d))
    sym = attribute_symbol(attribute, max(4, round(cap * 2 * 0.9 / SS)))
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
    return _sphere(attr_key(attribute), radius, step)
