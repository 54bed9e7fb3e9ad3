"""Battle Planet card faces for the deck builder, drawn in code (original art): a deck
card (cost gem, name, type band, a faction emblem and a mark of its type, the rule
text), a Character's strip on the team, and BakuCore chips.

Faces are cached per card, size, language and dimming (treat them as read-only);
`clear_cache` forgets them (a language change, the text-fit test).
"""

from __future__ import annotations

import math

import pygame

from game.files.lang import tr
from game.rules.planet.defs import CardDef, CardType, Catalog, CharacterDef, CoreDef, CoreType

from .. import art
from .. import widgets as w

RGB = tuple[int, int, int]

FACTION_COLOURS: dict[str, RGB] = {
    "pyrus": art.ATTRIBUTE_COLOURS["pyrus"],
    "aquos": art.ATTRIBUTE_COLOURS["aquos"],
    "ventus": art.ATTRIBUTE_COLOURS["ventus"],
    "darkus": art.ATTRIBUTE_COLOURS["darkus"],
    "haos": art.ATTRIBUTE_COLOURS["haos"],
    "aurelus": (222, 172, 52),
}
_SYMBOL = {
    "pyrus": "pyrus",
    "aquos": "aquos",
    "ventus": "ventus",
    "darkus": "darkus",
    "haos": "haos",
}
CORE_COLOURS: dict[CoreType, RGB] = {
    CoreType.FIST: (214, 96, 60),
    CoreType.FLAMING_FIST: (246, 150, 40),
    CoreType.SHIELD: (90, 150, 226),
    CoreType.MAGIC_SHIELD: (168, 110, 236),
    CoreType.HELIX: (80, 200, 150),
}
_PANEL_TOP = (30, 36, 58)
_PANEL_BOTTOM = (12, 14, 26)


def _mix(a: RGB, b: RGB, t: float) -> RGB:
    return (
        int(a[0] + (b[0] - a[0]) * t),
        int(a[1] + (b[1] - a[1]) * t),
        int(a[2] + (b[2] - a[2]) * t),
    )


def faction_colour(factions: tuple[object, ...]) -> RGB:
    if not factions:
        return (200, 204, 214)
    return FACTION_COLOURS.get(str(getattr(factions[0], "value", factions[0])), (200, 204, 214))


