"""Throw challenges on screen: the level select, a level in play, and the author's view.

- `LevelSelectScene(app)`: every level file in `levels/` as a tile with its stars and
  best score; levels unlock in order (a star on one opens the next); a file with a
  mistake is listed with its problems and cannot be started.
- `ChallengeScene`: one level. Throw with the slingshot (mouse) or the keys; R retries
  at once; after the last throw, the score, its parts and what the next star needs.
- `LevelScene(app, path)`: `bakugan level PATH` - one level file, reloaded whenever it
  changes on disk (its mistakes are shown until they are fixed). No progress is saved.

The scenes hold no rules: an `Attempt` (game.challenges) decides everything, and what
rolls on screen is the very simulation the attempt then applies.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.challenges import KNOCK, LAND, ZONE, Attempt, LevelDef
from game.challenges.run import ShotReport
from game.challenges.scoring import (
    PRECISION_POINTS,
    SECOND_POINTS,
    SPARE_POINTS,
    Score,
    min_throws,
)
from game.content.levels import LevelEntry, discover, load_entry
from game.persist.progress import Progress
from game.physics import DT, MAX_SPEED
from game.physics.arena import Block, Round, ShotResult, standing_position

from . import slingshot, text_fit
from . import widgets as w
from .controls import throw_keys
from .scene import Scene
from .table_view import TableView
from .throwing import bound_keys

if TYPE_CHECKING:
    from .app import App

Point = tuple[float, float]
RGB = tuple[int, int, int]

TABLE_AREA = pygame.Rect(16, 16, 880, 688)
SIDE = pygame.Rect(910, 10, 360, 700)
MAX_HAND_SPEED = MAX_SPEED  # mm/s at full power
PREVIEW_SECONDS = 0.7
CLOCK_STEPS = round((1.0 / 60.0) / DT)
"""Physics steps of the level's clock per screen update (the app updates at 60 Hz)."""
STAR_GOLD = (255, 206, 72)
STAR_EMPTY = (70, 78, 100)
GOOD = (130, 235, 140)
BAD = (255, 140, 120)
ZONE_BLUE = (80, 170, 255)
RIVAL_RED = (255, 90, 80)
MARKS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
SPECIES = {
    "pyrus": "dragonoid",
    "aquos": "preyas",
    "subterra": "gorem",
    "haos": "tigrerra",
    "darkus": "hydranoid",
    "ventus": "skyress",
    "clear": "elfin",
}


# --------------------------------------------------------------------------- drawing


@lru_cache(maxsize=16)
def _felt(size: tuple[int, int]) -> pygame.Surface:
    from . import art

    return art.table_felt(size).copy()


@lru_cache(maxsize=256)
def _card_image(colour: str, w_px: int, h_px: int, degrees: int) -> pygame.Surface:
    from . import art

    img = art.gate_card(colour, (w_px, h_px), False)
    return pygame.transform.rotozoom(img, degrees, 1.0) if degrees else img


def star_points(centre: tuple[float, float], outer: float) -> list[tuple[float, float]]:
    inner = outer * 0.45
    pts = []
    for k in range(10):
        r = outer if k % 2 == 0 else inner
        a = -math.pi / 2 + k * math.pi / 5
        pts.append((centre[0] + r * math.cos(a), centre[1] + r * math.sin(a)))
    return pts


def draw_stars(
    surface: pygame.Surface, centre: tuple[int, int], count: int, size: int, gap: int
) -> None:
    """Three stars side by side, `count` of them lit."""
    for i in range(3):
        c = (centre[0] + (i - 1) * gap, centre[1])
        pts = star_points(c, size)
        pygame.draw.polygon(surface, STAR_GOLD if i < count else STAR_EMPTY, pts)
        pygame.draw.polygon(surface, (40, 30, 10) if i < count else (40, 46, 62), pts, 2)


