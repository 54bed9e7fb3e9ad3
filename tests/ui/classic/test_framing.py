"""The camera keeps the sphere in sight (issue 24, point 5), read as data, no pixels:
over many throws (powers, angles, spins, every seat, 2-4 players, the Big Game, windows
of 1280 x 720 and 1024 x 600) the thrown sphere on the table, in logical px, is never
under the chips, the side panel or its tab, the battle panel or the throw's hint; the
view never closes in while the sphere is on the table (rolling, opening, or a miss
showing where it went), and a miss shows where it went long enough to see, clear of
its call, which says why it missed (off the table, short of the cards, back off them,
past them, beside them). While a person aims, his pull to the window's edge covers none
of them (the top seat's bar goes to the bottom)."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

import pygame
import pytest

from game import physics
from game.content.classic import shipped_catalog
from game.rules.classic import Settings, Throw, random_kit
from game.ui import miss_mark
from game.ui.app import App
from game.ui.classic import anims, hud, match_framing
from game.ui.classic.match import MatchScene
from game.ui.classic.throwing import MAX_HAND_SPEED

CAT = shipped_catalog()
TABLES = [(2, False), (3, False), (4, False), (4, True)]
SIZES = [(1280, 720), (1024, 600)]
THROWS = {SIZES[0]: 8, SIZES[1]: 3}  # per seat (the logical view is the same in both)
DT = 1 / 60


@pytest.fixture(params=SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    a = App("en", fast=True, size=request.param)
    pygame.event.clear()
    yield a
    pygame.quit()


def _at_throw(app: App, players: int, big: bool, seat: int, seed: int) -> MatchScene:
    """A hot-seat match (every seat a person) where `seat` is about to throw, the
    curtain up, his slingshot in hand and the camera on his throw."""
    rules = Settings.preset(players, big)
    rng = random.Random(seed)
    kits = [random_kit(CAT, rng, rules) for _ in range(players)]
    scene = MatchScene(app, kits, (True,) * players, 0, seed=seed, settings=rules, hints=False)
    app.reset(scene)
    session = scene.session
    for _ in range(400):
        if session.awaiting_throw() and session.actor() == seat:
            break
        p = session.actor()
        assert p is not None
        if session.awaiting_throw():  # another seat's throw: short, onto the table
            zone = session.zone(p)
            mid = (session.width / 2, session.height / 2)
            angle = math.atan2(mid[1] - zone.centre[1], mid[0] - zone.centre[0])
            session.throw(p, physics.Throw(zone.centre, angle, 300.0))
            continue
        legal = session.legal_actions()
        throws = [a for a in legal if isinstance(a, Throw)]
        session.act(throws[0] if throws and p == seat else rng.choice(legal))
    scene.anims.clear()
    scene._catch_up()
    scene.curtain_for = None
    scene.last_human = seat
    for _ in range(3):
        scene.update(DT)
    assert scene.throw_input is not None and scene.throw_input.player == seat
    scene.camera.aim(match_framing.frame(scene), snap=True)
    return scene


def _circle(centre: tuple[float, float], radius: float) -> pygame.Rect:
    r = math.ceil(radius)
    return pygame.Rect(round(centre[0]) - r, round(centre[1]) - r, 2 * r, 2 * r)


def _clear(scene: MatchScene, rect: pygame.Rect, what: str) -> None:
    assert hud.SCREEN.contains(rect), (what, rect)
    for cover in match_framing.covers(scene):
        assert not cover.colliderect(rect), (what, rect, cover)


def _play_throw(scene: MatchScene, throw: physics.Throw) -> dict[str, float]:
    """The throw from the person's hand, frame by frame until the sphere is off the
    table; every frame checked. Returns the seconds shown each way."""
    seat = scene.throw_input.player  # type: ignore[union-attr]
    scene._throw(throw)
    assert scene.throw_input is None, "refused"
    shown_for = {"rolling": 0.0, "opening": 0.0, "gone": 0.0}
    target_scale = math.inf
    for _ in range(60 * 12):
        scene.update(DT)
        shown = match_framing.sphere_shown(scene)
        if shown is None:
            if any(shown_for.values()):
                break
            continue
        assert shown.throw.player == seat
        shown_for[shown.how] += DT
        view = scene.table_view
        radius = scene.sphere_radius()
        _clear(scene, _circle(view.fpx(shown.at), radius), shown.how)
        # the view never closes in while the sphere is on the table
        target = scene.camera.target
        assert target is not None
        assert target.scale <= target_scale + 1e-9, (shown.how, target.scale, target_scale)
        target_scale = target.scale
        if shown.how == "gone":  # a miss: the mark where it went, clear of its call
            mark = match_framing.gone(scene, shown)
            at = view.fpx(mark.edge or mark.rest)
            parts = [_circle(at, radius + miss_mark.REACH)]
            if mark.edge is not None:  # and the arrow leading to where it left
                parts.append(_circle(view.fpx(miss_mark.tail(mark, radius, view.scale)), 3))
            call = scene.anims[0]
            off = shown.throw.result.landing.reason == physics.OFF_TABLE
            whys = ["off_table"] if off else ["short", "back", "past", "beside"]
            assert call.sub in [scene.tr(f"match.missed_{why}") for why in whys], call.sub
            band = anims.banner_band(scene.banner_area(), True, (round(at[0]), round(at[1])))
            for part in parts:
                _clear(scene, part, "mark")
                assert not band.colliderect(part), ("call over the mark", band, at)
    return shown_for


def _opening(scene: MatchScene) -> physics.Throw | None:
    """A throw from the middle of the line straight at a card set, with the power that
    opens on it (searched through the physics), if there is one."""
    ti = scene.throw_input
    assert ti is not None
    table = scene.session.table()
    ox, oy = ti.origin()
    for slot in sorted(scene.session.state.field):
        cx, cy = scene.session.layout.slot_center(slot)
        angle = math.atan2(cy - oy, cx - ox)
        for i in range(1, 60):
            throw = physics.Throw((ox, oy), angle, MAX_HAND_SPEED * i / 60, 0.0)
            if scene.session.check_throw(ti.player, throw) is not None:
                break
            if physics.resolve_throw(table, throw, record=False).landing.opened:
                return throw
    return None


@pytest.mark.parametrize(("players", "big"), TABLES)
def test_the_thrown_sphere_stays_in_sight_and_a_miss_shows_where_it_went(
    app: App, players: int, big: bool
) -> None:
    rng = random.Random(players * 7 + big)
    seen = {"opened": 0, "off_card": 0, "off_table": 0}
    for seat in range(players):
        for k in range(THROWS[app.window.get_size()]):
            scene = _at_throw(app, players, big, seat, seed=seat)
            ti = scene.throw_input
            assert ti is not None
            mid = (scene.session.width / 2, scene.session.height / 2)
            throw = _opening(scene) if k == 0 else None  # one aimed to open on a card
            for _ in range(20):  # else a release the table allows
                if throw is not None:
                    break
                ti.along = rng.uniform(ti.lo, ti.hi)
                ox, oy = ti.origin()
                wide = 1.1 if k == 1 else 0.45  # (the second: wide at full power, off the side)
                ti.angle = math.atan2(mid[1] - oy, mid[0] - ox) + rng.uniform(-wide, wide)
                ti.spin = rng.uniform(-1.0, 1.0)
                power = (0.15, 1.0, 0.45, 0.75)[k % 4] if k < 4 else rng.uniform(0.1, 1.0)
                throw = physics.Throw(ti.origin(), ti.angle, power * MAX_HAND_SPEED, ti.spin)
                if scene.session.check_throw(seat, throw) is not None:
                    throw = None
            assert throw is not None
            shown_for = _play_throw(scene, throw)
            landing = scene.session.timeline  # the throw's landing, for the counts
            done = next(e for e in reversed(landing) if hasattr(e, "result"))
            landing = done.result.landing
            off = landing.reason == physics.OFF_TABLE
            how = "opened" if landing.opened else "off_table" if off else "off_card"
            seen[how] += 1
            assert shown_for["rolling"] >= done.result.trajectory.duration - 2 * DT
            if how == "opened":
                assert shown_for["opening"] >= 0.4  # up close only after it opened
            else:
                assert shown_for["gone"] >= anims.MISSED - 2 * DT  # where it went, a while
    assert all(seen.values()), seen  # opens, misses on the table and off it, all seen


def _pull(app: App, scene: MatchScene, back: tuple[float, float]) -> list[pygame.Rect]:
    """A straight full pull from the sphere along `back` (window px posted as the window
    gets them: the pointer stops at the window's edge and the motion goes on as relative
    motion, as a captured mouse sends it); the covers met by the pull's line, from the
    sphere to the hand, on the way."""
    ti = scene.throw_input
    assert ti is not None
    sx, sy = ti.sphere_px()
    width, height = app.window.get_size()
    press = tuple(round(c) for c in app.to_window((sx, sy)))
    hits = []
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1))
    app.step()
    was = press
    for k in range(1, 13):
        reach = ti.curve.full_px * k / 12
        at = app.to_window((sx + back[0] * reach, sy + back[1] * reach))
        pos = (round(min(max(at[0], 0), width - 1)), round(min(max(at[1], 0), height - 1)))
        rel = (at[0] - was[0], at[1] - was[1])
        was = at
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(1, 0, 0))
        )
        if k % 4:
            continue  # a frame every third of the way (each line is part of the last one)
        app.step()
        assert ti.dragging
        line = (sx, sy), ti.hand.at
        hits += [c for c in match_framing.covers(scene) if c.clipline(*line)]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()
    return hits


@pytest.mark.parametrize(("players", "big"), TABLES)
def test_a_pull_to_the_windows_edge_covers_no_chip_from_any_seat(
    app: App, players: int, big: bool
) -> None:
    for seat in range(players):
        scene = _at_throw(app, players, big, seat, seed=seat)
        ti = scene.throw_input
        assert ti is not None
        side = scene.session.side(seat)
        assert scene.bar_edge() == (hud.BOTTOM if side == "top" else hud.TOP)
        for along in (ti.lo, ti.hi):  # the line's ends: nearest the screen's edges
            for turn in (-0.5, 0.5):
                scene = _at_throw(app, players, big, seat, seed=seat)
                ti = scene.throw_input
                assert ti is not None
                ti.along = along
                ox, oy = ti.origin()
                mid = (scene.session.width / 2, scene.session.height / 2)
                ti.angle = math.atan2(mid[1] - oy, mid[0] - ox) + turn
                # the aimed sphere itself is clear of everything drawn over the table
                _clear(scene, _circle(ti.sphere_px(), scene.sphere_radius()), "aimed")
                hits = _pull(app, scene, ti.back())
                assert not hits, (players, big, side, along, turn, hits)
