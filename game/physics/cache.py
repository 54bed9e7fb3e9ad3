"""A small per-thread cache of prepared spaces, keyed by the (hashable) spec they model.

Building a pymunk space costs far more than resolving a throw on it, so the match table
and the challenge arenas keep the last few prepared per thread (a pymunk space is not
thread-safe). The most recent one is checked by identity first: the common case is the
same spec object, throw after throw.

A space in which a throw failed is `discard`ed: whatever the failure left in it (a
NaN velocity written into its static body) never reaches the next throw.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")

CACHE_SIZE = 8


class PreparedCache(threading.local, Generic[K, V]):
    def __init__(self, build: Callable[[K], V], size: int = CACHE_SIZE) -> None:
        self.build = build
        self.size = size
        self.last_key: K | None = None
        self.last: V | None = None
        self.items: dict[K, V] = {}

    def clear(self) -> None:
        """Forget everything prepared (in this thread)."""
        self.last_key = None
        self.last = None
        self.items.clear()

    def discard(self, key: K, prepared: V) -> None:
        """Forget `prepared` (the space built for `key`) if it is the one kept."""
        if self.items.get(key) is prepared:
            del self.items[key]
        if self.last is prepared:
            self.last_key = None
            self.last = None

    def get(self, key: K) -> V:
        if self.last_key is key and self.last is not None:
            return self.last
        prepared = self.items.get(key)
        if prepared is None:
            if len(self.items) >= self.size:
                self.items.pop(next(iter(self.items)))  # the oldest
            prepared = self.build(key)
            self.items[key] = prepared
        self.last_key = key
        self.last = prepared
        return prepared