def _frame(surf: pygame.Surface, factions: tuple[str, ...]) -> None:
    """The card's body: a frame in its factions' colours (split for two) around a dark
    panel with a faint hex weave."""
    width, height = surf.get_size()
    cols = [FACTION_COLOURS.get(f, (200, 204, 214)) for f in factions] or [(200, 204, 214)]
    body = pygame.Rect(0, 0, width, height)
    for x in range(width):
        t = x / max(1, width - 1)
        col = (
            cols[0] if len(cols) == 1 else _mix(cols[0], cols[-1], min(1.0, max(0.0, t * 2 - 0.5)))
        )
        shade = 0.75 + 0.25 * math.sin(t * math.pi)
        pygame.draw.line(surf, _mix((0, 0, 0), col, shade), (x, 0), (x, height))
    mask = pygame.Surface(body.size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), body, border_radius=10)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    inner = body.inflate(-10, -10)
    panel = pygame.Surface(inner.size, pygame.SRCALPHA)
    for y in range(inner.h):
        pygame.draw.line(
            panel, _mix(_PANEL_TOP, _PANEL_BOTTOM, y / max(1, inner.h - 1)), (0, y), (inner.w, y)
        )
    weave = pygame.Surface(inner.size, pygame.SRCALPHA)  # (blended on: no holes)
    r = 9
    for row in range(inner.h // r + 2):
        for column in range(inner.w // (r * 2) + 2):
            cx = column * r * 2 + (r if row % 2 else 0)
            cy = row * r * 1.7
            pts = [
                (cx + r * 0.9 * math.cos(k * math.pi / 3), cy + r * 0.9 * math.sin(k * math.pi / 3))
                for k in range(6)
            ]
            pygame.draw.polygon(weave, (*cols[0], 40), pts, 1)
    panel.blit(weave, (0, 0))
    pmask = pygame.Surface(inner.size, pygame.SRCALPHA)
    pygame.draw.rect(pmask, (255, 255, 255, 255), pmask.get_rect(), border_radius=7)
    panel.blit(pmask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    surf.blit(panel, inner.topleft)
    pygame.draw.rect(surf, _mix(cols[0], (255, 255, 255), 0.45), body, 2, border_radius=10)


def _emblem(surf: pygame.Surface, faction: str, centre: tuple[int, int], size: int) -> None:
    """A faction's emblem: the house's attribute symbols, and a gold star for Aurelus."""
    if faction in _SYMBOL:
        img = art.attribute_symbol(_SYMBOL[faction], size)
        surf.blit(img, img.get_rect(center=centre))
        return
    cx, cy = centre
    outer, inner = size * 0.48, size * 0.22
    pts = [
        (
            cx + (outer if k % 2 == 0 else inner) * math.cos(-math.pi / 2 + k * math.pi / 6),
            cy + (outer if k % 2 == 0 else inner) * math.sin(-math.pi / 2 + k * math.pi / 6),
        )
        for k in range(12)
    ]
    pygame.draw.polygon(surf, (120, 80, 16), [(x + 1, y + 2) for x, y in pts])
    pygame.draw.polygon(surf, FACTION_COLOURS["aurelus"], pts)
    pygame.draw.polygon(surf, (255, 236, 160), pts, 2)


def _type_mark(surf: pygame.Surface, kind: CardType, rect: pygame.Rect, col: RGB) -> None:
    """A mark for the card's type behind its emblem: a burst (Action), a laurel ring
    (Hero), rising chevrons (Evolution), a turning arrow (Flip)."""
    cx, cy = rect.center
    r = min(rect.w, rect.h) // 2 - 2
    light = _mix(col, (255, 255, 255), 0.5)
    if kind is CardType.ACTION:
        for k in range(12):
            a = k * math.pi / 6
            pygame.draw.line(
                surf,
                light,
                (cx + r * 0.55 * math.cos(a), cy + r * 0.55 * math.sin(a)),
                (cx + r * math.cos(a), cy + r * math.sin(a)),
                3,
            )
    elif kind is CardType.HERO:
        pygame.draw.circle(surf, light, (cx, cy), r, 3)
        for k in range(10):
            a = math.pi * 0.65 + k * math.pi * 0.17
            for side in (-1, 1):
                x = cx + side * r * math.cos(a)
                y = cy - r * math.sin(a)
                pygame.draw.ellipse(surf, light, pygame.Rect(int(x) - 4, int(y) - 2, 8, 5))
    elif kind is CardType.EVOLUTION:
        for k in range(3):
            y = cy + r * 0.6 - k * r * 0.55
            pygame.draw.lines(
                surf,
                light,
                False,
                [(cx - r * 0.8, y + r * 0.3), (cx, y - r * 0.2), (cx + r * 0.8, y + r * 0.3)],
                4,
            )
    else:
        pts = [(cx + r * math.cos(a / 10), cy + r * math.sin(a / 10)) for a in range(-5, 50)]
        pygame.draw.lines(surf, light, False, pts, 3)
        tip = pts[-1]
        pygame.draw.polygon(
            surf, light, [(tip[0] + 7, tip[1]), (tip[0] - 5, tip[1] - 7), (tip[0] - 5, tip[1] + 7)]
        )


def _gem(surf: pygame.Surface, centre: tuple[int, int], radius: int, value: int) -> None:
    """The cost in a round gem at the top left."""
    pygame.draw.circle(surf, (12, 14, 22), (centre[0] + 1, centre[1] + 2), radius)
    pygame.draw.circle(surf, (228, 232, 244), centre, radius)
    pygame.draw.circle(surf, (60, 70, 110), centre, radius - 3)
    pygame.draw.circle(
        surf, (110, 124, 180), (centre[0] - radius // 3, centre[1] - radius // 3), radius // 3
    )
    box = pygame.Rect(0, 0, radius * 2 - 6, radius * 2 - 6)
    box.center = centre
    w.fit_text(surf, str(value), box, radius + 4, w.INK, "center", shadow=True)


_FACES: dict[tuple[int, str, tuple[int, int], str, bool], pygame.Surface] = {}
_MAX_FACES = 512


def card_face(
    catalog: Catalog, ident: str, size: tuple[int, int], lang: str, dimmed: bool = False
) -> pygame.Surface:
    """The face of the deck card `ident`, `size` (w, h); `dimmed`: it cannot go in.
    Kept once drawn (a catalog's mappings cannot be hashed: it is known by its id)."""
    key = (id(catalog), ident, size, lang, dimmed)
    face = _FACES.get(key)
    if face is None:
        if len(_FACES) >= _MAX_FACES:
            _FACES.clear()
        face = _FACES[key] = _draw_face(catalog.cards[ident], size, lang, dimmed)
    return face


def _draw_face(card: CardDef, size: tuple[int, int], lang: str, dimmed: bool) -> pygame.Surface:
    width, height = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    factions = tuple(f.value for f in card.factions)
    _frame(surf, factions)
    col = faction_colour(card.factions)
    gem_r = max(10, width // 9)
    _gem(surf, (8 + gem_r, 8 + gem_r), gem_r, card.cost)
    name = pygame.Rect(12 + gem_r * 2, 7, width - 18 - gem_r * 2, gem_r * 2 + 2)
    w.paragraph(surf, card.name.get(lang), name, 15, w.INK, 0)
    band = pygame.Rect(8, name.bottom + 3, width - 16, 17)
    pygame.draw.rect(surf, _mix(col, (0, 0, 0), 0.45), band, border_radius=5)
    label = tr(lang, f"deckbuilder.type.{card.type.value}")
    if card.type is CardType.EVOLUTION:
        label += f" · {card.b_power} / {card.damage}"
    w.fit_text(surf, label, band.inflate(-8, 0), 13, w.INK, "center")
    art_box = pygame.Rect(8, band.bottom + 3, width - 16, max(20, height // 4))
    _type_mark(surf, card.type, art_box, col)
    emblem = min(art_box.h - 8, 40)
    if len(factions) == 1:
        _emblem(surf, factions[0], art_box.center, emblem)
    else:
        for k, f in enumerate(factions[:2]):
            dx = (k * 2 - 1) * emblem // 2
            _emblem(surf, f, (art_box.centerx + dx, art_box.centery), int(emblem * 0.8))
    text = pygame.Rect(10, art_box.bottom + 4, width - 20, height - art_box.bottom - 12)
    pygame.draw.rect(surf, (8, 10, 18), text.inflate(4, 4), border_radius=5)
    w.paragraph(surf, card.text.get(lang), text, 13, (214, 220, 236), 1)
    if dimmed:
        shade = pygame.Surface(size, pygame.SRCALPHA)
        pygame.draw.rect(shade, (0, 0, 0, 150), shade.get_rect(), border_radius=10)
        surf.blit(shade, (0, 0))
    return surf


def core_chip(
    surface: pygame.Surface,
    core: CoreDef | None,
    kind: CoreType | None,
    centre: tuple[int, int],
    radius: int,
    hot: bool = False,
) -> None:
    """A BakuCore as a hexagon in its kind's colour with the kind's mark: a knuckle
    (Fist), a flame (Flaming Fist), a shield, a shield with a star (Magic Shield), a
    spiral (Helix). An empty place is an outline."""
    cx, cy = centre
    pts = [
        (cx + radius * math.cos(k * math.pi / 3), cy + radius * math.sin(k * math.pi / 3))
        for k in range(6)
    ]
    if kind is None:
        pygame.draw.polygon(surface, w.MUTED, pts, 2)
        return
    col = CORE_COLOURS[kind]
    pygame.draw.polygon(surface, _mix(col, (0, 0, 0), 0.55), [(x + 1, y + 2) for x, y in pts])
    pygame.draw.polygon(surface, _mix(col, (30, 30, 40), 0.35), pts)
    pygame.draw.polygon(surface, w.ACCENT if hot else _mix(col, (255, 255, 255), 0.5), pts, 2)
    r = radius * 0.5
    ink = (246, 246, 252)
    if kind is CoreType.FIST:
        pygame.draw.rect(
            surface,
            ink,
            pygame.Rect(cx - r, cy - r * 0.6, r * 2, r * 1.3),
            border_radius=int(r * 0.4),
        )
        for k in range(3):
            x = cx - r + r * 0.5 + k * r * 0.55
            pygame.draw.line(surface, col, (x, cy - r * 0.6), (x, cy), 2)
    elif kind is CoreType.FLAMING_FIST:
        flame = [
            (cx, cy - r * 1.2),
            (cx + r * 0.8, cy + r * 0.2),
            (cx + r * 0.4, cy + r),
            (cx - r * 0.4, cy + r),
            (cx - r * 0.8, cy + r * 0.2),
        ]
        pygame.draw.polygon(surface, ink, flame)
        pygame.draw.polygon(
            surface,
            col,
            [(cx, cy - r * 0.3), (cx + r * 0.35, cy + r * 0.6), (cx - r * 0.35, cy + r * 0.6)],
        )
    elif kind in (CoreType.SHIELD, CoreType.MAGIC_SHIELD):
        shield = [
            (cx - r, cy - r),
            (cx + r, cy - r),
            (cx + r, cy),
            (cx, cy + r * 1.2),
            (cx - r, cy),
        ]
        pygame.draw.polygon(surface, ink, shield)
        if kind is CoreType.MAGIC_SHIELD:
            star = [
                (
                    cx
                    + (r * 0.6 if k % 2 == 0 else r * 0.25)
                    * math.cos(-math.pi / 2 + k * math.pi / 5),
                    cy
                    - r * 0.05
                    + (r * 0.6 if k % 2 == 0 else r * 0.25)
                    * math.sin(-math.pi / 2 + k * math.pi / 5),
                )
                for k in range(10)
            ]
            pygame.draw.polygon(surface, col, star)
    else:
        spiral = [
            (cx + r * (t / 30) * math.cos(t * 0.42), cy + r * (t / 30) * math.sin(t * 0.42))
            for t in range(1, 31)
        ]
        pygame.draw.lines(surface, ink, False, spiral, 3)


_BODIES: dict[tuple[tuple[str, ...], tuple[int, int]], pygame.Surface] = {}


def _strip_body(factions: tuple[str, ...], size: tuple[int, int]) -> pygame.Surface:
    """A Character strip's framed body, kept once drawn (it is redrawn every frame)."""
    body = _BODIES.get((factions, size))
    if body is None:
        body = _BODIES[(factions, size)] = pygame.Surface(size, pygame.SRCALPHA)
        _frame(body, factions)
    return body


def character_strip(
    surface: pygame.Surface,
    rect: pygame.Rect,
    character: CharacterDef | None,
    lang: str,
    empty_label: str,
    hot: bool = False,
) -> None:
    """A Character on the team: its factions' colours, its emblem, name, B-Power and
    damage (the BakuCores are drawn beside it by the caller)."""
    if character is None:
        pygame.draw.rect(surface, (24, 30, 48), rect, border_radius=10)
        pygame.draw.rect(surface, w.ACCENT if hot else w.PANEL_EDGE, rect, 2, border_radius=10)
        w.fit_text(surface, empty_label, rect.inflate(-20, -8), 20, w.MUTED, "center")
        return
    surface.blit(_strip_body(tuple(f.value for f in character.factions), rect.size), rect.topleft)
    if hot:
        pygame.draw.rect(surface, w.ACCENT, rect, 3, border_radius=10)
    emblem = rect.h - 20
    _emblem(surface, character.factions[0].value, (rect.x + 10 + emblem // 2, rect.centery), emblem)
    text_x = rect.x + emblem + 18
    name = pygame.Rect(text_x, rect.y + 6, rect.right - text_x - 8, rect.h // 2 - 4)
    w.fit_text(surface, character.name.get(lang), name, 19, w.INK, "midleft")
    stats = pygame.Rect(text_x, rect.centery + 2, rect.right - text_x - 8, rect.h // 2 - 8)
    value = (
        tr(lang, "deckbuilder.b_power", n=character.b_power)
        + "   "
        + tr(lang, "deckbuilder.damage", n=character.damage)
    )
    w.fit_text(surface, value, stats, 17, w.ACCENT, "midleft")


def clear_cache() -> None:
    _FACES.clear()
    _BODIES.clear()
