"""How a piece (Bakugan, Gate Card, Ability Card) looks in panels: thumbnails and detail."""

from __future__ import annotations

from functools import lru_cache

import pygame

from game.persist.lang import tr
from game.rules.classic import Catalog

from . import widgets as w


def _attr_name(lang: str, attribute: object) -> str:
    return tr(lang, f"attr.{attribute if attribute is not None else 'clear'}")


@lru_cache(maxsize=256)
def _thumb(
    catalog: Catalog, kind: str, ident: str, size: tuple[int, int], lang: str, dimmed: bool
) -> pygame.Surface:
    from . import art

    surf = pygame.Surface(size, pygame.SRCALPHA)
    if kind == "bakugan":
        b = catalog.bakugan[ident]
        attr = b.attribute.value if b.attribute else None
        pygame.draw.rect(surf, (20, 26, 44), surf.get_rect(), border_radius=10)
        pygame.draw.rect(surf, art.ATTRIBUTE_COLOURS[attr], surf.get_rect(), 3, border_radius=10)
        img = art.open_bakugan(b.species, attr, min(size[0] - 16, size[1] - 50))
        surf.blit(img, img.get_rect(center=(size[0] // 2, size[1] // 2 - 10)))
        w.text(surf, f"{b.g_power} G", (size[0] // 2, size[1] - 30), 24, w.ACCENT, "center")
        label = b.name.get(lang)
        f = w.font(17)
        while f.size(label)[0] > size[0] - 6 and len(label) > 4:
            label = label[:-2] + "…"
        w.text(surf, label, (size[0] // 2, size[1] - 12), 17, w.INK, "center")
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


def piece_thumb(
    catalog: Catalog, kind: str, ident: str, size: tuple[int, int], lang: str, dimmed: bool = False
) -> pygame.Surface:
    return _thumb(catalog, kind, ident, size, lang, dimmed)


def draw_piece_detail(
    surface: pygame.Surface, rect: pygame.Rect, catalog: Catalog, kind: str, ident: str, lang: str
) -> None:
    from . import art

    x, y = rect.x, rect.y
    if kind == "bakugan":
        b = catalog.bakugan[ident]
        attr = b.attribute.value if b.attribute else None
        w.text(surface, b.name.get(lang), (x, y), 40, w.ACCENT)
        img = art.open_bakugan(b.species, attr, 220)
        surface.blit(img, img.get_rect(center=(rect.right - 150, rect.centery + 20)))
        w.text(surface, tr(lang, "piece.attribute", value=_attr_name(lang, attr)), (x, y + 60), 28)
        w.text(surface, tr(lang, "piece.g_power", value=b.g_power), (x, y + 100), 28)
        if attr is None:
            w.paragraph(
                surface,
                tr(lang, "piece.clear_rule"),
                pygame.Rect(x, y + 150, rect.w - 320, 200),
                24,
                w.MUTED,
            )
        return
    if kind == "gates":
        g = catalog.gates[ident]
        w.text(surface, g.name.get(lang), (x, y), 40, w.ACCENT)
        w.text(
            surface,
            tr(lang, f"colour.{g.colour.value}") + " · " + tr(lang, "piece.gate"),
            (x, y + 48),
            24,
            w.MUTED,
        )
        for i, (attr, v) in enumerate(sorted(g.bonuses.items(), key=lambda kv: kv[0].value)):
            row, col = divmod(i, 2)
            px, py = x + col * 230, y + 100 + row * 56
            surface.blit(art.attribute_symbol(attr.value, 40), (px, py))
            w.text(surface, f"{_attr_name(lang, attr.value)} {v:+d}", (px + 50, py + 8), 26)
        w.paragraph(surface, g.text.get(lang), pygame.Rect(x, y + 290, rect.w - 230, 150), 25)
        card = art.gate_card(
            g.colour.value,
            (180, 254),
            True,
            {a.value: v for a, v in g.bonuses.items()},
            g.name.get(lang),
            None,
            w.font(18),
        )
        surface.blit(card, card.get_rect(topright=(rect.right, rect.y + 60)))
        return
    a = catalog.abilities[ident]
    w.text(surface, a.name.get(lang), (x, y), 40, w.ACCENT)
    timing = ", ".join(tr(lang, f"timing.{t.value}") for t in sorted(a.timing))
    w.text(
        surface,
        tr(lang, f"colour.{a.colour.value}") + " · " + tr(lang, "piece.ability"),
        (x, y + 48),
        24,
        w.MUTED,
    )
    w.text(surface, tr(lang, "piece.timing", value=timing), (x, y + 90), 26)
    w.paragraph(surface, a.text.get(lang), pygame.Rect(x, y + 140, rect.w - 230, 250), 26)
    card = art.ability_card(a.colour.value, (180, 254), a.name.get(lang), timing, w.font(18))
    surface.blit(card, card.get_rect(topright=(rect.right, rect.y + 60)))
