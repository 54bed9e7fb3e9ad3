"""The spectators of a network match: computers that greet with the room code and
``watch`` (`messages.PEER_OPTIONAL`), take no seat and see what is public, as anyone
at the table sees it (`NetTable.public_view`: no hidden card of any seat).

A spectator is welcomed with ``seat: null``, then sent a ``wait`` with the public view
whenever it changed (the host's driver shows them at each step of the match, so that a
match of computer levels, which asks nobody, is watched too) and ``over`` with the
public view and the winner. It may greet before the match or during it: the match waits
for no spectator, and one who joins late is shown the table as it stands. The full
replay stays with the host (it holds every hand: it is the host's to give).

A spectator has nothing to answer: any message of its but ``bye`` is a bad message
(answered with its reason, counted; `HostOptions.max_bad` of them drop it), and the
rate limit holds for it as for a seat. At most `HostOptions.max_watchers` watch at
once; one more is refused (``net.refused.watchers``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any

from websockets.asyncio.server import ServerConnection
from websockets.exceptions import ConnectionClosed

from game.net.messages import RateLimit, encode, peer_messages

if TYPE_CHECKING:
    from game.games.net_kit import NetTable
    from game.net.host import Host

WATCHING = -1
"""The seat a host's probe is told for a message to a spectator (it has no seat)."""


@dataclass(slots=True)
class Watcher:
    """A spectator's computer: `shown` is the last public view sent it, `ended` whether
    it was sent the end."""

    ws: ServerConnection
    name: str
    bad: int = 0
    limit: RateLimit = field(default_factory=RateLimit)
    shown: str | None = None
    ended: bool = False


class Watchers:
    """The host's spectators. The connections' tasks greet and listen; the host's driver
    `show`s them the table after each step and `finish`es them at the end."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.active: list[Watcher] = []
        self.count = 0  # how many watched, in all
        self.bytes_sent = 0

    # --- sending ----------------------------------------------------------------------

    async def _send(self, watcher: Watcher, text: str) -> None:
        host = self.host
        if host.probe is not None:
            host.probe(WATCHING, text)
        self.bytes_sent += len(text.encode())
        host.messages_sent += 1
        with contextlib.suppress(ConnectionClosed):  # its task takes it off the list
            await watcher.ws.send(text)

    async def show(self, table: NetTable) -> None:
        """Each spectator sees the public view when it changed since it last did."""
        if not self.active:
            return
        view = table.public_view()
        shown = json.dumps(view, sort_keys=True)
        for watcher in list(self.active):
            if watcher.shown != shown and not watcher.ended:
                watcher.shown = shown
                await self._send(watcher, encode("wait", view=view))

    async def tell(self, text: str) -> None:
        """A message for every spectator (a seat went away)."""
        for watcher in list(self.active):
            await self._send(watcher, text)

    async def _end(self, watcher: Watcher, table: NetTable) -> None:
        if not watcher.ended:
            watcher.ended = True
            view = table.public_view()
            await self._send(watcher, encode("over", winner=table.winner, view=view))

    async def finish(self, table: NetTable) -> None:
        """The end for every spectator, then each is given a moment to close."""
        for watcher in list(self.active):
            await self._end(watcher, table)
        for watcher in list(self.active):
            try:
                await asyncio.wait_for(watcher.ws.wait_closed(), 5.0)
            except TimeoutError:
                await watcher.ws.close()

    # --- a connection -----------------------------------------------------------------

    async def serve(self, ws: ServerConnection, hello: dict[str, Any]) -> None:
        """A greeting with ``watch`` (its build and code already judged): welcome it
        without a seat, show it the table as it stands, and listen to it to its end."""
        host = self.host
        most = host.options.max_watchers
        if len(self.active) >= most:
            await host._refuse(ws, "watchers", {"count": str(most)})
            return
        watcher = Watcher(ws, hello["name"] or "?")
        self.active.append(watcher)
        self.count += 1
        try:
            host.say(host.line("net.watcher", name=watcher.name, count=len(self.active)))
            welcome = encode(
                "welcome", seat=None, seats=list(host.seats), token="", game=host.options.game
            )
            await self._send(watcher, welcome)
            table = host.table  # read between the driver's steps (one thread, no step
            if table is not None:  # is under way while this task runs)
                if table.over:
                    await self._end(watcher, table)
                else:
                    await self.show(table)
            await self._listen(watcher)
        finally:
            self.active.remove(watcher)

    async def _listen(self, watcher: Watcher) -> None:
        bad = partial(self._bad, watcher)
        async for _ in peer_messages(watcher.ws, watcher.limit, self.host.loop_time, bad):
            await bad("watching")  # a spectator has nothing to answer

    async def _bad(self, watcher: Watcher, reason: str) -> None:
        watcher.bad += 1
        await self._send(watcher, encode("error", reason=reason))
        if watcher.bad == self.host.options.max_bad:
            host = self.host
            host.say(host.line("net.watcher_dropped", name=watcher.name, count=watcher.bad))
            await watcher.ws.close(1008, "too many bad messages")
