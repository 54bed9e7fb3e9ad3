"""A crash says what happened: an unexpected error in the window (a screen's event,
update or drawing) writes a crash report (`crash_report`) and shows `CrashScene` in
place of the screens: what went wrong (the error's kind only: its message may name what
is hidden from the player), where the report is, that the autosave is kept, and the
way back to the title (or out).

`recover` is the window's `App.on_crash` (set by `game.ui.launch`; tests and demos
leave it unset and see the error). It drops the screens without letting any of them
write: a screen's `exit` only lets go of what it holds open (its replay file); nothing
autosaves on the way out, so the autosave made before the error stays as it was, and
Continue picks the match up from there. An error on the crash screen itself, or a
fourth one within a minute, is not caught again: it ends the game as before.
"""

from __future__ import annotations

import contextlib
import logging
import time
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.games import REGISTRY

from . import widgets as w
from .backdrop import BackdropScene
from .crash_report import Crash, write_report
from .live_file import open_files

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)
BOX = pygame.Rect(140, 130, 1000, 370)
MOST = 3  # crashes within `WINDOW` seconds that are caught
WINDOW = 60.0
_RECENT: list[float] = []


def _saves() -> list[Path]:
    from game.persist.saves import save_path

    found = []
    for game in REGISTRY:
        with contextlib.suppress(Exception):
            path = save_path(game)
            if path.is_file():
                found.append(path)
    return found


def _let_go() -> None:
    """The pointer and the keyboard back as the desktop expects them."""
    with contextlib.suppress(pygame.error):
        pygame.event.set_grab(False)
        pygame.mouse.set_visible(True)
        pygame.mouse.set_relative_mode(False)
        pygame.key.stop_text_input()


def recover(app: App, error: Exception) -> None:
    """Write the report, drop the screens (none writes), show the crash screen."""
    now = time.monotonic()
    _RECENT[:] = [t for t in _RECENT if now - t < WINDOW] + [now]
    if (app.stack and isinstance(app.top, CrashScene)) or len(_RECENT) > MOST:
        raise error
    log.error("unexpected error on %s", type(app.top).__name__ if app.stack else "no screen")
    crash = Crash(
        error,
        app.game,
        [type(s).__name__ for s in app.stack],
        replays=open_files(),
        saves=_saves(),
    )
    path, why = write_report(crash)
    kept = bool(crash.saves)
    _let_go()
    while app.stack:  # each lets go of its files; none autosaves
        scene = app.stack.pop()
        with contextlib.suppress(Exception):
            scene.exit()
    app.running = True
    app.push(CrashScene(app, type(error).__name__, path, why, kept))


class CrashScene(BackdropScene):
    """What went wrong, where the report is, and the way back."""

    status_name = "crash"

    def __init__(
        self, app: App, kind: str, report: Path | None, why: str = "", kept: bool = False
    ) -> None:
        """`kind`: the error's type; `report`: its file (None: `why` it is not);
        `kept`: an autosave is there to go on from."""
        super().__init__(app)
        self.kind = kind
        self.report = report
        self.why = why
        self.kept = kept
        home = pygame.Rect(0, 0, 340, 54)
        home.topright = (BOX.centerx - 10, BOX.bottom + 24)
        out = pygame.Rect(0, 0, 240, 54)
        out.topleft = (BOX.centerx + 10, BOX.bottom + 24)
        self.buttons = [
            w.Button(home, self.tr("crash.title_screen"), self.home, key=pygame.K_RETURN),
            w.Button(out, self.tr("crash.quit"), self.quit, key=pygame.K_ESCAPE),
        ]

    def home(self) -> None:
        self.app.go_home()

    def quit(self) -> None:
        self.app.stack.clear()
        self.app.running = False

    def lines(self) -> list[str]:
        where = (
            self.tr("crash.report", path=str(self.report))
            if self.report is not None
            else self.tr("crash.no_report", why=self.why)
        )
        kept = [self.tr("crash.kept")] if self.kept else []
        return [self.tr("crash.what", kind=self.kind), where, *kept]

    def status(self) -> dict[str, object]:
        return {"report": str(self.report) if self.report else None, "kind": self.kind}

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w.panel(surface, BOX, 240, (220, 120, 80))
        title = pygame.Rect(BOX.x + 40, BOX.y + 26, BOX.w - 80, 56)
        w.fit_text(surface, self.tr("crash.heading"), title, 46, w.ACCENT, "center")
        y = BOX.y + 104
        for line in self.lines():
            y = w.paragraph(surface, line, pygame.Rect(BOX.x + 50, y, BOX.w - 100, 100), 24) + 18
        for b in self.buttons:
            b.draw(surface, 24)
