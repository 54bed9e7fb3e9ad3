"""The app: window, logical surface, fixed-step loop and the scene stack.

Everything is drawn on a logical 1280 x 720 surface, scaled to the window with its
aspect kept (letterboxed); the window is resizable and F11 toggles fullscreen. Updates
run at a fixed 60 Hz step whatever the frame rate; physics has its own fixed step inside
`game.physics`. Input is read from events only (posted events work the same), and mouse
positions are mapped into logical coordinates before scenes see them (the window's own
pixels ride along, `window_pos`, `window_rel`, `window_size` and `scale`, for the
slingshot's pull: `game.ui.pointer`, which the app frees whenever the window loses focus
or the screen changes).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

import pygame

from game.files import lang as catalogs
from game.files.atomic import sweep_stale_temps
from game.files.lang import LANGUAGES, tr
from game.persist import paths
from game.persist.settings import UserSettings, read_settings, save_settings, write_fault

from . import pointer
from .audio import Audio
from .gamepad import Gamepad
from .scene import Scene
from .status import StatusFile

log = logging.getLogger(__name__)

LOGICAL = (1280, 720)
STEP = 1.0 / 60.0
FRAME_WINDOW = 18_000  # frames of `frame_ms` kept: the last five minutes at 60 fps
NOTICE_SECONDS = 15.0
MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


def _forget_fonts() -> None:
    from . import art, fonts, widgets

    fonts.load_font.cache_clear()
    widgets.render.cache_clear()
    widgets._panel.cache_clear()
    art.font.cache_clear()
    for clear in fonts.FORGET_WITH_FONTS:
        clear()


class App:
    def __init__(
        self,
        lang: str | None = None,
        size: tuple[int, int] = LOGICAL,
        fast: bool = False,
        settings: UserSettings | None = None,
    ) -> None:
        """`fast`: every frame advances one step at once, without waiting (tests, demos).

        Without `settings` the player's saved settings are loaded (a bad file gives the
        defaults and one warning, never a crash); an explicit `lang` wins over them.
        """
        pygame.init()
        _forget_fonts()  # fonts made before an earlier pygame.quit() are dead
        self.notices: list[str] = []  # about the player's files, shown on top at start
        self.notice_t = 0.0
        notice = None
        if settings is None:
            _sweep_leftovers()
            loaded = read_settings()
            if loaded.warning:
                log.warning("%s", loaded.warning)
            settings = loaded.settings
            notice = loaded.notice
        self.settings = settings
        self.fast = fast
        self.time_scale = settings.animation_speed
        self.lang = lang if lang in LANGUAGES else settings.language
        if notice is not None:
            self.notify(notice(self.lang))
        for problem in (*catalogs.problems("en"), *catalogs.problems("ru")):
            log.warning("language catalog: %s", problem)
        self.notify(catalogs.damage_notice(self.lang))
        self.audio = Audio(settings.effects_volume, settings.music_volume)
        self.gamepad = Gamepad()
        self._bind_pad()
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption(tr(self.lang, "ui.title"))
        self._canvas = pygame.Surface(LOGICAL).convert()
        self.screen = self._canvas
        self.clock = pygame.time.Clock()
        self.stack: list[Scene] = []
        self.running = True
        self.fullscreen = False
        self.frames = 0
        self.frame_ms: list[float] = []
        self._view = pygame.Rect(0, 0, *LOGICAL)
        self._accum = 0.0
        self.status = StatusFile.from_env()  # BAKUGAN_STATUS: what is on screen, for tests
        # Where "Main menu" leads (the title, given by whoever opens the first screen:
        # `game.ui.launch`, or the first title scene made), and the game chosen there.
        self.home: Callable[[App], Scene] | None = None
        self.game = settings.game
        # What an unexpected error in a frame goes to (the window's crash screen,
        # `game.ui.crash.recover`); None: it goes up (tests, demos).
        self.on_crash: Callable[[App, Exception], None] | None = None
        self._layout()

    # ----------------------------------------------------------- strings and scenes

    def tr(self, key: str, **fields: object) -> str:
        return tr(self.lang, key, **fields)

    def notify(self, text: str | None) -> None:
        """Show `text` (about the player's files) on top of every screen for a while;
        the same text again shows it again, once."""
        if text:
            if text not in self.notices:
                self.notices.append(text)
            self.notice_t = NOTICE_SECONDS

    @property
    def top(self) -> Scene:
        return self.stack[-1]

    def push(self, scene: Scene) -> None:
        pointer.interrupt()  # a pull in progress does not outlive its screen
        self.stack.append(scene)
        scene.enter()

    def pop(self) -> None:
        pointer.interrupt()
        self.stack.pop().exit()
        if self.stack:
            self.top.enter()
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        pointer.interrupt()
        self.stack.pop().exit()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        self._clear()
        self.push(scene)

    def _clear(self) -> None:
        pointer.interrupt()
        while self.stack:
            self.stack.pop().exit()

    def go_home(self) -> None:
        """Back to the title (`home`), with nothing under it; without a home the app
        ends, as when its last screen closes."""
        if self.home is None:
            self._clear()
            self.running = False
            return
        self.reset(self.home(self))

    def change_settings(self, **changes: object) -> None:
        """Apply and save a settings change; one that cannot be written (a full or a
        read-only disk, a settings file that could not be read) holds for the session
        and is said on screen, never fatal."""
        self.settings = self.settings.replace(**changes)
        if "language" in changes:  # (a --lang given at launch holds until then)
            self.lang = self.settings.language
        self.time_scale = self.settings.animation_speed
        self.audio.effects_volume = self.settings.effects_volume
        self.audio.music_volume = self.settings.music_volume
        if self.settings.fullscreen != self.fullscreen:
            self.toggle_fullscreen()
        self._bind_pad()
        pygame.display.set_caption(tr(self.lang, "ui.title"))
        try:
            save_settings(self.settings)
        except (OSError, ValueError) as e:  # a full or read-only disk: said, not fatal
            log.warning("settings not saved: %s", e)
            why = tr(self.lang, f"settings.why_{write_fault(e)}")
            self.notify(tr(self.lang, "settings.not_saved", why=why))

    def _bind_pad(self) -> None:
        """The controller sends the player's throwing keys, whatever they are bound to."""
        from .hand_throw import bound_keys

        self.gamepad.bind(bound_keys(self.settings.keys))

    # ----------------------------------------------------------- window

    def _layout(self) -> None:
        """Where the logical screen lies in the window. A window of the logical size
        is itself the screen the scenes draw on (no copy a frame); any other size gets
        the screen scaled into it, with black bars."""
        w, h = self.window.get_size()
        scale = min(w / LOGICAL[0], h / LOGICAL[1])
        vw, vh = int(LOGICAL[0] * scale), int(LOGICAL[1] * scale)
        self._view = pygame.Rect((w - vw) // 2, (h - vh) // 2, vw, vh)
        self.screen = self.window if (w, h) == LOGICAL else self._canvas

    def scale(self) -> float:
        """Logical px per window px (a pull's pixels, `game.ui.pointer`)."""
        return LOGICAL[0] / max(self._view.w, 1)

    def to_logical(self, pos: tuple[int, int]) -> tuple[int, int]:
        v = self._view
        x = (pos[0] - v.x) * LOGICAL[0] / max(v.w, 1)
        y = (pos[1] - v.y) * LOGICAL[1] / max(v.h, 1)
        return int(x), int(y)

    def to_window(self, pos: tuple[float, float]) -> list[float]:
        """A logical point in window pixels (the inverse of `to_logical`)."""
        v = self._view
        return [
            round(v.x + pos[0] * v.w / LOGICAL[0], 1),
            round(v.y + pos[1] * v.h / LOGICAL[1], 1),
        ]

    def toggle_fullscreen(self) -> None:
        pointer.interrupt()  # the window's pixels change size under a pull
        self.fullscreen = not self.fullscreen
        flags = pygame.FULLSCREEN if self.fullscreen else pygame.RESIZABLE
        size = (0, 0) if self.fullscreen else LOGICAL
        self.window = pygame.display.set_mode(size, flags)
        self._layout()

    def _translate(self, event: pygame.event.Event) -> pygame.event.Event:
        if event.type in MOUSE_EVENTS:
            data = dict(event.dict)
            k = self.scale()
            data["pos"] = self.to_logical(event.pos)
            data["window_pos"] = event.pos
            data["window_size"] = self.window.get_size()
            data["scale"] = k
            if "rel" in data:
                data["window_rel"] = data["rel"]
                data["rel"] = (int(data["rel"][0] * k), int(data["rel"][1] * k))
            return pygame.event.Event(event.type, data)
        return event

    # ----------------------------------------------------------- loop

    def step(self, draw: bool = True) -> None:
        """One frame (`_frame`); an unexpected error in it goes to `on_crash` if set.
        `draw=False` runs the frame's events and updates but paints nothing: for a
        caller that fast-forwards through frames no one looks at (the tests, mostly)."""
        try:
            self._frame(draw)
        except Exception as error:
            if self.on_crash is None:
                raise
            self.on_crash(self, error)

    def _frame(self, draw: bool = True) -> None:
        """One frame: events, fixed-step updates for the elapsed time, draw, flip.

        `frame_ms` keeps the work time of each frame, without the wait for the next one.
        """
        t0 = time.perf_counter()
        events: list[pygame.event.Event] = []
        for event in pygame.event.get():
            events.extend(self.gamepad.translate(event) or [event])
        events.extend(self.gamepad.update(STEP))
        for event in events:
            if event.type == pygame.QUIT:
                self.running = False
                return
            if event.type == pygame.VIDEORESIZE and not self.fullscreen:
                pointer.interrupt()
                self._layout()
                continue
            if event.type == pygame.WINDOWFOCUSLOST:
                pointer.interrupt()  # nothing stays captured, no pull goes on unseen
            if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
                self.change_settings(fullscreen=not self.fullscreen)
                continue
            if self.stack:
                self.top.handle(self._translate(event))
            if not self.running:
                return
        pointer.tick()  # a capture whose pull is gone is let go
        t1 = time.perf_counter()
        if self.fast:
            self._accum = STEP
        else:
            self._accum += min(self.clock.tick(60) / 1000.0, 0.25)
        t2 = time.perf_counter()
        while self._accum >= STEP:
            self._accum -= STEP
            self.notice_t = max(0.0, self.notice_t - STEP)
            if self.stack:
                self.top.update(STEP * self.time_scale)
        if draw:
            self.draw()
        if self.status is not None:
            self.status.update(self)
        self.frames += 1
        self.frame_ms.append((time.perf_counter() - t2 + t1 - t0) * 1000.0)
        if len(self.frame_ms) > FRAME_WINDOW + FRAME_WINDOW // 10:
            del self.frame_ms[: len(self.frame_ms) - FRAME_WINDOW]

    def draw(self) -> None:
        start = len(self.stack) - 1
        while start > 0 and not self.stack[start].opaque:
            start -= 1
        for scene in self.stack[start:]:
            scene.draw(self.screen)
        if self.notice_t > 0 and self.notices:
            self._draw_notice()
        if self.screen is not self.window:
            self.window.fill((0, 0, 0))
            if self._view.size == LOGICAL:
                self.window.blit(self.screen, self._view.topleft)
            else:
                pygame.transform.smoothscale(
                    self.screen, self._view.size, self.window.subsurface(self._view)
                )
        pygame.display.flip()

    def _notice_rect(self) -> pygame.Rect:
        from . import widgets as w

        lines = sum(len(w.wrap(text, 20, 1160)) for text in self.notices)
        return pygame.Rect(40, 10, 1200, 24 + lines * (w.font(20).get_linesize() + 4))

    def _draw_notice(self) -> None:
        from . import widgets as w

        box = self._notice_rect()
        w.panel(self.screen, box, 245, (220, 120, 80))
        y = box.y + 12
        for text in self.notices:
            y = w.paragraph(self.screen, text, pygame.Rect(box.x + 20, y, 1160, box.h), 20)

    def run(
        self,
        first: Scene,
        max_frames: int | None = None,
        each_frame: Callable[[App], None] | None = None,
        draw_every: int = 1,
    ) -> None:
        """Run `first` until the window closes (or `max_frames`); `each_frame` is called
        before each frame; `draw_every` paints one frame in so many (a test's driver
        fast-forwarding: see `step`)."""
        self._accum = 0.0
        self.push(first)
        while self.running and self.stack:
            if each_frame is not None:
                each_frame(self)
            self.step(draw=self.frames % draw_every == 0)
            if max_frames is not None and self.frames >= max_frames:
                break
        pointer.free()
        for scene in reversed(self.stack):  # (kept: a test may look at what was left)
            scene.exit()
        self.audio.stop()
        pygame.quit()
        _forget_fonts()  # they die with pygame; the next App or test makes new ones


def _sweep_leftovers() -> None:
    """Delete the temporary files of atomic writes a crash interrupted (settings,
    saves, progress), once at start; never fails the start."""
    try:
        removed = sweep_stale_temps([paths.config_dir(), paths.data_dir()])
    except Exception as e:  # no home folder: nothing to sweep
        log.warning("leftover temporary files not swept: %s", e)
        return
    if removed:
        log.info("removed %d leftover temporary files of interrupted writes", removed)
