"""The hand during a pull: where it is, past the window's edge too.

A pull is measured from where the sphere (or the die) was pressed to where the pointer
is, in logical px (`Pull.vector`): the window's own pixels times the app's scale, so a
pull is the same length on the screen in any window. While the pointer is inside the
window it is the pointer. When it comes within `CAPTURE_MARGIN` of the window's edge (a
seat near the edge, a small window, a full screen) the mouse is captured - pygame's
relative mode: the system pointer is hidden and held, and the motion goes on arriving -
and the pull goes on with that motion, drawn as a pointer of its own (`Pull.at`). So
the pull is never stopped by the edge, and one mapping (`game.physics.pull`) serves
every seat and window size. (Capturing a little before the edge keeps the motion whole:
an event that would have carried the pointer past the edge is not cut there. Capturing
only near the edge keeps a pull that stays in the window a plain absolute drag, which
a drawing tablet or a scripted pointer, xdotool's, also gives.)

Nothing is left captured: letting go, cancelling, the window losing focus and any
change of screen free the mouse (`interrupt`, which the app calls; a pull that sees it
has been interrupted is void); the app also frees a capture whose pull no longer exists
(`tick`). The throw is a function of the press and the release only: the same two
points give the same vector whatever motion came between (integers of window pixels,
summed, then scaled once).
"""

from __future__ import annotations

import logging
import weakref

import pygame

log = logging.getLogger(__name__)

Point = tuple[float, float]
CAPTURE_MARGIN = 24
"""window px from the edge at which a pull captures the mouse (more than a fast hand
moves between two motion events)."""

_holder: weakref.ref[Pull] | None = None
_epoch = 0  # bumped whenever a capture is taken away from outside the pull


def _relative(on: bool) -> None:
    try:
        pygame.mouse.set_relative_mode(on)
    except pygame.error as e:  # no such mode here (a dummy driver): the pull goes on anyway
        log.debug("relative mouse mode %s: %s", on, e)


def captured() -> bool:
    """Whether a pull holds the mouse now."""
    return _holder is not None


def free() -> None:
    """Let the mouse go (the system pointer shows and moves again)."""
    global _holder
    if _holder is not None:
        _holder = None
        _relative(False)


def interrupt() -> None:
    """The window lost focus or the screen changed: free the mouse and void the pull in
    progress, if any."""
    global _epoch
    _epoch += 1
    free()


def tick() -> None:
    """Free a capture whose pull is gone or no longer pulling (called every frame)."""
    holder = _holder() if _holder is not None else None
    if holder is None or not holder.active:
        free()


class Pull:
    """One pull: `press` starts it, `move` follows the pointer, `release` ends it."""

    def __init__(self) -> None:
        self.active = False
        self.start: Point = (0.0, 0.0)  # logical px where it was pressed
        self._press: Point = (0.0, 0.0)  # window px
        self._now: Point = (0.0, 0.0)  # window px (past the window while captured)
        self._scale = 1.0  # logical px per window px
        self._captured = False
        self._epoch = 0

    # ------------------------------------------------------------------ reading

    def vector(self) -> Point:
        """The pull so far in logical px (screen y down), from the press."""
        k = self._scale
        return ((self._now[0] - self._press[0]) * k, (self._now[1] - self._press[1]) * k)

    @property
    def at(self) -> Point:
        """Where the hand is, logical px (off the screen while a long pull is captured)."""
        dx, dy = self.vector()
        return (self.start[0] + dx, self.start[1] + dy)

    @property
    def capturing(self) -> bool:
        return self.active and self._captured

    def interrupted(self) -> bool:
        """Whether the app took the mouse away since this pull began."""
        return self.active and self._epoch != _epoch

    # ------------------------------------------------------------------ the hand

    def press(self, event: pygame.event.Event) -> None:
        self.active = True
        self._captured = False
        self._epoch = _epoch
        self.start = (float(event.pos[0]), float(event.pos[1]))
        self._scale = float(getattr(event, "scale", 1.0))
        self._press = self._now = _window_pos(event)

    def move(self, event: pygame.event.Event) -> None:
        """A MOUSEMOTION while pulling."""
        if not self.active:
            return
        if self._captured:
            rel = getattr(event, "window_rel", getattr(event, "rel", (0, 0)))
            self._now = (self._now[0] + rel[0], self._now[1] + rel[1])
            return
        self._now = _window_pos(event)
        if _at_edge(event):
            self._capture()

    def release(self, event: pygame.event.Event) -> Point:
        """The MOUSEBUTTONUP that ends the pull: its vector (where the button came up;
        while captured, where the motion had brought the hand)."""
        if self.active and not self._captured:
            self._now = _window_pos(event)
        vector = self.vector()
        self.cancel()
        return vector

    def cancel(self) -> None:
        if self.active and self._captured:
            holder = _holder() if _holder is not None else None
            if holder is self:
                free()
        self.active = False
        self._captured = False

    def _capture(self) -> None:
        global _holder
        free()
        _holder = weakref.ref(self)
        self._captured = True
        _relative(True)


def _window_pos(event: pygame.event.Event) -> Point:
    pos = getattr(event, "window_pos", event.pos)
    return (float(pos[0]), float(pos[1]))


def _at_edge(event: pygame.event.Event) -> bool:
    """Whether the pointer is within `CAPTURE_MARGIN` of the window's edge."""
    size = getattr(event, "window_size", None)
    if size is None:
        return False
    x, y = getattr(event, "window_pos", event.pos)
    m = CAPTURE_MARGIN
    return bool(x < m or y < m or x >= size[0] - m or y >= size[1] - m)


__all__ = ["CAPTURE_MARGIN", "Pull", "captured", "free", "interrupt", "tick"]
