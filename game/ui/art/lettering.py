"""Words on cards: the face, wrapped and fitted lines, small shadowed labels."""

from __future__ import annotations

from functools import lru_cache

import pygame

from ..text_fit import fill_lines
from .palette import INK, RGB, Point


@lru_cache(maxsize=64)
def font(size: int, bold: bool = True) -> pygame.font.Font:
    """The game's bold face (DejaVu Sans Bold, shipped; covers Cyrillic) at ``size``."""
    from ..fonts import load_font

    return load_font(max(1, int(size)), True)


def fit_lines(
    text: str, f: pygame.font.Font, col: RGB, max_w: int, max_lines: int = 2, shadow: RGB = INK
) -> list[pygame.Surface]:
    """Render ``text`` word-wrapped into at most ``max_lines`` lines, each <= ``max_w``."""
    words = text.split()
    if not words:
        return []
    lines = fill_lines(words, f, max_w)
    if len(lines) > max_lines:
        lines = [*lines[: max_lines - 1], " ".join(lines[max_lines - 1 :])]
    out = []
    for line in lines:
        txt = f.render(line, True, col)
        sh = f.render(line, True, shadow)
        surf = pygame.Surface((txt.get_width() + 1, txt.get_height() + 1), pygame.SRCALPHA)
        surf.blit(sh, (1, 1))
        surf.blit(txt, (0, 0))
        if surf.get_width() > max_w:
            k = max_w / surf.get_width()
            surf = pygame.transform.smoothscale(surf, (max_w, max(1, round(surf.get_height() * k))))
        out.append(surf)
    return out


def blit_lines(dst: pygame.Surface, lines: list[pygame.Surface], centre: Point, max_h: int) -> None:
    if not lines:
        return
    total = sum(s.get_height() for s in lines)
    if total > max_h:
        k = max_h / total
        lines = [
            pygame.transform.smoothscale(
                s, (max(1, round(s.get_width() * k)), max(1, round(s.get_height() * k)))
            )
            for s in lines
        ]
        total = sum(s.get_height() for s in lines)
    y = centre[1] - total / 2
    for s in lines:
        dst.blit(s, (round(centre[0] - s.get_width() / 2), round(y)))
        y += s.get_height()


@lru_cache(maxsize=512)
def label_text(text: str, size: int, colour: RGB, shadow: RGB = INK) -> pygame.Surface:
    """Short text at ``size`` with a 1 px drop shadow. Below 20 px it is rendered at three
    times the size and smooth-scaled down: the bundled face's hinting spaces small digits
    unevenly ("+20 0"), the downscaled render keeps them even."""
    k = 3 if size < 20 else 1
    f = font(size * k)
    txt = f.render(text, True, colour)
    sh = f.render(text, True, shadow)
    if k > 1:
        tw, th = max(1, round(txt.get_width() / k)), max(1, round(txt.get_height() / k))
        txt = pygame.transform.smoothscale(txt, (tw, th))
        sh = pygame.transform.smoothscale(sh, (tw, th))
    out = pygame.Surface((txt.get_width() + 1, txt.get_height() + 1), pygame.SRCALPHA)
    out.blit(sh, (1, 1))
    out.blit(txt, (0, 0))
    return out


def shrink_to_fit(surf: pygame.Surface, max_w: int, max_h: int) -> pygame.Surface:
    k = min(1.0, max_w / max(1, surf.get_width()), max_h / max(1, surf.get_height()))
    if k >= 1.0:
        return surf
    return pygame.transform.smoothscale(
        surf, (max(1, round(surf.get_width() * k)), max(1, round(surf.get_height() * k)))
    )


def bonus_text(v: int) -> tuple[str, RGB]:
    if v > 0:
        return f"+{v}", (255, 246, 214)
    if v < 0:
        return f"\u2212{-v}", (255, 128, 112)
    return "0", (170, 178, 190)
