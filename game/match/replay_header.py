"""The first line of every game's replay, and the hashes it names.

The header names what a re-run needs and what must not have changed: the game and the
app's version, the content hash (the cards the match was played with), the physics
tuning hash and the pymunk version, the rule settings, the seed and the seats; each game
adds its own (`extra`: the classic kits and table, Attack's deck, Planet's kits).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import metadata
from typing import Any

from game.ai.seeding import seat_seed
from game.physics.fingerprint import physics_hash, pymunk_version

Record = dict[str, Any]
Sink = Callable[[Record], None]
FORMAT = "bakugan-replay"
VERSION = 1  # the replay format (game.persist.replay_file.VERSION reads it)


def app_version() -> str:
    try:
        return metadata.version("bakugan-table")
    except metadata.PackageNotFoundError:
        return "0"


_HASHES: dict[int, tuple[object, str]] = {}


def stable_hash(value: object) -> str:
    """SHA-256 of a definition's content (cards, decks): equal content gives an equal
    hash in every process (sets are sorted: their order changes with string hashing).
    Kept per object (definitions are frozen): a sim of many matches hashes once."""
    kept = _HASHES.get(id(value))
    if kept is not None and kept[0] is value:
        return kept[1]
    digest = "sha256:" + hashlib.sha256(canonical_text(value).encode("utf-8")).hexdigest()
    if len(_HASHES) > 64:
        _HASHES.clear()
    _HASHES[id(value)] = (value, digest)
    return digest


def canonical_text(value: object, depth: int = 0) -> str:
    """A text of `value` that does not depend on the process: dataclasses and slotted
    objects field by field, mappings by sorted key, sets sorted."""
    if depth > 40:
        raise ValueError("a definition nested too deep to hash")
    d = depth + 1
    if value is None or isinstance(value, bool | int | float | str | bytes):
        return repr(value)
    if isinstance(value, enum.Enum):
        return f"{type(value).__name__}.{value.name}"
    if isinstance(value, Mapping):
        items = sorted((canonical_text(k, d), canonical_text(v, d)) for k, v in value.items())
        return "{" + ",".join(f"{k}:{v}" for k, v in items) + "}"
    if isinstance(value, set | frozenset):
        return "set(" + ",".join(sorted(canonical_text(v, d) for v in value)) + ")"
    if isinstance(value, list | tuple):
        return "[" + ",".join(canonical_text(v, d) for v in value) + "]"
    if dataclasses.is_dataclass(value):
        names = [f.name for f in dataclasses.fields(value)]
    else:
        names = [n for c in type(value).__mro__ for n in getattr(c, "__slots__", ())]
        if not names and hasattr(value, "__dict__"):
            names = sorted(vars(value))
    if not names:
        return f"{type(value).__name__}:{value!s}"
    fields = ",".join(f"{n}={canonical_text(getattr(value, n, None), d)}" for n in names)
    return f"{type(value).__name__}({fields})"


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """Who sat where: a bot's name and seed, or a person (``name`` "human")."""

    name: str
    seed: int = 0
    human: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "seed": self.seed, "human": self.human}


def seat_infos(match_seed: int, levels: Sequence[str | None]) -> list[SeatInfo]:
    """Who sat where, for a replay's header: a person (None) or a computer of the
    level named, seeded as every game seeds its seats (`game.ai.seeding.seat_seed`)."""
    return [
        SeatInfo("human", 0, True) if level is None else SeatInfo(level, seat_seed(match_seed, p))
        for p, level in enumerate(levels)
    ]


def header(
    game: str,
    content_hash: str,
    seed: int,
    settings: dict[str, Any],
    seats: Sequence[SeatInfo],
    **extra: Any,
) -> Record:
    """The first line of a replay; `extra` holds what the game needs besides (kits,
    the table's size, the spheres' radii)."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game,
        "game_version": app_version(),
        "content_hash": content_hash,
        "physics_hash": physics_hash(),
        "pymunk": pymunk_version(),
        "created": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        "seed": seed,
        "settings": settings,
        "seats": [s.to_json() for s in seats],
        **extra,
    }
