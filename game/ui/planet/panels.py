"""The Battle Planet screen's panels: what step it is and whose priority, the batch as a
stack (top first), the battle with each Bakugan's B-Power and damage broken down
(Character or Evolution + cores + cards), the damage being milled, the log, the hand,
and the hover box that explains a card and its keywords.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

import pygame

from game.games.planet.event_words import breakdown_words, place_words
from game.rules.planet import WINDOWS, Catalog, Observation
from game.rules.planet.hexgrid import hex_str

from .. import text_fit as fit
from .. import widgets as w
from .board import PLAYER_COLOURS, Spot, faction_colour
from .choices import Offer
from .words import card_lines, phase_name

Tr = Callable[..., str]
Name = Callable[[str], str]

ROW_H = 40
REASON_ROW_H = 30
"""A hand row this tall has room for a dimmed card's reason under its name."""
REASON_COLOUR = (230, 180, 120)
BREAKDOWN_ROWS = 4
"""The most lines a Bakugan's breakdown takes in the battle panel (the log has the rest)."""
FIXED_LINES = 6 + 2 * 22 + 3 * 20 + 4
"""px of the battle panel its other lines may take: the top margin, the two sides' heads,
the victor's, damage's and flip's lines, the bottom margin."""


def breakdown_rows(rect: pygame.Rect) -> int:
    """The lines each side's breakdown may take in a battle panel of `rect`, so that the
    fixed lines always fit too (a replay's panel is shorter: its bar takes the floor)."""
    room = (rect.h - FIXED_LINES) // (2 * fit.line_step(14, 1))
    return max(2, min(BREAKDOWN_ROWS, room))


def draw_prompt(
    surface: pygame.Surface,
    rect: pygame.Rect,
    obs: Observation,
    prompt: str,
    tr: Tr,
) -> None:
    w.panel(surface, rect, 230)
    turn = tr("planet_ui.turn_phase", turn=obs.turn, phase=phase_name(obs.phase, tr))
    w.fit_text(surface, turn, pygame.Rect(rect.x + 10, rect.y + 4, rect.w - 20, 24), 20, w.ACCENT)
    top = rect.y + 28  # below the turn; below the priority too in a card window
    if obs.phase in WINDOWS and obs.card_play == "batch" and not obs.over:
        top = rect.y + 50
        who = tr("planet_ui.priority", player=obs.priority + 1)
        w.fit_text(
            surface,
            who,
            pygame.Rect(rect.x + 10, rect.y + 28, rect.w - 20, 20),
            17,
            PLAYER_COLOURS[obs.priority],
        )
    box = pygame.Rect(rect.x + 10, top, rect.w - 20, rect.bottom - 4 - top)
    w.paragraph(surface, prompt, box, 17, w.INK, 2)


