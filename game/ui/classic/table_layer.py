"""The match table as the camera sees it: felt, throw bands, Gate Cards, Bakugan, Traps.

Sizes follow the camera's scale (snapped to a few steps, so the cached art is reused
while the camera moves). A face-down Gate Card shows its colour only to its owner when
he is the one the screen may show things to (`MatchScene.sees`); the card of a
battle shows its face once it has opened. A replay's spectator view
(`MatchScene.all_revealed`) shows every face-down card's face under a veil.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

from game import physics
from game.match.classic.session import standing_places
from game.rules.classic import MoveBakugan, TakeGate
from game.rules.classic import events as ev

from .. import text_fit
from .. import widgets as w
from . import band_names, match_choices

if TYPE_CHECKING:
    from .match import MatchScene

SNAP = 4  # px: art sizes move in steps of this while the camera zooms


def snap(n: float) -> int:
    return max(SNAP, round(n / SNAP) * SNAP)


@lru_cache(maxsize=2)
def _top(size: tuple[int, int]) -> pygame.Surface:
    """The table's own felt (a shade lighter than the floor around it), opaque."""
    from .. import art

    top = pygame.Surface(size)
    top.blit(art.table_felt(size), (0, 0))
    light = pygame.Surface(size, pygame.SRCALPHA)
    light.fill((40, 70, 70, 60))
    top.blit(light, (0, 0))
    return top


