"""Finding a host on the local network without typing its address (docs/network.md,
Finding the host): a waiting host broadcasts a small JSON datagram every second
(`Announcer`), a computer about to join listens for a few seconds (`find`, or `Finder`
in a window's background thread) and lists the hosts it heard, each at the address the
datagram came from.

UDP broadcast rather than zeroconf / mDNS: it needs no package beyond the standard
library, it is a few dozen lines to read and check, and it reaches exactly what is
promised: the computers of one subnet (a broadcast does not cross a router). It fails
where a firewall drops it (Windows asks to let the program through; some Wi-Fi keeps
its clients apart; macOS asks for local network access), so typing the address always
works too, and the host's lines say which address to give (`addresses_to_give`).

What a host announces is what a finder shows and nothing else: the app's version, the
game, the port it listens on, its name and how many seats are free. Never the room
code: the code admits a joiner, and a broadcast is heard by every computer on the
network. What a finder hears is untrusted: a datagram over `MAX_DATAGRAM` bytes, not
JSON, or not exactly the announcement's fields each within bounds (`parse_announcement`,
in the style of `messages.parse_peer`) is ignored; at most `MAX_HOSTS` hosts are kept,
each forgotten `FORGET_SECONDS` after its last announcement.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import re
import socket
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import TracebackType
from typing import Any

from game.net.messages import BadMessage, Check, json_object, whole

DISCOVERY_PORT = 8766
"""The UDP port hosts announce to and finders listen on (the game's port plus one)."""
BROADCAST = "255.255.255.255"
"""Where a host announces unless told another: every computer of its subnet."""
KIND = "bakugan-host"
VERSION = 1
"""The announcement's format; a finder ignores any other (a newer build's)."""
MAX_DATAGRAM = 512
"""The largest datagram a finder reads (an announcement is some 150 bytes)."""
MAX_HOSTS = 32
"""The most hosts a finder keeps: a flood of made-up announcements costs no more."""
ANNOUNCE_SECONDS = 1.0
FORGET_SECONDS = 5.0
"""A host not heard for this long is no longer listed (it began its match or left)."""
MAX_NAME = 40

_GAME = re.compile(r"[a-z][a-z0-9_]{0,31}")
_WILDCARDS = frozenset({"", "0.0.0.0", "::"})
_UNROUTED = ("10.254.254.254", 1)
"""Where a UDP socket is `connect`-ed to learn which address this computer goes out
from: a connect of UDP sends nothing, it only picks the route."""


def printable(limit: int) -> Check:
    """Text a terminal or a screen may show as it is: no control character, no bidi
    override (`str.isprintable`), at most `limit` characters."""
    return lambda v: isinstance(v, str) and len(v) <= limit and v.isprintable()


ANNOUNCE_SCHEMA: Mapping[str, Check] = {
    "type": lambda v: v == KIND,
    "v": lambda v: type(v) is int and v == VERSION,
    "app": printable(64),
    "game": lambda v: isinstance(v, str) and _GAME.fullmatch(v) is not None,
    "port": whole(1, 65535),
    "name": printable(MAX_NAME),
    "seats_free": whole(0, 16),
}
"""An announcement's fields, every one required, none other taken."""


@dataclass(frozen=True, slots=True)
class Announcement:
    """What a waiting host tells the network (no code, nothing of the match)."""

    app: str
    game: str
    port: int
    name: str
    seats_free: int

    def encode(self) -> bytes:
        fields = {"type": KIND, "v": VERSION, "app": self.app, "game": self.game}
        fields |= {"port": self.port, "name": self.name, "seats_free": self.seats_free}
        return json.dumps(fields, separators=(",", ":"), ensure_ascii=False).encode()


def parse_announcement(data: bytes) -> Announcement:
    """The announcement in a datagram, checked field by field; `BadMessage` otherwise."""
    value = json_object(data, MAX_DATAGRAM)
    if set(value) != set(ANNOUNCE_SCHEMA):
        raise BadMessage("fields")
    for name, check in ANNOUNCE_SCHEMA.items():
        if not check(value[name]):
            raise BadMessage("bad_field", name)
    return Announcement(
        value["app"], value["game"], value["port"], value["name"], value["seats_free"]
    )


def host_name(given: str = "") -> str:
    """The name a host announces: `given`, else this computer's name, cut to what an
    announcement takes (printable, `MAX_NAME` characters)."""
    name = given or socket.gethostname()
    return "".join(c for c in name if c.isprintable())[:MAX_NAME] or "?"


# --- hearing ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Found:
    """A host heard: `address` is where its datagram came from (what to join), `seen`
    the `time.monotonic()` of its newest announcement."""

    address: str
    port: int
    game: str
    name: str
    app: str
    seats_free: int
    seen: float


class Sightings:
    """The hosts heard, by (address, port), safe to read from another thread."""

    def __init__(
        self,
        limit: int = MAX_HOSTS,
        forget: float = FORGET_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.forget = forget
        self.clock = clock
        self.ignored = 0
        """Datagrams not taken: malformed, too big, or a new host past the limit."""
        self._lock = threading.Lock()
        self._seen: dict[tuple[str, int], Found] = {}

    def take(self, data: bytes, source: Any) -> Found | None:
        """Take one datagram from `source` (the socket's (address, port)); None if it
        is ignored. A host already listed is updated; a new one past the limit is
        ignored rather than pushing one out (a flood must not hide the real hosts)."""
        try:
            told = parse_announcement(data)
            if not isinstance(source, tuple) or not isinstance(source[0], str):
                raise BadMessage("source")
        except BadMessage:
            self.ignored += 1
            return None
        now = self.clock()
        key = (source[0][:64], told.port)
        with self._lock:
            self._expire(now)
            if key not in self._seen and len(self._seen) >= self.limit:
                self.ignored += 1
                return None
            found = Found(key[0], told.port, told.game, told.name, told.app, told.seats_free, now)
            self._seen[key] = found
        return found

    def found(self) -> list[Found]:
        """The hosts heard within `forget` seconds, by address and port."""
        with self._lock:
            self._expire(self.clock())
            return sorted(self._seen.values(), key=lambda f: (f.address, f.port))

    def _expire(self, now: float) -> None:
        for key in [k for k, f in self._seen.items() if now - f.seen > self.forget]:
            del self._seen[key]


class _Ear(asyncio.DatagramProtocol):
    def __init__(self, sightings: Sightings) -> None:
        self.sightings = sightings

    def datagram_received(self, data: bytes, addr: Any) -> None:
        self.sightings.take(data, addr)

    def error_received(self, exc: Exception) -> None:
        """An ICMP error on the socket: nothing to do, the listening goes on."""


def listening_socket(port: int = DISCOVERY_PORT, bind: str = "") -> socket.socket:
    """A UDP socket bound to `port` that other finders on this computer may bind too
    (two windows, or a window and ``bakugan find``): SO_REUSEADDR, and SO_REUSEPORT
    where the system has it. `bind` "" hears every interface (a broadcast included)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if hasattr(socket, "SO_REUSEPORT"):
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((bind, port))
        sock.setblocking(False)
    except BaseException:  # OSError, or OverflowError for a port past 65535
        sock.close()
        raise
    return sock


async def listen(sock: socket.socket, sightings: Sightings) -> asyncio.DatagramTransport:
    """Hear announcements on `sock` into `sightings` until the transport is closed."""
    loop = asyncio.get_running_loop()
    try:
        transport, _ = await loop.create_datagram_endpoint(lambda: _Ear(sightings), sock=sock)
    except BaseException:
        sock.close()
        raise
    return transport


async def find(
    seconds: float, port: int = DISCOVERY_PORT, bind: str = "", sightings: Sightings | None = None
) -> list[Found]:
    """The hosts heard on `port` within `seconds` (``bakugan find``)."""
    sightings = Sightings() if sightings is None else sightings
    transport = await listen(listening_socket(port, bind), sightings)
    try:
        await asyncio.sleep(seconds)
    finally:
        transport.close()
    return sightings.found()


class Finder:
    """`find` for a window: `start()` binds (an OSError is the caller's) and listens in
    a thread of its own with its own event loop; `found()`, called each frame from any
    thread, lists the hosts heard lately; `stop()` ends it (also twice, also unstarted)."""

    def __init__(
        self, port: int = DISCOVERY_PORT, bind: str = "", sightings: Sightings | None = None
    ) -> None:
        self.port = port
        self.bind = bind
        self.sightings = Sightings() if sightings is None else sightings
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stopping: asyncio.Event | None = None
        self._up = threading.Event()

    def start(self) -> None:
        if self._thread is not None:
            return
        sock = listening_socket(self.port, self.bind)
        self.port = sock.getsockname()[1]  # the port the system chose for 0
        self._up.clear()
        self._thread = threading.Thread(target=self._run, args=(sock,), daemon=True)
        self._thread.start()
        self._up.wait(5.0)

    def _run(self, sock: socket.socket) -> None:
        async def main() -> None:
            self._loop = asyncio.get_running_loop()
            self._stopping = asyncio.Event()
            transport = await listen(sock, self.sightings)
            self._up.set()
            try:
                await self._stopping.wait()
            finally:
                transport.close()

        try:
            asyncio.run(main())
        finally:
            sock.close()
            self._up.set()

    def found(self) -> list[Found]:
        return self.sightings.found()

    def stop(self) -> None:
        loop, stopping, thread = self._loop, self._stopping, self._thread
        if thread is None:
            return
        if loop is not None and stopping is not None:
            with contextlib.suppress(RuntimeError):  # its loop already ended
                loop.call_soon_threadsafe(stopping.set)
        thread.join(5.0)
        self._thread = None


# --- telling ------------------------------------------------------------------------


class _Mouth(asyncio.DatagramProtocol):
    def __init__(self, announcer: Announcer) -> None:
        self.announcer = announcer

    def error_received(self, exc: Exception) -> None:
        self.announcer.failed(exc)


class Announcer:
    """While entered (``async with``), send `make()`'s announcement to (`target`,
    `port`) every `every` seconds. A send that fails (no network, a firewall) never
    stops the host: `on_error` is told the first failure, the sending goes on."""

    def __init__(
        self,
        target: str,
        port: int,
        make: Callable[[], Announcement],
        every: float = ANNOUNCE_SECONDS,
        on_error: Callable[[OSError], None] | None = None,
    ) -> None:
        self.target = str(ipaddress.IPv4Address(target))  # an address: no name lookup
        if not 0 <= port <= 65535:
            raise ValueError(f"not a port: {port}")
        self.port = port
        self.make = make
        self.every = every
        self.on_error = on_error
        self.sent = 0
        self.errors = 0
        self._transport: asyncio.DatagramTransport | None = None
        self._task: asyncio.Task[None] | None = None

    def failed(self, exc: Exception) -> None:
        self.errors += 1
        if self.errors == 1 and self.on_error is not None and isinstance(exc, OSError):
            self.on_error(exc)

    async def __aenter__(self) -> Announcer:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            sock.setblocking(False)
            loop = asyncio.get_running_loop()
            self._transport, _ = await loop.create_datagram_endpoint(
                lambda: _Mouth(self), sock=sock
            )
        except OSError as e:
            sock.close()
            self.failed(e)
            return self
        self._send()  # at once: a joiner quick to come is no reason to stay unheard
        self._task = asyncio.create_task(self._run())
        return self

    def _send(self) -> None:
        if self._transport is not None:
            self._transport.sendto(self.make().encode(), (self.target, self.port))
            self.sent += 1

    async def _run(self) -> None:
        while self._transport is not None:
            await asyncio.sleep(self.every)
            self._send()

    async def __aexit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._transport is not None:
            self._transport.close()
            self._transport = None


# --- the address to give ------------------------------------------------------------


def is_loopback(address: str) -> bool:
    """Whether a host listening on `address` can be reached from this computer only."""
    if address == "localhost":
        return True
    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def default_announce(address: str) -> str | None:
    """Where a host listening on `address` announces unless told: the broadcast address
    when others can reach it, nowhere when it listens on this computer only (it could
    not be joined from the computers that would hear it)."""
    return None if is_loopback(address) else BROADCAST


def local_addresses(
    lookup: Callable[[str], list[str]] | None = None,
) -> list[str]:
    """This computer's IPv4 addresses, to tell a joiner: the one it reaches the network
    from (a UDP socket `connect`-ed to an unrouted address: the system picks the route,
    nothing is sent), then those its name resolves to (`lookup`, by default
    `socket.getaddrinfo` of `socket.gethostname()`); loopback last, 127.0.0.1 at least."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(_UNROUTED)
        found.append(s.getsockname()[0])
    with contextlib.suppress(OSError, UnicodeError):
        found += (lookup or _by_name)(socket.gethostname())
    seen: list[str] = []
    for address in found:
        with contextlib.suppress(ValueError):
            ip = ipaddress.IPv4Address(address)
            if not ip.is_unspecified and str(ip) not in seen:
                seen.append(str(ip))
    seen.sort(key=lambda a: ipaddress.IPv4Address(a).is_loopback)  # stable: route's first
    return seen or ["127.0.0.1"]


def _by_name(name: str) -> list[str]:
    return [str(info[4][0]) for info in socket.getaddrinfo(name, None, socket.AF_INET)]


def addresses_to_give(bind: str) -> list[str]:
    """The addresses a joiner may type for a host listening on `bind`: every address of
    this computer for a wildcard (``0.0.0.0``), the one address otherwise."""
    if bind not in _WILDCARDS:
        return [bind]
    outward = [a for a in local_addresses() if not is_loopback(a)]
    return outward or ["127.0.0.1"]


async def addresses_line(bind: str, port: int) -> str | None:
    """``ADDRESS:PORT`` a joiner may type, comma-separated, for a host listening on
    `bind`; None when it listens on this computer only. Looked up in a thread: the
    lookup of this computer's name may wait on the system's resolver."""
    if is_loopback(bind):
        return None
    given = await asyncio.to_thread(addresses_to_give, bind)
    return ", ".join(f"[{a}]:{port}" if ":" in a else f"{a}:{port}" for a in given)
