"""The timeline on screen: each step's entries as animations, in order.

A throw rolls along its recorded path and pops open, or its miss shows where the
sphere went (`miss_mark`) under the call; the seed's calls come as banners («Поле Игры
Открыть!», «Бакуган в бой!», «Карту ворот открыть!» ...); a Trap flies onto the card
and opens; the battle's result is announced. Each animation carries the
battle as the rules core had it right after its event (`battle_panel.Shot`), so the
battle panel tells the truth while it plays.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import TYPE_CHECKING

import pygame

from game import physics
from game.match.classic.session import Entry, ThrowDone
from game.rules.classic import events as ev

from .. import miss_mark, text_fit
from .. import widgets as w
from ..landing_words import why as why_missed
from . import match_guide
from .battle_panel import Shot
from .table_layer import draw_trap_set, figure, sphere

if TYPE_CHECKING:
    from .match import MatchScene


@dataclass
class Anim:
    kind: str
    duration: float
    entry: Entry | None = None
    text: str = ""
    sub: str = ""
    t: float = 0.0
    data: dict[str, object] = field(default_factory=dict)
    battle: Shot | None = None  # the battle right after this entry (or the last one's result)


def _add(
    out: list[Anim],
    entry: Entry,
    battle: Shot | None,
    kind: str,
    duration: float,
    text: str = "",
    sub: str = "",
) -> None:
    out.append(Anim(kind, duration, entry, text, sub, battle=battle))


def queue(scene: MatchScene, entries: Sequence[Entry], shots: Sequence[Shot | None]) -> list[Anim]:
    """The animations of one step's `entries`; `shots[i]` is the battle after the i-th
    rules event among them (throw entries have none of their own)."""
    tr = scene.tr
    out: list[Anim] = []
    shot = scene.battle_shot_now()
    decided: Shot | None = shot if shot is not None and shot.decided else None
    events = iter(shots)
    rolled: ThrowDone | None = None  # this step's throw (a miss shows where it went)
    for e in entries:
        if not isinstance(e, ThrowDone):
            shot = next(events, None)
            if shot is not None and shot.decided:
                decided = shot
        # After the battle ended in this step, its result stays in view.
        shown = shot if shot is not None else decided

        add = partial(_add, out, e, shown)

        if isinstance(e, ThrowDone):
            rolled = e
            add("roll", max(e.result.trajectory.duration, 0.2))
            if e.result.landing.opened:
                add("pop", 0.45)
        elif isinstance(e, ev.Missed) and rolled is not None and rolled.bakugan == e.bakugan:
            title = tr("match.missed", bakugan=scene.bname(e.bakugan))
            add("missed", MISSED, title, missed_why(scene, rolled))
            out[-1].data["roll"] = rolled
        elif isinstance(e, ev.MatchStarted):
            add("banner", 1.3, tr("call.field_open"))
        elif isinstance(e, ev.GateSet):
            add("banner", 0.8, tr("call.gate_set"))
        elif isinstance(e, ev.Thrown):
            add("banner", 0.7, tr("call.brawl"), scene.bname(e.bakugan))
        elif isinstance(e, ev.Missed):  # and why, in the physics judge's words
            title = tr("match.missed", bakugan=scene.bname(e.bakugan))
            add("banner", 1.4, title, why_missed(tr, e.reason))
        elif isinstance(e, ev.BattleStarted):
            sub = f"{scene.bname(e.attacker[1])} — {scene.bname(e.defender[1])}"
            add("banner", 1.0, tr("match.battle"), sub)
        elif isinstance(e, ev.GateOpened):
            add(
                "banner",
                1.2,
                tr("call.gate_open"),
                scene.catalog.gates[e.gate].name.get(scene.lang),
            )
        elif isinstance(e, ev.AbilityPlayed):
            name = scene.catalog.abilities[e.card].name.get(scene.lang)
            add("banner", 1.2, tr("call.ability"), name)
        elif isinstance(e, ev.AbilityWasted):
            name = scene.catalog.abilities[e.card].name.get(scene.lang)
            params = {k: match_guide.param_text(scene, v) for k, v in e.params}
            why = tr(f"why.{e.code}", **params) if e.code else ""
            add(
                "banner",
                1.2,
                tr("match.wasted"),
                tr("match.wasted_why", card=name, why=why) if why else name,
            )
        elif isinstance(e, ev.AbilityCancelled):
            name = scene.catalog.abilities[e.card].name.get(scene.lang)
            add("banner", 0.9, tr("match.cancelled", card=name))
        elif isinstance(e, ev.TrapOpened):
            add("trap", 1.1)  # set onto the card, then it opens
            name = scene.catalog.traps[e.trap].name.get(scene.lang)
            shown_as = tr(f"attr.{e.attribute.value}") if e.attribute else f"{e.g:+d} G"
            add("banner", 1.3, tr("match.trap_opened", name=name), shown_as)
        elif isinstance(e, ev.GearOpened):
            name = scene.catalog.gear[e.gear].name.get(scene.lang)
            add("banner", 1.3, tr("match.gear_opened", name=name), f"{e.g:+d} G")
        elif isinstance(e, ev.Evolved):
            sub = f"{scene.bname(e.bakugan)} → {scene.bname(e.evolved)}"
            add("banner", 1.6, tr("match.evolved"), sub)
        elif isinstance(e, ev.BattleResolved):
            add("result", 2.4)
        elif isinstance(e, ev.GateCaptured):
            gate = scene.catalog.gates[e.gate].name.get(scene.lang)
            add("banner", 1.0, scene.said("match.captured", e.player, gate=gate))
        elif isinstance(e, ev.Recycled):
            add("banner", 0.8, scene.said("match.recycled", e.player))
        elif isinstance(e, ev.FieldEmpty):
            add("banner", 1.0, tr("match.field_empty"))
        elif isinstance(e, ev.GameWon):
            add("banner", 1.6, scene.said("match.won", e.player))
    return out


# --------------------------------------------------------------------------- drawing


MISSED = 2.2
"""seconds a miss shows where the sphere went, under its call: time to read the call
and its reason (about eight words) before the next throw's aim clears it (1.4 s was
gone, a playtester said, before it could be read)"""


def gone_of(scene: MatchScene, roll: ThrowDone) -> miss_mark.Gone:
    """Where the sphere of the missed throw `roll` went (`miss_mark`): at rest off the
    cards, or where it left the table."""
    left = roll.result.landing.reason == physics.OFF_TABLE
    session = scene.session
    return miss_mark.where(roll.result.trajectory, left, session.width, session.height)


def missed_why(scene: MatchScene, roll: ThrowDone) -> str:
    """The line under a miss's call that says why it missed: off the table, short of
    the Gate Cards, past them, or beside them (`miss_mark.why`, along its throw)."""
    cards = [card.corners() for card in scene.session.table().cards]
    why = miss_mark.why(gone_of(scene, roll), roll.result.trajectory, cards)
    return scene.tr(f"match.missed_{why}") if why is not None else ""


def gone(scene: MatchScene, a: Anim) -> miss_mark.Gone | None:
    """Where the sphere of a miss went (the "missed" animation's throw)."""
    roll = a.data.get("roll")
    if a.kind != "missed" or not isinstance(roll, ThrowDone):
        return None
    return gone_of(scene, roll)


def draw(scene: MatchScene, surface: pygame.Surface, a: Anim) -> None:
    """What `a` shows on the table (under the overlays): the aim, the roll, the pop,
    a Trap set, a miss's sphere and mark. Its call is `draw_call`'s."""
    view = scene.table_view
    if a.kind == "aim":
        throw = a.data["throw"]
        assert isinstance(throw, physics.Throw)
        player = int(str(a.data["player"]))
        k = min(a.t / a.duration, 1.0)
        sx, sy = view.px(throw.origin)
        length = 40 + 160 * k * throw.speed / physics.MAX_SPEED
        end = (sx + math.cos(throw.angle) * length, sy - math.sin(throw.angle) * length)
        pygame.draw.line(surface, scene.colour(player), (sx, sy), end, 3)
        waiting = scene.session.awaiting_throw()
        attr = None
        if waiting is not None:
            d = scene.catalog.bakugan[waiting[1]]
            attr = d.attribute.value if d.attribute else None
        img = sphere(attr, scene.sphere_radius(throw.radius), 0.0)
        surface.blit(img, img.get_rect(center=(sx, sy)))
        scene.outlines.circle("moving", "sphere", "aim", (sx, sy), img.get_width() / 2)
    elif a.kind == "roll" and isinstance(a.entry, ThrowDone):
        traj = a.entry.result.trajectory
        if len(traj):
            pts = [view.px(traj.at(min(a.t, traj.duration) * k / 12)[:2]) for k in range(13)]
            if len(pts) > 1:
                pygame.draw.lines(surface, (255, 255, 255), False, pts, 1)
            x, y, angle = traj.at(a.t)
            d = scene.catalog.bakugan[a.entry.bakugan]
            q = round(angle / (math.tau / 32)) * (math.tau / 32)
            radius = scene.sphere_radius(a.entry.throw.radius)
            img = sphere(d.attribute.value if d.attribute else None, radius, q)
            at = view.px((x, y))
            surface.blit(img, img.get_rect(center=at))
            scene.outlines.circle("moving", "sphere", a.entry.bakugan, at, img.get_width() / 2)
    elif a.kind == "pop" and isinstance(a.entry, ThrowDone):
        d = scene.catalog.bakugan[a.entry.bakugan]
        k = min(a.t / a.duration, 1.0)
        # It springs open: the figure drawn once at its size, grown into it.
        full = figure(scene, d.species, d.attribute.value if d.attribute else None)
        size = max(4, int(full.get_width() * (0.4 + 0.6 * (1 - (1 - k) ** 3))))
        img = pygame.transform.smoothscale(full, (size, size))
        surface.blit(img, img.get_rect(center=view.px(a.entry.result.landing.position)))
    elif a.kind == "trap" and isinstance(a.entry, ev.TrapOpened):
        draw_trap_set(scene, surface, a.entry, min(a.t / a.duration, 1.0))
    elif a.kind == "missed" and (mark := gone(scene, a)) is not None:
        roll = a.data["roll"]
        assert isinstance(roll, ThrowDone)
        d = scene.catalog.bakugan[roll.bakugan]
        radius = scene.sphere_radius()
        img = sphere(d.attribute.value if d.attribute else None, radius, 0.0).copy()
        img.set_alpha(150)  # gone from play: faded where it went
        surface.blit(img, img.get_rect(center=view.px(mark.rest)))
        pulse = 0.5 + 0.5 * math.sin(a.t * 9)
        miss_mark.draw(surface, mark, view.px, radius, pulse)


def draw_call(scene: MatchScene, surface: pygame.Surface, a: Anim) -> None:
    """What `a` says over everything (a banner, a battle's result, a miss's call)."""
    if a.kind == "banner":
        banner(surface, scene.banner_area(), a.text, a.sub, a.t / a.duration)
    elif a.kind == "missed":
        mark = gone(scene, a)
        avoid = None
        if mark is not None:
            avoid = scene.table_view.px(mark.edge or mark.rest)
        banner(surface, scene.banner_area(), a.text, a.sub, a.t / a.duration, avoid)
    elif a.kind == "result" and isinstance(a.entry, ev.BattleResolved):
        e = a.entry
        winner = scene.bname(e.bakugan)
        sub = "  ·  ".join(f"{scene.bname(bk)} {total} G" for _, bk, total, _ in e.sides)
        title = scene.tr("match.battle_won", bakugan=winner)
        banner(surface, scene.banner_area(), title, sub, a.t / a.duration)


def banner_band(area: pygame.Rect, sub: bool, avoid: tuple[int, int] | None = None) -> pygame.Rect:
    """Where a call lies: across the top of `area`, or across its foot when the top
    would hide the point `avoid` (where a missed sphere went)."""
    band = pygame.Rect(0, 0, min(900, area.w), 112 if sub else 84)
    band.midtop = (area.centerx, area.y + 24)
    room = 2 * miss_mark.EXTENT  # the mark lies this far round its point, at most
    if avoid is not None and band.inflate(room, room).collidepoint(avoid):
        band.midbottom = (area.centerx, area.bottom - 24)
    return band


def banner(
    surface: pygame.Surface,
    area: pygame.Rect,
    title: str,
    sub: str,
    k: float,
    avoid: tuple[int, int] | None = None,
) -> None:
    """A call across `area` (`banner_band`), fading in and out; long words shrink to fit."""
    ease = min(1.0, k * 6) if k < 0.8 else max(0.0, (1 - k) * 5)
    band = banner_band(area, bool(sub), avoid)
    if text_fit.recording_now():  # (drawn afresh so the fit test sees its text)
        _banner_layer.cache_clear()
    layer = _banner_layer(title, sub, band.size)
    layer.set_alpha(int(255 * ease))
    surface.blit(layer, band)


@lru_cache(maxsize=8)
def _banner_layer(title: str, sub: str, size: tuple[int, int]) -> pygame.Surface:
    """A banner's band and words, drawn once (it fades by the surface's alpha)."""
    layer = pygame.Surface(size, pygame.SRCALPHA)
    layer.fill((0, 0, 0, 190))
    width = size[0] - 24
    w.fit_text(layer, title, pygame.Rect(12, 8, width, 64), 58, w.ACCENT, "center")
    if sub:
        w.fit_text(layer, sub, pygame.Rect(12, 72, width, 32), 28, w.INK, "center")
    return layer
