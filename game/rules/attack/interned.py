"""Values made once and then shared: the Attack core's `PlayCard` actions and its
card events (`CardPlayed`, `Caught`), one a player and card, because legal actions and
events are hot in the simulations. A shared value is equal to a freshly made one, so
nothing depends on the sharing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


class Interned(dict[K, V]):
    """Values by key, each made by `make(key)` the first time it is asked for."""

    def __init__(self, make: Callable[[K], V]) -> None:
        super().__init__()
        self._make = make

    def __missing__(self, key: K) -> V:
        value = self[key] = self._make(key)
        return value
