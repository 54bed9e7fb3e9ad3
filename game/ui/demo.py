"""The on-screen demo of every game (`bakugan demo`): a game's scene in a window for so
many seconds, the last frame saved, the frame figures printed. Each game gives its scene
(`game.ui.classic.demo`, `game.ui.attack.demo`, `game.ui.planet.demo`)."""

from __future__ import annotations

import json
import statistics
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from collections.abc import Callable

    from .app import App
    from .scene import Scene


def frame_figures(frame_ms: list[float]) -> dict[str, float | int]:
    """`frames`, `median_ms`, `p99_ms` of the per-frame work time (first 30 frames of
    warm-up, building caches, left out)."""
    ms = sorted(frame_ms[30:] or frame_ms)
    if not ms:
        return {"frames": 0, "median_ms": 0.0, "p99_ms": 0.0}
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    return {
        "frames": len(frame_ms),
        "median_ms": round(statistics.median(ms), 3),
        "p99_ms": round(p99, 3),
    }


def run_on_screen(
    make: Callable[[App], Scene], seconds: float, screenshot: str | None, lang: str | None
) -> int:
    """`bakugan demo` for any game: the scene `make` gives, in a window for `seconds`
    (60 frames a second), the last frame saved to `screenshot`, the frame figures
    printed as JSON; 1 when no window opens."""
    from .app import App

    try:
        app = App(lang)
    except pygame.error as e:
        print(f"bakugan demo: no window ({e})")
        return 1
    frames = int(seconds * 60)
    shot: dict[str, pygame.Surface] = {}

    def each(a: App) -> None:
        if a.frames == frames - 1 and screenshot:
            shot["img"] = a.screen.copy()

    app.run(make(app), max_frames=frames, each_frame=each)
    if screenshot and "img" in shot:
        pygame.image.save(shot["img"], screenshot)
    print(json.dumps(frame_figures(app.frame_ms)))
    return 0
