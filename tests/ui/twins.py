"""The no-peeking check the frame-by-frame curtain tests of every game share.

A frame drawn for a viewer may depend only on what he may know. So the check draws the
frame twice, once as it is and once in a twin world: the same match with what the viewer
cannot see changed (the other players' hands, their face-down picks and choices, the
order of the decks ...). The two must be the same pixel for pixel, and every text drawn
the same in the same box (`text_fit.recording`). This catches what a list of secret
words cannot: a label on the slot of a hidden pick, a marker, a sphere's colour, an
animation that runs otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager

import pygame

from game.ui import text_fit

Frame = tuple[bytes, list[tuple[str, tuple[int, int, int, int]]]]


def frame_of(draw: Callable[[pygame.Surface], None], surface: pygame.Surface) -> Frame:
    """The pixels `draw` leaves on `surface` (cleared first: a translucent panel drawn
    twice over itself differs) and every text it drew, with its box."""
    surface.fill((0, 0, 0))
    with text_fit.recording() as ledger:
        draw(surface)
    texts = [(d.text, (d.box.x, d.box.y, d.box.w, d.box.h)) for d in ledger.drawn]
    return pygame.image.tobytes(surface, "RGB"), texts


def assert_same_in_the_twin(
    draw: Callable[[pygame.Surface], None],
    twin: Callable[[], AbstractContextManager[object]],
    surface: pygame.Surface,
    where: object,
) -> None:
    """`draw` as things are, then inside `twin()` (the world with the hidden parts
    changed): the frames must not differ. Both are drawn at the same instant (a pulse
    or the dots of "Thinking..." read the clock)."""
    ticks, now = pygame.time.get_ticks, pygame.time.get_ticks()
    pygame.time.get_ticks = lambda: now
    try:
        real = frame_of(draw, surface)
        with twin():
            other = frame_of(draw, surface)
    finally:
        pygame.time.get_ticks = ticks
    if other[1] != real[1]:
        told = [t for t in other[1] if t not in real[1]] + [t for t in real[1] if t not in other[1]]
        raise AssertionError(("a text tells the hidden world apart", where, told))
    assert other[0] == real[0], ("a drawn pixel tells the hidden world apart", where)
