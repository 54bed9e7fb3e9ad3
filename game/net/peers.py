"""A seat's computer as the host keeps it: its connection, its seat and token, its bad
messages and rate, and the question it was asked last."""

from __future__ import annotations

from dataclasses import dataclass, field

from websockets.asyncio.server import ServerConnection

from game.net.messages import RateLimit
from game.net.relay import LocalSocket


@dataclass(slots=True)
class Peer:
    """A joined computer in its seat (or the host's screen, for a ``here`` seat played
    in the host's window: its `ws` a `LocalSocket`)."""

    ws: ServerConnection | LocalSocket
    seat: int
    name: str
    token: str
    bad: int = 0
    limit: RateLimit = field(default_factory=RateLimit)
    ask: int = 0
    asked: object = None  # what the last question was about (kind, view, legal)
    shown: object = None  # the last view sent while it waited
    gone: bool = False
    bot: str | None = None  # a headless `--bot` level: the host thinks for it (`hint`)
