"""What the Planet replay viewer draws over the match screen: both hands (where the
match screen has the hand and the choices: nobody chooses here) and the bar at the
bottom (state, speed, record, turn, view, the keys).

A hand the view may see shows its cards; another shows as backs and a count."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import widgets as w
from ..replay_bar import BAR, draw_problem
from ..replay_bar import draw_bar as draw_bar_line
from .board import PLAYER_COLOURS, faction_colour

if TYPE_CHECKING:
    from .replay import PlanetReplayScene

HANDS = pygame.Rect(932, 262, 344, 424)
"""The hand's and the choices' places on the match screen, above the bar."""
ROW = 26


def hand_rects() -> tuple[pygame.Rect, pygame.Rect]:
    """Player 2's hand above (as his side is), player 1's below."""
    half = (HANDS.h - 6) // 2
    top = pygame.Rect(HANDS.x, HANDS.y, HANDS.w, half)
    bottom = pygame.Rect(HANDS.x, HANDS.y + half + 6, HANDS.w, half)
    return top, bottom


def _backs(surface: pygame.Surface, rect: pygame.Rect, count: int) -> None:
    """`count` card backs in a fan (nothing of their faces)."""
    if count <= 0:
        return
    cw, ch = 34, 48
    step = min(cw + 6, (rect.w - cw) // max(1, count - 1)) if count > 1 else 0
    for i in range(count):
        r = pygame.Rect(rect.x + i * step, rect.y, cw, ch)
        pygame.draw.rect(surface, (40, 44, 90), r, border_radius=5)
        pygame.draw.rect(surface, (150, 160, 230), r, 2, border_radius=5)
        pygame.draw.circle(surface, (200, 170, 60), r.center, 8, 2)


def draw_hand_panel(
    scene: PlanetReplayScene, surface: pygame.Surface, rect: pygame.Rect, player: int
) -> None:
    obs = scene.observation()
    side = obs.side(player)
    w.panel(surface, rect, 225)
    title = scene.tr("planet_replay.hand", player=player + 1, count=side.hand_count)
    head = pygame.Rect(rect.x + 10, rect.y + 4, rect.w - 20, 22)
    w.fit_text(surface, title, head, 18, PLAYER_COLOURS[player])
    body = pygame.Rect(rect.x + 8, rect.y + 30, rect.w - 16, rect.h - 36)
    if side.hand is None:
        _backs(surface, pygame.Rect(body.x, body.y + 4, body.w, 48), side.hand_count)
        note = pygame.Rect(body.x, body.y + 58, body.w, 20)
        w.fit_text(surface, scene.tr("planet_replay.hand_hidden"), note, 15, w.MUTED)
        return
    hand = side.hand
    step = min(ROW, body.h // max(1, len(hand)))
    for i, card in enumerate(hand):
        d = scene.catalog.cards[card]
        row = pygame.Rect(body.x, body.y + i * step, body.w, step - 3)
        colour = faction_colour(d.factions)
        pygame.draw.rect(surface, tuple(c // 3 for c in colour), row, border_radius=5)
        pygame.draw.rect(surface, colour, row, 1, border_radius=5)
        cost = pygame.Rect(row.right - 30, row.y, 26, row.h)
        w.fit_text(surface, str(d.cost), cost, 16, (120, 220, 255), "center")
        label = pygame.Rect(row.x + 8, row.y, row.w - 42, row.h)
        kind = scene.tr(f"planet_ui.type.{d.type.value}")
        w.fit_text(surface, f"{scene.name(card)} · {kind}", label, 15, w.INK)


def draw_hands(scene: PlanetReplayScene, surface: pygame.Surface) -> None:
    top, bottom = hand_rects()
    pygame.draw.rect(surface, w.BG, HANDS)
    draw_hand_panel(scene, surface, top, 1)
    draw_hand_panel(scene, surface, bottom, 0)


def view_words(scene: PlanetReplayScene) -> str:
    if scene.seat_view is None:
        return scene.tr("planet_replay.view_all")
    return scene.tr("planet_replay.view_seat", player=scene.seat_view + 1)


def draw_bar(scene: PlanetReplayScene, surface: pygame.Surface) -> None:
    line = scene.bar_line("planet_replay.bar", turn=scene.match.state.turn, view=view_words(scene))
    draw_bar_line(surface, line, 19)
    if scene.problem is not None:
        draw_problem(surface, scene.problem, pygame.Rect(240, 640, 800, 44), 20)


__all__ = ["BAR", "HANDS", "draw_bar", "draw_hands", "hand_rects", "view_words"]
