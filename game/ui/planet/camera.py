"""The match screen's camera: the move between the close view of the Hidden Matrix and
the whole table, eased over `SECONDS` instead of a snap.

The camera holds the view the frame draws with (`view`) and the one it is going to
(`goal`). Zoom eases in log scale (it reads as an even zoom), the table point at the
area's centre linearly, both with a smoothstep. `finish` jumps to the goal (a click
or a key skips the move); with reduced motion every move is a jump.
"""

from __future__ import annotations

import math

import pygame

from ..table_view import TableView

SECONDS = 0.35


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


__all__ = ["SECONDS", "Camera", "same"]
