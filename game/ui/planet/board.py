"""Drawing the Battle Planet board: each side's three Character cards (face down until
they flip; an open Bakugan stands on its card with its cores; Evolutions lie on their
Character), the Energy row (charged upright, spent sideways), deck, discard, hand and
Heroes; and the Hidden Matrix of BakuCores on the table.

Each drawing function returns the `Spot`s it drew (a rectangle and the piece it shows),
which the match screen uses for hover boxes and clicks. Only what the observation
shows is drawn: a face-down Character is a back, the other player's hand a count.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.match.planet.layout import CIRCUMRADIUS, PlanetLayout
from game.rules.planet import Catalog, Hex
from game.rules.planet.observation import BakuganView, CoreView, SideView

from .. import art
from .. import widgets as w
from ..outlines import Outlines
from ..table_view import TableView

Tr = Callable[..., str]

FACTION_COLOURS: dict[str, tuple[int, int, int]] = {
    "pyrus": (200, 60, 50),
    "aquos": (50, 110, 200),
    "ventus": (60, 160, 80),
    "darkus": (120, 70, 160),
    "haos": (215, 190, 90),
    "aurelus": (220, 160, 40),
}
CORE_COLOURS: dict[str, tuple[int, int, int]] = {
    "fist": (200, 120, 60),
    "flaming_fist": (230, 80, 40),
    "shield": (90, 140, 200),
    "magic_shield": (150, 110, 220),
    "helix": (90, 190, 160),
}
PLAYER_COLOURS = ((90, 170, 255), (255, 120, 110))
BACK = (34, 40, 64)
CARD_W, CARD_H = 104, 132
LINES_TOP, LINE_H = 38, 17
"""A card face's short lines: where the first starts under the name, each one's height."""


@dataclass(frozen=True, slots=True)
class Spot:
    """Something drawn that can be hovered (and maybe clicked): `kind` is ``card``,
    ``character``, ``core``, ``deck``, ``discard``, ``energy``, ``hand`` or ``hex``."""

    rect: pygame.Rect
    kind: str
    ident: str
    player: int = -1
    slot: int = -1


def faction_colour(factions: Iterable[object]) -> tuple[int, int, int]:
    for f in factions:
        value = getattr(f, "value", f)
        if value in FACTION_COLOURS:
            return FACTION_COLOURS[str(value)]
    return (130, 130, 140)


def _attribute(faction: str) -> str | None:
    """The sphere colours of the classic art for a Planet faction (Aurelus: clear)."""
    return faction if faction in ("pyrus", "aquos", "ventus", "darkus", "haos") else None


def figure(catalog: Catalog, character: str, size: int) -> pygame.Surface:
    """An open Bakugan standing on its card (the art is cached)."""
    char = catalog.characters[character]
    return art.open_bakugan(char.species, _attribute(char.factions[0].value), size)


def warm_up(catalog: Catalog, characters: Iterable[str]) -> None:
    """Draw these Bakugan once before play, so no frame waits for their art."""
    for c in characters:
        figure(catalog, c, min(CARD_W - 30, CARD_H - 60))
        sphere_image(catalog, c, 16, 0.0)


def sphere_image(
    catalog: Catalog, character: str | None, radius: int, angle: float
) -> pygame.Surface:
    faction = ""
    if character is not None and character in catalog.characters:
        faction = catalog.characters[character].factions[0].value
    return art.closed_sphere(_attribute(faction), radius, angle)


@lru_cache(maxsize=64)
def _back(size: tuple[int, int]) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    rect = s.get_rect()
    pygame.draw.rect(s, BACK, rect, border_radius=8)
    pygame.draw.rect(s, (90, 100, 150), rect, 2, border_radius=8)
    cx, cy = rect.center
    r = min(size) // 4
    pts = [
        (
            cx + r * pygame.math.Vector2(1, 0).rotate(60 * k + 30).x,
            cy + r * pygame.math.Vector2(1, 0).rotate(60 * k + 30).y,
        )
        for k in range(6)
    ]
    pygame.draw.polygon(s, (70, 80, 130), pts, 3)
    return s


@lru_cache(maxsize=8)
def _shade(size: tuple[int, int]) -> pygame.Surface:
    s = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(s, (10, 14, 26, 110), s.get_rect(), border_radius=8)
    return s


def card_face(
    surface: pygame.Surface,
    rect: pygame.Rect,
    title: str,
    colour: tuple[int, int, int],
    lines: Iterable[str] = (),
    lit: bool = False,
) -> None:
    """A card's face: its faction colour, its name, a few short lines."""
    pygame.draw.rect(surface, tuple(c // 3 for c in colour), rect, border_radius=8)
    pygame.draw.rect(surface, colour, rect, 2, border_radius=8)
    if lit:
        pygame.draw.rect(surface, w.ACCENT, rect.inflate(6, 6), 3, border_radius=10)
    tall = rect.h >= 60
    head = pygame.Rect(rect.x + 4, rect.y + 3, rect.w - 8, 34 if tall else rect.h - 6)
    w.paragraph(surface, title, head, 16 if tall else 14, w.INK, 0)
    y = rect.y + LINES_TOP
    for line in lines:
        w.fit_text(surface, line, pygame.Rect(rect.x + 5, y, rect.w - 10, LINE_H), 15, w.INK)
        y += LINE_H


def hexagon(centre: tuple[float, float], radius: float) -> list[tuple[float, float]]:
    """A core's outline on screen: corners up and down, flats facing left and right."""
    cx, cy = centre
    vec = pygame.math.Vector2(radius, 0)
    return [(cx + vec.rotate(60 * k + 30).x, cy + vec.rotate(60 * k + 30).y) for k in range(6)]


@lru_cache(maxsize=64)
def _core_image(radius: int, kind: str) -> pygame.Surface:
    size = radius * 2 + 2
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pts = hexagon((size / 2, size / 2), radius)
    pygame.draw.polygon(s, CORE_COLOURS.get(kind, (160, 160, 160)), pts)
    pygame.draw.polygon(s, (20, 20, 30), pts, 2)
    return s


def core_icon(surface: pygame.Surface, centre: tuple[int, int], radius: int, kind: str) -> None:
    img = _core_image(radius, kind)
    surface.blit(img, img.get_rect(center=centre))


def figure_box(rect: pygame.Rect, lines: int) -> pygame.Rect:
    """Where an open Bakugan stands on its card of `rect`: below the card's name and its
    `lines` (numbers, Evolution), never over them; as big as the card allows."""
    top = rect.y + LINES_TOP + LINE_H * lines
    size = max(16, min(rect.w - 30, rect.h - 60, rect.bottom - 8 - top))
    box = pygame.Rect(0, 0, size, size)
    box.midbottom = (rect.centerx, rect.bottom - 8)
    return box


def draw_bakugan(
    surface: pygame.Surface,
    rect: pygame.Rect,
    b: BakuganView,
    catalog: Catalog,
    matrix: dict[Hex, CoreView],
    name: Callable[[str], str],
    tr: Tr,
    lit: bool = False,
    rolling: bool = False,
) -> None:
    """One Character card: a back while face down; face up its name and numbers; open,
    the Bakugan stands on it with the cores it holds; its Evolutions under the name."""
    if b.character is None:
        surface.blit(_back(rect.size), rect.topleft)
        if lit:
            pygame.draw.rect(surface, w.ACCENT, rect.inflate(6, 6), 3, border_radius=10)
        if rolling:
            w.fit_text(
                surface, tr("planet_ui.rolling"), rect.inflate(-8, -90), 16, w.ACCENT, "center"
            )
        return
    char = catalog.characters[b.character]
    top = catalog.cards[b.evolutions[-1]] if b.evolutions else None
    b_power = top.b_power if top is not None else char.b_power
    damage = top.damage if top is not None else char.damage
    lines = [tr("planet_ui.numbers", b=b_power, d=damage)]
    if top is not None:  # the Evolution on it by its rank (its whole name: hover)
        lines.append(tr("planet_ui.evolved_as", rank=tr(f"planet_ui.rank.{top.rank.label}")))
    colour = faction_colour(char.factions)
    for i in range(len(b.evolutions)):  # the cards under the top one peek out below
        under = rect.move(0, 4 * (len(b.evolutions) - i))
        pygame.draw.rect(surface, (60, 60, 80), under, border_radius=8)
        pygame.draw.rect(surface, colour, under, 1, border_radius=8)
    if not b.face_up:  # one's own, still face down on the table: the other cannot see it
        lines.append(tr("planet_ui.face_down"))
    card_face(surface, rect, name(b.character), colour, lines, lit)
    if not b.face_up:
        shade = _shade(rect.size)
        surface.blit(shade, rect.topleft)
    if b.open:
        spot = figure_box(rect, len(lines))
        img = figure(catalog, b.character, spot.w)
        surface.blit(img, img.get_rect(center=spot.center))
    elif rolling:
        tag = pygame.Rect(rect.x + 4, rect.bottom - 30, rect.w - 8, 22)
        w.fit_text(surface, tr("planet_ui.rolling"), tag, 16, w.ACCENT, "center")
    else:
        img = sphere_image(catalog, b.character, 16, 0.0)
        surface.blit(img, img.get_rect(center=(rect.centerx, rect.bottom - 30)))
    for i, h in enumerate(b.cores):
        view = matrix.get(h)
        kind = view.type if view is not None else "fist"
        core_icon(surface, (rect.x + 14 + 22 * i, rect.bottom - 12), 9, kind)


def draw_energy(
    surface: pygame.Surface, x: int, y: int, side: SideView, limit: int = 300
) -> list[Spot]:
    """The Energy row: a charged card upright, a spent one sideways."""
    spots = []
    for i, charged in enumerate(side.charged):
        if x > limit:
            break
        r = pygame.Rect(x, y, 20, 30) if charged else pygame.Rect(x, y + 10, 30, 20)
        colour = (90, 200, 240) if charged else (70, 80, 100)
        pygame.draw.rect(surface, colour, r, border_radius=4)
        pygame.draw.rect(surface, (20, 24, 40), r, 1, border_radius=4)
        face = side.energy[i] if side.energy is not None else ""
        spots.append(Spot(r, "energy", face, side.player, i))
        x += r.w + 4
    return spots


def energy_words(side: SideView, tr: Tr) -> str:
    """The Energy beside a player's cards: what he can pay now, his charged cards and
    this turn's pool together (the charged marks are public; the spent cards lie
    sideways next to it)."""
    return tr("planet_ui.energy_row", energy=sum(side.charged) + side.pool)


def draw_side(
    surface: pygame.Surface,
    area: pygame.Rect,
    side: SideView,
    catalog: Catalog,
    matrix: dict[Hex, CoreView],
    header: str,
    name: Callable[[str], str],
    tr: Tr,
    lit_slots: Iterable[int] = (),
    rolling_slot: int | None = None,
) -> list[Spot]:
    """One player's half: the header, the three Characters, Energy, deck, discard,
    hand, Heroes."""
    lit = set(lit_slots)
    spots: list[Spot] = []
    colour = PLAYER_COLOURS[side.player]
    w.fit_text(surface, header, pygame.Rect(area.x + 8, area.y + 2, area.w - 16, 22), 19, colour)
    for i, b in enumerate(side.bakugan):
        r = pygame.Rect(area.x + 8 + i * (CARD_W + 10), area.y + 26, CARD_W, CARD_H)
        draw_bakugan(surface, r, b, catalog, matrix, name, tr, i in lit, rolling_slot == i)
        spots.append(Spot(r, "character", b.character or "", side.player, i))
    y = area.y + 26 + CARD_H + 5
    w.fit_text(surface, energy_words(side, tr), pygame.Rect(area.x + 8, y, 70, 30), 15)
    spots += draw_energy(surface, area.x + 80, y, side, area.right - 30)
    y += 32
    counts = tr(
        "planet_ui.counts", deck=side.deck_count, discard=len(side.discard), hand=side.hand_count
    )
    deck_rect = pygame.Rect(area.x + 8, y, area.w - 16, 18)
    w.fit_text(surface, counts, deck_rect, 16, w.MUTED)
    spots.append(Spot(deck_rect, "discard", side.discard[-1] if side.discard else "", side.player))
    x = area.x + 8
    for card, _owner in side.heroes:  # the Heroes in play: gold chips, hover to read
        chip = pygame.Rect(x, y + 18, min(110, area.right - 8 - x), 18)
        if chip.w < 30:
            break
        pygame.draw.rect(surface, (90, 70, 20), chip, border_radius=6)
        pygame.draw.rect(surface, (255, 210, 110), chip, 1, border_radius=6)
        w.fit_text(surface, name(card), chip.inflate(-8, 0), 14, (255, 230, 160), "center")
        spots.append(Spot(chip, "card", card, side.player))
        x = chip.right + 4
    return spots


def draw_matrix(
    surface: pygame.Surface,
    view: TableView,
    layout: PlanetLayout,
    matrix: Iterable[CoreView],
    lying: Iterable[Hex],
    places: Iterable[Hex] = (),
    focus: Hex | None = None,
    outlines: Outlines | None = None,
) -> list[Spot]:
    """The BakuCores lying on the table (a core a Bakugan holds is with it), each
    showing its type, as big as the hexagon the physics judges a touch on (its outline
    noted in `outlines`); `places` (free hexes to place a core on) glow."""
    on_table = set(lying)
    spots = []
    radius = view.length(CIRCUMRADIUS)
    for c in matrix:
        centre = view.px(layout.core_centre(c.hex))
        if c.hex in on_table:
            core_icon(surface, centre, radius, c.type)
            if outlines is not None:
                outlines.polygon("table", "core", c.hex, hexagon(centre, radius))
            if c.core is not None:
                pygame.draw.circle(surface, PLAYER_COLOURS[c.owner], centre, max(3, radius // 4))
        else:
            pygame.draw.polygon(surface, (60, 70, 90), hexagon(centre, radius), 1)
        r = pygame.Rect(0, 0, radius * 2, radius * 2)
        r.center = centre
        spots.append(Spot(r, "core", c.core or "", c.owner))
    for h in places:
        centre = view.px(layout.core_centre(h))
        pygame.draw.polygon(surface, w.ACCENT, hexagon(centre, radius), 3 if h == focus else 1)
        r = pygame.Rect(0, 0, radius * 2, radius * 2)
        r.center = centre
        spots.append(Spot(r, "hex", f"{h[0]},{h[1]}"))
    return spots


__all__ = [
    "CARD_H",
    "CARD_W",
    "FACTION_COLOURS",
    "PLAYER_COLOURS",
    "Spot",
    "card_face",
    "core_icon",
    "draw_bakugan",
    "draw_energy",
    "draw_matrix",
    "draw_side",
    "faction_colour",
    "hexagon",
    "sphere_image",
]
