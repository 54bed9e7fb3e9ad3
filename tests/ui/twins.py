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

Texts = list[tuple[str, tuple[int, int, int, int]]]

_buffers: dict[tuple[int, int], tuple[bytearray, bytearray]] = {}


def _copy_pixels(surface: pygame.Surface, into: bytearray) -> None:
    """`surface`'s pixels, raw, into a buffer kept from frame to frame: these checks
    draw three times a frame, and `pygame.image.tobytes` (which converts every pixel)
    or a fresh 3.6 MB of bytes a draw cost more than the drawing."""
    with memoryview(surface.get_view("1")) as view:
        memoryview(into)[:] = view.cast("B")


def frame_of(
    draw: Callable[[pygame.Surface], None], surface: pygame.Surface, into: bytearray
) -> Texts:
    """Every text `draw` drew on `surface` (cleared first: a translucent panel drawn
    twice over itself differs), with its box; the pixels it left go `into`."""
    surface.fill((0, 0, 0))
    with text_fit.recording() as ledger:
        draw(surface)
    _copy_pixels(surface, into)
    return [(d.text, (d.box.x, d.box.y, d.box.w, d.box.h)) for d in ledger.drawn]


def assert_same_in_the_twin(
    draw: Callable[[pygame.Surface], None],
    twin: Callable[[], AbstractContextManager[object]],
    surface: pygame.Surface,
    where: object,
) -> None:
    """`draw` as things are, then inside `twin()` (the world with the hidden parts
    changed): the frames must not differ. Both are drawn at the same instant (a pulse
    or the dots of "Thinking..." read the clock)."""
    size = surface.get_pitch() * surface.get_height()
    if (size, id(surface)) not in _buffers:
        _buffers.clear()
        _buffers[size, id(surface)] = bytearray(size), bytearray(size)
    real_pixels, other_pixels = _buffers[size, id(surface)]
    ticks, now = pygame.time.get_ticks, pygame.time.get_ticks()
    pygame.time.get_ticks = lambda: now
    try:
        real = frame_of(draw, surface, real_pixels)
        with twin():
            other = frame_of(draw, surface, other_pixels)
    finally:
        pygame.time.get_ticks = ticks
    if other != real:
        told = [t for t in other if t not in real] + [t for t in real if t not in other]
        raise AssertionError(("a text tells the hidden world apart", where, told))
    assert other_pixels == real_pixels, ("a drawn pixel tells the hidden world apart", where)