def _dashed_circle(
    surface: pygame.Surface, colour: RGB, centre: tuple[int, int], radius: int, phase: float
) -> None:
    n = max(12, radius // 3)
    for k in range(n):
        if k % 2:
            continue
        a0 = phase + k * math.tau / n
        a1 = a0 + math.tau / n
        p0 = (centre[0] + radius * math.cos(a0), centre[1] + radius * math.sin(a0))
        p1 = (centre[0] + radius * math.cos(a1), centre[1] + radius * math.sin(a1))
        pygame.draw.line(surface, colour, p0, p1, 3)


def _dashed_rect(surface: pygame.Surface, colour: RGB, rect: pygame.Rect, dash: int = 10) -> None:
    for x in range(rect.left, rect.right, dash * 2):
        pygame.draw.line(surface, colour, (x, rect.top), (min(x + dash, rect.right), rect.top), 2)
        pygame.draw.line(
            surface, colour, (x, rect.bottom), (min(x + dash, rect.right), rect.bottom), 2
        )
    for y in range(rect.top, rect.bottom, dash * 2):
        pygame.draw.line(
            surface, colour, (rect.left, y), (rect.left, min(y + dash, rect.bottom)), 2
        )
        pygame.draw.line(
            surface, colour, (rect.right, y), (rect.right, min(y + dash, rect.bottom)), 2
        )


def _dashed_line(
    surface: pygame.Surface, colour: RGB, a: tuple[int, int], b: tuple[int, int], dash: int = 8
) -> None:
    length = math.dist(a, b)
    n = max(1, int(length // dash))
    for k in range(0, n, 2):
        u0, u1 = k / n, min((k + 1) / n, 1.0)
        p0 = (a[0] + (b[0] - a[0]) * u0, a[1] + (b[1] - a[1]) * u0)
        p1 = (a[0] + (b[0] - a[0]) * u1, a[1] + (b[1] - a[1]) * u1)
        pygame.draw.line(surface, colour, p0, p1, 1)


def _badge(surface: pygame.Surface, centre: tuple[int, int], mark: str, colour: RGB) -> None:
    pygame.draw.circle(surface, (12, 16, 28), centre, 13)
    pygame.draw.circle(surface, colour, centre, 13, 2)
    w.text(surface, mark, centre, 20, colour, "center")


@dataclass
class Marks:
    """Letters for the level's target cards, rivals and zones, as the side panel names them."""

    cards: dict[str, str]
    zones: dict[int, str]

    @classmethod
    def of(cls, level: LevelDef) -> Marks:
        cards: dict[str, str] = {}
        zones: dict[int, str] = {}
        k = 0
        for i, t in enumerate(level.targets):
            key = t.card if t.kind == LAND else None
            if t.kind == KNOCK and t.rival is not None:
                key = level.rival(t.rival).on
            if key is not None and key not in cards:
                cards[key] = MARKS[k % len(MARKS)]
                k += 1
            elif t.kind == ZONE:
                zones[i] = MARKS[k % len(MARKS)]
                k += 1
        return cls(cards, zones)


class TableArt:
    """Draws a level's table as it stands at clock time t."""

    def __init__(self, level: LevelDef) -> None:
        self.level = level
        self.view = TableView(level.width, level.height, TABLE_AREA)
        self.marks = Marks.of(level)

    def draw_table(self, surface: pygame.Surface) -> None:
        v = self.view
        r = v.rect
        rail = max(8, v.length(22))
        pygame.draw.rect(surface, (10, 12, 20), r.inflate(rail * 2 + 16, rail * 2 + 16), 0, 14)
        sides = self.level.cushions
        wood, wood_light = (120, 82, 44), (176, 128, 74)
        rails = {
            "near": pygame.Rect(r.x - rail, r.bottom, r.w + 2 * rail, rail),
            "far": pygame.Rect(r.x - rail, r.y - rail, r.w + 2 * rail, rail),
            "left": pygame.Rect(r.x - rail, r.y - rail, rail, r.h + 2 * rail),
            "right": pygame.Rect(r.right, r.y - rail, rail, r.h + 2 * rail),
        }
        for side, box in rails.items():
            if side in sides:
                pygame.draw.rect(surface, wood, box, 0, 4)
                pygame.draw.rect(surface, wood_light, box, 2, 4)
        surface.blit(_felt(r.size), r)
        for side in ("near", "far", "left", "right"):
            if side not in sides:
                self._drop_edge(surface, side)
        x0, y0, x1, y1 = self.level.zone
        a, b = v.px((x0, y1)), v.px((x1, y0))
        band = pygame.Rect(a, (b[0] - a[0], b[1] - a[1]))
        shade = pygame.Surface(band.size, pygame.SRCALPHA)
        shade.fill((*ZONE_BLUE, 40))
        surface.blit(shade, band)
        _dashed_rect(surface, (120, 190, 255), band)

    def _drop_edge(self, surface: pygame.Surface, side: str) -> None:
        """An open edge: a hazard stripe along it (a sphere that crosses it is out)."""
        r = self.view.rect
        stripe = 6
        if side in ("near", "far"):
            y = r.bottom - stripe if side == "near" else r.y
            box = pygame.Rect(r.x, y, r.w, stripe)
        else:
            x = r.x if side == "left" else r.right - stripe
            box = pygame.Rect(x, r.y, stripe, r.h)
        pygame.draw.rect(surface, (30, 26, 20), box)
        step = 14
        length = box.w if side in ("near", "far") else box.h
        for k in range(0, length, step * 2):
            if side in ("near", "far"):
                seg = pygame.Rect(box.x + k, box.y, step, box.h)
            else:
                seg = pygame.Rect(box.x, box.y + k, box.w, step)
            pygame.draw.rect(surface, (220, 170, 40), seg.clip(box))

    def draw_paths(self, surface: pygame.Surface) -> None:
        """Where the moving pieces and cards go: their paths, faintly; a turning bar's
        circle."""
        v = self.view
        motions = [(c.card.motion, 0.0) for c in self.level.cards if c.card.motion is not None]
        for piece in self.level.pieces:
            if piece.motion is not None:
                reach = piece.radius if isinstance(piece, Round) else math.hypot(*piece.size) / 2
                motions.append((piece.motion, reach if piece.motion.turn else 0.0))
        for motion, reach in motions:
            if motion.path:
                pts = [v.px(p) for p in motion.path]
                if motion.closed:
                    pts.append(pts[0])
                for a, b in itertools.pairwise(pts):
                    _dashed_line(surface, (150, 170, 210), a, b)
                for p in pts:
                    pygame.draw.circle(surface, (150, 170, 210), p, 3)
            elif reach:
                # a turning piece without a path turns about its own centre
                for piece in self.level.pieces:
                    if piece.motion is motion:
                        c = v.px(piece.center)
                        _dashed_circle(surface, (110, 128, 170), c, v.length(reach), 0.0)

    def draw_cards(
        self,
        surface: pygame.Surface,
        t: float,
        met_cards: set[str],
        next_cards: set[str],
        pulse: float,
    ) -> None:
        v = self.view
        for lc in self.level.cards:
            x, y, angle = lc.card.pose(t)
            w_px = v.length(lc.card.spec.width)
            h_px = v.length(lc.card.spec.length)
            img = _card_image(lc.colour, w_px, h_px, round(math.degrees(angle)))
            centre = v.px((x, y))
            surface.blit(img, img.get_rect(center=centre))
            mag = v.length(lc.card.spec.magnet_radius)
            if mag > 1:
                glow = pygame.Surface((mag * 2 + 4, mag * 2 + 4), pygame.SRCALPHA)
                gc = glow.get_rect().center
                pygame.draw.circle(glow, (120, 200, 255, 60), gc, mag)
                pygame.draw.circle(glow, (170, 230, 255, 170), gc, mag, 1)
                surface.blit(glow, glow.get_rect(center=centre))
            mark = self.marks.cards.get(lc.id)
            if mark is not None:
                corner = (centre[0] + w_px // 2, centre[1] - h_px // 2)
                if lc.id in met_cards:
                    _badge(surface, corner, "✓", GOOD)
                else:
                    lit = lc.id in next_cards
                    if lit:
                        ring = pygame.Rect(0, 0, w_px + 10, h_px + 10)
                        ring.center = centre
                        shade = 150 + int(90 * pulse)
                        pygame.draw.rect(surface, (255, shade, 90), ring, 3, 6)
                    _badge(surface, corner, mark, w.ACCENT if lit else w.MUTED)

    def draw_zones(self, surface: pygame.Surface, met: set[int], nxt: set[int], t: float) -> None:
        v = self.view
        for i, target in enumerate(self.level.targets):
            if target.kind != ZONE:
                continue
            centre = v.px(target.center)
            radius = v.length(target.radius)
            done = i in met
            colour = GOOD if done else (w.ACCENT if i in nxt else w.MUTED)
            fill = pygame.Surface((radius * 2 + 2, radius * 2 + 2), pygame.SRCALPHA)
            pygame.draw.circle(fill, (*colour, 40), fill.get_rect().center, radius)
            surface.blit(fill, fill.get_rect(center=centre))
            _dashed_circle(surface, colour, centre, radius, t * 0.6)
            pygame.draw.circle(surface, colour, centre, 3)
            mark = "✓" if done else self.marks.zones.get(i, "?")
            _badge(surface, (centre[0] + radius, centre[1] - radius), mark, colour)

    def draw_pieces(self, surface: pygame.Surface, t: float, flash: dict[str, float]) -> None:
        v = self.view
        for piece in self.level.pieces:
            hot = flash.get(str(piece.id), 0.0)
            if isinstance(piece, Block):
                pts = [v.px(p) for p in piece.corners(t)]
                moving = piece.motion is not None
                base = (92, 100, 124) if not moving else (124, 96, 150)
                light = tuple(min(255, c + 50 + int(80 * hot)) for c in base)
                pygame.draw.polygon(surface, (20, 22, 30), [(x + 3, y + 3) for x, y in pts])
                pygame.draw.polygon(surface, base, pts)
                cx = sum(p[0] for p in pts) / 4
                cy = sum(p[1] for p in pts) / 4
                inner = [(cx + (x - cx) * 0.7, cy + (y - cy) * 0.55) for x, y in pts]
                pygame.draw.polygon(surface, light, inner)
                pygame.draw.polygon(surface, (230, 236, 250), pts, 2)
            else:
                assert isinstance(piece, Round)
                x, y, _ = piece.pose(t)
                c = v.px((x, y))
                r = v.length(piece.radius)
                if piece.bumper:
                    ring = (255, 120 + int(100 * hot), 70)
                    pygame.draw.circle(surface, (20, 12, 10), (c[0] + 3, c[1] + 3), r)
                    pygame.draw.circle(surface, ring, c, r)
                    pygame.draw.circle(surface, (250, 220, 120), c, max(2, int(r * 0.68)))
                    pygame.draw.circle(surface, (255, 250, 220), c, max(1, int(r * 0.32)))
                    pygame.draw.circle(surface, (120, 30, 20), c, r, 2)
                else:
                    pygame.draw.circle(surface, (20, 22, 30), (c[0] + 2, c[1] + 2), r)
                    pygame.draw.circle(surface, (150, 156, 172), c, r)
                    pygame.draw.circle(surface, (210, 216, 230), c, max(1, int(r * 0.55)))
                    pygame.draw.circle(surface, (60, 64, 80), c, r, 2)

    def draw_standing(
        self, surface: pygame.Surface, attempt: Attempt, t: float, hide: int | None = None
    ) -> None:
        from . import art

        cards = {c.card.id: c.card for c in self.level.cards}
        for st, sphere_i in zip(attempt.standing, attempt.standing_spheres, strict=False):
            if hide is not None and sphere_i == hide:
                continue
            attr = self.level.spheres[sphere_i].attribute
            size = max(16, self.view.length(st.radius * 3.0))
            img = art.open_bakugan(SPECIES.get(attr, "elfin"), _attr(attr), size)
            pos = standing_position(st, cards, t)
            surface.blit(img, img.get_rect(center=self.view.px(pos)))

    def draw_sphere(
        self,
        surface: pygame.Surface,
        pos: Point,
        radius: float,
        attr: str,
        angle: float,
        rival: bool,
    ) -> None:
        from . import art

        r = max(4, self.view.length(radius))
        img = art.closed_sphere(_attr(attr), r, angle)
        c = self.view.px(pos)
        if rival:
            pygame.draw.circle(surface, RIVAL_RED, c, r + 3, 2)
        surface.blit(img, img.get_rect(center=c))


def _attr(attribute: str) -> str | None:
    return None if attribute == "clear" else attribute


# --------------------------------------------------------------------------- input


class Aim:
    """The slingshot for challenges: where in the zone, which way, how hard, what spin.

    Mouse: move over the throw zone to place the sphere, press on it, pull back and let
    go. Wheel or Q / E: spin. Keys: A / D and W / S move it, Left / Right aim (with
    Shift: finely), hold Space to charge, release to throw. All but W / S are the
    player's throwing keys (`keys`, as `game.ui.throwing.bound_keys` gives them).
    """

    def __init__(
        self,
        level: LevelDef,
        view: TableView,
        keys: Mapping[int, str] | None = None,
        bounds: Callable[[], slingshot.Bounds] | None = None,
    ) -> None:
        self.level = level
        self.view = view
        self.bounds = bounds or (lambda: slingshot.DEFAULT_BOUNDS)  # the window, logical
        self.keys = dict(keys) if keys is not None else bound_keys({})
        x0, y0, x1, y1 = level.zone
        self.x = (x0 + x1) / 2
        self.y = (y0 + y1) / 2
        centre_y = level.height / 2
        self.angle = math.pi / 2 if (y0 + y1) / 2 < centre_y else -math.pi / 2
        self.power = 0.0
        self.spin = 0.0
        self.dragging = False
        self.drag_to: tuple[int, int] | None = None
        self.charging = False
        self.radius = 14.0

    def clamp(self) -> None:
        x0, y0, x1, y1 = self.level.zone
        r = self.radius + 1.0
        self.x = min(max(self.x, x0 + r), x1 - r)
        self.y = min(max(self.y, y0 + r), y1 - r)

    def origin(self) -> Point:
        return (self.x, self.y)

    def speed(self) -> float:
        return max(0.0, min(self.power, 1.0)) * MAX_HAND_SPEED

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the sphere is let go (a throw is made)."""
        v = self.view
        if event.type == pygame.MOUSEMOTION:
            if self.dragging:
                self.drag_to = event.pos
                # The match's slingshot: full power at a straight pull to the window's edge.
                angle, self.power = slingshot.pull(v.fpx(self.origin()), event.pos, self.bounds())
                if angle is not None:
                    self.angle = angle
            else:
                x0, y0, x1, y1 = self.level.zone
                mx, my = v.mm(event.pos)
                if x0 - 60 <= mx <= x1 + 60 and y0 - 60 <= my <= y1 + 60:
                    self.x, self.y = mx, my
                    self.clamp()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            sx, sy = v.px(self.origin())
            if math.hypot(event.pos[0] - sx, event.pos[1] - sy) < 40:
                self.dragging = True
                self.drag_to = event.pos
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            if self.power > 0.04:
                return True
            self.power = 0.0
        elif event.type == pygame.MOUSEWHEEL:
            self.spin = max(-1.0, min(1.0, round(self.spin + 0.1 * event.y, 2)))
        elif event.type == pygame.KEYDOWN:
            fine = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            step = 2.0 if fine else 8.0
            turn = 0.004 if fine else 0.02  # radians: Shift aims finely
            action = self.keys.get(event.key)
            if action == "aim_left":
                self.angle += turn
            elif action == "aim_right":
                self.angle -= turn
            elif action == "move_left":
                self.x -= step
            elif action == "move_right":
                self.x += step
            elif action == "spin_left":
                self.spin = min(1.0, round(self.spin + 0.1, 2))
            elif action == "spin_right":
                self.spin = max(-1.0, round(self.spin - 0.1, 2))
            elif action == "throw_charge":
                self.charging = True
                self.power = 0.0
            elif event.key == pygame.K_w:
                self.y += step
            elif event.key == pygame.K_s:
                self.y -= step
            self.clamp()
        elif (
            event.type == pygame.KEYUP
            and self.keys.get(event.key) == "throw_charge"
            and self.charging
        ):
            self.charging = False
            if self.power > 0.04:
                return True
        return False

    def update(self, dt: float) -> None:
        if self.charging:
            self.power = min(1.0, self.power + dt / 1.5)


# --------------------------------------------------------------------------- play


@dataclass
class Roll:
    """A throw on its way: the simulation, played back over its own duration."""

    result: ShotResult
    sphere: int
    t: float = 0.0

    @property
    def duration(self) -> float:
        return max(self.result.steps * DT, 0.15)


class ChallengeScene(Scene):
    """One level in play."""

    def __init__(
        self,
        app: App,
        level: LevelDef | None,
        *,
        number: int = 0,
        progress: Progress | None = None,
        next_level: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(app)
        self.number = number
        self.progress = progress
        self.next_level = next_level
        self.t = 0.0
        self.level: LevelDef | None = None
        self.notes: list[tuple[str, RGB, float]] = []
        self._reset_play()
        if level is not None:
            self.start(level)

    def _reset_play(self) -> None:
        """What one attempt shows besides the attempt itself (also without a level)."""
        self.roll: Roll | None = None
        self.finished = False
        self.new_best = False
        self.record_before = 0
        self.flash: dict[str, float] = {}
        self.particles: list[list[float]] = []
        self.trail: list[tuple[int, int]] = []
        self._preview: list[tuple[int, int]] = []
        self._preview_key: tuple[float, ...] | None = None
        self._preview_age = 0
        self.buttons: list[w.Button] = []
        self.refused = 0.0

    # --- life cycle ---------------------------------------------------------------

    def start(self, level: LevelDef) -> None:
        self.level = level
        self.attempt = Attempt(level)
        self.art = TableArt(level)
        bounds = getattr(self.app, "window_bounds", None)
        self.aim = Aim(level, self.art.view, bound_keys(self.app.settings.keys), bounds)
        sphere = self.attempt.sphere()
        self.aim.radius = sphere.radius if sphere is not None else 14.0
        self.aim.clamp()
        self._reset_play()

    def _sound(self, name: str, *args: float | str) -> None:
        """Play through the app's audio if it has one (the game runs silent without)."""
        audio = getattr(self.app, "audio", None)
        fn = getattr(audio, name, None)
        if callable(fn):
            fn(*args)

    def retry(self) -> None:
        self._sound("roll", 0.0)
        if self.level is not None:
            self.start(self.level)
            self.notes = []

    # --- input ----------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._sound("roll", 0.0)
            self.app.pop()
            return
        if self.level is None:
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.retry()
            return
        if self.finished:
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.next_level is not None and self.attempt.score().stars > 0:
                    self.next_level()
                return
            w.handle_buttons(self.buttons, event)
            return
        if self.roll is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE:
                self.roll.t = self.roll.duration  # skip to the end
            return
        if self.aim.handle(event):
            self._throw()

    def _throw(self) -> None:
        attempt = self.attempt
        throw = attempt.make_throw(
            self.aim.origin(), self.aim.angle, self.aim.speed(), self.aim.spin
        )
        self.aim.power = 0.0
        if throw is None:
            return
        try:
            result = attempt.simulate(throw, record=True)
        except ValueError:
            self.refused = 2.0
            return
        index = attempt.sphere_index()
        assert index is not None
        self.roll = Roll(result, index)
        self.trail = []
        self._sound("play", "throw")

    # --- update ---------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.t += dt
        self.notes = [(s, c, life - dt) for s, c, life in self.notes if life - dt > 0]
        self.refused = max(0.0, self.refused - dt)
        for key in list(self.flash):
            self.flash[key] -= dt * 4
            if self.flash[key] <= 0:
                del self.flash[key]
        for part in self.particles:
            part[0] += part[2] * dt
            part[1] += part[3] * dt
            part[4] -= dt
        self.particles = [p for p in self.particles if p[4] > 0]
        if self.level is None or self.finished:
            return
        if self.roll is not None:
            self._advance_roll(dt)
            return
        # the level's clock runs in real time whatever the animation speed
        self.attempt.wait(CLOCK_STEPS)
        self.aim.update(dt)
        if self.attempt.over:
            self._finish()

    def _advance_roll(self, dt: float) -> None:
        roll = self.roll
        assert roll is not None
        before = roll.t
        roll.t = min(roll.t + dt, roll.duration)
        for c in roll.result.contacts:
            if before <= c.time < roll.t or (before == 0 and c.time == 0):
                self.flash[str(c.other)] = 1.0
                self._sound("hit", c.speed)  # a unit mass: the impulse is the closing speed
        track = roll.result.track(roll.result.sphere_id)
        if len(track):
            x, y, _ = track.at(roll.t)
            self.trail.append(self.art.view.px((x, y)))
            x0, y0, _ = track.at(max(before, 0.0))
            self._sound("roll", math.hypot(x - x0, y - y0) / max(roll.t - before, 1e-6))
        if roll.t >= roll.duration:
            self.roll = None
            self._sound("roll", 0.0)
            report = self.attempt.apply(roll.result)
            self._after(report)
            sphere = self.attempt.sphere()
            if sphere is not None:
                self.aim.radius = sphere.radius
                self.aim.clamp()
            if self.attempt.over:
                self._finish()

    def _after(self, report: ShotReport) -> None:
        from . import art

        landing = report.result.landing
        marks = self.art.marks.cards
        if landing.card is not None:
            mark = marks.get(str(landing.card), "")
            key = "challenge.opened_partial" if landing.partial else "challenge.opened"
            self.notes.append((self.tr(key, mark=mark or "·"), GOOD, 2.2))
            self._sound("play", "pop")
            x, y = self.art.view.px(landing.position)
            for dx, dy, speed, life in art.burst_particles(len(self.attempt.reports), 22):
                self.particles.append([x, y, dx * speed, dy * speed, life])
        elif landing.reason == "off_table":
            self.notes.append((self.tr("challenge.missed_off_table"), BAD, 2.2))
            self._sound("play", "miss")
        else:
            self.notes.append((self.tr("challenge.missed"), BAD, 2.2))
            self._sound("play", "miss")
        for _, bonus in report.met:
            self.notes.append((self.tr("challenge.met", points=1000 + bonus), w.ACCENT, 2.6))

    def _finish(self) -> None:
        self.finished = True
        score = self.attempt.score()
        self._sound("play", "victory" if score.stars else "miss")
        level = self.level
        assert level is not None
        if self.progress is not None:
            self.record_before = self.progress.record(level.ident).best
            self.new_best, _ = self.progress.add_result(level.ident, score.total, score.stars)
            self.progress.save()
        self._build_buttons(score.stars > 0)

    def _build_buttons(self, passed: bool) -> None:
        box = self._result_box()
        y = box.bottom - 70
        items: list[tuple[str, Callable[[], None], int | None]] = [
            (self.tr("challenge.retry"), self.retry, pygame.K_r),
        ]
        if passed and self.next_level is not None:
            items.append((self.tr("challenge.next"), self.next_level, None))
        items.append((self.tr("challenge.levels"), self.app.pop, None))
        width = (box.w - 40 - 16 * (len(items) - 1)) // len(items)
        self.buttons = []
        for i, (label, fn, key) in enumerate(items):
            rect = pygame.Rect(box.x + 20 + i * (width + 16), y, width, 48)
            colour = (150, 70, 30) if i == 1 and passed else (48, 70, 130)
            self.buttons.append(w.Button(rect, label, fn, key=key, colour=colour))

    # --- drawing --------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(w.BG)
        surface.blit(_felt(surface.get_size()), (0, 0))
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 90))
        surface.blit(shade, (0, 0))
        if self.level is None:
            return
        self._draw_board(surface)
        self._draw_side(surface)
        if self.finished:
            self._draw_result(surface)

    def clock_time(self) -> float:
        if self.roll is not None:
            return self.roll.result.start_step * DT + self.roll.t
        return self.attempt.seconds

    def _draw_board(self, surface: pygame.Surface) -> None:
        art_ = self.art
        attempt = self.attempt
        level = attempt.level
        t = self.clock_time()
        pulse = 0.5 + 0.5 * math.sin(self.t * 5)
        art_.draw_table(surface)
        met = {i for i, b in enumerate(attempt.bonuses) if b is not None}
        nxt = set(attempt.open_targets()) if not self.finished else set()
        met_cards: set[str] = set()
        next_cards: set[str] = set()
        for i, target in enumerate(level.targets):
            key = target.card if target.kind == LAND else None
            if target.kind == KNOCK and target.rival is not None:
                key = level.rival(target.rival).on
            if key is None:
                continue
            if i in met and target.kind == LAND:
                met_cards.add(key)
            if i in nxt:
                next_cards.add(key)
        art_.draw_paths(surface)
        art_.draw_zones(surface, met, nxt, self.t)
        art_.draw_cards(surface, t, met_cards, next_cards, pulse)
        art_.draw_pieces(surface, t, self.flash)
        art_.draw_standing(surface, attempt, t)
        roll = self.roll
        if len(self.trail) > 1:
            pygame.draw.lines(surface, (255, 255, 255), False, self.trail, 1)
        rivals_drawn = False
        if roll is not None:
            for ident, track in roll.result.tracks:
                if not len(track):
                    continue
                if roll.t > track.duration + DT and ident != roll.result.sphere_id:
                    rest = {str(r.id): r for r in roll.result.rivals}.get(str(ident))
                    if rest is not None and rest.position is None:
                        continue
                if ident == roll.result.sphere_id:
                    if roll.t > track.duration + DT and roll.result.landing.reason == "off_table":
                        continue
                    s = level.spheres[roll.sphere]
                    x, y, a = track.at(roll.t)
                    art_.draw_sphere(surface, (x, y), s.radius, s.attribute, a, False)
                else:
                    lr = level.rival(str(ident))
                    x, y, a = track.at(roll.t)
                    art_.draw_sphere(surface, (x, y), lr.rival.radius, lr.attribute, a, True)
            rivals_drawn = True
        if not rivals_drawn:
            for lr in level.rivals:
                pos, angle = attempt.rivals[lr.id]
                if pos is not None:
                    art_.draw_sphere(surface, pos, lr.rival.radius, lr.attribute, angle, True)
        for x, y, _, _, life in self.particles:
            pygame.draw.circle(
                surface, (255, 230, 140), (int(x), int(y)), max(1, int(4 * life / 0.6))
            )
        if roll is None and not self.finished:
            self._draw_aim(surface)

    def _preview_path(self) -> list[tuple[int, int]]:
        aim = self.aim
        key = (round(aim.x, 1), round(aim.y, 1), round(aim.angle, 3), round(aim.power, 2), aim.spin)
        self._preview_age += 1
        moving = self.attempt.level.moving
        if key == self._preview_key and not (moving and self._preview_age >= 6):
            return self._preview
        self._preview_key = key
        self._preview_age = 0
        throw = self.attempt.make_throw(aim.origin(), aim.angle, aim.speed(), aim.spin)
        self._preview = []
        if throw is None or throw.speed < 1:
            return self._preview
        try:
            result = self.attempt.simulate(throw, record=True)
        except ValueError:
            return self._preview
        track = result.track(throw.sphere_id)
        end = min(PREVIEW_SECONDS, track.duration)
        v = self.art.view
        self._preview = [v.px(track.at(end * k / 24)[:2]) for k in range(25)]
        return self._preview

    def _draw_aim(self, surface: pygame.Surface) -> None:
        aim = self.aim
        v = self.art.view
        sx, sy = v.px(aim.origin())
        length = 50 + 150 * aim.power
        ex = sx + math.cos(aim.angle) * length
        ey = sy - math.sin(aim.angle) * length
        pygame.draw.line(surface, (255, 220, 120), (sx, sy), (int(ex), int(ey)), 3)
        head = [
            (ex, ey),
            (ex - 12 * math.cos(aim.angle - 0.4), ey + 12 * math.sin(aim.angle - 0.4)),
            (ex - 12 * math.cos(aim.angle + 0.4), ey + 12 * math.sin(aim.angle + 0.4)),
        ]
        pygame.draw.polygon(surface, (255, 220, 120), head)
        if self.app.aim_assist and aim.power > 0.04:
            for i, p in enumerate(self._preview_path()[::2]):
                pygame.draw.circle(surface, (255, 255, 255), p, 2 if i % 2 else 3)
        if aim.dragging and aim.drag_to is not None:
            pygame.draw.line(surface, (230, 230, 230), (sx, sy), aim.drag_to, 2)
        sphere = self.attempt.sphere()
        if sphere is not None:
            self.art.draw_sphere(
                surface, aim.origin(), sphere.radius, sphere.attribute, aim.spin * 2, False
            )
        if self.refused > 0:
            w.text(
                surface, self.tr("challenge.refused"), (sx, sy - 40), 22, BAD, "center", shadow=True
            )

    def _draw_side(self, surface: pygame.Surface) -> None:
        from . import art

        level = self.attempt.level
        lang = self.app.lang
        attempt = self.attempt
        w.panel(surface, SIDE, 225)
        x = SIDE.x + 18
        y = SIDE.y + 14
        if self.number:
            w.text(surface, self.tr("challenge.level_n", n=self.number), (x, y), 22, w.MUTED)
            y += 24
        w.fit_text(surface, level.name.get(lang), pygame.Rect(x, y, SIDE.w - 36, 40), 36, w.ACCENT)
        y += 44
        y = w.paragraph(
            surface, level.hint.get(lang), pygame.Rect(x, y, SIDE.w - 36, 70), 20, w.INK
        )
        y += 8
        heading = self.tr("challenge.targets")
        if len(level.targets) > 1:
            order = "challenge.in_order" if level.order != "any" else "challenge.any_order"
            heading = f"{heading} · {self.tr(order)}"
        w.text(surface, heading, (x, y), 24, w.ACCENT)
        y += 32
        nxt = set(attempt.open_targets())
        for i in range(len(level.targets)):
            done = attempt.bonuses[i] is not None
            colour = GOOD if done else (w.INK if i in nxt else w.MUTED)
            line = self._target_text(i)
            pygame.draw.rect(surface, colour, pygame.Rect(x, y + 4, 14, 14), 0 if done else 2, 3)
            y = w.paragraph(surface, line, pygame.Rect(x + 24, y, SIDE.w - 60, 48), 21, colour) + 2
        y += 10
        w.text(surface, self.tr("challenge.throws_left", n=attempt.throws_left), (x, y), 24)
        y += 32
        for i, s in enumerate(level.spheres):
            c = (x + 16 + i * 36, y + 14)
            img = art.closed_sphere(_attr(s.attribute), 13, 0.0)
            img = img.copy()
            if i in attempt.standing_spheres:
                img.set_alpha(70)
            elif i in attempt.used:
                img.set_alpha(140)
            surface.blit(img, img.get_rect(center=c))
            if attempt.sphere_index() == i and not self.finished:
                pygame.draw.circle(surface, w.ACCENT, c, 16, 2)
        y += 40
        left = attempt.seconds_left()
        if left is not None:
            colour = BAD if left < 10 else w.INK
            w.text(
                surface,
                self.tr("challenge.time_left", seconds=math.ceil(left)),
                (x, y),
                24,
                colour,
            )
        else:
            w.text(
                surface,
                self.tr("challenge.clock", seconds=int(attempt.seconds)),
                (x, y),
                22,
                w.MUTED,
            )
        y += 32
        score = attempt.score()
        w.text(surface, self.tr("challenge.score", score=score.total), (x, y), 28, w.ACCENT)
        one, two, three = level.stars
        w.text(
            surface,
            self.tr("challenge.stars_need", one=one, two=two, three=three),
            (x, y + 34),
            20,
            w.MUTED,
        )
        # power meter and spin
        meter = pygame.Rect(x, SIDE.bottom - 156, SIDE.w - 36, 14)
        pygame.draw.rect(surface, (30, 30, 40), meter, border_radius=6)
        fill = meter.copy()
        fill.w = int(meter.w * self.aim.power)
        p = self.aim.power
        colour = (90, 220, 120) if p < 0.7 else (255, 180, 60) if p < 0.9 else (255, 80, 60)
        pygame.draw.rect(surface, colour, fill, border_radius=6)
        w.text(
            surface,
            self.tr("challenge.meter", power=int(p * 100), spin=f"{self.aim.spin:+.1f}"),
            (x, meter.bottom + 4),
            20,
        )
        keys = throw_keys(self.app.settings.keys, self.tr)
        y = w.paragraph(
            surface,
            self.tr("challenge.keys", **keys),
            pygame.Rect(x, SIDE.bottom - 110, SIDE.w - 36, 46),
            18,
            w.MUTED,
        )
        w.paragraph(
            surface,
            self.tr("challenge.keys_keyboard", **keys),
            pygame.Rect(x, y + 2, SIDE.w - 36, 46),
            18,
            w.MUTED,
        )
        for i, (line, colour, life) in enumerate([] if self.finished else self.notes[-3:]):
            # A note as wide as the table at most (a long file name shrinks it).
            room = pygame.Rect(0, 0, TABLE_AREA.w - 48, 36)
            img = w.render(line, w.fitted_size(line, room, 30), colour)
            img = img.copy()
            img.set_alpha(int(255 * min(1.0, life * 2)))
            rect = img.get_rect(center=(self.art.view.rect.centerx, 60 + i * 40))
            text_fit.record(line, rect, TABLE_AREA, surface)
            back = rect.inflate(24, 10)
            box = pygame.Surface(back.size, pygame.SRCALPHA)
            box.fill((0, 0, 0, int(150 * min(1.0, life * 2))))
            surface.blit(box, back)
            surface.blit(img, rect)

    def _target_text(self, i: int) -> str:
        level = self.attempt.level
        target = level.targets[i]
        marks = self.art.marks
        if target.kind == LAND:
            return self.tr("challenge.target_land", mark=marks.cards.get(target.card or "", "?"))
        if target.kind == KNOCK:
            lr = level.rival(target.rival or "")
            mark = marks.cards.get(lr.on or "", "?")
            return self.tr(
                "challenge.target_knock", attribute=self.tr(f"attr.{lr.attribute}"), mark=mark
            )
        return self.tr("challenge.target_zone", mark=marks.zones.get(i, "?"))

    def _result_box(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, 640, 520)
        box.center = (640, 360)
        return box

    def _draw_result(self, surface: pygame.Surface) -> None:
        level = self.attempt.level
        score = self.attempt.score()
        shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        box = self._result_box()
        w.panel(surface, box, 245, w.ACCENT if score.complete else (200, 110, 90), overlay=True)
        cx = box.centerx
        title = self.tr("challenge.complete" if score.complete else "challenge.failed")
        w.text(
            surface,
            title,
            (cx, box.y + 22),
            50,
            w.ACCENT if score.complete else BAD,
            "midtop",
            shadow=True,
        )
        y = box.y + 76
        if not score.complete:
            why = (
                "challenge.fail_time"
                if self.attempt.out_of_time
                else "challenge.fail_spheres"
                if self.attempt.sphere() is None and self.attempt.throws_left
                else "challenge.fail_throws"
            )
            w.text(surface, self.tr(why), (cx, y), 24, w.INK, "midtop")
            y += 30
        draw_stars(surface, (cx, y + 34), score.stars, 30, 78)
        y += 80
        rows = [
            (
                self.tr("challenge.part_targets", met=score.targets_met, total=score.targets_total),
                score.target_points,
            ),
            (self.tr("challenge.part_precision"), score.precision),
        ]
        if score.complete:
            rows.append((self.tr("challenge.part_spare", n=score.spare_throws), score.spare_points))
            if level.time is not None:
                rows.append(
                    (self.tr("challenge.part_time", n=score.seconds_left), score.time_points)
                )
        for label, points in rows:
            w.text(surface, label, (box.x + 60, y), 24, w.INK)
            w.text(surface, f"{points:+d}", (box.right - 60, y), 24, w.INK, "topright")
            y += 30
        pygame.draw.line(surface, w.PANEL_EDGE, (box.x + 60, y + 2), (box.right - 60, y + 2), 2)
        y += 10
        w.text(surface, self.tr("challenge.total"), (box.x + 60, y), 30, w.ACCENT)
        w.text(surface, str(score.total), (box.right - 60, y), 30, w.ACCENT, "topright")
        y += 40
        if self.progress is not None:
            best = max(self.record_before, score.total)
            label = (
                self.tr("challenge.new_best")
                if self.new_best
                else self.tr("challenge.best", score=best)
            )
            w.text(surface, label, (cx, y), 24, GOOD if self.new_best else w.MUTED, "midtop")
            y += 30
        need = score.next_star(level)
        if not score.complete:
            advice = self.tr("challenge.need_complete")
        elif need is None:
            advice = self.tr("challenge.all_stars")
        else:
            advice = self.tr("challenge.next_star", need=need, more=need - score.total)
            advice += " " + self.tr(f"challenge.advice_{star_advice(level, score, need)}")
        w.paragraph(surface, advice, pygame.Rect(box.x + 40, y, box.w - 80, 90), 21, w.INK)
        for b in self.buttons:
            b.draw(surface, 24)


def star_advice(level: LevelDef, score: Score, need: int) -> str:
    """Which change alone would earn the next star: "throw" (one throw fewer),
    "precision" (cleaner opens), "time" (quicker), else "general"."""
    more = need - score.total
    used = level.throws - score.spare_throws
    if used > min_throws(level) and more <= SPARE_POINTS:
        return "throw"
    if score.targets_total * PRECISION_POINTS - score.precision >= more:
        return "precision"
    if level.time is not None and level.time * SECOND_POINTS - score.time_points >= more:
        return "time"
    return "general"


# --------------------------------------------------------------------------- select


class LevelSelectScene(Scene):
    """Every level file as a tile: stars, best score, locked or open, or its mistakes."""

    COLS = 5
    ROWS = 4

    def __init__(self, app: App, folder: Path | None = None) -> None:
        super().__init__(app)
        self.folder = folder
        self.t = 0.0
        self.progress = Progress.load()
        self.entries: list[LevelEntry] = []
        self.selected = 0
        self.top_row = 0
        self.reload()

    def reload(self) -> None:
        self.entries = discover(self.folder)
        self.selected = min(self.selected, max(len(self.entries) - 1, 0))

    def enter(self) -> None:
        self.reload()

    def playable(self) -> list[str]:
        return [e.ident for e in self.entries if e.ok]

    def unlocked(self) -> set[str]:
        return self.progress.unlocked(self.playable())

    def number(self, index: int) -> int:
        return index + 1

    def tile_rect(self, index: int) -> pygame.Rect:
        row, col = divmod(index, self.COLS)
        row -= self.top_row
        return pygame.Rect(40 + col * 242, 118 + row * 116, 228, 108)

    def _visible(self, index: int) -> bool:
        row = index // self.COLS
        return self.top_row <= row < self.top_row + self.ROWS

    def open(self, index: int) -> None:
        if not 0 <= index < len(self.entries):
            return
        entry = self.entries[index]
        if entry.level is None or entry.ident not in self.unlocked():
            return
        self.selected = index
        self.app.push(self._scene(index))

    def _scene(self, index: int) -> ChallengeScene:
        entry = self.entries[index]

        def go_next() -> None:
            nxt = self._next_playable(index)
            if nxt is not None:
                self.selected = nxt
                self.app.replace(self._scene(nxt))

        has_next = self._next_playable(index) is not None
        return ChallengeScene(
            self.app,
            entry.level,
            number=self.number(index),
            progress=self.progress,
            next_level=go_next if has_next else None,
        )

    def _next_playable(self, index: int) -> int | None:
        for j in range(index + 1, len(self.entries)):
            if self.entries[j].ok:
                return j
        return None

    def _scroll(self) -> None:
        row = self.selected // self.COLS
        if row < self.top_row:
            self.top_row = row
        elif row >= self.top_row + self.ROWS:
            self.top_row = row - self.ROWS + 1

    def handle(self, event: pygame.event.Event) -> None:
        n = len(self.entries)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
            elif n and event.key == pygame.K_RIGHT:
                self.selected = min(self.selected + 1, n - 1)
            elif n and event.key == pygame.K_LEFT:
                self.selected = max(self.selected - 1, 0)
            elif n and event.key == pygame.K_DOWN:
                self.selected = min(self.selected + self.COLS, n - 1)
            elif n and event.key == pygame.K_UP:
                self.selected = max(self.selected - self.COLS, 0)
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open(self.selected)
            self._scroll()
        elif event.type == pygame.MOUSEMOTION:
            for i in range(n):
                if self._visible(i) and self.tile_rect(i).collidepoint(event.pos):
                    self.selected = i
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for i in range(n):
                if self._visible(i) and self.tile_rect(i).collidepoint(event.pos):
                    self.open(i)
                    return
        elif event.type == pygame.MOUSEWHEEL:
            rows = (n + self.COLS - 1) // self.COLS
            self.top_row = min(max(self.top_row - event.y, 0), max(rows - self.ROWS, 0))

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        from . import art

        surface.blit(_felt(surface.get_size()), (0, 0))
        w.text(surface, self.tr("levels.title"), (640, 44), 60, w.ACCENT, "center", shadow=True)
        w.text(surface, self.tr("levels.subtitle"), (640, 90), 24, w.INK, "center", shadow=True)
        ids = self.playable()
        total = self.progress.total_stars(ids)
        w.text(
            surface,
            self.tr("levels.stars_total", stars=total, total=3 * len(ids)),
            (1240, 30),
            24,
            STAR_GOLD,
            "topright",
        )
        if not self.entries:
            w.text(
                surface,
                self.tr("levels.none", folder=str(self.folder or "levels/")),
                (640, 360),
                28,
                w.INK,
                "center",
            )
            return
        unlocked = self.unlocked()
        for i, entry in enumerate(self.entries):
            if self._visible(i):
                self._tile(surface, i, entry, entry.ident in unlocked, art)
        self._detail(surface, unlocked)
        warning = self.progress.warning
        if warning is not None:
            text = warning.text(self.app.lang)
            box = pygame.Rect(40, 571, 1200, 20)  # between the tiles and the detail panel
            w.text(surface, text, box.topleft, 18, BAD)
        w.text(surface, self.tr("levels.keys"), (640, 704), 20, w.MUTED, "center")

    def _tile(
        self, surface: pygame.Surface, i: int, entry: LevelEntry, open_: bool, art: object
    ) -> None:
        rect = self.tile_rect(i)
        hot = i == self.selected
        lang = self.app.lang
        if entry.level is None:
            edge: RGB = (220, 90, 70)
        elif not open_:
            edge = (60, 66, 90)
        else:
            edge = w.ACCENT if hot else w.PANEL_EDGE
        w.panel(surface, rect, 235 if hot else 205, edge)
        if hot:
            pygame.draw.rect(surface, edge, rect.inflate(6, 6), 2, 14)
        w.text(
            surface,
            str(self.number(i)),
            (rect.x + 14, rect.y + 8),
            40,
            edge if entry.level is not None else BAD,
        )
        if entry.level is None:
            w.paragraph(
                surface,
                self.tr("levels.broken_short"),
                pygame.Rect(rect.x + 14, rect.y + 52, rect.w - 28, 30),
                22,
                BAD,
            )
            w.text(surface, entry.path.name, (rect.x + 14, rect.bottom - 24), 16, w.MUTED)
            return
        name = entry.level.name.get(lang)
        lines = w.wrap(name, 21, rect.w - 70)
        for k, line in enumerate(lines[:2]):
            w.text(
                surface, line, (rect.x + 62, rect.y + 12 + k * 21), 21, w.INK if open_ else w.MUTED
            )
        if not open_:
            self._lock(surface, (rect.centerx, rect.y + 70))
            return
        record = self.progress.record(entry.ident)
        draw_stars(surface, (rect.centerx, rect.y + 68), record.stars, 14, 38)
        label = (
            self.tr("levels.best", score=record.best)
            if record.plays
            else self.tr("levels.not_played")
        )
        w.text(surface, label, (rect.centerx, rect.bottom - 6), 18, w.MUTED, "midbottom")

    def _lock(self, surface: pygame.Surface, c: tuple[int, int]) -> None:
        body = pygame.Rect(0, 0, 30, 24)
        body.midtop = (c[0], c[1] - 4)
        pygame.draw.arc(
            surface, (110, 116, 140), pygame.Rect(c[0] - 11, c[1] - 22, 22, 30), 0, math.pi, 4
        )
        pygame.draw.rect(surface, (110, 116, 140), body, 0, 5)
        pygame.draw.circle(surface, (30, 34, 48), (c[0], c[1] + 7), 4)

    def _detail(self, surface: pygame.Surface, unlocked: set[str]) -> None:
        if not self.entries:
            return
        entry = self.entries[self.selected]
        box = pygame.Rect(40, 590, 1200, 96)
        w.panel(surface, box, 230, (220, 90, 70) if entry.level is None else w.PANEL_EDGE)
        x, y = box.x + 18, box.y + 10
        lang = self.app.lang
        if entry.level is None:
            w.text(surface, self.tr("levels.broken"), (x, y), 22, BAD)
            y += 26
            for p in entry.problems[:3]:
                w.text(surface, p.line(lang), (x, y), 18, w.INK)
                y += 20
            return
        level = entry.level
        w.text(
            surface, f"{self.number(self.selected)}. {level.name.get(lang)}", (x, y), 28, w.ACCENT
        )
        w.text(surface, level.hint.get(lang), (x, y + 34), 21, w.INK)
        if entry.ident not in unlocked:
            w.text(surface, self.tr("levels.locked"), (x, y + 62), 20, w.MUTED)
        else:
            one, two, three = level.stars
            w.text(
                surface,
                self.tr("challenge.stars_need", one=one, two=two, three=three),
                (x, y + 62),
                20,
                w.MUTED,
            )


# --------------------------------------------------------------------------- authors


class LevelScene(ChallengeScene):
    """`bakugan level PATH`: one level file, reloaded whenever it changes on disk."""

    POLL = 0.5  # seconds between looks at the file

    def __init__(self, app: App, level_path: Path | str) -> None:
        self.path = Path(level_path)
        self.entry: LevelEntry = load_entry(self.path)
        self.stamp = self._stamp()
        self.poll = 0.0
        super().__init__(app, self.entry.level)
        if self.entry.level is not None:
            self.notes.append((self.tr("challenge.watching", file=self.path.name), w.MUTED, 3.0))

    def _stamp(self) -> tuple[float, int] | None:
        try:
            st = self.path.stat()
        except OSError:
            return None
        return (st.st_mtime, st.st_size)

    def check_file(self) -> bool:
        """Reload the level if the file changed; True if it did."""
        stamp = self._stamp()
        if stamp == self.stamp:
            return False
        self.stamp = stamp
        self.entry = load_entry(self.path)
        if self.entry.level is not None:
            self.start(self.entry.level)
            self.notes = [(self.tr("challenge.reloaded", file=self.path.name), GOOD, 2.5)]
        else:
            self.level = None
            self._reset_play()
        return True

    def update(self, dt: float) -> None:
        self.poll += dt
        if self.poll >= self.POLL:
            self.poll = 0.0
            self.check_file()
        super().update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.level is None:
            self._draw_problems(surface)

    def _draw_problems(self, surface: pygame.Surface) -> None:
        box = pygame.Rect(140, 120, 1000, 480)
        w.panel(surface, box, 240, (220, 90, 70), overlay=True)
        x, y = box.x + 30, box.y + 24
        title = pygame.Rect(x, y, box.w - 60, 40)
        w.fit_text(surface, self.tr("challenge.cannot_play", file=self.path.name), title, 34, BAD)
        y += 56
        for p in self.entry.problems[:12]:
            y = (
                w.paragraph(surface, p.line(self.app.lang), pygame.Rect(x, y, box.w - 60, 60), 21)
                + 4
            )
        w.text(
            surface,
            self.tr("challenge.fix_and_save"),
            (box.centerx, box.bottom - 30),
            22,
            w.MUTED,
            "center",
        )


def open_level(path: str, lang: str | None = None) -> int:
    """`bakugan level PATH`: the window on one level file. Returns an exit code."""
    import os

    from game.persist.lang import tr

    from .app import App

    said = lang
    if said is None:
        env = next((os.environ[v] for v in ("BAKUGAN_LANG", "LANG") if os.environ.get(v)), "")
        said = "ru" if env.lower().startswith("ru") else "en"
    p = Path(path)
    if not p.is_file():
        print(tr(said, "levels.no_file", file=path))
        return 2
    try:
        app = App(lang)
    except pygame.error as e:
        print(tr(said, "ui.no_display", error=str(e)))
        return 1
    app.run(LevelScene(app, p))
    return 0


__all__ = ["ChallengeScene", "LevelScene", "LevelSelectScene", "open_level"]
