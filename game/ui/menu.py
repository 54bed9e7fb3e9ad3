"""Title and main menu, How to play, Settings."""

from __future__ import annotations

import math
from collections.abc import Callable
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
        self.message = ""
        self.message_t = 0.0
        self.buttons: list[w.Button] = []

    def enter(self) -> None:
        self.idle = 0.0
        self.app.audio.music(True)
        self._build()

    def _build(self) -> None:
        from game.persist.saves import has_save

        from .setup import MatchSetupScene

        items: list[tuple[str, Callable[[], None], bool, str]] = []
        if has_save():
            items.append(("save.continue", self._continue, True, ""))
        items += [
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
            ("menu.challenges", self._challenges, True, ""),
            ("menu.how_to", lambda: self.app.push(HowToScene(self.app)), True, ""),
            ("menu.settings", lambda: self.app.push(SettingsScene(self.app)), True, ""),
            ("menu.quit", self.app.pop, True, ""),
        ]
        self.buttons = []
        top = 300 if len(items) <= 6 else 280
        step = 64 if len(items) <= 6 else 58
        for i, (key, fn, enabled, reason) in enumerate(items):
            rect = pygame.Rect(0, 0, 380, 50)
            rect.center = (640, top + i * step)
            self.buttons.append(w.Button(rect, self.tr(key), fn, enabled, reason))
        self.buttons[0].key = pygame.K_RETURN

    def _challenges(self) -> None:
        from .challenges import LevelSelectScene

        self.app.push(LevelSelectScene(self.app))

    def _continue(self) -> None:
        from game.persist.saves import restore_match

        from .match_scene import MatchScene

        scene, error = restore_match(lambda data: MatchScene.resume(self.app, data))
        if scene is not None:
            self.app.push(scene)
        else:
            self.message = error.text(self.app.lang) if error is not None else ""
            self.message_t = 8.0
            self._build()

    def handle(self, event: pygame.event.Event) -> None:
        self.idle = 0.0
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        w.handle_buttons(self.buttons, event)

    def update(self, dt: float) -> None:
        self.t += dt
        self.idle += dt
        self.message_t = max(0.0, self.message_t - dt)
        if self.idle > ATTRACT_AFTER:
            from .demo import DemoScene

            self.app.push(DemoScene(self.app, seed=int(self.t), attract=True))

    def draw(self, surface: pygame.Surface) -> None:
        _backdrop(surface, self.t)
        title = pygame.Rect(40, 50, 1200, 100)
        w.fit_text(surface, self.tr("ui.title"), title, 96, w.ACCENT, "center", shadow=True)
        tagline = pygame.Rect(40, 152, 1200, 38)
        w.fit_text(surface, self.tr("menu.tagline"), tagline, 32, w.INK, "center", shadow=True)
        call = pygame.Rect(40, 192, 1200, 36)  # well clear of the first button
        w.fit_text(surface, self.tr("call.field_open"), call, 30, (255, 120, 80), "center", True)
        for b in self.buttons:
            b.draw(surface)
        keys = pygame.Rect(40, 686, 1200, 26)
        if self.message_t <= 0:
            w.fit_text(surface, self.tr("menu.keys"), keys, 20, w.MUTED, "center")
        else:  # under the buttons, in place of the keys line
            box = pygame.Rect(200, 660, 880, 56)
            w.panel(surface, box, 240, (220, 120, 80))
            w.paragraph(surface, self.message, box.inflate(-24, -14), 20)


