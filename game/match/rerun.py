"""What every game's re-run of a replay shares: its one error, and the check that this
build can re-run the replay at all (the same cards, the same physics).

Whatever a replay's records hold, a re-run raises nothing but `RerunError` (reason codes
of `game.persist.replay_file.REASONS`).
"""

from __future__ import annotations

from typing import Any

from game.physics.fingerprint import physics_hash, pymunk_version
from game.rules.api import GameError


class RerunError(GameError):
    """A replay that cannot be re-run here: `reason` (``content``, ``physics``,
    ``inputs``, ``record``, ``game``) and `detail`."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(detail)
        self.reason = reason
        self.detail = detail


def check_build(header: dict[str, Any], content_hash: str) -> None:
    """Refuse a replay made with other cards or other physics."""
    if header.get("content_hash") != content_hash:
        raise RerunError("content", f"file {str(header.get('content_hash'))[:20]}...")
    if header.get("physics_hash") != physics_hash():
        raise RerunError("physics", "tuning hash")
    if header.get("pymunk") != pymunk_version():
        raise RerunError(
            "physics", f"pymunk {str(header.get('pymunk'))[:20]}, here {pymunk_version()}"
        )
