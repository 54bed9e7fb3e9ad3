"""What this build of the game is, for `bakugan --version`, the About screen and crash
reports: the app's version, each game's content hash and the physics tuning hash.

These are no new fingerprints: they are the very values a replay's header records
(``game_version``, ``content_hash``, ``physics_hash``, ``pymunk``) and a re-run
compares (`game.match.replaying.check_build`), each game's content hash from its own
record (`GameRecord.content_hash`). Two builds that print the same lines play each
other's replays.
"""

from __future__ import annotations

import platform
import sys
from dataclasses import dataclass

from game.files import paths
from game.games import REGISTRY
from game.match.replay_header import app_version
from game.physics.fingerprint import physics_hash, pymunk_version

APP = "bakugan-table"


@dataclass(frozen=True, slots=True)
class BuildInfo:
    version: str
    content: tuple[tuple[str, str], ...]  # (game id, content hash), in the registry's order
    physics: str
    pymunk: str

    def lines(self) -> list[str]:
        """What `bakugan --version` prints, one fact a line."""
        out = [f"{APP} {self.version}"]
        out += [f"content {game} {digest}" for game, digest in self.content]
        out.append(f"physics {self.physics} (pymunk {self.pymunk})")
        return out


def build_info() -> BuildInfo:
    """This build's version and hashes (loads every game's shipped content once)."""
    content = tuple(
        (game, record.content_hash())
        for game, record in REGISTRY.items()
        if record.content_hash is not None
    )
    return BuildInfo(app_version(), content, physics_hash(), pymunk_version())


def short(digest: str, n: int = 16) -> str:
    """``sha256:0123…`` cut to its first `n` hex digits, for a screen."""
    kind, _, hexes = digest.partition(":")
    return f"{kind}:{hexes[:n]}" if hexes else digest[:n]


def runtime() -> str:
    """Where this build runs: Python, the system, packaged or from source."""
    how = "packaged app" if paths.frozen() else "from source"
    return f"Python {platform.python_version()} on {platform.system() or sys.platform}, {how}"
