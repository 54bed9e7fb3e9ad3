"""The match screen's board, drawn once per change: the table and its Matrix, both
sides, the step and what to do, the batch, the battle and the log, the hand."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.files import lang
from game.rules.planet import WINDOWS, Observation, Phase

from .. import art, text_fit
from .. import widgets as w
from ..controls import throw_keys
from .board import PLAYER_COLOURS, Spot, draw_matrix, draw_side
from .choices import Offer, refusals
from .panels import draw_batch, draw_battle, draw_hand, draw_plan, draw_prompt

FREE_PROMPTS = ("main", "damage")
"""The steps whose prompt speaks of the batch: another under the seed's free card play."""

if TYPE_CHECKING:
    from .match import PlanetMatchScene


def header(scene: PlanetMatchScene, player: int) -> str:
    match = scene.match
    deck = match.setup.deck_names[player]
    preset = scene.catalog.presets.get(deck)
    deck_name = preset.name.get(scene.app.lang) if preset is not None else deck
    if match.is_person(player):
        who = scene.tr("planet_ui.person", player=player + 1)
    else:
        key = f"planet_ui.level.{match.setup.level}"  # (a replay's header may name any)
        level = scene.tr(key if key in lang.catalog(scene.app.lang) else "planet_ui.level.other")
        who = scene.tr("planet_ui.computer", player=player + 1, level=level)
    return f"{who} · {deck_name}" if deck_name else who  # (a replay may name no deck)


def prompt_text(scene: PlanetMatchScene, obs: Observation, o: Offer | None) -> str:
    tr = scene.tr
    match = scene.match
    if scene.message:
        return scene.message
    if match.over:
        return tr("planet_ui.prompt.over")
    if scene.anim is not None:
        return tr(scene.prompts.get("flying", "planet_ui.prompt.flying"))
    p = scene.person()
    if p is not None and p in scene.aims:
        picked = match.observation(p).side(p).picked or ""
        other = 1 - p
        keys = throw_keys(scene.app.settings.keys, tr)
        if match.is_person(other) and match.thrown(other):  # (one text: it fits its box)
            return tr(
                "planet_ui.prompt.throw_second",
                bakugan=scene.name(picked),
                player=other + 1,
                **keys,
            )
        return tr("planet_ui.prompt.throw", bakugan=scene.name(picked), **keys)
    if o is None:
        busy = next(iter(match.computers_to_act()), None)
        if busy is None and match.session.awaiting_roll() is not None:
            if match.hotseat:  # two people: nobody's computer aims
                return tr("planet_ui.prompt.people_aim")
            return tr(scene.prompts.get("computer_aims", "planet_ui.prompt.computer_aims"))
        if busy is not None:
            return tr(scene.prompts.get("thinking", "planet_ui.prompt.thinking"), player=busy + 1)
        return ""
    if scene.card is not None:
        return tr("planet_ui.prompt.how", card=scene.name(scene.card))
    if o.by_core:
        if p is not None and p == scene.public:
            return tr("planet_ui.prompt.place_public", player=p + 1, n=scene.plans.number(p))
        if match.hotseat:
            key = "place_order" if scene.core is None else "place_plan"
            return tr(f"planet_ui.prompt.{key}")
        key = "planet_ui.prompt.place" if scene.core is None else "planet_ui.prompt.place_where"
        return tr(key)
    if o.discarding:
        return tr("planet_ui.prompt.discard")
    if o.energizing:
        return tr("planet_ui.prompt.energize")
    if o.by_character:
        return tr("planet_ui.prompt.select")
    if o.flip:
        d = obs.damage
        card = scene.name(d.flip) if d is not None and d.flip else ""
        return tr("planet_ui.prompt.flip", card=card, cost=match.state.flip_price())
    if obs.phase in WINDOWS:
        free = obs.card_play == "free" and obs.phase.value in FREE_PROMPTS
        return tr(f"planet_ui.prompt.window_{obs.phase.value}{'_free' if free else ''}")
    return ""


def core_label_of(scene: PlanetMatchScene, core: str) -> str:
    from .buttons import core_words

    return core_words(scene, core)


