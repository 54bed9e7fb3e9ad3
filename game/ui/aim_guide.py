"""The aim guide: the dotted line that shows where a throw will go, through the very
physics the throw will use, at the level the player chose (`UserSettings.aim_guide`):

- ``"off"``: nothing but the aim line;
- ``"start"``: the first part of the path: where the throw heads, the first bounce, how
  the spin bends it; at most `START_MM` of it and never its last `HIDDEN_END`, so it
  never shows where the sphere stops (the power stays the player's to judge);
- ``"whole"``: the whole path, to where the sphere stops (ringed) or leaves the table.

One guide for every game that throws (the classic match, Battle Planet, the throw
challenges): each hands over its recorded path (anything with ``at(t)`` and
``duration``, in table mm) and draws the dots this module picks, at even steps along the
path. The throw challenges' scored runs show at most what the level allows
(`allowed`, `LevelDef.guide`). The choice of the default and its figures: docs/screens.md,
"The aim guide".
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

import pygame

from game.persist.settings import AIM_GUIDES

from . import widgets as w

if TYPE_CHECKING:
    from .app import App

Point = tuple[float, float]

LEVELS = AIM_GUIDES
START_MM = 180.0
"""mm of path the first-part guide shows at most: about two card lengths, short of every
Gate Card place of the classic table (the nearest one's edge lies 195 mm from a throw
line)"""
HIDDEN_END = 0.4
"""The share of a path, at its end, the first-part guide never shows (a short roll's
stop stays hidden too)"""
DOT_MM = 16.0
"""mm between two dots along the path"""
SAMPLE_SECONDS = 1 / 120
"""The time step at which a recorded path is read (finer than the dots)"""
WHITE = (255, 255, 255)


class Track(Protocol):
    """A recorded path: the pose (x, y, angle) at a time, over its duration."""

    @property
    def duration(self) -> float: ...

    def at(self, t: float) -> tuple[float, float, float]: ...


def shows(level: str) -> bool:
    """Whether the guide at `level` shows anything."""
    return level in LEVELS and level != "off"


def allowed(chosen: str, most: str) -> str:
    """The level shown when the player chose `chosen` and the run allows `most` at
    most (a throw challenge's scored run: the level's own limit)."""
    rank = {level: i for i, level in enumerate(LEVELS)}
    return min(chosen, most, key=lambda level: rank.get(level, 0))


def next_level(level: str) -> str:
    """The level after `level` (a key or a button steps through them, then round)."""
    i = LEVELS.index(level) if level in LEVELS else -1
    return LEVELS[(i + 1) % len(LEVELS)]


def path_points(track: Track) -> list[Point]:
    """The recorded path read at `SAMPLE_SECONDS` steps, its end included."""
    duration = max(track.duration, 0.0)
    steps = max(1, math.ceil(duration / SAMPLE_SECONDS))
    out: list[Point] = []
    for k in range(steps + 1):
        x, y, _ = track.at(duration * k / steps)
        out.append((x, y))
    return out


def length(points: Sequence[Point]) -> float:
    """The length of a path along its points."""
    return sum(math.dist(a, b) for a, b in itertools.pairwise(points))


def reach(points: Sequence[Point], level: str) -> float:
    """How far along the path (mm) the guide at `level` shows."""
    total = length(points)
    if level == "whole":
        return total
    if level == "start":
        return min(START_MM, total * (1.0 - HIDDEN_END))
    return 0.0


def dots(points: Sequence[Point], level: str, step: float = DOT_MM) -> list[Point]:
    """The guide's dots on the path at `level`: every `step` mm from the start up to
    the level's reach; "whole" ends on the path's last point (where it stops)."""
    if not shows(level) or len(points) < 2:
        return []
    end = reach(points, level)
    out: list[Point] = [points[0]]
    walked = 0.0  # along the path to the start of the segment
    due = step  # where the next dot goes
    for a, b in itertools.pairwise(points):
        seg = math.dist(a, b)
        while seg > 0 and due <= min(walked + seg, end):
            k = (due - walked) / seg
            out.append((a[0] + (b[0] - a[0]) * k, a[1] + (b[1] - a[1]) * k))
            due += step
        walked += seg
        if walked >= end:
            break
    if level == "whole" and math.dist(out[-1], points[-1]) > 1e-6:
        out.append(points[-1])
    return out


def guide(track: Track, level: str) -> list[Point]:
    """The dots (table mm) the guide shows for `track` at `level`."""
    if not shows(level):
        return []
    return dots(path_points(track), level)


def draw(surface: pygame.Surface, points: Sequence[tuple[int, int]], level: str, ring: int) -> None:
    """The guide's dots (screen px), and at the whole path's end a ring of `ring` px
    where the sphere stops."""
    for i, p in enumerate(points):
        pygame.draw.circle(surface, WHITE, p, 3 if i % 2 == 0 else 2)
    if level == "whole" and len(points) > 1:
        pygame.draw.circle(surface, WHITE, points[-1], max(4, ring), 2)


def label(tr: Callable[..., str], level: str) -> str:
    """The setting as its row reads: "Aim guide: first part of the path"."""
    return tr("settings.aim_guide", value=tr(f"settings.guide_{level}"))


def setting_button(app: App, rect: pygame.Rect) -> w.Button:
    """The setting's row for a game's How to play: each click steps the player's level
    (kept, as in Settings)."""

    def step() -> None:
        app.change_settings(aim_guide=next_level(app.settings.aim_guide))
        button.label = label(app.tr, app.settings.aim_guide)

    button = w.Button(rect, label(app.tr, app.settings.aim_guide), step)
    return button


__all__ = [
    "DOT_MM",
    "HIDDEN_END",
    "LEVELS",
    "START_MM",
    "Track",
    "allowed",
    "dots",
    "draw",
    "guide",
    "label",
    "length",
    "next_level",
    "path_points",
    "reach",
    "setting_button",
    "shows",
]
