"""The table: the play-mat felt and the Bakugan Trap pieces that stand on it."""

from __future__ import annotations

import math
import random
from functools import lru_cache

import pygame

from .palette import FELT, FELT_DARK, FELT_LIGHT, INK, SS, attr_key, mix, tones
from .pen import downscale


@lru_cache(maxsize=256)
def _trap_piece(key: str | None, size: int, step: int) -> pygame.Surface:
    k = step / 8.0
    main, light, dark = tones(key)
    big = size * SS
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
        pygame.draw.polygon(s, mix(main, dark, 0.3 * (1 - k)), petal)
        pygame.draw.polygon(s, INK, petal, max(2, big // 40))
        inner = (tip[0] + (c - tip[0]) * 0.45, tip[1] + (c - tip[1]) * 0.45)
        pygame.draw.line(s, light, inner, tip, max(2, big // 50))
    if k > 0.3:  # the core shows as the petals open
        pygame.draw.circle(s, dark, (c, c), core)
        pygame.draw.circle(s, light, (c, c), core * 0.62)
        pygame.draw.circle(s, INK, (c, c), core, max(2, big // 40))
    return downscale(s, (size, size))


def trap_piece(attribute: str | None, size: int, unfold: float) -> pygame.Surface:
    """A Bakugan Trap seen from above, ``size`` x ``size``: folded into a triangle
    (``unfold`` 0) or opened flat around its core (1), in its attribute's colours."""
    step = round(max(0.0, min(1.0, unfold)) * 8)
    return _trap_piece(attr_key(attribute), max(4, int(size)), step)


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
                mix(FELT_LIGHT, FELT, min(1.0, t * 1.6))
                if t < 0.62
                else mix(FELT, FELT_DARK, (t - 0.62) / 0.38)
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
    stitch = (*mix(FELT_LIGHT, (200, 230, 220), 0.25), 70)
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
