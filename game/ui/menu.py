"""Title and main menu, How to play, Settings."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.persist.lang import LANGUAGES

from . import widgets as w
from .scene import Scene

if TYPE_CHECKING:
    from .app import App


def _backdrop(surface: pygame.Surface, t: float) -> None:
    from . import art

    surface.blit(art.table_felt(surface.get_size()), (0, 0))
    for i, attr in enumerate(("pyrus", "aquos", "subterra", "haos", "darkus", "ventus")):
        a = t * 0.4 + i * math.tau / 6
        x = 640 + math.cos(a) * 470
        y = 380 + math.sin(a) * 250
        img = art.closed_sphere(attr, 26, t * 2 + i)
        surface.blit(img, img.get_rect(center=(int(x), int(y))))


ATTRACT_AFTER = 30.0  # seconds untouched on the title before the computer plays itself


class TitleScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.t = 0.0
        self.idle = 0.0
        self.buttons: list[w.Button] = []

    def enter(self) -> None:
        self.idle = 0.0
        self._build()

    def _build(self) -> None:
        from .setup import MatchSetupScene

        items = [
            (
                "menu.play_ai",
                lambda: self.app.push(MatchSetupScene(self.app, hotseat=False)),
                True,
                "",
            ),
            (
                "menu.two_players",
                lambda: self.app.push(MatchSetupScene(self.app, hotseat=True)),
                True,
                "",
            ),
            ("menu.challenges", lambda: None, False, self.tr("menu.challenges_later")),
            ("menu.how_to", lambda: self.app.push(HowToScene(self.app)), True, ""),
            ("menu.settings", lambda: self.app.push(SettingsScene(self.app)), True, ""),
            ("menu.quit", self.app.pop, True, ""),
        ]
        self.buttons = []
        for i, (key, fn, enabled, reason) in enumerate(items):
            rect = pygame.Rect(0, 0, 380, 52)
            rect.center = (640, 300 + i * 64)
            self.buttons.append(w.Button(rect, self.tr(key), fn, enabled, reason))
        self.buttons[0].key = pygame.K_RETURN

    def handle(self, event: pygame.event.Event) -> None:
        self.idle = 0.0
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        w.handle_buttons(self.buttons, event)

    def update(self, dt: float) -> None:
        self.t += dt
        self.idle += dt
        if self.idle > ATTRACT_AFTER:
            from .demo import DemoScene

            self.app.push(DemoScene(self.app, seed=int(self.t), attract=True))

    def draw(self, surface: pygame.Surface) -> None:
        _backdrop(surface, self.t)
        w.text(surface, self.tr("ui.title"), (640, 110), 96, w.ACCENT, "center", shadow=True)
        w.text(surface, self.tr("menu.tagline"), (640, 175), 32, w.INK, "center", shadow=True)
        w.text(
            surface,
            self.tr("call.field_open"),
            (640, 225),
            30,
            (255, 120, 80),
            "center",
            shadow=True,
        )
        for b in self.buttons:
            b.draw(surface)
        w.text(surface, self.tr("menu.keys"), (640, 700), 20, w.MUTED, "center")


class HowToScene(Scene):
    """The rules in short, in the player's language, with the seed's calls."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.page = 0
        self.t = 0.0

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.pop()
            elif event.key in (pygame.K_RIGHT, pygame.K_SPACE, pygame.K_RETURN):
                self.page = min(self.page + 1, 3)
            elif event.key == pygame.K_LEFT:
                self.page = max(self.page - 1, 0)
        elif event.type == pygame.MOUSEBUTTONUP:
            if self.page == 3:
                self.app.pop()
            else:
                self.page += 1

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        from . import art

        _backdrop(surface, self.t)
        box = pygame.Rect(140, 60, 1000, 600)
        w.panel(surface, box, 235)
        w.text(surface, self.tr(f"howto.title{self.page}"), (box.x + 40, box.y + 30), 44, w.ACCENT)
        w.paragraph(
            surface,
            self.tr(f"howto.body{self.page}"),
            pygame.Rect(box.x + 40, box.y + 100, 560, 440),
            27,
        )
        # An illustration per page, drawn by code.
        cx, cy = box.x + 800, box.y + 300
        if self.page == 0:
            for i, col in enumerate(("gold", "silver", "bronze")):
                img = art.gate_card(col, (110, 156), face_up=False)
                surface.blit(img, img.get_rect(center=(cx - 120 + i * 120, cy - 60)))
            for i, col in enumerate(("red", "blue", "green")):
                img = art.ability_card(col, (80, 112))
                surface.blit(img, img.get_rect(center=(cx - 100 + i * 100, cy + 120)))
        elif self.page == 1:
            img = art.closed_sphere("pyrus", 40, self.t * 3)
            surface.blit(img, img.get_rect(center=(cx - 100, cy + 150 - int(self.t * 60) % 220)))
            card = art.gate_card("gold", (140, 198), face_up=False)
            surface.blit(card, card.get_rect(center=(cx + 40, cy - 60)))
        elif self.page == 2:
            a = art.open_bakugan("dragonoid", "pyrus", 130)
            b = art.open_bakugan("hydranoid", "darkus", 130)
            surface.blit(a, a.get_rect(center=(cx - 90, cy)))
            surface.blit(b, b.get_rect(center=(cx + 90, cy)))
            w.text(surface, "VS", (cx, cy), 48, w.ACCENT, "center", shadow=True)
        else:
            for i in range(3):
                img = art.gate_card(("gold", "silver", "bronze")[i], (110, 156), face_up=False)
                surface.blit(img, img.get_rect(center=(cx - 60 + i * 60, cy - 20 + i * 20)))
        w.text(
            surface,
            self.tr("howto.nav", page=self.page + 1, pages=4),
            (box.centerx, box.bottom - 28),
            22,
            w.MUTED,
            "center",
        )


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.t = 0.0
        self.buttons: list[w.Button] = []
        self._build()

    def _build(self) -> None:
        lang_label = self.tr("settings.language", value=self.tr(f"lang.{self.app.lang}"))
        assist = self.tr("settings.on" if self.app.aim_assist else "settings.off")
        self.buttons = [
            w.Button(pygame.Rect(440, 260, 400, 52), lang_label, self._lang),
            w.Button(
                pygame.Rect(440, 330, 400, 52),
                self.tr("settings.aim_assist", value=assist),
                self._assist,
            ),
            w.Button(
                pygame.Rect(440, 430, 400, 52),
                self.tr("ui.back"),
                self.app.pop,
                key=pygame.K_ESCAPE,
            ),
        ]

    def _lang(self) -> None:
        i = LANGUAGES.index(self.app.lang)
        self.app.lang = LANGUAGES[(i + 1) % len(LANGUAGES)]
        pygame.display.set_caption(self.tr("ui.title"))
        self._build()

    def _assist(self) -> None:
        self.app.aim_assist = not self.app.aim_assist
        self._build()

    def handle(self, event: pygame.event.Event) -> None:
        w.handle_buttons(self.buttons, event)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        _backdrop(surface, self.t)
        w.text(surface, self.tr("menu.settings"), (640, 180), 56, w.ACCENT, "center", shadow=True)
        for b in self.buttons:
            b.draw(surface)
