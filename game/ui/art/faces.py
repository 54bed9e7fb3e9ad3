"""Card faces: Gate Cards (face down, or up with the six bonuses), Ability Cards and
the Ability Cards' back (a hidden hand)."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from .card_frame import (
    card_frame,
    emblem,
    hex_pattern,
    highlight_ring,
    inner_size,
    radial_gradient,
    vertical_gradient,
)
from .geometry import ribbon_outline
from .lettering import blit_lines, bonus_text, fit_lines, label_text, shrink_to_fit
from .palette import (
    ABILITY_COLOURS,
    ATTRIBUTES,
    GATE_BACK,
    GATE_DARK,
    GATE_FRAME,
    GATE_LIGHT,
    INK,
    PANEL_BOTTOM,
    PANEL_TOP,
    RGB,
    Point,
    mix,
)
from .pen import thick_line
from .symbols import attribute_symbol


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
    light = GATE_LIGHT.get(colour, GATE_LIGHT["silver"])
    dark = GATE_DARK.get(colour, GATE_DARK["silver"])
    f, pw, ph = inner_size(w, h)
    ss = 3
    if not face_up:
        back = GATE_BACK.get(colour, GATE_BACK["silver"])
        P = radial_gradient(pw * ss, ph * ss, mix(back, base, 0.35), mix(back, INK, 0.45))
        pat = hex_pattern(pw * ss, ph * ss, light, 26, pw * ss * 0.09)
        P.blit(pat, (0, 0))
        cx, cy = pw * ss / 2, ph * ss / 2
        R = min(pw, ph) * ss * 0.3
        for k in range(24):
            a = k * math.pi / 12
            pygame.draw.line(
                P,
                (*mix(back, light, 0.35), 255),
                (cx, cy),
                (cx + R * 3 * math.cos(a), cy + R * 3 * math.sin(a)),
                max(1, ss),
            )
        pygame.draw.circle(P, mix(back, INK, 0.3), (cx, cy), R * 1.55)
        pygame.draw.circle(P, mix(back, base, 0.5), (cx, cy), R * 1.55, max(1, ss))
        emblem(P, (cx, cy), R, base, light, dark)
        return card_frame(w, h, base, light, dark, P, 0.0)
    P = vertical_gradient(pw * ss, ph * ss, PANEL_TOP, PANEL_BOTTOM)
    P.blit(hex_pattern(pw * ss, ph * ss, base, 22, pw * ss * 0.11), (0, 0))
    title_h = round(ph * 0.17)
    band = pygame.Rect(0, 0, pw * ss, title_h * ss)
    pygame.draw.rect(P, mix(dark, INK, 0.35), band)
    pygame.draw.line(P, base, (0, band.bottom), (pw * ss, band.bottom), max(1, ss))
    card = card_frame(w, h, base, light, dark, P, 0.15)
    # text and symbols at final resolution
    if fnt is not None and title:
        lines = fit_lines(title, fnt, light, pw - 6, 2)
        blit_lines(card, lines, (w / 2, f + title_h / 2 + 0.5), title_h - 2)
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
                highlight_ring(card, (round(cx), round(cy)), big)
            icon = attribute_symbol(attr, big)
            card.blit(icon, icon.get_rect(center=(round(cx), round(cy))))
            continue
        text, tcol = bonus_text(vals.get(attr, 0))
        num = [shrink_to_fit(label_text(text, numf, tcol), round(cw - 4), max(6, round(chh - sym)))]
        nh = num[0].get_height()
        top = cy - (sym + nh) / 2
        sc = (round(cx), round(top + sym / 2))
        if highlight == attr:
            highlight_ring(card, sc, sym)
        icon = attribute_symbol(attr, sym)
        card.blit(icon, icon.get_rect(center=sc))
        blit_lines(card, num, (cx, top + sym + nh / 2 + 1), round(chh - sym))
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
    edge = mix(dark, INK, 0.4)
    ow = max(2.0, R * 0.07)
    white = (255, 250, 240)
    if colour == "red":
        for k in (-1, 0, 1):
            path = [
                (cx - R * 0.7 + k * R * 0.42, cy + R * 0.75),
                (cx - R * 0.05 + k * R * 0.42, cy + R * 0.05),
                (cx + R * 0.6 + k * R * 0.42, cy - R * 0.8),
            ]
            poly = ribbon_outline(path, R * 0.05, R * 0.3 if k == 0 else R * 0.22)
            tip = ribbon_outline(path, 0.0, R * (0.3 if k == 0 else 0.22))
            pygame.draw.polygon(s, edge, poly)
            thick_line(s, edge, tip, ow, True)
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
            thick_line(s, edge, pts, ow, True)
            pygame.draw.polygon(s, white if k == 2 else light, pts)
    else:
        star: list[Point] = []
        for i in range(16):
            a = -math.pi / 2 + i * math.pi / 8
            r = R * (0.98 if i % 4 == 0 else (0.36 if i % 2 else 0.62))
            star.append((cx + r * math.cos(a), cy + r * math.sin(a)))
        pygame.draw.polygon(s, edge, star)
        thick_line(s, edge, star, ow, True)
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
    light = mix(base, (255, 255, 255), 0.55)
    dark = mix(base, INK, 0.55)
    f, pw, ph = inner_size(w, h)
    ss = 3
    P = radial_gradient(pw * ss, ph * ss, mix(base, PANEL_TOP, 0.45), mix(dark, INK, 0.6))
    title_h = round(ph * 0.17)
    foot_h = round(ph * 0.14)
    for k in range(16):
        a = k * math.pi / 8 + 0.1
        cx, cy = pw * ss / 2, (title_h + (ph - foot_h - title_h) / 2) * ss
        pygame.draw.line(
            P,
            mix(base, PANEL_TOP, 0.25),
            (cx, cy),
            (cx + pw * ss * math.cos(a), cy + pw * ss * math.sin(a)),
            max(1, ss),
        )
    pygame.draw.rect(P, mix(dark, INK, 0.35), (0, 0, pw * ss, title_h * ss))
    pygame.draw.line(P, base, (0, title_h * ss), (pw * ss, title_h * ss), max(1, ss))
    pygame.draw.rect(P, mix(dark, INK, 0.35), (0, (ph - foot_h) * ss, pw * ss, foot_h * ss))
    pygame.draw.line(P, base, (0, (ph - foot_h) * ss), (pw * ss, (ph - foot_h) * ss), max(1, ss))
    icon_c = (pw * ss / 2, (title_h + (ph - foot_h - title_h) / 2) * ss)
    R = min(pw * 0.34, (ph - foot_h - title_h) * 0.34) * ss
    pygame.draw.circle(P, mix(dark, INK, 0.2), icon_c, R * 1.25)
    pygame.draw.circle(P, base, icon_c, R * 1.25, max(1, round(R * 0.06)))
    _ability_icon(P, colour, icon_c, R, light, dark)
    card = card_frame(w, h, base, light, dark, P, 0.35)
    if fnt is not None:
        if title:
            blit_lines(
                card,
                fit_lines(title, fnt, (255, 250, 236), pw - 6, 2),
                (w / 2, f + title_h / 2 + 0.5),
                title_h - 2,
            )
        if timing:
            label = shrink_to_fit(
                label_text(timing, max(8, round(foot_h * 0.9)), light), pw - 6, foot_h - 1
            )
            blit_lines(card, [label], (w / 2, h - f - foot_h / 2 + 0.5), foot_h - 1)
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
    _, pw, ph = inner_size(w, h)
    ss = 3
    base, light, dark = (120, 128, 146), (226, 232, 244), (46, 50, 62)
    P = radial_gradient(pw * ss, ph * ss, (44, 50, 72), (12, 14, 24))
    P.blit(hex_pattern(pw * ss, ph * ss, light, 18, pw * ss * 0.09), (0, 0))
    cx, cy = pw * ss / 2, ph * ss / 2
    R = min(pw, ph) * ss * 0.3
    for k, c in enumerate(("red", "blue", "green")):
        a = -math.pi / 2 + k * 2 * math.pi / 3
        px, py = cx + R * 0.55 * math.cos(a), cy + R * 0.55 * math.sin(a)
        pygame.draw.circle(P, INK, (px, py), R * 0.62)
        pygame.draw.circle(P, ABILITY_COLOURS[c], (px, py), R * 0.56)
        pygame.draw.circle(
            P,
            mix(ABILITY_COLOURS[c], (255, 255, 255), 0.5),
            (px - R * 0.15, py - R * 0.15),
            R * 0.2,
        )
    pygame.draw.circle(P, INK, (cx, cy), R * 0.3)
    pygame.draw.circle(P, light, (cx, cy), R * 0.22)
    return card_frame(w, h, base, light, dark, P, 0.6)
