"""The greeting of network play: before a seat is given, the joining computer says
which build it is and the host compares, field by field, what a replay's header
records (`game.games.about`: the app's version, the game's content hash, the physics
tuning with the pymunk that runs it) and the room code. The first difference is the
refusal's reason, told on both sides by one catalog line (``net.refused.<reason>``)
filled with the same fields.
"""

from __future__ import annotations

import hmac
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game.games import REGISTRY
from game.match.replay_header import app_version
from game.physics.fingerprint import physics_hash, pymunk_version

CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
"""A room code's letters: none that reads as another (no I, O, 0, 1)."""


@dataclass(frozen=True, slots=True)
class Build:
    """What must be the same on both computers for them to play one match."""

    app: str
    game: str
    content: str
    physics: str


def local_build(game: str) -> Build:
    """This computer's build for `game` (an unknown game has no content hash: "")."""
    record = REGISTRY.get(game)
    content = record.content_hash() if record is not None and record.content_hash else ""
    return Build(app_version(), game, content, f"{physics_hash()} pymunk {pymunk_version()}")


def new_code(length: int = 6) -> str:
    """A short room code to read out."""
    return "".join(secrets.choice(CODE_LETTERS) for _ in range(length))


def same_code(given: str, code: str) -> bool:
    """The codes match, whatever the case, compared in constant time."""
    return hmac.compare_digest(given.strip().upper().encode(), code.strip().upper().encode())


def judge(hello: Mapping[str, Any], host: Build, code: str) -> tuple[str, dict[str, str]] | None:
    """None if the greeting may take a seat; else (reason, the line's fields)."""
    if hello["app"] != host.app:
        return "version", {"host": host.app, "peer": str(hello["app"])}
    if hello["game"] != host.game:
        return "game", {"host": host.game, "peer": str(hello["game"])}
    if hello["content"] != host.content:
        return "content", {"game": host.game}
    if hello["physics"] != host.physics:
        return "physics", {}
    if not same_code(str(hello["code"]), code):
        return "code", {}
    return None
