"""How a piece (Bakugan, Gate Card, Ability Card) looks in panels: thumbnails and detail."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.files.lang import tr
from game.rules.classic import Catalog

from .. import fonts
from .. import text_fit as fit
from .. import widgets as w


def _attr_name(lang: str, attribute: object) -> str:
    return tr(lang, f"attr.{attribute if attribute is not None else 'clear'}")


@lru_cache(maxsize=256)
def _thumb(
    catalog: Catalog, kind: str, ident: str, size: tuple[int, int], lang: str, dimmed: bool
) -> pygame.Surface:
    from .. import art

    surf = pygame.Surface(size, pygame.SRCALPHA)
    if kind == "bakugan":
        b = catalog.bakugan[ident]
        attr = b.attribute.value if b.attribute else None
        pygame.draw.rect(surf, (20, 26, 44), surf.get_rect(), border_radius=10)
        pygame.draw.rect(surf, art.ATTRIBUTE_COLOURS[attr], surf.get_rect(), 3, border_radius=10)
        # The name in up to two lines at the bottom; a thumbnail too small for it at the
        # smallest size shows the figure and G-Power only (the name is on hover).
        label = b.name.get(lang)
        name = pygame.Rect(4, size[1] - 34, size[0] - 8, 31)
        fits = fit.fit_paragraph(label, name.w, name.h, 16, spacing=0)
        shown = (
            all(fit.width_of(line, fits[0]) <= name.w for line in fits[1])
            and len(fits[1]) * fit.line_step(fits[0], 0) <= name.h
        )
        top = name.y if shown else size[1] - 4
        power = pygame.Rect(4, top - 22, size[0] - 8, 22)
        img = art.open_bakugan(b.species, attr, max(8, min(size[0] - 16, power.y - 6)))
        surf.blit(img, img.get_rect(center=(size[0] // 2, (power.y + 4) // 2)))
        w.fit_text(surf, f"{b.g_power} G", power, 22, w.ACCENT, "center")
        if shown:
            w.paragraph(surf, label, name, 16, w.INK, 0, center=True)
    elif kind == "gates":
        g = catalog.gates[ident]
        bonuses = {a.value: v for a, v in g.bonuses.items()}
        best = max(bonuses, key=lambda a: bonuses[a])
        surf.blit(
            art.gate_card(g.colour.value, size, True, bonuses, g.name.get(lang), best, w.font(16)),
            (0, 0),
        )
    else:
        a = catalog.abilities[ident]
        timing = ", ".join(tr(lang, f"timing.{t.value}") for t in sorted(a.timing))
        surf.blit(
            art.ability_card(a.colour.value, size, a.name.get(lang), timing, w.font(16), dimmed),
            (0, 0),
        )
    if dimmed and kind != "abilities":
        shade = pygame.Surface(size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 70))
        surf.blit(shade, (0, 0))
    return surf


fonts.forget_with_fonts(_thumb.cache_clear)


def piece_thumb(
    catalog: Catalog, kind: str, ident: str, size: tuple[int, int], lang: str, dimmed: bool = False
) -> pygame.Surface:
    return _thumb(catalog, kind, ident, size, lang, dimmed)


def draw_piece_detail(
    surface: pygame.Surface, rect: pygame.Rect, catalog: Catalog, kind: str, ident: str, lang: str
) -> None:
    """A piece in full inside `rect`: name, kind, numbers and rule text on the left, its
    picture on the right; every line fits the left column (the type shrinks)."""
    from .. import art

    pic_w = min(180, rect.w // 3)
    pic_h = min(round(pic_w * 254 / 180), rect.h - 10)
    pic_w = round(pic_h * 180 / 254)
    col = pygame.Rect(rect.x, rect.y, rect.w - pic_w - 18, rect.h)
    big = max(20, min(40, rect.h // 9))
    mid = max(16, min(26, rect.h // 14))
    x, y = col.x, col.y

    def line(value: str, top: int, size: int, colour: tuple[int, int, int] = w.INK) -> int:
        w.fit_text(surface, value, pygame.Rect(x, top, col.w, size + 4), size, colour)
        return top + size + 10

    if kind == "bakugan":
        b = catalog.bakugan[ident]
        attr = b.attribute.value if b.attribute else None
        y = line(b.name.get(lang), y, big, w.ACCENT)
        y = line(tr(lang, "piece.attribute", value=_attr_name(lang, attr)), y + 6, mid)
        y = line(tr(lang, "piece.g_power", value=b.g_power), y, mid)
        size = min(pic_w, rect.h)
        img = art.open_bakugan(b.species, attr, size)
        surface.blit(img, img.get_rect(midright=(rect.right, rect.centery)))
        if attr is None:
            w.paragraph(
                surface,
                tr(lang, "piece.clear_rule"),
                pygame.Rect(x, y, col.w, col.bottom - y),
                mid - 2,
                w.MUTED,
            )
        return
    if kind == "gates":
        g = catalog.gates[ident]
        y = line(g.name.get(lang), y, big, w.ACCENT)
        sub = tr(lang, f"colour.{g.colour.value}") + " · " + tr(lang, "piece.gate")
        y = line(sub, y - 4, mid - 4, w.MUTED)
        cell_w = col.w // 2
        sym = max(20, min(36, rect.h // 12))
        for i, (attr, v) in enumerate(sorted(g.bonuses.items(), key=lambda kv: kv[0].value)):
            row, c = divmod(i, 2)
            px, py = x + c * cell_w, y + row * (sym + 8)
            surface.blit(art.attribute_symbol(attr.value, sym), (px, py))
            label = f"{_attr_name(lang, attr.value)} {v:+d}"
            box = pygame.Rect(px + sym + 6, py, cell_w - sym - 12, sym)
            w.fit_text(surface, label, box, mid - 4)
        y += 3 * (sym + 8) + 4
        w.paragraph(surface, g.text.get(lang), pygame.Rect(x, y, col.w, col.bottom - y), mid - 4)
        card = art.gate_card(
            g.colour.value,
            (pic_w, pic_h),
            True,
            {a.value: v for a, v in g.bonuses.items()},
            g.name.get(lang),
            None,
            w.font(max(12, pic_w // 10)),
        )
        surface.blit(card, card.get_rect(topright=(rect.right, rect.y)))
        return
    a = catalog.abilities[ident]
    y = line(a.name.get(lang), y, big, w.ACCENT)
    timing = ", ".join(tr(lang, f"timing.{t.value}") for t in sorted(a.timing))
    sub = tr(lang, f"colour.{a.colour.value}") + " · " + tr(lang, "piece.ability")
    y = line(sub, y - 4, mid - 4, w.MUTED)
    y = line(tr(lang, "piece.timing", value=timing), y, mid - 2)
    w.paragraph(surface, a.text.get(lang), pygame.Rect(x, y, col.w, col.bottom - y), mid - 2)
    card = art.ability_card(
        a.colour.value, (pic_w, pic_h), a.name.get(lang), timing, w.font(max(12, pic_w // 10))
    )
    surface.blit(card, card.get_rect(topright=(rect.right, rect.y)))
