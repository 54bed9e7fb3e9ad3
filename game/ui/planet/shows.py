"""The moments the match screen stages before play goes on: damage milled card by card
(a Flip that comes up stops it, and its owner is offered to pay or let it go), a Team
Attack with its three Bakugan, the Victor, an Evolution, the end of the match.

A `Show` is made from an event (`shows_for`) and lasts its `seconds`; a click or Space
skips it. While one is on, nobody acts: the screen shows what the rules decided, one
step at a time, in the order they decided it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.rules.planet import Catalog
from game.rules.planet import events as ev

from .. import text_fit as fit
from .. import widgets as w
from .board import PLAYER_COLOURS, card_face, faction_colour

Tr = Callable[..., str]
Name = Callable[[str], str]

MILL_SECONDS = 0.22
BANNER_SECONDS = 1.3
BOX = pygame.Rect(392, 250, 496, 220)
CARDS_H = 108
"""The milled cards' two rows at the bottom of the box."""


@dataclass(slots=True)
class Show:
    kind: str  # "mill", "flip", "team", "victor", "evolved", "stop"
    player: int
    seconds: float
    lines: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()  # the cards milled so far in this damage (mill, flip)
    t: float = 0.0
    colour: tuple[int, int, int] = field(default=w.ACCENT)
    image: pygame.Surface | None = None  # drawn once, shown while it lasts


class Milling:
    """The cards milled by the damage going on, as the shows reveal them."""

    def __init__(self) -> None:
        self.cards: list[str] = []


def shows_for(
    event: ev.Event, name: Name, explain: Callable[[str], str], tr: Tr, milling: Milling
) -> list[Show]:
    """The staged moments of `event`; `explain` turns a breakdown into words."""
    if isinstance(event, ev.DamageDeclared):
        milling.cards = []
        if event.team:
            lines = [tr("planet_ui.show.team", player=event.attacker + 1, amount=event.amount)]
            lines += [
                tr(
                    "planet_ui.show.part",
                    bakugan=name(p.character),
                    total=p.total,
                    breakdown=explain(p.breakdown),
                )
                for p in event.parts
            ]
            return [Show("team", event.attacker, BANNER_SECONDS * 1.5, tuple(lines))]
        part = event.parts[0]
        line = tr("planet_ui.show.damage", bakugan=name(part.character), amount=event.amount)
        why = tr(
            "planet_ui.show.part",
            bakugan=name(part.character),
            total=part.total,
            breakdown=explain(part.breakdown),
        )
        return [Show("victor", event.attacker, BANNER_SECONDS, (line, why))]
    if isinstance(event, ev.Moved) and event.what == "milled for damage":
        milling.cards.append(event.card)
        line = tr("planet_ui.show.milled", player=event.player + 1, card=name(event.card))
        return [Show("mill", event.player, MILL_SECONDS, (line,), tuple(milling.cards))]
    if isinstance(event, ev.FlipMilled):
        milling.cards.append(event.card)
        line = tr(
            "planet_ui.show.flip", player=event.player + 1, card=name(event.card), cost=event.cost
        )
        return [Show("flip", event.player, BANNER_SECONDS, (line,), tuple(milling.cards))]
    if isinstance(event, ev.DamageStopped):
        line = tr("planet_demo.stop", card=name(event.card))
        return [Show("stop", event.player, BANNER_SECONDS, (line,))]
    if isinstance(event, ev.BattleWon):
        line = tr("planet_demo.victor", bakugan=name(event.character))
        return [Show("victor", event.player, BANNER_SECONDS * 0.8, (line,))]
    if isinstance(event, ev.Evolved):
        line = tr("planet_demo.evolved", bakugan=name(event.character), card=name(event.card))
        return [Show("evolved", event.player, BANNER_SECONDS * 0.8, (line,))]
    return []


def draw_show(
    surface: pygame.Surface,
    show: Show,
    name: Name,
    colour_of: Callable[[str], tuple[int, int, int]],
) -> None:
    """The staged moment over the middle of the table (drawn once, then kept)."""
    if show.image is None or fit.recording_now():
        show.image = pygame.Surface(BOX.size, pygame.SRCALPHA)
        _draw(show.image, show, name, colour_of)
        if fit.recording_now():  # (a text-fit check reads what a frame draws)
            _draw(surface.subsurface(BOX), show, name, colour_of)
            return
    surface.blit(show.image, BOX.topleft)


def _draw(
    surface: pygame.Surface,
    show: Show,
    name: Name,
    colour_of: Callable[[str], tuple[int, int, int]],
) -> None:
    box = surface.get_rect()
    colour = PLAYER_COLOURS[show.player] if show.player in (0, 1) else w.ACCENT
    w.panel(surface, box, 240, colour, overlay=True)
    y = box.y + 12
    if show.lines:
        head = pygame.Rect(box.x + 14, y, box.w - 28, 34)
        w.fit_text(surface, show.lines[0], head, 26, w.ACCENT, "center")
        y = head.bottom + 2
    if show.lines[1:]:  # the breakdowns, wrapped into the room down to the cards
        bottom = box.bottom - (CARDS_H if show.cards else 8)
        rest = pygame.Rect(box.x + 14, y, box.w - 28, bottom - y)
        w.paragraph(surface, "\n".join(show.lines[1:]), rest, 17, w.INK, 2, center=True)
    if show.cards:
        shown = show.cards[-8:]
        width = 116
        for i, card in enumerate(shown):
            col, row = i % 4, i // 4
            r = pygame.Rect(
                box.x + 10 + col * (width + 4), box.bottom - CARDS_H + 4 + row * 48, width, 44
            )
            lit = i == len(shown) - 1
            card_face(surface, r, name(card), colour_of(card), (), lit)


def card_colour(catalog: Catalog) -> Callable[[str], tuple[int, int, int]]:
    def colour(card: str) -> tuple[int, int, int]:
        d = catalog.cards.get(card)
        return faction_colour(d.factions if d is not None else ())

    return colour


__all__ = ["Milling", "Show", "card_colour", "draw_show", "shows_for"]
