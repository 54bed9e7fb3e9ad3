"""About (from Settings): what this build is, the same lines `bakugan --version` prints
(the app's version, each game's content hash, the physics tuning hash and pymunk's
version: what replays compare), where it runs, and where the player's files are
(settings, saves, replays, crash reports)."""

from __future__ import annotations

import platform
import sys
from typing import TYPE_CHECKING

import pygame

from game.files import paths as data_paths
from game.games import REGISTRY
from game.games.about import BuildInfo, build_info
from game.persist import paths

from . import widgets as w
from .backdrop import BackdropScene

if TYPE_CHECKING:
    from .app import App

BOX = pygame.Rect(80, 90, 1120, 540)
LABEL_W = 330  # the names column; the hashes take the rest of the line


def user_folder() -> str:
    """The folder of the player's files, as text (or why there is none)."""
    try:
        return str(paths.data_dir())
    except Exception as e:  # no home folder at all
        return type(e).__name__


class AboutScene(BackdropScene):
    status_name = "about"

    def __init__(self, app: App, info: BuildInfo | None = None) -> None:
        super().__init__(app)
        self.info = info if info is not None else build_info()
        self.folder = user_folder()
        back = pygame.Rect(0, 0, 300, 50)
        back.midtop = (640, BOX.bottom + 20)
        self.buttons = [w.Button(back, self.tr("ui.back"), self.app.pop, key=pygame.K_ESCAPE)]

    def rows(self) -> list[tuple[str, str]]:
        """(label, value) lines: the version, each game's content, the physics, where
        it runs, the player's folder."""
        info = self.info
        out = [(self.tr("about.version"), info.version)]
        for game, digest in info.content:
            name = REGISTRY[game].name(self.app.lang)
            out.append((self.tr("about.content", game=name), digest))
        out.append((self.tr("about.physics"), info.physics))
        out.append((self.tr("about.pymunk"), info.pymunk))
        how = self.tr("about.packaged" if data_paths.frozen() else "about.from_source")
        system = platform.system() or sys.platform
        out.append((self.tr("about.runs"), f"Python {platform.python_version()}, {system}, {how}"))
        out.append((self.tr("about.files"), self.folder))
        return out

    def status(self) -> dict[str, object]:
        return {"lines": self.info.lines()}

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        w.text(surface, self.tr("about.title"), (640, 50), 56, w.ACCENT, "center", shadow=True)
        w.panel(surface, BOX, 235)
        title = pygame.Rect(BOX.x + 30, BOX.y + 20, BOX.w - 60, 50)
        w.fit_text(surface, self.tr("ui.title"), title, 44, w.ACCENT, "center")
        y = BOX.y + 86
        for label, value in self.rows():
            w.fit_text(surface, label, pygame.Rect(BOX.x + 30, y, LABEL_W, 30), 22, w.MUTED)
            box = pygame.Rect(BOX.x + 40 + LABEL_W, y, BOX.right - 30 - (BOX.x + 40 + LABEL_W), 30)
            w.fit_text(surface, value, box, 22, w.INK)
            y += 40
        note = pygame.Rect(BOX.x + 30, BOX.bottom - 80, BOX.w - 60, 64)
        w.paragraph(surface, self.tr("about.same"), note, 20, w.MUTED)
        for b in self.buttons:
            b.draw(surface, 24)
