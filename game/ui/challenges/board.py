"""A level's table as the challenges draw it: rails and open edges, the throw zone,
moving pieces' paths, cards with their letters, target zones, pieces, standing Bakugan
and spheres; the stars and the letters the side panel names targets by."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from game.challenges import KNOCK, LAND, ZONE, Attempt, LevelDef
from game.physics.pieces import Block, Round, standing_position

from .. import widgets as w
from ..outlines import Outlines
from ..table_view import TableView

Point = tuple[float, float]
RGB = tuple[int, int, int]

TABLE_AREA = pygame.Rect(16, 16, 880, 688)
EDGE = 16  # px of TABLE_AREA (8 each side) left round the table
SIDE = pygame.Rect(910, 10, 360, 700)
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


@lru_cache(maxsize=16)
def felt(size: tuple[int, int]) -> pygame.Surface:
    from .. import art

    return art.table_felt(size).copy()


@lru_cache(maxsize=256)
def card_image(colour: str, w_px: int, h_px: int, degrees: int) -> pygame.Surface:
    from .. import art

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


def draw_stars_need(
    surface: pygame.Surface, tr: Callable[..., str], level: LevelDef, at: tuple[int, int]
) -> None:
    """The line of the score each of `level`'s stars needs (one, two, three), at `at`."""
    one, two, three = level.stars
    w.text(surface, tr("challenge.stars_need", one=one, two=two, three=three), at, 20, w.MUTED)


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
        # a little floor round the table: a miss's mark on its edge stays on the screen
        self.view = TableView(level.width, level.height, TABLE_AREA.inflate(-EDGE, -EDGE))
        self.marks = Marks.of(level)
        self.outlines = Outlines()  # what the table's bodies were drawn as

    def draw_table(self, surface: pygame.Surface) -> None:
        """The table and its edges (a frame's drawing of the bodies starts here)."""
        v = self.view
        r = v.rect
        self.outlines.start("table")
        self.outlines.rect("table", "table", "table", r)
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
        surface.blit(felt(r.size), r)
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
            w_px = v.length(lc.card.target.width)
            h_px = v.length(lc.card.target.length)
            turn = round(math.degrees(angle))
            img = card_image(lc.colour, w_px, h_px, turn)
            centre = v.px((x, y))
            surface.blit(img, img.get_rect(center=centre))
            self.outlines.polygon("table", "card", lc.id, _turned_box(centre, w_px, h_px, turn))
            mag = v.length(lc.card.target.magnet_radius)
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
                self.outlines.polygon("table", "piece", piece.id, pts)
            else:
                assert isinstance(piece, Round)
                x, y, _ = piece.pose(t)
                c = v.px((x, y))
                r = v.length(piece.radius)
                self.outlines.circle("table", "piece", piece.id, c, r)
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
        from .. import art

        cards = {c.card.id: c.card for c in self.level.cards}
        for st, sphere_i in zip(attempt.standing, attempt.standing_spheres, strict=False):
            if hide is not None and sphere_i == hide:
                continue
            attr = self.level.spheres[sphere_i].attribute
            ring = self.view.length(st.radius)  # as big as it collides
            img = art.open_bakugan(
                SPECIES.get(attr, "elfin"), art_attribute(attr), max(4, 2 * ring - 4)
            )
            at = self.view.px(standing_position(st, cards, t))
            pygame.draw.circle(surface, (230, 236, 250), at, ring, 2)
            surface.blit(img, img.get_rect(center=at))
            self.outlines.circle("table", "standing", st.id, at, ring)

    def draw_sphere(
        self,
        surface: pygame.Surface,
        pos: Point,
        radius: float,
        attr: str,
        angle: float,
        rival: bool,
    ) -> None:
        from .. import art

        r = self.view.length(radius)
        img = art.closed_sphere(art_attribute(attr), r, angle)
        c = self.view.px(pos)
        surface.blit(img, img.get_rect(center=c))
        if rival:  # marked along its own edge: the circle it collides as
            pygame.draw.circle(surface, RIVAL_RED, c, r, 2)
        ident = "rival" if rival else "thrown"
        self.outlines.circle("table", "sphere", ident, c, img.get_width() / 2)


def _turned_box(
    centre: tuple[int, int], width: float, length: float, degrees: float
) -> list[tuple[float, float]]:
    """The corners on screen of a box `width` x `length` px at `centre`, turned
    counter-clockwise by `degrees` (the screen's y points down)."""
    a = math.radians(degrees)
    c, s = math.cos(a), math.sin(a)
    w, h = width / 2, length / 2
    return [
        (centre[0] + c * x + s * y, centre[1] - s * x + c * y)
        for x, y in ((-w, -h), (w, -h), (w, h), (-w, h))
    ]


def art_attribute(attribute: str) -> str | None:
    return None if attribute == "clear" else attribute
