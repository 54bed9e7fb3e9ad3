"""Version chains: a file of an older version is upgraded step by step, not refused.

A `Chain` holds one step per version: `steps[n]` turns data of version n into data of
version n + 1 (a pure function of plain JSON values; it may raise KeyError, TypeError
or ValueError on data that does not fit, which the chain reports as `UpgradeError`).
Reading a file of version v < current applies steps v, v + 1, ... in turn; a version
newer than the current one, or one older than the chain reaches, is refused with the
reason. Every step has its own test (tests/persist/test_upgrade.py).

Standard library only.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.rules.api import GameError

Step = Callable[[dict[str, Any]], dict[str, Any]]


class UpgradeError(GameError):
    """Data a chain cannot bring to its current version: `reason` is ``newer`` (made by
    a newer version of the game), ``older`` (older than the chain reaches) or ``step``
    (a step refused the data), `detail` says which."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True, slots=True)
class Chain:
    """The upgrades of one kind of file (`name`, for the messages) up to `current`."""

    name: str
    current: int
    steps: Mapping[int, Step]

    @property
    def oldest(self) -> int:
        """The oldest version the chain upgrades from (the current one without steps)."""
        v = self.current
        while v - 1 in self.steps:
            v -= 1
        return v

    def upgrade(self, data: dict[str, Any], version: int) -> dict[str, Any]:
        """`data` of `version` at the current version (a copy: `data` is not changed)."""
        if version > self.current:
            raise UpgradeError(
                "newer", f"{self.name} version {version}, this game reads up to {self.current}"
            )
        if version < self.oldest:
            raise UpgradeError(
                "older", f"{self.name} version {version}, the oldest this game reads is "
                f"{self.oldest}"
            )  # fmt: skip
        out = copy.deepcopy(data)
        for v in range(version, self.current):
            try:
                out = self.steps[v](out)
            except (KeyError, TypeError, ValueError, AttributeError) as e:
                raise UpgradeError(
                    "step", f"{self.name} {v} -> {v + 1}: {type(e).__name__}: {e}"[:160]
                ) from None
        return out
