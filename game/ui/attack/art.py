"""Bakugan Attack!'s pieces drawn by code: the cards (numbers and the six specials,
each with its character's emblem), card backs, the dice with their pips, the seats'
colours. Card faces are cached per (card, size, state); dice are drawn as polygons
each frame (they turn freely), so nothing is rotated as an image.
"""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

from game.rules.attack import Deck

from .. import widgets as w

SEAT_COLOURS = (
    (80, 170, 255),
    (255, 110, 90),
    (110, 215, 120),
    (235, 195, 70),
    (200, 120, 240),
)
CARD = (70, 100)  # a card on the table (`layout.TABLE_CARD`, kept clear of the plates)
HAND_CARD = (86, 122)  # a card in the hand
SMALL_CARD = (34, 48)  # a card back in a seat's hand or caught pile

CHARACTERS = {  # the special cards' colours and emblems (a mark in a ring: `card_mark`)
    "masquerade": ((70, 60, 110), (230, 220, 255)),
    "dan": ((200, 60, 40), (255, 230, 170)),
    "marucho": ((40, 120, 200), (220, 240, 255)),
    "runo": ((230, 190, 40), (60, 40, 10)),
    "julie": ((150, 110, 60), (255, 240, 210)),
    "shun": ((40, 150, 90), (220, 255, 230)),
}


def seat_colour(player: int) -> tuple[int, int, int]:
    return SEAT_COLOURS[player % len(SEAT_COLOURS)]


def _number_colour(number: int) -> tuple[int, int, int]:
    """Low numbers cool, high numbers hot."""
    t = (number - 1) / 9
    return (int(60 + 170 * t), int(120 + 40 * math.sin(t * math.pi)), int(210 - 160 * t))


@lru_cache(maxsize=8)
def _marks(deck: Deck, lang: str) -> dict[str, str]:
    """Each special card's mark, unique among the deck's special cards: its initial, or
    (when another shares it) the initial and its first letter that differs from the
    others' there (Masquerade "Ms", Marucho "Mr"; Дэн "Дэ", Джули "Дж")."""
    names = {c.id: c.name.get(lang) for c in deck.cards if c.special}
    out: dict[str, str] = {}
    for card, name in names.items():
        rivals = [n for c, n in names.items() if c != card and n[:1] == name[:1]]
        mark = name[:1]
        for i in range(1, len(name)):
            if all(i >= len(r) or r[i].lower() != name[i].lower() for r in rivals):
                mark = name[:1] + name[i].lower()
                break
        out[card] = mark if rivals else name[:1]
    taken: dict[str, int] = {}
    for card in out:  # (names alike to their last letter: numbered, still unique)
        taken[out[card]] = taken.get(out[card], 0) + 1
        if taken[out[card]] > 1:
            out[card] += str(taken[out[card]])
    return out


def card_mark(deck: Deck, card: str, lang: str) -> str:
    """The mark drawn on a special card's face (`_marks`)."""
    return _marks(deck, lang).get(card, deck.by_id[card].name.get(lang)[:1])


