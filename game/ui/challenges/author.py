"""The author's view: `bakugan level PATH` - one level file, played, and reloaded
whenever it changes on disk (its mistakes are shown until they are fixed). No progress
is saved."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.content.levels import LevelEntry, load_entry

from .. import widgets as w
from .board import BAD, GOOD
from .play import ChallengeScene

if TYPE_CHECKING:
    from ..app import App


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

    from game.files.lang import tr

    from ..app import App

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