def card_image(
    colour: str,
    rect: pygame.Rect,
    face_up: bool,
    bonuses: dict[str, int] | None,
    title: str = "",
    heading: int | None = None,
) -> tuple[pygame.Surface, pygame.Rect]:
    """A Gate Card's art filling `rect` (the card as the physics has it); while the
    camera moves (`heading`: the card's height where it stops) the art of one of a few
    sizes is stretched to it instead of drawn anew."""
    from .. import art

    # Still: the art at the card's size. Moving: the art of one of a few sizes (the
    # nearest), stretched, so a zoom draws no card art anew at every step.
    size = (max(8, rect.w), max(8, rect.h))
    if heading is None:
        drawn = size
    else:
        h = bucket(rect.h)
        drawn = (max(8, round(h * physics.CARD_WIDTH / physics.CARD_LENGTH)), h)
    font = w.font(max(10, drawn[0] // 9)) if title else None
    img = art.gate_card(colour, drawn, face_up, bonuses, title, None, font)
    if drawn != size:
        img = pygame.transform.scale(img, size)
    return img, img.get_rect(center=rect.center)


BUCKETS = tuple(round(32 * 1.12**k) for k in range(18))  # 32 ... ~220 px


def bucket(size: float) -> int:
    """The nearest of the sizes art is drawn at while the camera moves."""
    return min(BUCKETS, key=lambda b: abs(b - size))


def figure(scene: MatchScene, species: str, attribute: str | None) -> pygame.Surface:
    """An opened Bakugan at the camera's scale (stretched from its final size while the
    camera moves, like the cards)."""
    from .. import art

    size = scene.figure_size()
    if scene.settle_scale() is None:
        return art.open_bakugan(species, attribute, size)
    near = bucket(size)
    img = art.open_bakugan(species, attribute, near)
    return img if near == size else pygame.transform.scale(img, (size, size))


SPHERE_SIZES = (6, 8, 10, 12, 14, 16, 20, 24, 28)


def sphere(attribute: str | None, radius: int, angle: float) -> pygame.Surface:
    """A closed sphere of `radius`, drawn at the nearest of a few sizes and stretched to
    it: the camera's zoom passes through every radius, the art is drawn for a few."""
    from .. import art

    near = min(SPHERE_SIZES, key=lambda r: (abs(r - radius), r))
    img = art.closed_sphere(attribute, near, angle)
    if near == radius:
        return img
    return pygame.transform.smoothscale(img, (2 * radius, 2 * radius))


@lru_cache(maxsize=2)
def _floor(size: tuple[int, int]) -> pygame.Surface:
    """The felt around the table, opaque (blits four times faster than with alpha)."""
    from .. import art

    floor = pygame.Surface(size)
    floor.blit(art.table_felt(size), (0, 0))
    return floor


@lru_cache(maxsize=16)
def _shade(size: tuple[int, int], colour: tuple[int, int, int]) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((*colour, 38))
    return layer


@lru_cache(maxsize=16)
def _veil(size: tuple[int, int]) -> pygame.Surface:
    """The shade over a card shown face up that still lies face down in the match."""
    veil = pygame.Surface(size, pygame.SRCALPHA)
    veil.fill((10, 14, 30, 90))
    pygame.draw.rect(veil, (200, 210, 255, 160), veil.get_rect(), 2, border_radius=5)
    return veil


def draw_table(scene: MatchScene, surface: pygame.Surface) -> None:

    view = scene.table_view
    _background(scene, surface)
    revealed = scene.all_revealed
    battle = scene.view.battle
    # The battle as the panel shows it (after the event being animated), so the card
    # turns over with "Gate Card, open!" and both battlers stand on it.
    shot = scene.battle_shot_now()
    fighting = [(s.player, s.bakugan) for s in shot.evaluation.sides] if shot else []
    for slot in match_choices.slots_for_selected(scene):
        r = scene.card_rect(slot)
        pulse = 120 + int(80 * math.sin(scene.t * 6))
        pygame.draw.rect(surface, (255, 220, 90), r, 3, border_radius=4)
        glow = pygame.Surface(r.size, pygame.SRCALPHA)
        glow.fill((255, 220, 90, pulse // 3))
        surface.blit(glow, r)
    ring = scene.standing_radius()
    heading = scene.settle_scale()
    card_h = None if heading is None else round(physics.CARD_LENGTH * heading)
    outlines = scene.outlines
    outlines.start("table")
    outlines.rect("table", "table", "table", view.rect)
    # where each standing Bakugan stands: where the physics has it (the table of the
    # view's moment: the places it rested at then)
    resting = {**scene.session.resting, **scene.view_resting}
    places = dict(standing_places(scene.session.layout, scene.view.field, resting))
    for slot, fg in scene.view.field.items():
        r = scene.card_rect(slot)
        face_up = shot is not None and shot.slot == slot and shot.gate_open
        known = face_up or scene.sees(fg.owner)
        gate = scene.catalog.gates[fg.gate]
        colour = gate.colour.value if known else "back"
        shown = face_up or revealed  # (a spectator sees the face of a card still down)
        bonuses = {a.value: v for a, v in gate.bonuses.items()} if shown else None
        title = gate.name.get(scene.lang) if shown else ""
        img, at = card_image(colour, r, shown, bonuses, title, card_h)
        surface.blit(img, at)
        if shown and not face_up:  # still face down in the match: veiled
            surface.blit(_veil(at.size), at)
        # its owner's colour along its edge, inside it: the card ends where it is judged
        pygame.draw.rect(surface, scene.colour(fg.owner), at, 2, border_radius=5)
        outlines.rect("table", "card", slot, at)
        on_card = [k for k in fg.standing if k not in fighting]
        if shot is not None and shot.slot == slot:  # the two battling are there too
            on_card += fighting
        centre = scene.slot_centre(slot)
        for q, b in on_card:
            pos = places.get((q, b)) or resting.get((q, b), centre)
            d = scene.catalog.bakugan[b]
            sprite = figure(scene, d.species, d.attribute.value if d.attribute else None)
            c = view.px(pos)
            if face_up and (q, b) in fighting:  # beside the open card: its face stays readable
                side = fighting.index((q, b))
                c = (at.left - ring if side == 0 else at.right + ring, at.centery)
            else:  # as big as it collides: its ring is the circle a sphere bounces off
                outlines.circle("table", "standing", (q, b), c, ring)
            pygame.draw.circle(surface, scene.colour(q), c, ring, 3)
            surface.blit(sprite, sprite.get_rect(center=c))
    if battle is not None:
        for i, support in enumerate(s for s in battle.supports if s.kind == "trap"):
            draw_trap(scene, surface, support.player, support.piece, battle.slot, i, 1.0)
    for a in match_choices.table_choices(scene):
        if isinstance(a, TakeGate | MoveBakugan):
            pygame.draw.rect(
                surface, (255, 240, 160), scene.card_rect(a.slot).inflate(8, 8), 2, border_radius=6
            )


_kept: dict[int, tuple[tuple[object, ...], pygame.Surface]] = {}


def _background(scene: MatchScene, target: pygame.Surface) -> None:
    """The felt, the table's rim and top, the throw bands with their names and the
    field's places. While the view stands still they are kept and blitted at once;
    while the camera moves they are painted straight onto the screen."""
    view = scene.table_view
    size = target.get_size()
    if scene.settle_scale() is not None:
        _paint_background(scene, target)
        return
    key = (
        size,
        round(view.scale, 5),
        round(view.ox, 2),
        round(view.oy, 2),
        tuple(sorted(scene.view.field)),
        scene.lang,
        scene.hotseat,
        tuple(tuple(c) for c in scene.covers()),  # (the seats' names keep clear of them)
        scene.floor,
    )
    kept = _kept.get(id(scene))
    if kept is None or kept[0] != key:
        surface = kept[1] if kept is not None and kept[1].get_size() == size else None
        surface = surface or pygame.Surface(size)
        _paint_background(scene, surface)
        _kept.clear()  # one match on screen at a time
        kept = _kept[id(scene)] = (key, surface)
    target.blit(kept[1], (0, 0))


def _paint_background(scene: MatchScene, surface: pygame.Surface) -> None:
    view = scene.table_view
    screen = surface.get_rect()
    surface.blit(_floor(screen.size), (0, 0))
    rect = view.rect
    rim = max(4, view.length(10))
    pygame.draw.rect(surface, (60, 40, 26), rect.inflate(2 * rim, 2 * rim), rim, 10)
    shown = rect.clip(screen)
    surface.blit(_top(screen.size), shown, area=shown)
    for p in range(len(scene.humans)):
        band = view.zone_rect(scene.session.zone(p).box)
        band_on = band.clip(screen)
        if band_on.w and band_on.h:
            surface.blit(_shade(band_on.size, scene.colour(p)), band_on)
        _band_name(scene, surface, p, band)
    _places(scene, surface)


def _places(scene: MatchScene, surface: pygame.Surface) -> None:
    """The field's places, faintly: where Gate Cards may lie (the grid)."""
    cols, rows = scene.session.layout.grid
    layer = _grid_layer(scene.card_rect((0, 0)).size)
    for c in range(cols):
        for r in range(rows):
            if (c, r) not in scene.view.field:
                surface.blit(layer, layer.get_rect(center=scene.card_rect((c, r)).center))


@lru_cache(maxsize=8)
def _grid_layer(size: tuple[int, int]) -> pygame.Surface:
    layer = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(layer, (200, 230, 230, 22), layer.get_rect(), 2, border_radius=6)
    return layer


def _band_name(scene: MatchScene, surface: pygame.Surface, p: int, band: pygame.Rect) -> None:
    """Who sits there, written along the edge of his band, clear of the sphere (which
    starts mid-band) and of what lies over the table (`band_names.spot`)."""
    tag = w.render(scene.who(p), 16, scene.colour(p))
    side = scene.session.side(p)
    if side in ("left", "right"):
        tag = pygame.transform.rotate(tag, 90 if side == "left" else -90)
    screen = pygame.Rect(0, 0, surface.get_width(), min(surface.get_height(), scene.floor))
    at = band_names.spot(band, side, tag.get_size(), scene.covers(), screen)
    if at is None:
        return
    surface.blit(tag, at)
    text_fit.record(scene.who(p), at, None, surface)


def trap_spot(scene: MatchScene, slot: tuple[int, int], index: int) -> tuple[int, int]:
    """Where the `index`-th Trap of a battle lies: against the card's lower corner,
    clear of the Bakugan standing on it (the first right, the second left)."""
    r = scene.card_rect(slot)
    half = int(r.w * 0.31) + 2
    x = r.right + half if index % 2 == 0 else r.left - half
    return (x, r.bottom - half)


def draw_trap(
    scene: MatchScene,
    surface: pygame.Surface,
    player: int,
    trap: str,
    slot: tuple[int, int],
    index: int,
    unfold: float,
    at: tuple[int, int] | None = None,
    scale: float = 1.0,
) -> None:
    from .. import art

    attribute = scene.catalog.traps[trap].attribute.value
    size = snap(max(12, int(scene.card_rect(slot).w * 0.62 * scale)))
    centre = at if at is not None else trap_spot(scene, slot, index)
    pygame.draw.circle(surface, scene.colour(player), centre, size // 2 + 2, 2)
    img = art.trap_piece(attribute, size, unfold)
    surface.blit(img, img.get_rect(center=centre))


def draw_trap_set(scene: MatchScene, surface: pygame.Surface, e: ev.TrapOpened, k: float) -> None:
    """A Trap flies from its owner's side onto the battle's card, lands, and opens."""
    battle = scene.view.battle
    index = 0 if battle is None else sum(s.kind == "trap" for s in battle.supports)
    end = trap_spot(scene, e.slot, index)
    start = scene.table_view.zone_rect(scene.session.zone(e.player).box).center
    fly = min(k / 0.55, 1.0)
    ease = 1 - (1 - fly) ** 2
    x = start[0] + (end[0] - start[0]) * ease
    y = start[1] + (end[1] - start[1]) * ease
    lift = math.sin(math.pi * fly)  # it is carried above the table, then set down
    unfold = max(0.0, (k - 0.6) / 0.4)
    at = (round(x), round(y - 30 * lift))
    if fly < 1.0:
        shadow = pygame.Surface((24, 10), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, 90), shadow.get_rect())
        surface.blit(shadow, shadow.get_rect(center=(round(x), round(y) + 6)))
    draw_trap(scene, surface, e.player, e.trap, e.slot, index, unfold, at, 1.0 + 0.5 * lift)
    if unfold >= 0.9:  # its face: the attribute it gives, or the G it adds
        from .. import art

        r = scene.card_rect(e.slot)
        if e.attribute is not None:
            sym = art.attribute_symbol(e.attribute.value, max(14, r.w // 2))
            surface.blit(sym, sym.get_rect(midbottom=(end[0], end[1] - r.w // 3)))
        else:
            w.text(
                surface, f"{e.g:+d} G", (end[0], end[1] - r.w // 3), 18, w.ACCENT, "midbottom", True
            )
