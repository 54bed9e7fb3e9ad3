"""What every card face is made of: the brushed-metal frame with its rivets, the panel
gradients, the hexagon pattern, the card-back emblem and the highlight ring."""

from __future__ import annotations

import math

import pygame

from .palette import INK, RGB, Point, mix, rgba
from .pen import blank_canvas, downscale


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
        col = mix(dark, base, v * 2) if v < 0.5 else mix(base, light, (v - 0.5) * 2)
        pygame.draw.line(s, col, (d, 0), (d - h, h))
    return s


def _round_mask(s: pygame.Surface, radius: int) -> pygame.Surface:
    """Clip ``s`` (in place) to a rounded rectangle; returns it."""
    m = pygame.Surface(s.get_size(), pygame.SRCALPHA)
    m.fill((255, 255, 255, 0))
    pygame.draw.rect(m, (255, 255, 255, 255), m.get_rect(), border_radius=max(0, radius))
    s.blit(m, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return s


def vertical_gradient(w: int, h: int, top: RGB, bottom: RGB) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    for y in range(h):
        pygame.draw.line(s, mix(top, bottom, y / max(1, h - 1)), (0, y), (w, y))
    return s


def card_frame(
    w: int, h: int, base: RGB, light: RGB, dark: RGB, panel: pygame.Surface, phase: float = 0.0
) -> pygame.Surface:
    """A card of final size ``w`` x ``h``: metal frame around ``panel`` (supersampled size)."""
    ss = 3
    W, H = w * ss, h * ss
    R = round(w * 0.08 * ss)
    F = max(4, round(w * 0.065)) * ss
    edge = mix(dark, INK, 0.45)
    s = blank_canvas(W, H, edge)
    pygame.draw.rect(s, edge, s.get_rect(), border_radius=R)
    e1 = max(ss, round(W * 0.008))
    metal = _round_mask(_metal(W - 2 * e1, H - 2 * e1, base, light, dark, phase), R - e1)
    s.blit(metal, (e1, e1))
    inner = pygame.Rect(F, F, W - 2 * F, H - 2 * F)
    ir = max(ss, R - F // 2)
    pygame.draw.rect(s, rgba(light), inner.inflate(2 * e1, 2 * e1), border_radius=ir + e1)
    pygame.draw.rect(s, rgba(edge), inner.inflate(e1, e1), border_radius=ir)
    pan = panel
    if panel.get_size() != inner.size:
        pan = pygame.transform.smoothscale(panel, inner.size)
    s.blit(_round_mask(pan.copy(), ir), inner.topleft)
    for cx, cy in ((F / 2, F / 2), (W - F / 2, F / 2), (F / 2, H - F / 2), (W - F / 2, H - F / 2)):
        r = F * 0.22
        pygame.draw.circle(s, edge, (cx, cy), r + e1)
        pygame.draw.circle(s, light, (cx - r * 0.2, cy - r * 0.2), r)
    return downscale(s, (w, h))


def inner_size(w: int, h: int) -> tuple[int, int, int]:
    """Final-pixel frame thickness and panel size for a card of ``w`` x ``h``."""
    f = max(4, round(w * 0.065))
    return f, w - 2 * f, h - 2 * f


def hexagon(cx: float, cy: float, r: float, rot: float = 0.0) -> list[Point]:
    return [
        (cx + r * math.cos(rot + k * math.pi / 3), cy + r * math.sin(rot + k * math.pi / 3))
        for k in range(6)
    ]


def hex_pattern(w: int, h: int, col: RGB, alpha: int, r: float) -> pygame.Surface:
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    dx = r * 1.5
    dy = r * math.sqrt(3)
    i = 0
    x = -r
    while x < w + r:
        y = -r + (dy / 2 if i % 2 else 0.0)
        while y < h + r:
            pygame.draw.polygon(s, (*col, alpha), hexagon(x, y, r * 0.92), max(1, round(r * 0.08)))
            y += dy
        x += dx
        i += 1
    return s


def emblem(s: pygame.Surface, c: Point, R: float, base: RGB, light: RGB, dark: RGB) -> None:
    """The original card-back emblem: a sphere split by a band, a hexagon core, six rays."""
    cx, cy = c
    edge = mix(dark, INK, 0.5)
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
        col = mix(mix(base, dark, 0.35), light, t * 0.8)
        pygame.draw.circle(s, col, (cx - off, cy - off), rr)
    band = R * 0.22
    pygame.draw.rect(s, edge, (cx - R, cy - band, 2 * R, 2 * band))
    pygame.draw.rect(s, mix(base, dark, 0.5), (cx - R, cy - band * 0.6, 2 * R, band * 1.2))
    pygame.draw.circle(s, edge, (cx, cy), R * 1.04, max(1, round(R * 0.07)))
    pygame.draw.polygon(s, edge, hexagon(cx, cy, R * 0.56, math.pi / 6))
    pygame.draw.polygon(s, light, hexagon(cx, cy, R * 0.47, math.pi / 6))
    pygame.draw.polygon(s, mix(base, dark, 0.6), hexagon(cx, cy, R * 0.38, math.pi / 6))
    pygame.draw.circle(s, light, (cx, cy), R * 0.16)
    pygame.draw.circle(s, (255, 255, 255), (cx - R * 0.05, cy - R * 0.05), R * 0.06)


def radial_gradient(w: int, h: int, inner: RGB, outer: RGB, steps: int = 24) -> pygame.Surface:
    """An opaque elliptical gradient: ``inner`` at the centre to ``outer`` at the corners."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill(outer)
    for i in range(steps):
        t = i / (steps - 1)
        k = 0.72 * (1 - t)
        rect = pygame.Rect(0, 0, max(1, round(w * 2 * k)), max(1, round(h * 2 * k)))
        rect.center = (w // 2, h // 2)
        pygame.draw.ellipse(s, mix(outer, inner, t), rect)
    return s


def highlight_ring(dst: pygame.Surface, centre: tuple[int, int], sym: int) -> None:
    """A bright ring with a soft glow around a symbol of diameter ``sym``."""
    ring = pygame.Surface((sym * 2, sym * 2), pygame.SRCALPHA)
    rc = (sym, sym)
    rr = sym * 0.5 + max(2, sym * 0.14)
    pygame.draw.circle(ring, (255, 236, 140, 60), rc, rr + max(2, sym * 0.12))
    pygame.draw.circle(ring, (255, 244, 190, 255), rc, rr, max(2, round(sym * 0.1)))
    dst.blit(ring, ring.get_rect(center=centre))