class HowToScene(Scene):
    """The rules in short, in the player's language, with the seed's calls."""

    BOX = pygame.Rect(140, 60, 1000, 600)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.page = 0
        self.t = 0.0
        self.hints_reset = False
        again = pygame.Rect(self.BOX.right - 380, self.BOX.bottom - 64, 340, 42)
        self.again = w.Button(again, self.tr("howto.hints_again"), self.show_hints_again)

    def show_hints_again(self) -> None:
        """The first-match hints show again, each once more (they are kept per profile)."""
        from game.persist.hints import forget

        forget()
        self.app.change_settings(tutorial=True)
        self.hints_reset = True

    def handle(self, event: pygame.event.Event) -> None:
        if self.again.handle(event):
            return
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
        box = self.BOX
        w.panel(surface, box, 235)
        title = pygame.Rect(box.x + 40, box.y + 26, box.w - 80, 52)
        w.fit_text(surface, self.tr(f"howto.title{self.page}"), title, 44, w.ACCENT)
        w.paragraph(
            surface,
            self.tr(f"howto.body{self.page}"),
            pygame.Rect(box.x + 40, box.y + 100, 560, 420),
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
            surface.blit(a, a.get_rect(center=(cx - 130, cy)))
            surface.blit(b, b.get_rect(center=(cx + 130, cy)))
            w.text(surface, self.tr("howto.vs"), (cx, cy), 40, w.ACCENT, "center", shadow=True)
        else:
            for i in range(3):
                img = art.gate_card(("gold", "silver", "bronze")[i], (110, 156), face_up=False)
                surface.blit(img, img.get_rect(center=(cx - 60 + i * 60, cy - 20 + i * 20)))
        nav = pygame.Rect(box.x + 40, box.bottom - 62, box.w - 80 - 360, 38)
        w.fit_text(surface, self.tr("howto.nav", page=self.page + 1, pages=4), nav, 22, w.MUTED)
        self.again.draw(surface, 20)
        if self.hints_reset:
            done = pygame.Rect(self.again.rect.x, self.again.rect.y - 30, self.again.rect.w, 24)
            w.fit_text(surface, self.tr("howto.hints_reset"), done, 18, (150, 230, 160), "center")


class SettingsScene(Scene):
    """Every setting is one button that steps through its values; changes apply and save
    at once."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.t = 0.0
        self.buttons: list[w.Button] = []
        self._build()

    def _rows(self) -> list[tuple[str, str, Callable[[], None]]]:
        st = self.app.settings
        on_off = {True: self.tr("settings.on"), False: self.tr("settings.off")}
        return [
            ("settings.language", self.tr(f"lang.{self.app.lang}"), self._lang),
            ("settings.effects_volume", f"{round(st.effects_volume * 100)}%", self._effects),
            ("settings.music_volume", f"{round(st.music_volume * 100)}%", self._music),
            ("settings.aim_assist", on_off[st.aim_assist], self._assist),
            ("settings.animation_speed", f"{st.animation_speed:g}x", self._speed),
            ("settings.effects", self.tr(f"settings.effects_{st.effects_level}"), self._fx),
            ("settings.fullscreen", on_off[st.fullscreen], self._fullscreen),
            ("settings.controls", "", self._controls),
        ]

    def _build(self) -> None:
        focused = next((i for i, b in enumerate(self.buttons) if b.focused), None)
        self.buttons = []
        rows = self._rows()
        for i, (key, value, fn) in enumerate(rows):
            rect = pygame.Rect(390, 132 + i * 58, 500, 50)
            self.buttons.append(w.Button(rect, self.tr(key, value=value), fn))
        back = pygame.Rect(490, 132 + len(rows) * 58 + 16, 300, 50)
        self.buttons.append(w.Button(back, self.tr("ui.back"), self.app.pop, key=pygame.K_ESCAPE))
        if focused is not None:
            self.buttons[focused].focused = True  # a change keeps the keyboard's place

    def _change(self, **changes: object) -> None:
        self.app.change_settings(**changes)
        self.app.audio.play("ui_click")
        self._build()

    def _lang(self) -> None:
        i = LANGUAGES.index(self.app.lang)
        self._change(language=LANGUAGES[(i + 1) % len(LANGUAGES)])

    def _effects(self) -> None:
        self._change(effects_volume=round((self.app.settings.effects_volume + 0.2) % 1.2, 1))

    def _music(self) -> None:
        self._change(music_volume=round((self.app.settings.music_volume + 0.2) % 1.2, 1))

    def _assist(self) -> None:
        self._change(aim_assist=not self.app.settings.aim_assist)

    def _speed(self) -> None:
        speeds = (0.5, 1.0, 1.5, 2.0, 3.0)
        now = self.app.settings.animation_speed
        nxt = next((v for v in speeds if v > now + 1e-9), speeds[0])
        self._change(animation_speed=nxt)

    def _fx(self) -> None:
        levels = ("full", "reduced", "off")
        i = levels.index(self.app.settings.effects_level)
        self._change(effects_level=levels[(i + 1) % 3])

    def _fullscreen(self) -> None:
        self._change(fullscreen=not self.app.settings.fullscreen)

    def _controls(self) -> None:
        from .controls import ControlsScene

        self.app.audio.play("ui_click")
        self.app.push(ControlsScene(self.app))

    def handle(self, event: pygame.event.Event) -> None:
        w.handle_buttons(self.buttons, event)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        _backdrop(surface, self.t)
        w.text(surface, self.tr("menu.settings"), (640, 80), 56, w.ACCENT, "center", shadow=True)
        for b in self.buttons:
            b.draw(surface, 24)
