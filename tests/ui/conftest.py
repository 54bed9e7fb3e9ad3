from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.ui.app import _forget_fonts


@pytest.fixture(autouse=True)
def _no_dead_fonts() -> Iterator[None]:
    """A test that ends with `pygame.quit()` leaves fonts of a dead font module in the
    caches (`App.run` forgets them itself); the next test must not draw with them."""
    yield
    _forget_fonts()
