"""What is drawn is what the physics has (game.ui.outlines): at 1280 x 720, every body a
screen draws - a rolling sphere, an opened Bakugan standing on a card, a Gate Card, a
BakuCore, a die, the table's edges - is drawn with its collision shape as its outline,
within 1 px: the outlines the drawing code noted, laid over the pymunk shapes of the
table the physics rolled on, mapped through the same view.

The playtest behind it (classic): three throws at a card where the computer's Bakugan
stood turned back short of what the eye took for it and rolled off the card - the
figure was drawn 46 mm across with a ring 2 px beyond, the circle it collides as is 32
mm across.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Iterable

import pygame
import pymunk
import pytest

from game import physics
from game.challenges import Attempt
from game.content.classic import shipped_catalog
from game.content.levels import load_level
from game.files.paths import levels_dir
from game.physics.dice import die_body, tray_space
from game.physics.engine import Engine
from game.physics.shot import scene_of as shot_scene_of
from game.physics.throw import scene_of
from game.physics.tuning import SPHERE_RADIUS
from game.rules.classic import Throw as ThrowAction
from game.rules.classic import random_kit
from game.ui.app import App
from game.ui.attack.dice_tray import DiceTray
from game.ui.challenges.board import TableArt
from game.ui.classic.lab import LabScene
from game.ui.classic.match import MatchScene
from game.ui.outlines import Outline, Outlines
from game.ui.planet.match import PlanetMatchScene
from game.ui.planet.moving import FAST_FLASH_S
from game.ui.table_view import TableView
from tests.ui.planet.computers import computers_scene, run_until

CAT = shipped_catalog()
PX = 1.0  # px: how far a drawn outline may lie from the physics' shape


def shapes(scene: physics.Scene) -> list[pymunk.Shape]:
    """The pymunk shapes the engine builds for `scene` (with its targets' polygons)."""
    engine = Engine(dataclasses.replace(scene, touches=True))
    return list(engine.space.shapes)


def solid_circles(scene: physics.Scene) -> list[pymunk.Circle]:
    return [s for s in shapes(scene) if isinstance(s, pymunk.Circle) and not s.sensor]


def polygons(scene: physics.Scene) -> list[list[tuple[float, float]]]:
    """Every target's polygon as the engine builds it (its touch sensor)."""
    out = []
    for s in shapes(scene):
        if isinstance(s, pymunk.Poly) and s.sensor and len(s.get_vertices()) in (4, 6):
            corners = [s.body.local_to_world(v) for v in s.get_vertices()]
            xs = [p.x for p in corners]
            if max(xs) - min(xs) < 200:  # not an off-table band
                out.append([(p.x, p.y) for p in corners])
    return out


def on_screen(view: TableView, points: Iterable[tuple[float, float]]) -> list[tuple[float, float]]:
    return [view.fpx(p) for p in points]


def same_polygon(drawn: Outline, physical: list[tuple[float, float]]) -> bool:
    """Every corner of one within PX of a corner of the other, and as many."""
    if len(drawn.points) != len(physical):
        return False
    return all(min(math.dist(p, q) for q in drawn.points) <= PX for p in physical)


def same_circle(drawn: Outline, centre: tuple[float, float], radius: float) -> bool:
    return math.dist(drawn.centre, centre) <= PX and abs(drawn.radius - radius) <= PX


# --- the classic table -------------------------------------------------------------------


def _settle(scene: MatchScene) -> None:
    scene.anims.clear()
    scene._catch_up()


def _landing_throw(session: object, p: int) -> physics.Throw | None:
    """A throw of player `p` that opens on a card (searched on the physics table)."""
    table = session.table()  # type: ignore[attr-defined]
    zone = session.zone(p)  # type: ignore[attr-defined]
    x0, y0, x1, y1 = zone.box
    origin = ((x0 + x1) / 2, (y0 + y1) / 2)
    for card in table.cards:
        angle = math.atan2(card.center[1] - origin[1], card.center[0] - origin[0])
        for speed in range(500, 2400, 25):
            throw = physics.Throw(origin, angle, float(speed))
            landing = physics.resolve_throw(table, throw, record=False).landing
            if landing.card == card.id and not landing.partial:
                return throw
    return None


def _strike(session: object, p: int) -> physics.Throw | None:
    """A throw of player `p` straight at another player's standing Bakugan that strikes
    it (searched on the physics table), or None if none stands."""
    table = session.table()  # type: ignore[attr-defined]
    foes = [o for o in table.standing if o.id[0] != p]
    zone = session.zone(p)  # type: ignore[attr-defined]
    x0, y0, x1, y1 = zone.box
    for foe in foes:
        origin = (min(max(foe.position[0], x0 + 20), x1 - 20), (y0 + y1) / 2)
        angle = math.atan2(foe.position[1] - origin[1], foe.position[0] - origin[0])
        for speed in range(900, 2000, 50):
            throw = physics.Throw(origin, angle, float(speed))
            if physics.check_origin(table, origin, throw.radius) is not None:
                break
            result = physics.resolve_throw(table, throw)
            if any(c.other == foe.id for c in result.contacts):
                return throw
    return None


def classic_strike(seed: int) -> tuple[MatchScene, physics.TableSpec, physics.ThrowResult]:
    """A two-player match played on its screen until a thrown sphere strikes the other
    player's Bakugan standing on a card; the scene animates that roll."""
    app = App("en", fast=True)
    rng = random.Random(seed)
    scene = MatchScene(app, [random_kit(CAT, rng) for _ in range(2)], (True, True), 0, seed=seed)
    app.push(scene)
    session = scene.session
    for _ in range(400):
        _settle(scene)
        waiting = session.awaiting_throw()
        if waiting is not None:
            p = waiting[0]
            strike = _strike(session, p)
            if strike is not None:
                table = session.table()
                scene._throw(strike)
                done = next(a for a in scene.anims if a.kind == "roll")
                assert done.entry is not None
                return scene, table, done.entry.result  # type: ignore[attr-defined]
            throw = _landing_throw(session, p) or physics.Throw(
                session.zone(p).box[:2], math.pi / 2, 300.0
            )
            scene._throw(throw)
            continue
        p = session.actor()
        assert p is not None
        legal = session.legal_actions()
        throws = [a for a in legal if isinstance(a, ThrowAction)]
        scene.do(throws[0] if throws else rng.choice(legal))
    raise AssertionError("no throw struck a standing Bakugan")


@pytest.fixture(scope="module")
def struck() -> Iterable[tuple[MatchScene, physics.TableSpec, physics.ThrowResult]]:
    yield classic_strike(2)
    pygame.quit()


def _draw_at(scene: MatchScene, t: float) -> Outlines:
    roll = next(a for a in scene.anims if a.kind == "roll")
    while scene.anims[0] is not roll:
        scene.anims.pop(0)
    roll.t = t
    scene.draw(pygame.Surface((1280, 720)))
    return scene.outlines


def test_a_standing_bakugan_is_drawn_as_big_as_it_collides_and_the_sphere_turns_back_there(
    struck: tuple[MatchScene, physics.TableSpec, physics.ThrowResult],
) -> None:
    scene, table, result = struck
    hit = next(c for c in result.contacts if any(o.id == c.other for o in table.standing))
    drawn = _draw_at(scene, hit.time)
    view = scene.table_view
    foe = next(o for o in table.standing if o.id == hit.other)
    ring = next(o for o in drawn.of("standing") if o.ident == foe.id)
    sphere = next(o for o in drawn.of("sphere"))
    # the ring is the circle the sphere bounces off, the sphere its own circle
    assert same_circle(ring, view.fpx(foe.position), foe.radius * view.scale), ring
    x, y, _ = result.trajectory.at(hit.time)
    assert same_circle(sphere, view.fpx((x, y)), physics.Throw((0, 0), 0, 0).radius * view.scale)
    # so where it turns back, the drawn sphere meets the drawn ring as the bodies meet
    overlap_mm = foe.radius + 14.0 - math.dist((x, y), foe.position)
    overlap_px = ring.radius + sphere.radius - math.dist(ring.centre, sphere.centre)
    assert abs(overlap_px - overlap_mm * view.scale) <= 2 * PX, (overlap_px, overlap_mm)


def test_every_classic_body_is_drawn_as_its_shape(
    struck: tuple[MatchScene, physics.TableSpec, physics.ThrowResult],
) -> None:
    scene, table, result = struck
    for t in (0.1, result.trajectory.duration / 2, result.trajectory.duration):
        drawn = _draw_at(scene, t)
        view = scene.table_view
        world = scene_of(table)
        circles = solid_circles(world)
        standing = drawn.of("standing")
        assert len(standing) == len(circles) == len(table.standing) > 0
        for shape in circles:
            centre = view.fpx(shape.offset)
            assert any(same_circle(o, centre, shape.radius * view.scale) for o in standing), t
        cards = drawn.of("card")
        polys = polygons(world)
        assert len(cards) == len(polys) == len(table.cards)
        for poly in polys:
            assert any(same_polygon(o, on_screen(view, poly)) for o in cards), (t, poly)
        (edge,) = drawn.of("table")
        corners = [(0.0, 0.0), (table.width, 0.0), (table.width, table.height), (0.0, table.height)]
        assert same_polygon(edge, on_screen(view, corners))
        (sphere,) = drawn.of("sphere")
        x, y, _ = result.trajectory.at(t)
        assert same_circle(sphere, view.fpx((x, y)), 14.0 * view.scale)


# --- the Battle Planet table -------------------------------------------------------------


def planet_roll(seed: int) -> PlanetMatchScene:
    """Two computers playing on the Planet screen until both spheres fly."""
    app, scene = computers_scene(seed)
    assert run_until(app, scene, lambda s: s.anim is not None, 3000), "no roll"
    return scene


def test_every_planet_body_is_drawn_as_its_shape_and_the_core_that_counts_lights() -> None:
    scene = planet_roll(4)
    done = scene.anim
    assert done is not None
    length = scene.anim_length()
    for t in (0.05, length / 3, length):
        scene.anim_t = t
        scene._stale = True
        scene.draw(pygame.Surface((1280, 720)))
        view = scene.view
        drawn = scene.outlines
        world = done.outcome.run.scene
        cores = drawn.of("core")
        polys = polygons(world)
        assert len(cores) == len(polys) == len(done.cores) > 0
        for poly in polys:
            assert any(same_polygon(o, on_screen(view, poly)) for o in cores), (t, poly)
        for roller in (0, 1):
            x, y, _ = done.track(roller).at(t)
            (sphere,) = [o for o in drawn.of("sphere") if o.ident == roller]
            radius = done.throws[roller].radius * view.scale
            assert same_circle(sphere, view.fpx((x, y)), radius), (t, roller)
        (edge,) = drawn.of("table")
        w, h = world.width, world.height
        assert same_polygon(edge, on_screen(view, [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]))
        # the core a sphere opened on lights from the moment its disc touched it
        lit = {o.ident for o in drawn.of("lit")}
        counted = set()
        for roller, verdict in enumerate(done.verdicts):
            if verdict.opened_at is not None and verdict.opened_at * physics.DT <= t:
                counted |= {(roller, world.targets[c].target.id) for c in verdict.cores}
        assert lit == counted, t
    assert any(v.opened_at is not None for v in done.verdicts)
    pygame.quit()


def test_a_core_rolled_over_too_fast_flashes_as_the_sphere_passes() -> None:
    """The core a sphere rolled over too fast to be held is outlined for FAST_FLASH_S
    from the step its disc reached it, then no more (the roll is told why it kept none)."""
    scene = planet_roll(4)
    done = scene.anim
    assert done is not None
    world = done.outcome.run.scene
    core = 0
    passed = dataclasses.replace(done.verdicts[0], fast=((30, core),))
    scene.anim = dataclasses.replace(done, verdicts=(passed, done.verdicts[1]))
    at = 30 * physics.DT
    seen = []
    for t in (at - 0.05, at + 0.01, at + FAST_FLASH_S - 0.01, at + FAST_FLASH_S + 0.05):
        scene.anim_t = t
        scene._stale = True
        scene.draw(pygame.Surface((1280, 720)))
        mine = [o.ident for o in scene.outlines.of("fast")]
        seen.append({i for i in mine if isinstance(i, tuple) and i[0] == 0})
    flashed = {(0, world.targets[core].target.id)}
    assert seen == [set(), flashed, flashed, set()]
    pygame.quit()


# --- the dice tray (Bakugan Attack!) -----------------------------------------------------


def test_every_die_and_the_trays_walls_are_drawn_as_their_shapes() -> None:
    pygame.init()
    tray = DiceTray()
    seen = 0
    for k, face in enumerate((3, 5, 1)):  # three dice into the tray, the later ones nudging
        tray.offer(k % 2, tray.rect.centerx + 40 * (k - 1))
        tray.throw(tray.aim_angle + 0.1 * (k - 1), 0.6 + 0.1 * k, 0.3, face)
        assert tray.roll is not None
        for t in (0.1, tray.roll.duration / 2, tray.roll.duration):
            tray.t = t
            tray.draw(pygame.Surface((1280, 720)))
            poses = list(reversed(tray.faces_shown()))
            drawn = tray.outlines.of("die")
            assert len(drawn) == len(poses)
            space = pymunk.Space()
            for outline, (_, pose) in zip(drawn, poses, strict=True):
                (box,) = die_body(space, (pose.x, pose.y), pose.angle).shapes
                assert isinstance(box, pymunk.Poly)
                corners = [box.body.local_to_world(v) for v in box.get_vertices()]
                assert same_polygon(outline, [tray.to_screen(p.x, p.y) for p in corners])
                # (its rounding, DIE_ROUNDING, is the clearance the dice keep between
                # them, drawn as table: tests/physics/test_dice.py)
                seen += 1
            # the walls' inner faces are the tray's edges
            (edge,) = tray.outlines.of("tray")
            faces = []
            for wall in tray_space(tray.spec).shapes:
                assert isinstance(wall, pymunk.Segment)
                if wall.a.y == wall.b.y:  # its face toward the tray's middle
                    inward = 1.0 if wall.a.y < 0 else -1.0
                    faces.append(("y", wall.a.y + inward * wall.radius))
                else:
                    inward = 1.0 if wall.a.x < 0 else -1.0
                    faces.append(("x", wall.a.x + inward * wall.radius))
            xs = sorted(v for axis, v in faces if axis == "x")
            ys = sorted(v for axis, v in faces if axis == "y")
            inner = [(xs[0], ys[0]), (xs[1], ys[0]), (xs[1], ys[1]), (xs[0], ys[1])]
            assert same_polygon(edge, [tray.to_screen(x, y) for x, y in inner])
        tray.update(tray.roll.duration + 1.0)
    assert seen >= 9


# --- the throw challenges ----------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "opens"),
    [("01_first_throw.toml", True), ("04_first_bank.toml", False), ("07_bumper_alley.toml", False)],
)
def test_every_challenge_body_is_drawn_as_its_shape(name: str, opens: bool) -> None:
    pygame.init()
    level = load_level(levels_dir() / name)
    attempt = Attempt(level)
    art = TableArt(level)
    if opens:  # a first throw that opens on its card: it stands there, a body to meet
        x0, y0, x1, _ = level.zone
        attempt.apply(
            attempt.simulate(physics.Throw(((x0 + x1) / 2, y0 + 45), math.pi / 2, 1000.0))
        )
        assert attempt.standing, "the first throw opened"
    surface = pygame.Surface((1280, 720))
    t = 0.0
    art.draw_table(surface)
    art.draw_cards(surface, t, set(), set(), 0.0)
    art.draw_pieces(surface, t, {})
    art.draw_standing(surface, attempt, t)
    for lr in level.rivals:
        pos, angle = attempt.rivals[lr.id]
        if pos is not None:
            art.draw_sphere(surface, pos, lr.rival.radius, lr.attribute, angle, True)
    view, drawn = art.view, art.outlines
    world = shot_scene_of(attempt.arena())
    still = [s for s in shapes(world) if s.body.body_type == pymunk.Body.STATIC]
    circles = [s for s in still if isinstance(s, pymunk.Circle) and not s.sensor]
    standing = {o.ident: o for o in drawn.of("standing")}
    pieces = drawn.of("piece")
    for shape in circles:  # the standing Bakugan and the round pieces
        centre, radius = view.fpx(shape.offset), shape.radius * view.scale
        drawn_as = [*standing.values(), *pieces]
        assert any(same_circle(o, centre, radius) for o in drawn_as), shape.offset
    assert len(standing) == len(attempt.standing)
    blocks = [
        s
        for s in still
        if isinstance(s, pymunk.Poly) and not s.sensor and len(s.get_vertices()) == 4
    ]
    for block in blocks:
        corners = on_screen(view, [(v.x, v.y) for v in block.get_vertices()])
        assert any(same_polygon(o, corners) for o in pieces), corners
    cards = drawn.of("card")
    for poly in polygons(world):
        assert any(same_polygon(o, on_screen(view, poly)) for o in cards), poly
    for lr in level.rivals:
        pos, _ = attempt.rivals[lr.id]
        if pos is not None:
            assert any(
                same_circle(o, view.fpx(pos), lr.rival.radius * view.scale)
                for o in drawn.of("sphere")
            )
    (edge,) = drawn.of("table")
    w, h = level.width, level.height
    assert same_polygon(edge, on_screen(view, [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)]))


