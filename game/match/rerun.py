"""What every game's re-run of a replay shares: its one error, the check that this
build can re-run the replay at all (the same cards, the same physics), and what its
result means by identical (`RerunResult`).

Whatever a replay's records hold, a re-run raises nothing but `RerunError` (reason codes
of `game.persist.replay_file.REASONS`).
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from game import physics
from game.physics.fingerprint import physics_hash, pymunk_version
from game.rules.api import GameError


class RerunError(GameError):
    """A replay that cannot be re-run here: `reason` (a key of
    `game.persist.replay_file.REASONS`: ``content``, ``physics``, ``inputs``,
    ``record``, ``game``, ``too_large``, ``too_long``) and `detail`."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


class RerunResult:
    """What every game's re-run result says alike: its `drift`, the first record that
    differed (the record's index and what differed) or None, and so whether the re-run
    is `identical`. Each game's result is a dataclass of this with its own fields."""

    __slots__ = ()
    drift: tuple[int, str] | None

    @property
    def identical(self) -> bool:
        return self.drift is None


def recorded_throw(record: Any, sphere_id: Hashable) -> physics.Throw:
    """The `physics.Throw` of a recorded throw's inputs, the one reading of every game's
    ``throw`` fields (a ValueError naming the field; the physics checks their ranges)."""
    if not isinstance(record, dict):
        raise ValueError("a throw: expected an object")
    origin = record["origin"]
    if not isinstance(origin, list) or len(origin) != 2:
        raise ValueError("origin: expected [x, y]")
    return physics.Throw(
        origin=(origin[0], origin[1]),
        angle=record["angle"],
        speed=record["speed"],
        spin=record["spin"],
        radius=record["radius"],
        mass=record["mass"],
        sphere_id=sphere_id,
    )


def check_build(header: dict[str, Any], content_hash: str, *, physics: bool = True) -> None:
    """Refuse a replay made with other cards or, where its throws roll on the table
    (`physics`), other physics. A game whose replays record no throw (Bakugan Attack!:
    a die's face is the rules' seeded roll, the dice physics only shows it) re-runs
    alike under any physics, so a change to the spheres' judge does not refuse it."""
    if header.get("content_hash") != content_hash:
        raise RerunError("content", f"file {str(header.get('content_hash'))[:20]}...")
    if not physics:
        return
    if header.get("physics_hash") != physics_hash():
        raise RerunError("physics", "tuning hash")
    if header.get("pymunk") != pymunk_version():
        raise RerunError(
            "physics", f"pymunk {str(header.get('pymunk'))[:20]}, here {pymunk_version()}"
        )
