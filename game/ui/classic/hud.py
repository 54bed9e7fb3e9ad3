"""The match's compact overlays around the table: where they lie, and each player's chip.

The table has the screen; what a player needs besides it lies over its edges:

- a chip per player along the top: name, whose turn, the Gate Cards captured, the
  Bakugan still to throw (their G-Power on hover), the hand's size as card icons;
  hovering a chip opens its details (the G-Power of each sphere, the cards played,
  Traps and Battle Gear);
- the side panel on the right (`side_panel`): the person's hand and choices;
- the battle panel on the left while a battle is fought (`battle_panel`).

Only public things are on the chips: counts, never cards in hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.rules.classic import Catalog, MatchState

from .. import widgets as w

TOP_BAR_H = 56
SIDE = pygame.Rect(974, 62, 298, 652)
BATTLE = pygame.Rect(8, 62, 356, 652)
SCREEN = pygame.Rect(0, 0, 1280, 720)


def field_area(side_open: bool) -> pygame.Rect:
    """Where the field view frames the table: under the chips, left of the side panel."""
    right = SIDE.x - 10 if side_open else SCREEN.right - 34
    return pygame.Rect(10, TOP_BAR_H + 6, right - 10, SCREEN.h - TOP_BAR_H - 12)


def battle_area(side_open: bool) -> pygame.Rect:
    """Where a battle's card is framed: between the battle panel and the side panel."""
    right = SIDE.x - 8 if side_open else SCREEN.right - 34
    return pygame.Rect(BATTLE.right + 8, TOP_BAR_H + 6, right - BATTLE.right - 8, 646)


HINT_STRIP = 60  # px: the throw's hint along the edge away from the thrower


def throw_area(side: str, hint: bool = False) -> pygame.Rect:
    """A throw has the screen below the chips; from the top seat, the whole screen (the
    pull goes up over the chips). With `hint`, less the strip the throw's hint takes."""
    strip = HINT_STRIP if hint else 0
    if side == "top":
        return pygame.Rect(0, 0, SCREEN.w, SCREEN.h - strip)
    return pygame.Rect(0, TOP_BAR_H + strip, SCREEN.w, SCREEN.h - TOP_BAR_H - strip)


