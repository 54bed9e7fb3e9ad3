"""A throw challenge in play: one level, its throws rolling on screen, the score after the
last; R retries at once. An `Attempt` (game.challenges) decides everything, and what
rolls on screen is the very simulation the attempt then applies. What the screen shows
is drawn by `play_view`."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.challenges import Attempt, LevelDef
from game.challenges.run import ShotReport
from game.persist.progress import Progress
from game.physics import DT
from game.physics.shot import ShotResult

from .. import aim_guide, miss_mark
from .. import widgets as w
from ..hand_throw import bound_keys
from ..landing_words import why
from ..scene import Scene
from .aim import Aim
from .board import BAD, GOOD, RGB, TableArt, felt
from .play_view import draw_board, draw_result, draw_side

if TYPE_CHECKING:
    from ..app import App

CLOCK_STEPS = round((1.0 / 60.0) / DT)
"""Physics steps of the level's clock per screen update (the app updates at 60 Hz)."""


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
        self.gone: miss_mark.Gone | None = None  # where the last throw's miss went
        self._preview: list[tuple[int, int]] = []
        self._preview_key: tuple[tuple[float, ...], str] | None = None
        self._preview_age = 0
        self.buttons: list[w.Button] = []
        self.refused = 0.0

    # --- life cycle ---------------------------------------------------------------

    def start(self, level: LevelDef) -> None:
        self.level = level
        self.attempt = Attempt(level)
        self.art = TableArt(level)
        self.aim = Aim(level, self.art.view, bound_keys(self.app.settings.keys))
        sphere = self.attempt.sphere()
        self.aim.radius = sphere.radius if sphere is not None else 14.0
        self.aim.clamp()
        self._reset_play()
        if self.guide != self.app.settings.aim_guide:  # the level holds the guide back
            held = self.tr(f"settings.guide_{self.guide}")
            self.notes.append((self.tr("challenge.guide_held", level=held), w.MUTED, 4.0))

    def _sound(self, name: str, *args: float | str) -> None:
        """Play through the app's audio if it has one (the game runs silent without)."""
        audio = getattr(self.app, "audio", None)
        fn = getattr(audio, name, None)
        if callable(fn):
            fn(*args)

    def retry(self) -> None:
        self._sound("roll", 0.0)
        if self.level is not None:
            self.notes = []
            self.start(self.level)

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
        self.aim.pulled = 0.0
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
        self.gone = None
        self.notes = []  # the last throw's words make way for this one's roll
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
        from .. import art

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
        else:
            off = landing.reason == "off_table"
            track = report.result.track(report.result.sphere_id)
            level = self.attempt.level
            self.gone = miss_mark.where(track, off, level.width, level.height)
            side = miss_mark.why(self.gone, track, [c.card.target.corners() for c in level.cards])
            key = f"challenge.missed_{side}" if side is not None else "challenge.missed"
            self.notes.append((self.tr(key), BAD, 2.2))
            if side is None and not off:  # where it went says nothing: the judge's words
                self.notes.append((why(self.tr, landing.reason), w.MUTED, 2.2))
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
        box = self.result_box()
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
        surface.blit(felt(surface.get_size()), (0, 0))
        w.dim(surface, 90)
        if self.level is None:
            return
        draw_board(self, surface)
        draw_side(self, surface)
        if self.finished:
            draw_result(self, surface)

    def clock_time(self) -> float:
        if self.roll is not None:
            return self.roll.result.start_step * DT + self.roll.t
        return self.attempt.seconds

    @property
    def guide(self) -> str:
        """The aim guide's level here: the player's, but in a scored run (a level played
        from the level select, its result kept) at most what the level allows."""
        chosen = self.app.settings.aim_guide
        if self.progress is None or self.level is None:
            return chosen  # nothing is kept: the author's window, a test
        return aim_guide.allowed(chosen, self.level.guide)

    def preview_path(self) -> list[tuple[int, int]]:
        """The aim guide's dots on screen, at this run's level (`guide`)."""
        aim = self.aim
        level = self.guide
        key = (
            round(aim.x, 1),
            round(aim.y, 1),
            round(aim.angle, 3),
            round(aim.pulled, 1),
            aim.spin,
        )
        self._preview_age += 1
        moving = self.attempt.level.moving
        if (key, level) == self._preview_key and not (moving and self._preview_age >= 6):
            return self._preview
        self._preview_key = (key, level)
        self._preview_age = 0
        throw = self.attempt.make_throw(aim.origin(), aim.angle, aim.speed(), aim.spin)
        self._preview = []
        if throw is None or throw.speed < 1:
            return self._preview
        try:
            result = self.attempt.simulate(throw, record=True)
        except ValueError:
            return self._preview
        v = self.art.view
        self._preview = [v.px(p) for p in aim_guide.guide(result.track(throw.sphere_id), level)]
        return self._preview

    def result_box(self) -> pygame.Rect:
        box = pygame.Rect(0, 0, 640, 520)
        box.center = (640, 360)
        return box
