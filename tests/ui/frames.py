"""Fast-forwarding a screen through frames no one looks at.

A test that plays a match or a replay through the screen to see where it ends, or
samples it now and then, need not paint every frame: each frame still runs its events
and updates (`App.step(draw=False)`), and one in `draw_every` is painted, so a frame
that cannot be drawn still fails the test. The frame it stops at is painted too: what
the screen shows afterwards is where it stopped. A test that looks at every frame
steps with `draw=True`.
"""

from __future__ import annotations

from collections.abc import Callable

from game.ui.app import App

DRAW_EVERY = 8


def run(
    app: App,
    frames: int,
    until: Callable[[], bool] | None = None,
    draw_every: int = DRAW_EVERY,
) -> int:
    """Step `app` up to `frames` frames, stopping after the first at whose end
    `until()` holds; the number of frames stepped."""
    n = 0
    while n < frames:
        n += 1
        app.step(draw=n % draw_every == 0)
        if until is not None and until():
            break
    if n % draw_every and app.running and app.stack:
        app.draw()
    return n


def after_painted(each: Callable[[App], None], draw_every: int) -> Callable[[App], None]:
    """`each` (a driver called before every frame of `App.run(..., draw_every=...)`),
    called only when the frame before was painted: a screen that builds its buttons as
    it draws (Attack's table) offers no stale ones to a driver that reads them."""

    def wrapped(app: App) -> None:
        if app.frames == 0 or (app.frames - 1) % draw_every == 0:
            each(app)

    return wrapped
