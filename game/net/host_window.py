"""The host's own window (`Host` with a relay): its ``here`` seats served as peers, each
through a `LocalSocket` (asked, shown and refused as a joined seat is), its answers
checked as a peer's, and the lobby it shows before the match (who sits where, where to
join)."""

from __future__ import annotations

import asyncio
import json
from typing import TYPE_CHECKING, Any

from game.net.messages import BadMessage, parse_peer
from game.net.peers import Peer
from game.net.relay import LocalSocket

if TYPE_CHECKING:
    from game.net.host import Host


def lobby(host: Host) -> None:
    """Tell the host's window who sits where, and where to join (before the match)."""
    if host.relay is None:
        return
    names = {p: peer.name for p, peer in host.peers.items() if not peer.gone}
    host.relay.deliver(
        {
            "type": "lobby",
            "game": host.options.game,
            "seats": list(host.seats),
            "names": [names.get(p, "") for p in range(len(host.seats))],
            "port": host.port,
            "code": host.code,
            "addresses": list(host.addresses),
        }
    )


def seat_here(host: Host) -> None:
    """The window's ``here`` seats as peers, and its answers taken as a peer's."""
    relay = host.relay
    if relay is None:
        return
    for p, s in enumerate(host.seats):
        if s == "here":
            host.peers[p] = Peer(LocalSocket(relay, p), p, host.options.name or "host", "")
    loop = asyncio.get_running_loop()

    def take(message: dict[str, Any]) -> None:
        peer = host.peers.get(message.get("seat", -1)) if isinstance(message, dict) else None
        if peer is None or not isinstance(peer.ws, LocalSocket):
            return
        fields = {k: v for k, v in message.items() if k != "seat"}
        try:
            checked = parse_peer(json.dumps(fields))
        except BadMessage as e:
            relay.deliver({"type": "error", "reason": e.code, "seat": peer.seat})
            host.inbox.put_nowait((peer, {"type": "again"}))  # asked anew, not lost
            return
        host.inbox.put_nowait((peer, checked))

    relay.attach(loop, take)
