"""Every drawing cache of the screens is bounded: a long session (a demo running for
hours, match after match) keeps at most so many surfaces and answers, never all it
ever drew (`benchmarks/memory.py` shows memory levelling off)."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from types import ModuleType

import game.ui

BIGGEST = 2048
"""No cache of the screens keeps more entries than this."""


def _modules() -> list[ModuleType]:
    return [
        importlib.import_module(info.name)
        for info in pkgutil.walk_packages(game.ui.__path__, prefix="game.ui.")
    ]


def _caches(module: ModuleType) -> dict[str, int | None]:
    out: dict[str, int | None] = {}
    for name, value in vars(module).items():
        info = getattr(value, "cache_info", None)
        if info is not None and getattr(value, "__module__", "") == module.__name__:
            out[f"{module.__name__}.{name}"] = info().maxsize
    return out


def test_every_cache_of_the_screens_has_a_bound() -> None:
    caches: dict[str, int | None] = {}
    for module in _modules():
        caches.update(_caches(module))
    assert len(caches) >= 20  # the art's, the labels', the layers': the walk found them
    unbounded = sorted(name for name, size in caches.items() if size is None)
    assert not unbounded, unbounded
    too_big = {name: size for name, size in caches.items() if size and size > BIGGEST}
    assert not too_big, too_big


def test_the_check_sees_an_unbounded_cache() -> None:
    planted = ModuleType("game.ui.planted")

    @cache
    def forever(n: int) -> int:
        return n

    forever.__module__ = planted.__name__
    planted.forever = forever  # type: ignore[attr-defined]
    assert _caches(planted) == {"game.ui.planted.forever": None}
