"""Where a bot's randomness comes from: one generator per decision.

A bot that kept one generator for the whole match would play differently after a
resume unless the generator's inner state were saved too, and any extra draw (a
diagnostic, a refactor that asks once more) would shift every later choice. Instead
every decision draws from a generator seeded from the bot's seed (itself derived from
the match seed and the seat) and the number of that decision; a resumed bot needs only
that count (and its own memory) to continue exactly as it would have.

`random.Random` seeded with a string hashes it (SHA-512), so the seeds are well mixed
and the same on every platform and Python version that keeps that seeding.
"""

from __future__ import annotations

import random
import zlib
from typing import Any, Protocol, runtime_checkable

from game.rules.api import GameError

_M64 = (1 << 64) - 1
_STREAM_KEYS: dict[str, int] = {}


def decision_rng(stream: str, seed: int, decision: int) -> random.Random:
    """The generator of decision number `decision` of the bot seeded `seed`; `stream`
    keeps apart the draws of different purposes (card play, aiming)."""
    return random.Random(f"{stream}:{seed}:{decision}")


def decision_unit(stream: str, seed: int, decision: int) -> float:
    """One uniform draw in [0, 1) for decision number `decision` of the bot seeded
    `seed`: what `decision_rng(...).random()` stands for, for a bot that needs only one
    number (the random policies), at a fifth of the cost: a `random.Random` is seeded in
    about 5 us, which made the per-decision generators halve the random-policy sims.
    SplitMix64's finalizer over the stream's CRC-32, the seed and the decision number:
    integer arithmetic, so the same on every platform."""
    key = _STREAM_KEYS.get(stream)
    if key is None:
        key = _STREAM_KEYS[stream] = zlib.crc32(stream.encode())
    z = _mix(_mix(key ^ (seed & _M64)) ^ (decision & _M64))
    return (z >> 11) * (1.0 / (1 << 53))


def _mix(z: int) -> int:
    z = (z + 0x9E3779B97F4A7C15) & _M64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _M64
    return z ^ (z >> 31)


def seat_seed(match_seed: int, seat: int) -> int:
    """The bot seed of `seat` in the match seeded `match_seed`."""
    return match_seed * 7 + seat


@runtime_checkable
class Resumable(Protocol):
    """A bot whose between-decision state (decision count, memory) can be kept and
    given back, so a resumed match goes on as the uninterrupted one."""

    def snapshot(self) -> dict[str, Any]: ...

    def restore(self, data: dict[str, Any]) -> None: ...


class SnapshotError(GameError, ValueError):
    """A bot snapshot that does not fit the bot: names the field and the problem."""


def tupled(value: Any) -> Any:
    """JSON lists back to the tuples they were (slots, battle keys)."""
    if isinstance(value, list):
        return tuple(tupled(v) for v in value)
    return value


def count(data: dict[str, Any], key: str) -> int:
    """A non-negative whole number of a snapshot, or `SnapshotError`."""
    value = data.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise SnapshotError(f"{key}: expected a whole number >= 0, got {value!r}"[:120])
    return value


def slot_or_none(value: Any, key: str) -> tuple[int, int] | None:
    """A (column, row) slot of a snapshot, or None; `SnapshotError` otherwise."""
    if value is None:
        return None
    ok = isinstance(value, list | tuple) and len(value) == 2
    if not ok or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise SnapshotError(f"{key}: expected [column, row] or null, got {value!r}"[:120])
    return (int(value[0]), int(value[1]))
