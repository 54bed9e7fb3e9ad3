"""Opened Bakugan seen from above: the hand-drawn species, a procedural creature for any
other name, their tones, the light across them and the attribute symbol on the chest."""

from __future__ import annotations

import hashlib
import math
import random
from functools import lru_cache

import pygame

from .beasts import FIGURES as BEASTS
from .brawlers import FIGURES as BRAWLERS
from .geometry import symmetric_outline, wing_outline
from .palette import (
    ATTRIBUTE_ACCENT,
    ATTRIBUTE_EYE,
    ATTRIBUTE_HORN,
    INK,
    RGBA,
    Point,
    attr_key,
    mix,
    outline_of,
    rgba,
    tones,
)
from .pen import Draw, Figure, Pen, render_figure
from .symbols import attribute_symbol
from .warriors import FIGURES as WARRIORS

_SPECIES: dict[str, Figure] = {**BRAWLERS, **BEASTS, **WARRIORS}
SPECIES: tuple[str, ...] = tuple(_SPECIES)


def _procedural(name: str) -> tuple[Draw, Point, float]:
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

    def draw(p: Pen) -> None:
        if tail:
            p.ribbon(tail_pts, tail_w, 0.02)
        if wing:
            tips = [(x, y) for x, y in wing_tips]
            shape = wing_outline(
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
            symmetric_outline(
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
    key = attr_key(attribute)
    a = 215 if key is None else 255
    main, light, dark = tones(key)
    return {
        "body": rgba(main, a),
        "light": rgba(mix(main, light, 0.7), a),
        "dark": rgba(mix(main, dark, 0.62), a),
        "membrane": rgba(mix(main, dark, 0.38), a),
        "accent": rgba(ATTRIBUTE_ACCENT[key], a),
        "horn": rgba(ATTRIBUTE_HORN[key], a),
        "metal": rgba((214, 224, 238), a),
        "eye": rgba(ATTRIBUTE_EYE[key]),
        "line": rgba(mix(dark, INK, 0.35)),
    }


OPEN_CACHE = 256
"""Opened Bakugan kept drawn (species, attribute, size): a four-player Big Game demo
draws about 110 in its busiest minute; at up to 140 px (78 KB) each the cache stays
under 20 MB."""


@lru_cache(maxsize=OPEN_CACHE)
def _open(species: str, attribute: str | None, size: int) -> pygame.Surface:
    entry = _SPECIES.get(species) or _procedural(species)
    draw, chest, sym = entry
    out = render_figure(draw, size, _figure_tones(attribute), rgba(outline_of(attribute)))
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
    return _open(species.strip().lower(), attr_key(attribute), max(8, int(size)))
