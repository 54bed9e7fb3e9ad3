"""The match screen's camera: the move between the close view of the Hidden Matrix and
the whole table, eased over `SECONDS` instead of a snap.

The camera holds the view the frame draws with (`view`) and the one it is going to
(`goal`). Zoom eases in log scale (it reads as an even zoom), the table point at the
area's centre linearly, both with a smoothstep. `finish` jumps to the goal (a click
or a key skips the move); with reduced motion every move is a jump.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.match.planet.layout import PlanetLayout

from ..table_view import TableView

if TYPE_CHECKING:
    from .match import PlanetMatchScene

SECONDS = 0.35
ZOOM_MARGIN = 110.0
"""mm of table shown around the Matrix when the view closes in on it"""
MAX_ZOOM = 1.6
"""px per mm at most (the whole table: 0.72)"""


def fitted(layout: PlanetLayout, area: pygame.Rect, close: bool) -> TableView:
    """The whole table in `area`, or (`close`) closed in on the Matrix's places."""
    view = TableView(layout.width, layout.height, area)
    if layout.places and close:
        centres = [layout.core_centre(h) for h in layout.places]
        xs = [c[0] for c in centres]
        ys = [c[1] for c in centres]
        span_x = max(xs) - min(xs) + 2 * ZOOM_MARGIN
        span_y = max(ys) - min(ys) + 2 * ZOOM_MARGIN
        scale = min(area.w / span_x, area.h / span_y, MAX_ZOOM)
        if scale > view.scale:
            middle = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
            view.place(scale, middle, area.center)
    return view


def _ease(t: float) -> float:
    t = min(max(t, 0.0), 1.0)
    return t * t * (3.0 - 2.0 * t)


def same(a: TableView, b: TableView) -> bool:
    return (a.scale, a.ox, a.oy, a.width, a.height) == (b.scale, b.ox, b.oy, b.width, b.height)


class Camera:
    def __init__(self, view: TableView, area: pygame.Rect) -> None:
        self.area = area
        self.view = view
        self.goal = view
        self._from = view
        self.t = SECONDS

    @property
    def moving(self) -> bool:
        return self.t < SECONDS

    def aim(self, goal: TableView, animate: bool) -> bool:
        """Go to `goal` (eased, or at once); True when the view changed now."""
        if same(goal, self.goal):
            return False
        self.goal = goal
        if not animate or goal.width != self.view.width or goal.height != self.view.height:
            self.finish()
            return True
        self._from = self.view
        self.t = 0.0
        return False

    def finish(self) -> None:
        self.t = SECONDS
        self.view = self.goal

    def update(self, dt: float) -> bool:
        """Advance the move; True when the view changed (a new frame of the move)."""
        if not self.moving:
            return False
        self.t = min(SECONDS, self.t + dt)
        if not self.moving:
            self.view = self.goal
            return True
        k = _ease(self.t / SECONDS)
        a, b = self._from, self.goal
        scale = math.exp(math.log(a.scale) + (math.log(b.scale) - math.log(a.scale)) * k)
        at = self.area.center
        ca, cb = a.mm(at), b.mm(at)
        centre = (ca[0] + (cb[0] - ca[0]) * k, ca[1] + (cb[1] - ca[1]) * k)
        view = TableView(a.width, a.height, self.area)
        view.place(scale, centre, at)
        self.view = view
        return True


def skip_move(scene: PlanetMatchScene, event: pygame.event.Event) -> bool:
    """A click or a key while the camera moves ends the move and does no more (the
    button's release of that click too)."""
    if event.type == pygame.MOUSEBUTTONUP and scene._skip_up:
        scene._skip_up = False
        return True
    if scene.camera.moving and event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
        scene._skip_up = event.type == pygame.MOUSEBUTTONDOWN
        scene.camera.finish()
        scene._view_moved()
        return True
    return False


__all__ = ["MAX_ZOOM", "SECONDS", "ZOOM_MARGIN", "Camera", "fitted", "same", "skip_move"]
