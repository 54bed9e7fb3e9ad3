"""The match screen drawn in its layers (`draw`), and the overlays over the table: chips,
the side panel, the battle panel, hovers.

The overlays are drawn after the table and before the banners. Only what the curtain
allows is drawn: the hand is the viewer's (`MatchScene.viewer`), and a hovered card is
one the viewer may see (his own, or the battle's card once it opened).
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from .. import text_fit
from .. import widgets as w
from ..curtain import draw_curtain
from ..seat_colours import PLAYER_COLOURS
from . import anims, hud, match_guide
from .battle_panel import draw_panel
from .coach import draw_hint
from .hud import SCREEN, ChipInfo
from .pieces import draw_piece_detail, piece_thumb
from .table_layer import draw_table

if TYPE_CHECKING:
    from .match import MatchScene

HOVER = (560, 300)
HINT_MARGIN = 190  # px beside the table a throw's hint needs to go there
NO_EFFECT = (120, 120, 130)


def draw(scene: MatchScene, surface: pygame.Surface) -> None:
    """The match screen: the table, the pop's particles, the throw being aimed, the
    animation playing, the overlays, the banners over them, a hint, the shake."""
    if scene.curtain.down:  # nothing but the curtain: no table, no hand, no hint
        p = scene.curtain.down_for or 0
        draw_curtain(surface, p, scene.tr, scene.colour(p))
        return
    draw_table(scene, surface)
    scene.outlines.start("moving")
    for x, y, _, _, life in scene.particles:
        pygame.draw.circle(surface, (255, 230, 140), (int(x), int(y)), max(1, int(4 * life / 0.6)))
    if scene.throw_input is not None and not scene.anims:  # (under a hint about it too)
        scene.throw_input.draw(surface)
    if scene.anims:
        anims.draw(scene, surface, scene.anims[0])
    overlays(scene, surface)
    if scene.anims:
        anims.draw_call(scene, surface, scene.anims[0])
    if scene.hints.showing is not None:
        step = scene.hints.showing
        target = match_guide.hint_target(scene, step)
        draw_hint(surface, step, target, scene.tr, match_guide.hint_clear(scene))
    if scene.shake > 0:
        k = scene.shake / 0.25
        surface.scroll(int(6 * k * math.sin(scene.t * 90)), int(4 * k * math.cos(scene.t * 70)))


def battle(scene: MatchScene, surface: pygame.Surface) -> None:
    """The battle panel, while a battle is shown."""
    model = scene.battle_panel()
    if model is None:
        return

    def species(ident: str) -> str:
        return scene.catalog.bakugan[ident].species

    box = hud.BATTLE.copy()
    box.h = min(box.h, scene.floor - box.y)  # (a replay's bar lies below)
    draw_panel(surface, model, box, scene.tr, PLAYER_COLOURS, species)


def overlays(scene: MatchScene, surface: pygame.Surface) -> None:
    chips(scene, surface)
    if scene.side.open:
        side(scene, surface)
    elif scene.side.shown:
        scene.side.draw_tab(surface)
    battle(scene, surface)
    throw_hint(scene, surface)
    if scene.hover_chip is not None:
        info = _chip_info(scene, scene.hover_chip)
        i = scene.view.seating.index(scene.hover_chip)
        rect = hud.chip_rects(len(scene.humans), scene.bar_edge())[i]
        hud.draw_chip_detail(surface, rect, info, scene.view, scene.catalog, scene.lang, scene.tr)
    elif scene.hover_piece is not None and scene.hover_rect is not None:
        hover(scene, surface, *scene.hover_piece, scene.hover_rect)


def _chip_info(scene: MatchScene, p: int) -> ChipInfo:
    turn = scene.view.turn_player == p and not scene.view.is_over()
    return ChipInfo(p, scene.who(p), scene.colour(p), turn)


def chips(scene: MatchScene, surface: pygame.Surface) -> None:
    rects = hud.chip_rects(len(scene.humans), scene.bar_edge())
    for p, rect in zip(scene.view.seating, rects, strict=True):
        hud.draw_chip(surface, rect, _chip_info(scene, p), scene.view, scene.catalog)


def side(scene: MatchScene, surface: pygame.Surface) -> None:
    footer = scene.tr("match.game_level", level=scene.view.game_level())
    scene.side.draw_frame(surface, match_guide.prompt(scene), scene._hint(), footer)
    for kind, ident, rect, playable in scene._hand_items():
        thumb = piece_thumb(scene.catalog, kind, ident, rect.size, scene.lang, not playable)
        surface.blit(thumb, rect)
        if playable:
            pygame.draw.rect(surface, w.ACCENT, rect.inflate(4, 4), 2, border_radius=8)
            if kind == "abilities" and scene.wasted(ident):
                _no_effect(scene, surface, rect)
        if scene.selected_gate == ident:
            pygame.draw.rect(surface, (255, 255, 255), rect.inflate(6, 6), 3, border_radius=8)
    for b in scene.buttons:
        b.draw(surface, 22)


def _no_effect(scene: MatchScene, surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A lit card that would change nothing now: a grey band across it says so."""
    band = pygame.Rect(rect.x, rect.centery - 20, rect.w, 40)
    shade = pygame.Surface(band.size, pygame.SRCALPHA)
    shade.fill((30, 30, 36, 215))
    surface.blit(shade, band)
    text = scene.tr("match.no_effect")
    w.paragraph(surface, text, band.inflate(-6, -6), 16, (220, 220, 230), 0, center=True)


