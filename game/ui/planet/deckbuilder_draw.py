"""Drawing the deck builder (`DeckBuilderScene`): the team and its cores, the deck's
list, the count and what still stops the deck on the left; filters, card grid, the
reason a card cannot go in and the file buttons on the right."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.rules.planet.defs import DECK_SIZE, MAX_COPIES, TEAM_SIZE

from .. import art
from .. import widgets as w
from . import deckbuilder_faces as faces
from .deckbuilder_layout import DECK_LIST, HINT, SEARCH, core_centre, slot_rect
from .deckbuilder_model import core_text

if TYPE_CHECKING:
    from .deckbuilder import DeckBuilderScene

_BAD = (255, 130, 110)
_GOOD = (120, 230, 140)


@lru_cache(maxsize=4)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    """The darker band behind the left column."""
    shade = pygame.Surface(size, pygame.SRCALPHA)
    shade.fill((6, 8, 16, 150))
    return shade


def draw_builder(scene: DeckBuilderScene, surface: pygame.Surface) -> None:
    surface.blit(art.table_felt(surface.get_size()), (0, 0))
    surface.blit(_shade((336, surface.get_height())), (0, 0))
    tr, lang, draft, cat = scene.tr, scene.app.lang, scene.draft, scene.catalog
    w.fit_text(surface, tr("deckbuilder.title"), pygame.Rect(16, 10, 320, 32), 26, w.ACCENT)
    w.fit_text(surface, draft.name, pygame.Rect(16, 44, 320, 26), 20, w.INK)
    w.fit_text(surface, tr("deckbuilder.team"), pygame.Rect(16, 72, 320, 20), 16, w.MUTED)
    hot = {k: b for b in scene.buttons for k in b.data if b.hot or b.focused}
    for slot in range(TEAM_SIZE):
        ident = draft.characters[slot]
        button = next((b for b in scene.buttons if b.data.get("slot") == slot), None)
        lit = button is not None and (button.hot or button.focused)
        character = cat.characters.get(ident) if ident else None
        faces.character_strip(
            surface,
            slot_rect(slot),
            character,
            lang,
            tr("deckbuilder.empty_slot", n=slot + 1),
            lit,
        )
        for i in range(2):
            at = slot * 2 + i
            core = draft.cores[at]
            kinds = draft.core_types(slot)
            core_button = next((b for b in scene.buttons if b.data.get("core") == at), None)
            lit = core_button is not None and (core_button.hot or core_button.focused)
            faces.core_chip(
                surface,
                cat.cores.get(core) if core else None,
                kinds[i] if kinds else None,
                core_centre(at),
                17,
                lit,
            )
    w.fit_text(surface, tr("deckbuilder.cores"), pygame.Rect(16, 316, 320, 18), 14, w.MUTED)
    w.fit_text(surface, tr("deckbuilder.deck"), pygame.Rect(16, 336, 320, 18), 15, w.MUTED)
    rows = scene.deck_rows()
    if not rows:
        w.paragraph(surface, tr("deckbuilder.deck_empty"), DECK_LIST.inflate(-8, -200), 17, w.MUTED)
    refused = {p.card for p in draft.problems() if p.field == "deck" and p.card}
    for card, n, rect in rows:
        button = next((b for b in scene.buttons if b.rect == rect), None)
        if button is not None and (button.hot or button.focused):
            pygame.draw.rect(surface, (60, 70, 110), rect, border_radius=4)
        piece = cat.cards.get(card)
        colour = faces.faction_colour(piece.factions) if piece else w.MUTED
        pygame.draw.circle(surface, colour, (rect.x + 7, rect.centery), 5)
        label = f"{n}× {piece.name.get(lang) if piece else card}"
        ink = _BAD if card in refused or n > MAX_COPIES else w.INK
        w.fit_text(surface, label, pygame.Rect(rect.x + 16, rect.y, rect.w - 18, rect.h), 15, ink)
    problems = draft.problems()
    count = len(draft.cards)
    colour = _GOOD if not problems else (w.ACCENT if count <= DECK_SIZE else _BAD)
    w.fit_text(surface, tr("deckbuilder.count", n=count), pygame.Rect(16, 622, 210, 30), 26, colour)
    if draft.dirty:
        w.fit_text(
            surface,
            tr("deckbuilder.unsaved"),
            pygame.Rect(230, 622, 106, 30),
            16,
            w.ACCENT,
            "midright",
        )
    status = pygame.Rect(16, 654, 320, 58)
    if problems:
        w.paragraph(surface, scene.problem(problems[0]), status, 16, _BAD, 2)
    else:
        w.paragraph(surface, tr("deckbuilder.legal"), status, 16, _GOOD, 2)
    _draw_right(scene, surface, SEARCH, hot)


def _draw_right(
    scene: DeckBuilderScene,
    surface: pygame.Surface,
    search: pygame.Rect,
    hot: dict[str, w.Button],
) -> None:
    tr, lang, draft, cat = scene.tr, scene.app.lang, scene.draft, scene.catalog
    for b in scene.buttons:
        if "chip" in b.data:
            b.draw(surface, 18)
            if b.data["chip"]:
                pygame.draw.rect(surface, w.ACCENT, b.rect, 2, border_radius=10)
    pygame.draw.rect(surface, (8, 10, 18), search, border_radius=8)
    edge = w.ACCENT if scene.searching or "search" in hot else w.PANEL_EDGE
    pygame.draw.rect(surface, edge, search, 2, border_radius=8)
    text = scene.filters.text
    if scene.searching:
        text += "|" if (pygame.time.get_ticks() // 500) % 2 == 0 else ""
    shown = text or (tr("deckbuilder.search_empty") if not scene.searching else "|")
    w.fit_text(
        surface, shown, search.inflate(-16, -4), 20, w.INK if scene.filters.text else w.MUTED
    )
    cards = scene.page_cards()
    if not cards:
        w.fit_text(
            surface,
            tr("deckbuilder.no_cards"),
            pygame.Rect(352, 280, 900, 40),
            24,
            w.MUTED,
            "center",
        )
    for ident, rect in cards:
        why = draft.refusal(ident)
        surface.blit(faces.card_face(cat, ident, rect.size, lang, why is not None), rect)
        button = next((b for b in scene.buttons if b.rect == rect), None)
        if button is not None and (button.hot or button.focused):
            pygame.draw.rect(surface, w.ACCENT, rect.inflate(6, 6), 3, border_radius=12)
        n = draft.count(ident)
        under = pygame.Rect(rect.x, rect.bottom + 2, rect.w, 22)
        ink = w.ACCENT if n else w.MUTED
        w.fit_text(surface, f"{n} / {MAX_COPIES}", under, 17, ink, "center")
    for b in scene.buttons:
        if b.label in ("<", ">"):
            b.draw(surface, 22)
    w.fit_text(
        surface,
        tr("deckbuilder.page", page=scene.page + 1, pages=scene.pages),
        pygame.Rect(408, 552, 100, 36),
        20,
        w.INK,
        "center",
    )
    w.fit_text(surface, tr("deckbuilder.hint"), HINT, 14, w.MUTED)
    for b in scene.buttons:
        if "code" in b.data:
            b.draw(surface, 18)
    line = pygame.Rect(352, 594, 912, 40)
    reason = draft.refusal(scene.hover_card) if scene.hover_card else None
    slot = next((b.data["slot"] for b in scene.buttons if "slot" in b.data and b.hot), None)
    hovered = draft.characters[int(str(slot))] if slot is not None else None
    character = cat.characters.get(hovered) if hovered else None
    if reason is not None:
        w.paragraph(surface, scene.problem(reason), line, 19, _BAD, 2)
    elif scene.hover_core is not None and draft.cores[scene.hover_core]:
        core = cat.cores[str(draft.cores[scene.hover_core])]
        w.paragraph(surface, core_text(core, tr), line, 19, w.INK, 2)
    elif character is not None:
        text = f"{character.name.get(lang)}: {character.text.get(lang)}"
        w.paragraph(surface, text, line, 19, w.INK, 2)
    elif scene.message_t > 0 and scene.message:
        w.paragraph(surface, scene.message, line, 19, _BAD if scene.message_bad else w.ACCENT, 2)
    for b in scene.buttons:
        if b.rect.y >= 640:
            b.draw(surface, 20)
    for b in scene.buttons:  # a disabled button's reason goes over everything
        if b.hot and not b.enabled and b.reason:
            b.draw(surface, 20)