@lru_cache(maxsize=512)
def card_face(
    deck: Deck, card: str, lang: str, size: tuple[int, int], dim: bool = False
) -> pygame.Surface:
    """A card's face: its number large (or the character's emblem) and its name."""
    ht = size[1]
    img = pygame.Surface(size, pygame.SRCALPHA)
    spec = deck.by_id[card]
    if spec.special:
        base, ink = CHARACTERS.get(card, ((90, 90, 90), (255, 255, 255)))
    else:
        base, ink = _number_colour(spec.number or 1), (255, 255, 255)
    rect = img.get_rect()
    pygame.draw.rect(img, (250, 248, 240), rect, border_radius=8)
    inner = rect.inflate(-8, -8)
    pygame.draw.rect(img, base, inner, border_radius=6)
    label = "" if spec.number is None else str(spec.number)
    if spec.special:
        ring = (inner.centerx, inner.y + inner.h * 0.42)
        radius = int(min(inner.w, inner.h) * 0.3)
        pygame.draw.circle(img, ink, ring, radius, max(2, radius // 6))
        initial = card_mark(deck, card, lang)
        w.fit_text(
            img,
            initial,
            pygame.Rect(0, 0, radius * 2, radius * 2).move(ring[0] - radius, ring[1] - radius),
            int(radius * 1.6),
            ink,
            "center",
        )
        if label:
            corner = pygame.Rect(inner.x + 3, inner.y + 1, inner.w // 2, max(12, ht // 6))
            w.fit_text(img, label, corner, max(12, ht // 6), ink, "midleft")
    else:
        big = pygame.Rect(inner.x, inner.y + inner.h * 0.14, inner.w, inner.h * 0.56)
        w.fit_text(img, label, big, int(ht * 0.5), ink, "center")
        corner = pygame.Rect(inner.x + 3, inner.y + 1, inner.w // 2, max(12, ht // 6))
        w.fit_text(img, label, corner, max(12, ht // 6), ink, "midleft")
    name_box = pygame.Rect(inner.x + 2, inner.bottom - inner.h * 0.26, inner.w - 4, inner.h * 0.24)
    w.fit_text(img, spec.name.get(lang), name_box, max(12, ht // 7), ink, "center")
    if dim:
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((10, 14, 26, 150))
        img.blit(shade, (0, 0))
    return img


@lru_cache(maxsize=16)
def card_back(
    size: tuple[int, int], colour: tuple[int, int, int] = (40, 60, 120)
) -> pygame.Surface:
    img = pygame.Surface(size, pygame.SRCALPHA)
    rect = img.get_rect()
    pygame.draw.rect(img, (240, 240, 250), rect, border_radius=max(3, size[0] // 10))
    inner = rect.inflate(-max(4, size[0] // 10), -max(4, size[0] // 10))
    pygame.draw.rect(img, colour, inner, border_radius=max(2, size[0] // 12))
    r = max(3, min(inner.w, inner.h) // 4)
    pygame.draw.circle(img, (230, 200, 80), inner.center, r, max(1, r // 3))
    return img


def cracked(img: pygame.Surface) -> pygame.Surface:
    """A collided card: the same face with a crack across it."""
    out = img.copy()
    wd, ht = out.get_size()
    points = [(wd * 0.15, 0), (wd * 0.45, ht * 0.35), (wd * 0.3, ht * 0.55), (wd * 0.7, ht)]
    pygame.draw.lines(out, (20, 20, 20), False, points, 4)
    pygame.draw.lines(out, (255, 255, 255), False, points, 1)
    return out


_PIPS = {
    1: [(0, 0)],
    2: [(-1, -1), (1, 1)],
    3: [(-1, -1), (0, 0), (1, 1)],
    4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
    5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
    6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)],
}


def die_corners(
    centre: tuple[float, float], angle: float, side: float
) -> list[tuple[float, float]]:
    """A die's square on screen: `side` px, at `centre`, turned by `angle` (radians,
    table frame)."""
    c, s = math.cos(-angle), math.sin(-angle)
    half = side / 2
    return [
        (centre[0] + u * c - v * s, centre[1] + u * s + v * c)
        for u, v in ((-half, -half), (half, -half), (half, half), (-half, half))
    ]


def die_shadow(
    surface: pygame.Surface, centre: tuple[float, float], angle: float, side: float
) -> None:
    """The shadow a die drawn at `centre` casts (down and to the right)."""
    shade = [(x + 3, y + 4) for x, y in die_corners(centre, angle, side)]
    pygame.draw.polygon(surface, (0, 0, 0), shade)


def draw_die(
    surface: pygame.Surface,
    centre: tuple[float, float],
    angle: float,
    side: float,
    face: int,
    colour: tuple[int, int, int] = (245, 245, 240),
    pip: tuple[int, int, int] = (20, 20, 30),
    shadow: bool = True,
) -> None:
    """A die seen from above at `centre`, turned by `angle` (radians, table frame: the
    screen's y is flipped), showing `face` on top; `shadow`: with its shadow (dice
    side by side draw their shadows first, `die_shadow`, so none falls on a face)."""
    c, s = math.cos(-angle), math.sin(-angle)

    def at(u: float, v: float) -> tuple[float, float]:
        return (centre[0] + u * c - v * s, centre[1] + u * s + v * c)

    corners = die_corners(centre, angle, side)
    if shadow:
        die_shadow(surface, centre, angle, side)
    pygame.draw.polygon(surface, colour, corners)
    pygame.draw.polygon(surface, (90, 90, 100), corners, 2)
    spread = side * 0.27
    radius = max(2, int(side * 0.09))
    for u, v in _PIPS[face]:
        x, y = at(u * spread, v * spread)
        pygame.draw.circle(surface, pip, (round(x), round(y)), radius)
