"""What the Attack replay viewer draws over the table: the other seats' hands face up
(the spectator's view), the bar at the bottom (playing or paused, the speed, the
record, the deal and round, the view, the keys) and the line of a replay that drifted.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game.rules.attack import Deck

from .. import widgets as w
from ..replay_bar import draw_bar, draw_problem
from .art import CHARACTERS, SMALL_CARD, card_mark, seat_colour
from .art import _number_colour as number_colour  # (the colours of the table's cards)
from .layout import SIDE_PANEL

if TYPE_CHECKING:
    from .replay import AttackReplayScene

PROBLEM = pygame.Rect(170, 640, 760, 44)
HAND_CARD_SMALL = (SMALL_CARD[0] + 6, SMALL_CARD[1] + 8)  # a seat's hand, face up
STEP = 26  # px between the small cards of a hand


def hand_rects(plate: pygame.Rect, count: int) -> list[pygame.Rect]:
    """Where a seat's hand lies face up: a row above its plate (below it, for a plate
    at the table's top edge), kept on the table's side of the screen."""
    wd, ht = HAND_CARD_SMALL
    width = STEP * max(count - 1, 0) + wd
    row = pygame.Rect(0, 0, width, ht)
    row.centerx = plate.centerx
    if plate.top >= ht + 12:
        row.bottom = plate.top - 4
    else:
        row.top = plate.bottom + 4
    row.clamp_ip(pygame.Rect(4, 4, SIDE_PANEL.x - 8, 680))
    return [pygame.Rect(row.x + i * STEP, row.y, wd, ht) for i in range(count)]


@lru_cache(maxsize=128)
def mini_face(deck: Deck, card: str, lang: str, size: tuple[int, int]) -> pygame.Surface:
    """A card face small enough for a seat's hand: its colour and its number, or the
    character's mark (the names do not fit a card this small)."""
    img = pygame.Surface(size, pygame.SRCALPHA)
    spec = deck.by_id[card]
    if spec.special:
        base, ink = CHARACTERS.get(card, ((90, 90, 90), (255, 255, 255)))
        label = card_mark(deck, card, lang)
    else:
        base, ink = number_colour(spec.number or 1), (255, 255, 255)
        label = str(spec.number)
    rect = img.get_rect()
    pygame.draw.rect(img, (250, 248, 240), rect, border_radius=5)
    pygame.draw.rect(img, base, rect.inflate(-6, -6), border_radius=4)
    w.fit_text(img, label, rect.inflate(-8, -14), size[1] // 2, ink, "center")
    return img


def draw_hands(
    surface: pygame.Surface, scene: AttackReplayScene, hands: dict[int, list[str]]
) -> None:
    lang = scene.app.lang
    for place in scene.places:
        cards = hands.get(place.player)
        if not cards:
            continue
        rects = hand_rects(place.plate, len(cards))
        frame = rects[0].unionall(rects).inflate(6, 6)
        pygame.draw.rect(surface, seat_colour(place.player), frame, 2, border_radius=6)
        for rect, card in zip(rects, cards, strict=True):
            surface.blit(mini_face(scene.deck, card, lang, HAND_CARD_SMALL), rect)


def draw_replay_bar(surface: pygame.Surface, scene: AttackReplayScene) -> None:
    state = scene.match.state
    line = scene.bar_line(
        "attack_replay.bar",
        deal=max(1, state.deal_no),
        round=state.round_no,
        view=scene.view_text(),
    )
    draw_bar(surface, line)
    if scene.problem is not None:
        draw_problem(surface, scene.problem, PROBLEM, 22)