def chip_rects(n: int) -> list[pygame.Rect]:
    """The chips of `n` players along the top, in seat order from the left."""
    gap = 8
    width = min(420, (SCREEN.w - 16 - gap * (n - 1)) // n)
    total = n * width + gap * (n - 1)
    x = (SCREEN.w - total) // 2
    return [pygame.Rect(x + i * (width + gap), 4, width, TOP_BAR_H - 8) for i in range(n)]


@lru_cache(maxsize=16)
def _mini(colour: str, size: tuple[int, int]) -> pygame.Surface:
    """A captured card on a chip: the card's back, smaller than the art draws cards."""
    from .. import art

    return pygame.transform.smoothscale(art.gate_card(colour, (48, 68), False), size)


@dataclass(frozen=True, slots=True)
class ChipInfo:
    player: int
    name: str
    colour: tuple[int, int, int]
    turn: bool


def draw_chip(
    surface: pygame.Surface,
    rect: pygame.Rect,
    info: ChipInfo,
    state: MatchState,
    catalog: Catalog,
) -> None:
    from .. import art

    w.panel(surface, rect, 215, info.colour if info.turn else w.PANEL_EDGE, overlay=True)
    ps = state.players[info.player]
    need = state.settings.gates_to_win
    # Row one: the name (and "turn"), the captured cards at the right.
    mini_h = 20
    mini_w = mini_h * 34 // 48
    caps = pygame.Rect(0, 0, need * (mini_w + 3), mini_h)
    caps.topright = (rect.right - 10, rect.y + 5)
    for i in range(need):
        at = pygame.Rect(caps.x + i * (mini_w + 3), caps.y, mini_w, mini_h)
        if i < len(ps.captured):
            gate = catalog.gates[ps.captured[i][1]]
            surface.blit(_mini(gate.colour.value, at.size), at)
        else:
            pygame.draw.rect(surface, (70, 80, 110), at, 1, border_radius=3)
    name = pygame.Rect(rect.x + 10, rect.y + 3, caps.x - rect.x - 16, 22)
    w.fit_text(surface, info.name, name, 22, info.colour)
    # Row two: the spheres still to throw, the used ones faded, the hand as icons.
    y = rect.bottom - 13
    x = rect.x + 12
    r = 8
    for b in ps.unused:
        d = catalog.bakugan[b]
        img = art.closed_sphere(d.attribute.value if d.attribute else None, r, 0.0)
        surface.blit(img, img.get_rect(center=(x + r, y)))
        x += 2 * r + 3
    x += 6
    for b in ps.used:
        d = catalog.bakugan[b]
        img = art.closed_sphere(d.attribute.value if d.attribute else None, 6, 0.0).copy()
        img.set_alpha(120)
        surface.blit(img, img.get_rect(center=(x + 6, y)))
        x += 14
    counts = [("gate", len(ps.gates)), ("ability", len(ps.abilities))]
    if ps.traps or ps.gear or ps.used_traps or ps.used_gear:
        counts.append(("support", len(ps.traps) + len(ps.gear)))
    right = rect.right - 10
    for kind, n in reversed(counts):
        label = w.render(str(n), 16, w.INK)
        at = label.get_rect(midright=(right, y))
        surface.blit(label, at)
        icon = pygame.Rect(0, 0, 11, 15)
        icon.midright = (at.x - 3, y)
        colour = {"gate": (200, 170, 80), "ability": (190, 80, 80), "support": (120, 180, 220)}
        pygame.draw.rect(surface, colour[kind], icon, border_radius=2)
        pygame.draw.rect(surface, (20, 20, 30), icon, 1, border_radius=2)
        right = icon.x - 8
    if info.turn:
        dot = (rect.x + 4, rect.centery)
        pygame.draw.circle(surface, w.ACCENT, dot, 3)


def draw_chip_detail(
    surface: pygame.Surface,
    chip: pygame.Rect,
    info: ChipInfo,
    state: MatchState,
    catalog: Catalog,
    lang: str,
    tr: object,
) -> None:
    """The chip's details below it: each sphere with its G-Power, cards played, support."""
    from collections.abc import Callable

    from .. import art

    assert callable(tr)
    say: Callable[..., str] = tr
    ps = state.players[info.player]
    box = pygame.Rect(chip.x, chip.bottom + 4, max(chip.w, 340), 170)
    box.clamp_ip(SCREEN)
    w.panel(surface, box, 240, info.colour, overlay=True)
    inner = box.inflate(-20, -14)
    w.fit_text(
        surface,
        say("match.captured_n", n=len(ps.captured), need=state.settings.gates_to_win),
        pygame.Rect(inner.x, inner.y, inner.w, 22),
        20,
    )
    w.fit_text(
        surface, say("match.unused"), pygame.Rect(inner.x, inner.y + 26, inner.w, 18), 16, w.MUTED
    )
    x = inner.x
    for b in ps.unused:
        d = catalog.bakugan[b]
        img = art.closed_sphere(d.attribute.value if d.attribute else None, 13, 0.0)
        surface.blit(img, img.get_rect(center=(x + 13, inner.y + 62)))
        w.text(surface, str(d.g_power), (x + 13, inner.y + 84), 16, w.INK, "center")
        x += 44
    hand = say("match.hand", gates=len(ps.gates), abilities=len(ps.abilities))
    w.fit_text(surface, hand, pygame.Rect(inner.x, inner.y + 98, inner.w, 20), 18, w.MUTED)
    lines = []
    if ps.traps or ps.gear or ps.used_traps or ps.used_gear:
        lines.append(say("match.support", traps=len(ps.traps), gear=len(ps.gear)))
    used = ", ".join(catalog.abilities[c].name.get(lang) for c in ps.used_abilities)
    if used:
        lines.append(say("match.played", cards=used))
    if lines:
        w.paragraph(
            surface,
            "\n".join(lines),
            pygame.Rect(inner.x, inner.y + 122, inner.w, 34),
            16,
            w.MUTED,
            2,
        )
