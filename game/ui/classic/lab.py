"""The throw lab (`bakugan lab`): throw on a test table and see the physics at work.

Magnetic areas, standing Bakugan, the path of each throw with its speed, and the
landing verdict the rules would receive. C toggles cushions, R clears the paths.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game import physics
from game.content.classic import shipped_catalog
from game.match.zone import THROW_BAND, Zone

from .. import widgets as w
from ..scene import Scene
from ..table_view import TableView
from .throwing import ThrowInput

if TYPE_CHECKING:
    from ..app import App

LAB_SLOTS = ((2, 1), (2, 2), (1, 1), (3, 2), (1, 2), (3, 1), (2, 3))
LAB_STANDING = (((1, 2), "lab_a"), ((3, 1), "lab_b"))


class LabTable:
    """Stands in for a match session: a fixed table, always waiting for a throw."""

    def __init__(self, cushions: bool = False) -> None:
        self.cushions = cushions

    def table(self) -> physics.TableSpec:
        base = physics.TableSpec()
        cards = tuple(physics.slot_card(c, r, base) for c, r in LAB_SLOTS)
        standing = tuple(
            physics.Obstacle(ident, physics.slot_center(*slot, base))
            for slot, ident in LAB_STANDING
        )
        return physics.TableSpec(cushions=self.cushions, cards=cards, standing=standing)

    def awaiting_throw(self) -> None:
        return None

    def zone(self, player: int) -> Zone:
        return Zone(0.0, 0.0, 800.0, THROW_BAND)


class LabScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.catalog = shipped_catalog()
        self.session = LabTable()
        self.table_view = TableView(800.0, 1000.0)
        self.throw_input = ThrowInput(self, 0, self.session.zone(0))  # type: ignore[arg-type]
        self.paths: list[list[tuple[int, int]]] = []
        self.result: physics.ThrowResult | None = None
        self.t = 0.0
        self.rolling = False

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if event.key == pygame.K_c:
                self.session.cushions = not self.session.cushions
                return
            if event.key == pygame.K_r:
                self.paths.clear()
                return
        if self.rolling:
            return
        throw = self.throw_input.handle(event)
        if throw is not None:
            table = self.session.table()
            problem = physics.check_origin(table, throw.origin, throw.radius)
            if problem:
                self.throw_input.refuse(self.tr("throw.too_close"))
                return
            self.result = physics.resolve_throw(table, throw)
            traj = self.result.trajectory
            self.paths.append([self.table_view.px(traj[i][:2]) for i in range(0, len(traj), 4)])
            self.paths = self.paths[-6:]
            self.t = 0.0
            self.rolling = True

    def update(self, dt: float) -> None:
        self.throw_input.update(dt)
        if self.rolling and self.result is not None:
            self.t += dt
            if self.t >= self.result.trajectory.duration:
                self.rolling = False

    def draw(self, surface: pygame.Surface) -> None:
        from .. import art

        surface.blit(art.table_felt(surface.get_size()), (0, 0))
        edge = (150, 110, 60) if self.session.cushions else (60, 40, 26)
        pygame.draw.rect(surface, edge, self.table_view.rect.inflate(14, 14), border_radius=10)
        surface.blit(art.table_felt(self.table_view.rect.size), self.table_view.rect)
        table = self.session.table()
        for card in table.cards:
            assert isinstance(card.id, tuple)
            r = self.table_view.box(card.center, card.width - 3, card.length - 3)
            surface.blit(art.gate_card("silver", r.size, False), r)
            mag = pygame.Surface((int(card.magnet_radius * 2 * 0.7) + 2,) * 2, pygame.SRCALPHA)
            centre, radius = mag.get_rect().center, mag.get_width() // 2
            pygame.draw.circle(mag, (120, 200, 255, 90), centre, radius)
            pygame.draw.circle(mag, (170, 230, 255, 230), centre, radius, 2)
            surface.blit(mag, mag.get_rect(center=r.center))
        for obstacle in table.standing:
            img = art.open_bakugan("gorem", "subterra", 30)
            surface.blit(img, img.get_rect(center=self.table_view.px(obstacle.position)))
        for i, path in enumerate(self.paths):
            if len(path) > 1:
                shade = 90 + 165 * (i + 1) // len(self.paths)
                pygame.draw.lines(surface, (shade, shade, 255), False, path, 1)
        panel = pygame.Rect(950, 10, 320, 700)
        w.panel(surface, panel)
        title = pygame.Rect(panel.x + 14, panel.y + 12, panel.w - 28, 40)
        w.fit_text(surface, self.tr("lab.title"), title, 36, w.ACCENT)
        w.paragraph(
            surface,
            self.tr("lab.help"),
            pygame.Rect(panel.x + 14, panel.y + 60, panel.w - 28, 160),
            20,
        )
        if self.rolling and self.result is not None:
            traj = self.result.trajectory
            x, y, a = traj.at(self.t)
            img = art.closed_sphere(None, 11, round(a * 8) / 8)
            surface.blit(img, img.get_rect(center=self.table_view.px((x, y))))
            x0, y0, _ = traj.at(max(0.0, self.t - 1 / 60))
            speed = math.hypot(x - x0, y - y0) * 60
            w.text(
                surface, self.tr("lab.speed", speed=int(speed)), (panel.x + 14, panel.y + 240), 26
            )
        elif self.result is not None:
            self._verdict(surface, panel)
        if not self.rolling:
            self.throw_input.draw(surface)

    def _verdict(self, surface: pygame.Surface, panel: pygame.Rect) -> None:
        res = self.result
        assert res is not None
        landing = res.landing
        if landing.card is not None:
            slot = landing.card
            assert isinstance(slot, tuple)
            key = "lab.partial" if landing.partial else "lab.opened"
            verdict = self.tr(key, slot=f"{slot[0] + 1}:{slot[1] + 1}")
            colour = (140, 240, 140)
        else:
            verdict = self.tr(f"lab.miss_{landing.reason}")
            colour = (255, 140, 120)
        y = (
            w.paragraph(
                surface,
                verdict,
                pygame.Rect(panel.x + 14, panel.y + 240, panel.w - 28, 90),
                28,
                colour,
            )
            - 40
        )
        lines = [
            self.tr("lab.thrown", speed=int(res.speed))
            + (" " + self.tr("lab.capped") if res.speed_clamped else ""),
            self.tr("lab.rest", seconds=f"{res.time_to_rest:.2f}"),
            self.tr("lab.contacts", n=len(res.contacts)),
        ]
        if res.timed_out:
            lines.append(self.tr("lab.timed_out"))
        for i, line in enumerate(lines):
            w.text(surface, line, (panel.x + 14, y + 44 + i * 30), 22)


def run_lab(lang: str | None) -> int:
    from ..app import App

    try:
        app = App(lang)
    except pygame.error as e:
        print(f"bakugan lab: no window ({e})")
        return 1
    app.run(LabScene(app))
    return 0