def table_background(scene: PlanetMatchScene) -> pygame.Surface:
    from .layout import TABLE_AREA

    """The screen's background with the felt and both throwing bands, kept while the
    table's size stays (one surface, its table part drawn again as the view moves)."""
    view = scene.view
    key = (view.rect.topleft, view.rect.size, scene.app.lang, scene.app.screen.get_size())
    kept = getattr(scene, "_table_bg", None)
    if kept is not None and kept[0] == key:
        surface: pygame.Surface = kept[1]
        return surface
    area = view.rect.clip(TABLE_AREA)
    size = scene.app.screen.get_size()
    if kept is not None and kept[1].get_size() == size:  # only the table's part anew
        surface = kept[1]
        surface.fill(w.BG, TABLE_AREA)
    else:
        surface = pygame.Surface(size).convert()
        surface.fill(w.BG)
    if scene.camera.moving:  # the frames of a move: the felt of the close view, cut
        cut = area.move(-TABLE_AREA.x, -TABLE_AREA.y)
        surface.blit(art.table_felt(TABLE_AREA.size), area.topleft, cut)
    else:
        surface.blit(art.table_felt(area.size), area.topleft)
    for p in (0, 1):
        band = band_rect(scene, p)
        if band is None:
            continue
        shade = pygame.Surface(band.size, pygame.SRCALPHA)
        shade.fill((*PLAYER_COLOURS[p], 40))
        surface.blit(shade, band.topleft)
        named = band_name(scene, p)
        if named is not None:
            w.fit_text(surface, named[0], named[1], BAND_SIZE, PLAYER_COLOURS[p])
    scene._table_bg = (key, surface)
    return surface


BAND_SIZE = 16
"""the size of a band's name"""
NOTICE_H = 40
NOTICE_GAP = 12
"""px between the top band's name and the line of a choice taken without the curtain"""
NOTICE_NARROWEST = 240
"""px: a line narrower than this beside the top band's name goes below it instead"""


def band_rect(scene: PlanetMatchScene, p: int) -> pygame.Rect | None:
    """Player `p`'s throwing band on the screen, on the table's part of it; None while
    the view is closed in on the Matrix (no band in sight)."""
    from .layout import TABLE_AREA

    view = scene.view
    band = view.zone_rect(scene.match.session.zone(p).box).clip(view.rect.clip(TABLE_AREA))
    return band if band.h >= 24 else None


def band_name(scene: PlanetMatchScene, p: int) -> tuple[str, pygame.Rect] | None:
    """The words on `p`'s band and their box, as wide as they are: along the band's
    outer edge (the top of the top band, the foot of the bottom one), from its left."""
    band = band_rect(scene, p)
    if band is None:
        return None
    words = scene.tr("planet_ui.band", player=p + 1)
    box = band.inflate(-16, 0)
    box.h = 20
    box.y = band.y + 4 if p == 1 else band.bottom - 24
    box.w = min(box.w, text_fit.width_of(words, BAND_SIZE))
    return words, box


def notice_box(scene: PlanetMatchScene) -> pygame.Rect:
    """Where the line of a choice taken without the curtain lies: along the top of the
    table, beside the top band's name (right of it; below it where that leaves too
    little room), never over it."""
    from .layout import TABLE_AREA

    box = pygame.Rect(TABLE_AREA.x + 16, TABLE_AREA.y + 12, TABLE_AREA.w - 32, NOTICE_H)
    named = band_name(scene, 1)
    if named is None or not named[1].colliderect(box):
        return box
    tag = named[1]
    if box.right - (tag.right + NOTICE_GAP) >= NOTICE_NARROWEST:
        box.w = box.right - (tag.right + NOTICE_GAP)
        box.x = tag.right + NOTICE_GAP
    else:
        box.y = tag.bottom + NOTICE_GAP // 2
    return box


def draw_table(scene: PlanetMatchScene, surface: pygame.Surface, obs: Observation) -> list[Spot]:
    view = scene.view  # (its background is put back by `draw_board`'s region)
    session = scene.match.session
    layout = session.layout
    lying = scene.anim.cores if scene.anim is not None else session.cores()
    places = []
    o = scene.offer()
    if o is not None and scene.core is not None and scene.core in o.by_core:
        places = [a.hex for a in o.by_core[scene.core]]
    outlines = scene.outlines
    outlines.start("table")
    outlines.rect("table", "table", "table", view.rect)
    return draw_matrix(surface, view, layout, obs.matrix, lying, places, outlines=outlines)


class Regions:
    """The board's parts, each redrawn only when what it shows changed: a computer's
    pass changes the step panel and nothing else."""

    def __init__(self) -> None:
        self.keys: dict[str, object] = {}
        self.spots: dict[str, list[Spot]] = {}

    def forget(self) -> None:
        self.keys.clear()
        self.spots.clear()

    def all_spots(self) -> list[Spot]:
        return [s for spots in self.spots.values() for s in spots]


