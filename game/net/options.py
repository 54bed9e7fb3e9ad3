"""What a host is told (`HostOptions`: the command line's or the host screen's) and the
bounds it keeps, shared by the host, its window and a joined computer (`brain_seed`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.net.discovery import DISCOVERY_PORT


def brain_seed(seed: int, seat: int) -> int:
    """The seed of a headless person's brain in `seat` (at the host, or at a joined
    computer from its own ``--seed``): the match's seed never leaves the host, for it
    decides the shuffles."""
    return seed * 7919 + seat


MAX_STEPS = 200_000
"""The most steps of a match (choices, throws, questions) before the host gives up."""
MAX_AGAIN = 20
"""Throws in a row the table may refuse a brain at the host before the match stops."""
HELLO_SECONDS = 10.0
"""How long a computer that connected has to greet."""


@dataclass(frozen=True, slots=True)
class HostOptions:
    game: str
    seats: tuple[str, ...]
    address: str = "127.0.0.1"
    port: int = 0
    code: str = ""
    bot: str = "easy"
    seed: int = 1
    replay_dir: Path | None = None
    lang: str = "en"
    join_seconds: float = 120.0
    turn_seconds: float = 120.0
    rejoin_wait: float = 30.0
    max_bad: int = 10
    share_replay: bool = False  # the whole replay to every screen at the end (`shared_replay`)
    max_watchers: int = 8  # spectators at once (`watchers`); one more is refused
    announce: str | None = None  # where seats free are told (`discovery`); None: nowhere
    announce_port: int = DISCOVERY_PORT
    name: str = ""  # the host's name in its announcement and lobby ("": this computer's)
