"""The shared no-peeking check fails on a text or a bare marker that tells the hidden
world apart, and passes a frame that does not."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from game.ui import widgets as w

from .twins import assert_same_in_the_twin

HIDDEN = {"slot": 0}


@contextmanager
def _other_pick() -> Iterator[None]:
    HIDDEN["slot"] = 2
    try:
        yield
    finally:
        HIDDEN["slot"] = 0


def _label(surface: pygame.Surface) -> None:
    box = pygame.Rect(10 + 100 * HIDDEN["slot"], 10, 90, 30)
    w.fit_text(surface, "rolling", box, 16, w.ACCENT, "center")


def _marker(surface: pygame.Surface) -> None:
    pygame.draw.circle(surface, w.ACCENT, (20 + 100 * HIDDEN["slot"], 60), 5)


def _fair(surface: pygame.Surface) -> None:
    w.fit_text(surface, "Player 2 rolls", pygame.Rect(10, 10, 200, 30), 16, w.INK)


@pytest.mark.parametrize(("draw", "told"), [(_label, "a text"), (_marker, "a drawn pixel")])
def test_a_label_or_a_marker_on_the_hidden_pick_is_caught(draw: object, told: str) -> None:
    pygame.init()
    surface = pygame.Surface((400, 100))
    with pytest.raises(AssertionError, match=told):
        assert_same_in_the_twin(draw, _other_pick, surface, "here")  # type: ignore[arg-type]
    assert_same_in_the_twin(_fair, _other_pick, surface, "here")
