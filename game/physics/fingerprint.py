"""What a recorded throw depends on besides its inputs: the tuning and pymunk.

A replay stores the throws, not where they came to rest; re-rolled with other tuning
(friction, magnets, the step), other judging rules or another pymunk they may come out
elsewhere. The replay header keeps `physics_hash` (every constant of `tuning`, by its
exact value, `JUDGE_RULES` - the version of the judges' rules - among them) and
`pymunk_version`, so a replay made with other physics is told apart from a drift.
"""

from __future__ import annotations

import hashlib

from game.physics import tuning


def physics_hash() -> str:
    """SHA-256 over every upper-case constant of `tuning` (name and repr, sorted)."""
    items = sorted(
        (name, repr(value))
        for name, value in vars(tuning).items()
        if name.isupper() and isinstance(value, int | float | str | tuple)
    )
    text = "\n".join(f"{name}={value}" for name, value in items)
    return "sha256:" + hashlib.sha256(text.encode("utf-8")).hexdigest()


def pymunk_version() -> str:
    import pymunk

    return str(pymunk.version)