def rolling_slot(scene: PlanetMatchScene, obs: Observation, p: int) -> int | None:
    """Where `p`'s Bakugan rolls from, as far as the viewer may know: while both spheres
    fly (both rolls are out) anyone's; before, only what the view shows (his own)."""
    if scene.anim is not None:
        chars = [b.character for b in scene.match.state.sides[p].bakugan]
        rolled = scene.anim.bakugan[p]
        return chars.index(rolled) if rolled in chars else None
    return obs.side(p).picked_slot if obs.phase is Phase.ROLL else None


def draw_board(scene: PlanetMatchScene, surface: pygame.Surface, regions: Regions) -> list[Spot]:
    """The board for the viewer, the parts that changed; returns the spots hover boxes
    read."""
    from .layout import BATCH, HAND, PROMPT, SIDE_TOP, TABLE_AREA, battle, side_bottom

    obs = scene.observation()
    o = scene.offer()
    background = table_background(scene)

    def region(name: str, rect: pygame.Rect, key: object, draw: Callable[[], list[Spot]]) -> None:
        if regions.keys.get(name) == key and name in regions.spots:
            return
        area = rect.clip(surface.get_rect())
        surface.blit(background, area.topleft, area)
        regions.keys[name] = key
        regions.spots[name] = draw()

    session = scene.match.session
    lying = scene.anim.cores if scene.anim is not None else session.cores()
    places: tuple[object, ...] = ()
    if o is not None and scene.core is not None and scene.core in o.by_core:
        places = tuple(a.hex for a in o.by_core[scene.core])
    view = scene.view
    table_key = (view.rect.topleft, view.rect.size, tuple(lying), obs.matrix, places)
    region("table", TABLE_AREA, table_key, lambda: draw_table(scene, surface, obs))
    matrix = {c.hex: c for c in obs.matrix}
    for p, area in ((1, SIDE_TOP), (0, side_bottom(scene.floor))):
        side = obs.side(p)
        lit: list[int] = []
        if o is not None and p == obs.viewer:
            lit = [i for i, b in enumerate(side.bakugan) if b.character in o.by_character]
        rolling = rolling_slot(scene, obs, p)
        key = (side, obs.matrix, tuple(lit), rolling, header(scene, p))

        def side_part(
            p: int = p,
            area: pygame.Rect = area,
            lit: list[int] = lit,
            rolling: int | None = rolling,
        ) -> list[Spot]:
            return draw_side(
                surface,
                area,
                obs.side(p),
                scene.catalog,
                matrix,
                header(scene, p),
                scene.name,
                scene.tr,
                lit,
                rolling,
            )

        region(f"side{p}", area, key, side_part)
    battle_key = (obs.battle, obs.victor, obs.damage, tuple(scene.log[-14:]))
    panel = battle(scene.floor)

    def battle_part() -> list[Spot]:
        draw_battle(surface, panel, obs, scene.name, scene.app.lang, scene.tr, scene.log)
        if obs.damage is not None and obs.damage.flip is not None:
            return [Spot(panel, "card", obs.damage.flip)]
        return []

    region("battle", panel, battle_key, battle_part)
    prompt = prompt_text(scene, obs, o)
    prompt_key = (prompt, obs.turn, obs.phase, obs.priority, obs.over)

    def prompt_part() -> list[Spot]:
        draw_prompt(surface, PROMPT, obs, prompt, scene.tr)
        return []

    region("prompt", PROMPT, prompt_key, prompt_part)
    region(
        "batch",
        BATCH,
        obs.batch,
        lambda: draw_batch(surface, BATCH, obs, scene.name, scene.tr),
    )
    viewer = obs.viewer if obs.viewer in (0, 1) else None
    me = obs.side(viewer) if viewer is not None else None
    hand = me.hand if me is not None else None
    count = me.hand_count if me is not None else 0
    usable = tuple(sorted(o.by_card)) if o is not None else None
    plan = scene.plans.waiting(viewer) if viewer is not None and obs.phase is Phase.CORES else ()
    if plan:  # behind his curtain: his order of BakuCores where the hand will be
        label = partial(core_label_of, scene)
        region(
            "hand", HAND, ("plan", plan), lambda: draw_plan(surface, HAND, plan, label, scene.tr)
        )
        return regions.all_spots()
    refused = refusals(scene.match.state, viewer, o, scene.tr) if viewer is not None else {}
    region(
        "hand",
        HAND,
        (hand, count, usable, scene.card, tuple(sorted(refused.items()))),
        lambda: draw_hand(
            surface, HAND, hand, count, o, scene.catalog, scene.name, scene.tr, scene.card, refused
        ),
    )
    return regions.all_spots()


__all__ = ["Regions", "band_name", "band_rect", "draw_board", "header", "notice_box", "prompt_text"]