# --- the throw lab -----------------------------------------------------------------------


def test_every_lab_body_is_drawn_as_its_shape() -> None:
    """The lab is where the physics is looked at: its cards, its standing Bakugan and the
    rolling sphere are drawn as they collide and are judged, like the match's."""
    app = App("en", fast=True)
    lab = LabScene(app)
    app.push(lab)
    table = lab.session.table()
    lab._throw(physics.Throw((400.0, 90.0), math.pi / 2, 1200.0))
    assert lab.result is not None and lab.rolling
    world = scene_of(table)
    for t in (0.05, lab.result.trajectory.duration / 2):
        lab.t = t
        lab.draw(pygame.Surface((1280, 720)))
        view, drawn = lab.table_view, lab.outlines
        cards = drawn.of("card")
        polys = polygons(world)
        assert len(cards) == len(polys) == len(table.cards)
        for poly in polys:
            assert any(same_polygon(o, on_screen(view, poly)) for o in cards), (t, poly)
        standing = drawn.of("standing")
        circles = solid_circles(world)
        assert len(standing) == len(circles) == len(table.standing) > 0
        for shape in circles:
            centre = view.fpx(shape.offset)
            assert any(same_circle(o, centre, shape.radius * view.scale) for o in standing)
        (sphere,) = drawn.of("sphere")
        x, y, _ = lab.result.trajectory.at(t)
        assert same_circle(sphere, view.fpx((x, y)), SPHERE_RADIUS * view.scale), t
        (edge,) = drawn.of("table")
        corners = [(0.0, 0.0), (table.width, 0.0), (table.width, table.height), (0.0, table.height)]
        assert same_polygon(edge, on_screen(view, corners))
    pygame.quit()