def hover_box(anchor: pygame.Rect) -> pygame.Rect:
    """Where a hovered piece's details go: left of a card in the side panel, else beside
    the card (right of it, or left), on the screen."""
    box = pygame.Rect((0, 0), HOVER)
    if anchor.x >= hud.SIDE.x:
        box.topright = (hud.SIDE.x - 10, anchor.y)
    elif anchor.right + 12 + box.w <= SCREEN.right:
        box.midleft = (anchor.right + 12, anchor.centery)
    else:
        box.midright = (anchor.x - 12, anchor.centery)
    box.clamp_ip(SCREEN.inflate(-8, -8))
    return box


def hover(
    scene: MatchScene, surface: pygame.Surface, kind: str, ident: str, anchor: pygame.Rect
) -> None:
    box = hover_box(anchor)
    reason = scene.reason_text(ident) if kind == "abilities" else ""
    if reason:
        box.h += 58
        box.clamp_ip(SCREEN.inflate(-8, -8))
    w.panel(surface, box, 245, w.ACCENT, overlay=True)
    detail = pygame.Rect(box.x + 14, box.y + 12, box.w - 28, HOVER[1] - 24)
    draw_piece_detail(surface, detail, scene.catalog, kind, ident, scene.lang)
    if reason:
        why = pygame.Rect(box.x + 14, box.bottom - 58, box.w - 28, 48)
        pygame.draw.rect(surface, (70, 44, 28), why.inflate(8, 4), border_radius=8)
        w.paragraph(surface, reason, why, 19)


def throw_hint_box(scene: MatchScene) -> pygame.Rect | None:
    """Where the throw's hint lies now (None: no hint shows): beside the table when the
    throw's view leaves room there (on the side and at the end away from the thrower:
    the pull goes toward his own edge), else along the edge away from him; clear of the
    chips wherever they lie. While the sphere is pulled it makes way (the pull may go
    any way from a side seat, and the hand knows what it is doing)."""
    ti = scene.throw_input
    if ti is None or scene._busy() or ti.dragging:
        return None
    text = scene._hint()
    if not text:
        return None
    table = scene.table_view.rect
    side = scene.session.side(ti.player)
    top_seat = side == "top"
    top = 8 if top_seat else hud.TOP_BAR_H + 8
    box: pygame.Rect | None = None
    if table.x >= HINT_MARGIN and side != "left":
        box = pygame.Rect(10, top, min(260, table.x - 20), 300)
    elif SCREEN.right - table.right >= HINT_MARGIN and side != "right":
        box = pygame.Rect(table.right + 10, top, min(260, SCREEN.right - table.right - 20), 300)
    if box is None:  # the strip the camera left free for it (hud.throw_area)
        box = pygame.Rect(0, 0, 760, hud.HINT_STRIP - 8)
        if top_seat:  # above the chips, which lie along the bottom while he aims
            box.midbottom = (SCREEN.centerx, SCREEN.bottom - hud.TOP_BAR_H - 4)
        else:
            box.midtop = (SCREEN.centerx, hud.TOP_BAR_H + 4)
    if box.h > 52:  # a column beside the table: as tall as its lines
        size, lines = text_fit.fit_paragraph(text, box.w - 20, box.h - 12, 18, spacing=2)
        box.h = len(lines) * text_fit.line_step(size, 2) + 12
        if top_seat:  # at the foot, above the chips (his pull goes up)
            box.bottom = SCREEN.bottom - hud.TOP_BAR_H - 8
    return box


def throw_hint(scene: MatchScene, surface: pygame.Surface) -> None:
    """How to throw, in a strip across the side away from the thrower."""
    box = throw_hint_box(scene)
    if box is None:
        return
    w.panel(surface, box, 200, overlay=True)
    w.paragraph(surface, scene._hint(), box.inflate(-20, -12), 18, w.INK, 2)