def draw_batch(
    surface: pygame.Surface, rect: pygame.Rect, obs: Observation, name: Name, tr: Tr
) -> list[Spot]:
    """The batch, its top card first: who played it and what it is."""
    w.panel(surface, rect, 220)
    free = obs.card_play == "free" and not obs.batch  # the seed's card play: no stack
    title = (
        tr("planet_ui.batch_free_title")
        if free
        else tr("planet_ui.batch_title", count=len(obs.batch))
    )
    w.fit_text(surface, title, pygame.Rect(rect.x + 10, rect.y + 4, rect.w - 20, 22), 18, w.MUTED)
    spots = []
    y = rect.y + 28
    if free:
        w.paragraph(
            surface,
            tr("planet_ui.batch_free"),
            pygame.Rect(rect.x + 10, y, rect.w - 20, 44),
            17,
            w.MUTED,
            2,
        )
    elif not obs.batch:
        empty = pygame.Rect(rect.x + 10, y, rect.w - 20, 22)
        w.fit_text(surface, tr("planet_ui.batch_empty"), empty, 17, w.MUTED)
    for i, item in enumerate(reversed(obs.batch)):
        if y + 26 > rect.bottom - 2:
            more = pygame.Rect(rect.x + 10, y - 4, rect.w - 20, 18)
            w.fit_text(surface, tr("planet_ui.more", count=len(obs.batch) - i), more, 15, w.MUTED)
            break
        row = pygame.Rect(rect.x + 8, y, rect.w - 16, 24)
        colour = PLAYER_COLOURS[item.player]
        pygame.draw.rect(surface, tuple(c // 4 for c in colour), row, border_radius=6)
        pygame.draw.rect(surface, colour, row, 1, border_radius=6)
        label = tr("planet_ui.batch_item", player=item.player + 1, card=name(item.card))
        if item.trigger:
            label = tr("planet_ui.batch_trigger", label=label)
        if i == 0:
            label = tr("planet_ui.batch_top", label=label)
        w.fit_text(surface, label, row.inflate(-12, -2), 16, w.INK)
        spots.append(Spot(row, "card", item.card, item.player))
        y += 27
    return spots


def core_words(text: str, obs: Observation, tr: Tr) -> str:
    """A breakdown with each core's place (@q,r) named by its kind (Fist, Shield ...),
    the way the log names it (`place_words`)."""
    return place_words(text, {hex_str(c.hex): c.type for c in obs.matrix}, tr)


def draw_battle(
    surface: pygame.Surface,
    rect: pygame.Rect,
    obs: Observation,
    name: Name,
    lang: str,
    tr: Tr,
    log: Sequence[str],
) -> None:
    """The battle: each open Bakugan's B-Power and damage with their layers; the damage
    being dealt; then the last lines of the log."""
    w.panel(surface, rect, 225)
    y = rect.y + 6
    inner = rect.w - 20
    if obs.battle:
        for side in obs.battle:
            colour = PLAYER_COLOURS[side.player]
            head = tr(
                "planet_ui.battle_side",
                player=side.player + 1,
                bakugan=name(side.character),
                b=side.b_power,
                d=side.damage,
            )
            w.fit_text(surface, head, pygame.Rect(rect.x + 10, y, inner, 20), 17, colour)
            y += 20
            b_words = core_words(breakdown_words(side.b_text, name, lang), obs, tr)
            d_words = core_words(breakdown_words(side.d_text, name, lang), obs, tr)
            lines = tr("planet_ui.breakdown", b=b_words, d=d_words)
            rows = min(breakdown_rows(rect), len(w.wrap(lines, 14, inner - 6)))  # its room
            high = max(36, rows * fit.line_step(14, 1))
            y = w.paragraph(
                surface, lines, pygame.Rect(rect.x + 16, y, inner - 6, high), 14, w.INK, 1
            )
            y += 2
    else:
        w.fit_text(
            surface, tr("planet_ui.no_battle"), pygame.Rect(rect.x + 10, y, inner, 20), 17, w.MUTED
        )
        y += 24
    if obs.victor is not None:
        line = tr("planet_ui.victor_line", player=obs.victor + 1)
        w.fit_text(surface, line, pygame.Rect(rect.x + 10, y, inner, 20), 17, w.ACCENT)
        y += 20
    d = obs.damage
    if d is not None:
        key = "planet_ui.team_attack" if d.team else "planet_ui.damage_line"
        line = tr(key, player=d.attacker + 1, dealt=d.dealt)
        w.fit_text(surface, line, pygame.Rect(rect.x + 10, y, inner, 20), 17, (255, 170, 120))
        y += 20
        if d.flip is not None:
            flip = tr("planet_ui.flip_up", card=name(d.flip))
            w.fit_text(surface, flip, pygame.Rect(rect.x + 10, y, inner, 20), 17, (255, 220, 120))
            y += 20
    room = max(0, (rect.bottom - 4 - y) // 17)
    wrapped = [part for line in list(log)[-room:] for part in w.wrap(line, 14, inner)]
    for line in wrapped[-room:] if room else []:
        w.fit_text(surface, line, pygame.Rect(rect.x + 10, y, inner, 17), 14, w.MUTED)
        y += 17


def draw_hand(
    surface: pygame.Surface,
    rect: pygame.Rect,
    hand: Sequence[str] | None,
    count: int,
    offer: Offer | None,
    catalog: Catalog,
    name: Name,
    tr: Tr,
    focus: str | None = None,
    refused: Mapping[str, str] | None = None,
) -> list[Spot]:
    """The viewer's hand as rows (name, type, cost); a card he may use now is lit, a
    dimmed one says why under its name (`refused`), or instead of its type in a full
    hand. Nobody's to show (the curtain's rule): the count only."""
    w.panel(surface, rect, 220)
    title = tr("planet_ui.hand_title", count=count)
    w.fit_text(surface, title, pygame.Rect(rect.x + 10, rect.y + 4, rect.w - 20, 22), 18, w.MUTED)
    spots: list[Spot] = []
    if hand is None:
        return spots
    step = min(ROW_H, (rect.h - 32) // max(1, len(hand)))
    y = rect.y + 30
    for card in hand:
        d = catalog.cards[card]
        row = pygame.Rect(rect.x + 8, y, rect.w - 16, step - 4)
        usable = offer is not None and card in offer.by_card
        colour = faction_colour(d.factions)
        fill = tuple(c // 3 for c in colour) if usable else (34, 36, 46)
        pygame.draw.rect(surface, fill, row, border_radius=6)
        edge = w.ACCENT if card == focus else (colour if usable else (70, 74, 90))
        pygame.draw.rect(surface, edge, row, 2 if usable or card == focus else 1, border_radius=6)
        cost = pygame.Rect(row.right - 34, row.y, 30, row.h)
        w.fit_text(surface, str(d.cost), cost, 18, (120, 220, 255), "center")
        label = pygame.Rect(row.x + 8, row.y, row.w - 48, row.h)
        kind = tr(f"planet_ui.type.{d.type.value}")
        why = (refused or {}).get(card) if not usable else None
        if why and row.h >= REASON_ROW_H:
            label.h = row.h - 14
            below = pygame.Rect(label.x, label.bottom - 2, label.w, 15)
            w.fit_text(surface, why, below, 13, REASON_COLOUR)
        elif why:  # a full hand: the reason stands for the type
            kind = why
        w.fit_text(surface, f"{name(card)} · {kind}", label, 17, w.INK if usable else w.MUTED)
        spots.append(Spot(row, "hand", card))
        y += step
    return spots


def draw_tip(
    surface: pygame.Surface, near: pygame.Rect, head: str, body: str, notes: Sequence[str]
) -> None:
    """A hover box beside `near`: a card's name, its text and its keywords explained."""
    width = 380
    text = body + ("\n" + "\n".join(notes) if notes else "")
    lines = w.wrap(text, 17, width - 20)
    height = min(420, 44 + fit.line_step(17, 2) * len(lines))
    box = pygame.Rect(0, 0, width, height)
    box.topleft = (near.right + 8, near.y)
    if box.right > surface.get_width() - 4:
        box.topright = (near.x - 8, near.y)
    box.clamp_ip(surface.get_rect().inflate(-8, -8))
    w.panel(surface, box, 245, w.ACCENT, overlay=True)
    w.fit_text(surface, head, pygame.Rect(box.x + 10, box.y + 6, box.w - 20, 24), 19, w.ACCENT)
    w.paragraph(
        surface, text, pygame.Rect(box.x + 10, box.y + 34, box.w - 20, box.h - 40), 17, w.INK, 2
    )


def draw_hover(
    surface: pygame.Surface,
    spots: Sequence[Spot],
    hover: tuple[int, int],
    catalog: Catalog,
    lang: str,
    tr: Tr,
) -> None:
    """The hover box of the card, Character or core under the mouse (a spot the board
    drew for the viewer: a hidden piece has no ident)."""
    for spot in spots:
        if spot.ident and spot.rect.collidepoint(hover):
            known = (
                spot.ident in catalog.cards
                or spot.ident in catalog.characters
                or spot.ident in catalog.cores
            )
            if not known:
                return
            head, body, notes = card_lines(catalog, spot.ident, lang, tr)
            draw_tip(surface, spot.rect, head, body, notes)
            return


def draw_notice(surface: pygame.Surface, text: str, box: pygame.Rect) -> None:
    """A line over the top of the table, in `box` (`screen.notice_box`): a choice taken
    without the curtain."""
    w.panel(surface, box, 235, w.ACCENT, overlay=True)
    w.fit_text(surface, text, box.inflate(-20, -6), 20, w.INK, "center")


def draw_plan(
    surface: pygame.Surface, rect: pygame.Rect, cores: Sequence[str], label: Name, tr: Tr
) -> list[Spot]:
    """Behind his curtain, a person's order of BakuCores (the first goes down next)."""
    w.panel(surface, rect, 220)
    title = pygame.Rect(rect.x + 10, rect.y + 4, rect.w - 20, 22)
    w.fit_text(surface, tr("planet_ui.plan_title"), title, 18, w.MUTED)
    spots: list[Spot] = []
    for i, core in enumerate(cores):
        row = pygame.Rect(rect.x + 8, rect.y + 30 + i * 34, rect.w - 16, 30)
        if row.bottom > rect.bottom:
            break
        pygame.draw.rect(surface, (34, 36, 46), row, border_radius=6)
        pygame.draw.rect(surface, w.ACCENT if i == 0 else (70, 74, 90), row, 1, border_radius=6)
        text = tr("planet_ui.plan_row", n=i + 1, core=label(core))
        w.fit_text(surface, text, row.inflate(-16, 0), 17, w.INK)
        spots.append(Spot(row, "core", core))
    return spots


__all__ = [
    "draw_batch",
    "draw_battle",
    "draw_hand",
    "draw_notice",
    "draw_plan",
    "draw_prompt",
    "draw_tip",
]
