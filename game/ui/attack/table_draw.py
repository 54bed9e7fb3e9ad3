"""Drawing the Attack table: the felt, the seats, the cards in front of them, the tray,
the fanned hand with the reasons a card waits, the message log, the announcements of
the special cards, the score sheet and the final ranking (those two from `sheet`),
and the hot-seat curtain. Returns the buttons drawn, for the scene's input.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from .. import widgets as w
from ..curtain import draw_curtain
from .art import CARD, CHARACTERS, HAND_CARD, SMALL_CARD, card_back, card_face, cracked, seat_colour
from .layout import HAND_BOX, PROMPT_BOX, SIDE_PANEL, TABLE_CENTRE, TABLE_RADII, fan
from .sheet import draw_final, draw_sheet
from .view import position

if TYPE_CHECKING:
    from .table import AttackTableScene

FELT = (22, 74, 58)
RIM = (92, 58, 34)


@lru_cache(maxsize=4)
def _felt(size: tuple[int, int]) -> pygame.Surface:
    img = pygame.Surface(size)
    img.fill(w.BG)
    cx, cy = TABLE_CENTRE
    rx, ry = TABLE_RADII
    pygame.draw.ellipse(img, RIM, pygame.Rect(cx - rx - 16, cy - ry - 16, 2 * rx + 32, 2 * ry + 32))
    pygame.draw.ellipse(img, FELT, pygame.Rect(cx - rx, cy - ry, 2 * rx, 2 * ry))
    pygame.draw.ellipse(img, (30, 90, 70), pygame.Rect(cx - rx, cy - ry, 2 * rx, 2 * ry), 3)
    return img


def draw_table(surface: pygame.Surface, scene: AttackTableScene) -> list[w.Button]:
    if scene.curtain.down and scene.curtain.down_for is not None:
        person = scene.curtain.down_for
        draw_curtain(surface, person, scene.tr, seat_colour(person))
        return []
    surface.blit(_felt(surface.get_size()), (0, 0))
    _seats(surface, scene)
    scene.tray.draw(surface)
    _cards(surface, scene)
    _side_panel(surface, scene)
    _hand(surface, scene)
    _table_tip(surface, scene)
    _prompt(surface, scene)
    if scene.view.announcement is not None:
        _announcement(surface, scene)
    if scene.view.sheet is not None:
        return draw_sheet(surface, scene, scene.view.sheet)
    if scene.view.over is not None and len(scene.beats) <= 1:
        return draw_final(surface, scene, scene.view.over)
    return []


def _seats(surface: pygame.Surface, scene: AttackTableScene) -> None:
    state = scene.match.state
    obs = state.observation(-1)
    for place in scene.places:
        p = place.player
        seat = obs.seats[p]
        colour = seat_colour(p)
        box = place.plate
        active = p in state.current_players() or scene.tray.waiting == p
        w.panel(surface, box, 235, w.ACCENT if active else colour)
        pygame.draw.rect(surface, colour, pygame.Rect(box.x, box.y, 6, box.h), border_radius=3)
        inner = box.inflate(-16, -8).move(4, 0)
        line = pygame.Rect(inner.x, inner.y, inner.w, 22)
        w.fit_text(surface, scene.name(p), line, 22, colour)
        if p == scene.view.dealer:
            tag = pygame.Rect(inner.right - 24, inner.y + 24, 24, 18)
            w.fit_text(surface, scene.tr("attack_ui.dealer_mark"), tag, 18, w.ACCENT, "center")
        target = "?" if seat.target is None else str(seat.target)
        caught = scene.view.caught[p]
        stats = scene.tr("attack_ui.target_caught", target=target, caught=caught)
        w.fit_text(surface, stats, pygame.Rect(inner.x, inner.y + 24, inner.w - 26, 20), 19, w.INK)
        if scene.pondering == p:
            dots = "." * (1 + (pygame.time.get_ticks() // 300) % 3)
            more = scene.tr("attack_ui.thinking") + dots
            colour = w.ACCENT
        else:
            more = scene.tr("attack_ui.points_hand", points=scene.view.points[p], n=seat.hand)
            colour = w.MUTED
        w.fit_text(surface, more, pygame.Rect(inner.x, inner.y + 46, inner.w, 20), 19, colour)
        # the caught pile, face down, its count beside it (clear of the backs)
        back = card_back(SMALL_CARD, tuple(c // 2 for c in colour))
        rects = pile_rects(place.pile, caught)
        for rect in rects:
            surface.blit(back, rect)
        if rects:
            right = max(r.right for r in rects)
            w.text(
                surface, str(caught), (right + 4, place.pile[1]), 18, w.INK, "midleft", shadow=True
            )


def pile_rects(pile: tuple[int, int], caught: int) -> list[pygame.Rect]:
    """Where the card backs of a caught pile of `caught` cards at `pile` lie (up to 6)."""
    px, py = pile
    out = []
    for i in range(min(caught, 6)):
        rect = pygame.Rect(0, 0, *SMALL_CARD)
        rect.center = (px + i * 3, py - i * 3)
        out.append(rect)
    return out


def _cards(surface: pygame.Surface, scene: AttackTableScene) -> None:
    lang = scene.app.lang
    viewer = scene.viewer()
    for card in scene.view.cards:
        if card.state == "gone":
            continue
        x, y = position(card, scene._spot)
        face = card.face_for(viewer) or (scene.reveals_all and bool(card.card))
        img = card_face(scene.deck, card.card, lang, CARD) if face else card_back(CARD)
        if card.state == "cracked":
            img = cracked(img)
            dx, dy = x - TABLE_CENTRE[0], y - TABLE_CENTRE[1]
            norm = math.hypot(dx, dy) or 1.0
            shove = 28 * min(1.0, card.t * 2.0)
            x, y = x - dy / norm * shove, y + dx / norm * shove  # knocked aside, along the rim
            img = pygame.transform.rotate(img, 14 * min(1.0, card.t * 2.0))
        elif card.state == "catching":
            img = pygame.transform.smoothscale_by(img, 1.0 - 0.45 * card.t)
        surface.blit(img, img.get_rect(center=(round(x), round(y))))
        if face and card.state in ("down", "cracked"):
            mark = pygame.Rect(0, 0, CARD[0], 6).move(round(x) - CARD[0] // 2, 0)
            mark.top = round(y) + CARD[1] // 2 + 2
            pygame.draw.rect(surface, seat_colour(card.player), mark, border_radius=3)


@lru_cache(maxsize=128)
def _tilted(img: pygame.Surface, tilt: int) -> pygame.Surface:
    return pygame.transform.rotate(img, tilt)


def _hand(surface: pygame.Surface, scene: AttackTableScene) -> None:
    cards = scene.hand_cards()
    if not cards:
        return
    viewer = scene.viewer()
    assert viewer is not None
    chooser = scene.can_choose()
    lang = scene.app.lang
    for i, ((rect, tilt), card) in enumerate(zip(fan(len(cards), scene.focus), cards, strict=True)):
        why = scene.match.why_not(viewer, card)
        dim = why is not None or chooser is None
        img = _tilted(card_face(scene.deck, card, lang, HAND_CARD, dim), round(tilt))
        surface.blit(img, img.get_rect(center=rect.center))
        if i == scene.focus and chooser is not None:
            pygame.draw.rect(surface, w.ACCENT, rect.inflate(6, 6), 3, border_radius=10)
    focus = min(scene.focus, len(cards) - 1)
    why = scene.match.why_not(viewer, cards[focus])
    box = pygame.Rect(HAND_BOX.x, HAND_BOX.y - 4, HAND_BOX.w, 24)
    if why is not None:
        text = scene.text_of(why.key, {"player": why.player} if why.player >= 0 else {})
        w.panel(surface, box, 220, w.PANEL_EDGE, overlay=True)
        w.fit_text(surface, text, box.inflate(-12, -2), 20, w.MUTED, "center")
    elif chooser is not None:
        spec = scene.deck.by_id[cards[focus]]
        if spec.special:
            tip = pygame.Rect(HAND_BOX.x, HAND_BOX.y - 74, HAND_BOX.w, 66)
            w.panel(surface, tip, 240, w.ACCENT, overlay=True)
            w.paragraph(surface, spec.text.get(lang), tip.inflate(-16, -10), 19, w.INK, 2)


def _table_tip(surface: pygame.Surface, scene: AttackTableScene) -> None:
    """The text of the special card on the table under the pointer (its face shown)."""
    card = scene.table_hover
    if card is None or card not in scene.view.cards or card.state not in ("down", "cracked"):
        return
    spec = scene.deck.by_id.get(card.card)
    if spec is None or not spec.special:
        return
    x, y = scene._spot(card.player)
    tip = pygame.Rect(0, 0, 380, 124)
    tip.midtop = (round(x), round(y) + CARD[1] // 2 + 12)
    if tip.bottom > HAND_BOX.y:
        tip.midbottom = (round(x), round(y) - CARD[1] // 2 - 8)
    tip.clamp_ip(pygame.Rect(4, 4, SIDE_PANEL.x - 8, HAND_BOX.y - 4))
    lang = scene.app.lang
    w.panel(surface, tip, 240, w.ACCENT, overlay=True)
    head = pygame.Rect(tip.x + 10, tip.y + 4, tip.w - 20, 22)
    w.fit_text(surface, spec.name.get(lang), head, 20, w.ACCENT)
    body = pygame.Rect(tip.x + 10, head.bottom + 2, tip.w - 20, tip.bottom - head.bottom - 8)
    w.paragraph(surface, spec.text.get(lang), body, 18, w.INK, 2)


def _prompt(surface: pygame.Surface, scene: AttackTableScene) -> None:
    """What the person at the screen is asked to do now, above the table."""
    key = None
    state = scene.match.state
    die = scene.match.die_due()
    fields: dict[str, object] = {}
    if die is not None and scene.tray.waiting == die and scene.match.human(die):
        phase = "deal" if state.phase.value == "dealer_roll" else "target"
        key = f"attack_ui.throw_{phase}"
        fields = {"player": die}
    elif scene.can_choose() is not None:
        viewer = scene.can_choose()
        if state.phase.value == "blind":
            key = "attack_ui.choose_blind"
        elif not state.table:
            key = "attack_ui.your_lead"
        else:
            key = "attack_ui.your_turn"
        fields = {"player": viewer}
    if key is not None:
        draw_prompt(surface, scene, scene.prompt_key(key), fields)


def draw_prompt(
    surface: pygame.Surface, scene: AttackTableScene, key: str, fields: dict[str, object]
) -> None:
    w.panel(surface, PROMPT_BOX, 240, w.ACCENT)
    inner = PROMPT_BOX.inflate(-20, -12)
    if key.startswith("attack_ui.throw"):
        top = pygame.Rect(inner.x, inner.y, inner.w, 56)
        w.paragraph(surface, scene.text_of(key, fields), top, 22, w.INK, 2)
        hint = pygame.Rect(inner.x, inner.y + 60, inner.w, inner.h - 60)
        w.paragraph(surface, scene.tr("attack_ui.throw_keys"), hint, 17, w.MUTED, 1)
    else:
        w.paragraph(surface, scene.text_of(key, fields), inner, 24, w.INK, 3)


def _side_panel(surface: pygame.Surface, scene: AttackTableScene) -> None:
    box = SIDE_PANEL
    w.panel(surface, box, 225, w.PANEL_EDGE)
    state = scene.match.state
    head = pygame.Rect(box.x + 12, box.y + 8, box.w - 24, 28)
    rules = scene.tr(f"attack_ui.variant.{state.settings.variant.value}")
    view = scene.view  # the round whose show is on, not the core's (which runs ahead)
    title = scene.tr("attack_ui.deal_round", deal=max(1, view.deal), round=view.round)
    w.fit_text(surface, title, head, 24, w.ACCENT)
    w.fit_text(surface, rules, head.move(0, 28), 18, w.MUTED)
    y = head.bottom + 34
    lines = scene.view.log[-14:]
    for key, fields in lines:
        line = pygame.Rect(box.x + 12, y, box.w - 24, 34)
        y = w.paragraph(surface, scene.text_of(key, fields), line, 18, w.INK, 1) + 4
        if y > box.bottom - 30:
            break
    foot = pygame.Rect(box.x + 12, box.bottom - 26, box.w - 24, 20)
    w.fit_text(surface, scene.tr(scene.footer), foot, 16, w.MUTED)


def _announcement(surface: pygame.Surface, scene: AttackTableScene) -> None:
    a = scene.view.announcement
    assert a is not None
    lang = scene.app.lang
    box = pygame.Rect(0, 0, 640, 170)
    box.center = (TABLE_CENTRE[0], TABLE_CENTRE[1] - 10)
    base, _ = CHARACTERS.get(a.card, ((60, 60, 60), w.INK))
    w.panel(surface, box, 245, base, overlay=True)
    face = card_face(scene.deck, a.card, lang, HAND_CARD)
    surface.blit(face, face.get_rect(midleft=(box.x + 16, box.centery)))
    right = pygame.Rect(box.x + 120, box.y + 12, box.w - 136, 44)
    w.fit_text(surface, scene.text_of(a.headline, a.fields), right, 30, w.ACCENT)
    text = pygame.Rect(right.x, right.bottom + 4, right.w, box.h - 72)
    w.paragraph(surface, scene.deck.by_id[a.card].text.get(lang), text, 20, w.INK, 2)
