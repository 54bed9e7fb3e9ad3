"""The host of a network match: it runs the one session of the match (the game's
`NetTable`, through its record), gives seats to the computers that join, asks each
seat for its choice or throw, and sends each seat only what that seat may see.

One task drives the match (`_drive`): it alone touches the table. Each connection's
task (`_serve`) greets its peer (`handshake`), then checks every message it sends
(`messages.parse_peer`, the rate limit) and hands the good ones to the driver; a bad
one is answered with its reason, and `max_bad` of them drop the peer. The driver takes
a seat's answer only if it answers the question asked last (its ``ask`` number: an
older one is left unanswered, not counted) and the table takes it (a legal action's
text, a throw the table allows). A seat whose computer goes away may come back with
its seat token within `rejoin_wait` seconds; after it, the host's `bot` plays it.
A greeting that asks to ``watch`` takes no seat: `game.net.watchers` serves it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator, Callable
from functools import partial
from typing import Any

from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from game.files.lang import tr
from game.games import REGISTRY
from game.games.net_kit import NetKit, NetTable, Refused, TableRequest
from game.net.discovery import Announcement, Announcer, addresses_line, host_name
from game.net.handshake import Build, judge, local_build, new_code
from game.net.host_window import lobby, seat_here
from game.net.messages import MAX_PEER_BYTES, BadMessage, encode, parse_peer, peer_messages
from game.net.options import HELLO_SECONDS, MAX_AGAIN, MAX_STEPS, HostOptions
from game.net.peers import Peer
from game.net.relay import Relay
from game.net.seats import SEAT_WORDS
from game.net.shared_replay import replay_message
from game.net.watchers import Watchers

Probe = Callable[[int, str], None]
"""(seat, text): told of every message just before it is sent to a seat's computer."""
Say = Callable[[str], None]


class Host:
    """`relay`: the host's window, which plays its ``here`` seats (each asked and shown
    as a joined seat is, through the relay); None: headless, `bot` plays them."""

    def __init__(
        self,
        options: HostOptions,
        say: Say,
        probe: Probe | None = None,
        relay: Relay | None = None,
    ) -> None:
        record = REGISTRY[options.game]
        if record.net is None:
            raise ValueError(f"{record.name('en')} cannot be played on the network yet")
        self.options = options
        self.record = record
        self.kit: NetKit = record.net
        self.say = say
        self.probe = probe
        self.code = options.code or new_code()
        self.build: Build = local_build(options.game)
        self.seats = options.seats
        self.remote = [p for p, s in enumerate(self.seats) if s == "remote"]
        self.peers: dict[int, Peer] = {}
        self.tokens: dict[str, int] = {}
        self.absent: dict[int, float] = {}  # seat -> when its wait for a rejoin ends
        self.computer: set[int] = set()  # remote seats the host's bot took over
        self.inbox: asyncio.Queue[tuple[Peer, dict[str, Any] | None]] = asyncio.Queue()
        self.joined = asyncio.Event()
        self.ready = asyncio.Event()
        self.port = options.port
        self.table: NetTable | None = None
        self.bytes_sent: dict[int, int] = {}
        self.bytes_received: dict[int, int] = {}
        self.messages_sent = 0
        self.dropped: list[int] = []
        self.again: dict[int, int] = {}  # seat -> its throws refused in a row
        self.held: dict[int, dict[str, Any]] = {}  # answers waiting for the others asked
        self.thrown: dict[int, int] = {}  # seat -> the throws it made
        self.hints: dict[int, tuple[object, Any]] = {}  # seat -> (question, its level's answer)
        self.loop_time: Callable[[], float] = lambda: asyncio.get_running_loop().time()
        self.relay = relay
        self.addresses: list[str] = []  # where a joiner may reach this host
        self.watchers = Watchers(self)

    def line(self, key: str, **fields: Any) -> str:
        return tr(self.options.lang, key, **fields)

    # --- sending ----------------------------------------------------------------------

    async def _send(self, peer: Peer, text: str) -> None:
        if self.probe is not None:
            self.probe(peer.seat, text)
        self.bytes_sent[peer.seat] = self.bytes_sent.get(peer.seat, 0) + len(text.encode())
        self.messages_sent += 1
        with contextlib.suppress(ConnectionClosed):  # its task tells the driver
            await peer.ws.send(text)

    async def _bad(self, peer: Peer, reason: str) -> None:
        peer.bad += 1
        await self._send(peer, encode("error", reason=reason))
        if peer.bad >= self.options.max_bad and not peer.gone:
            self.say(self.line("net.dropped", seat=peer.seat + 1, count=peer.bad, reason=reason))
            self.dropped.append(peer.seat)
            await peer.ws.close(1008, "too many bad messages")

    async def _refuse(self, ws: ServerConnection, reason: str, fields: dict[str, str]) -> None:
        self.say(self.line(f"net.refused.{reason}", **fields))
        try:
            await ws.send(encode("refused", reason=reason, fields=fields))
            await ws.close(1008, reason)
        except ConnectionClosed:
            pass

    # --- a connection -----------------------------------------------------------------

    async def _serve(self, ws: ServerConnection) -> None:
        peer: Peer | None = None
        try:
            await ws.send(encode("host", game=self.options.game, app=self.build.app))
            try:
                raw = await asyncio.wait_for(ws.recv(), HELLO_SECONDS)
            except TimeoutError:
                await self._refuse(ws, "slow", {})
                return
            try:
                hello = parse_peer(raw)
                if hello["type"] != "hello":
                    raise BadMessage("not_hello")
            except BadMessage as e:
                await self._refuse(ws, "hello", {"reason": e.code})
                return
            problem = judge(hello, self.build, self.code)
            if problem is not None:
                await self._refuse(ws, *problem)
                return
            if hello.get("watch"):
                await self.watchers.serve(ws, hello)
                return
            peer = self._seat(ws, hello)
            if peer is None:
                await self._refuse(ws, "full", {})
                return
            await self._send(
                peer,
                encode(
                    "welcome",
                    seat=peer.seat,
                    seats=list(self.seats),
                    token=peer.token,
                    game=self.options.game,
                ),
            )
            await self._listen(peer, ws)
        except ConnectionClosed:
            pass
        finally:
            if peer is not None and self.peers.get(peer.seat) is peer:
                peer.gone = True
                self.inbox.put_nowait((peer, None))

    def _seat(self, ws: ServerConnection, hello: dict[str, Any]) -> Peer | None:
        """The seat for a greeting: its own again (a known token, while it is away), or
        the first free remote seat; None when there is none."""
        name = hello["name"] or "?"
        seat = self.tokens.get(hello["token"]) if hello["token"] else None
        if seat is not None and (seat in self.absent or self.peers[seat].gone):
            self.absent.pop(seat, None)
            old = self.peers[seat]
            peer = Peer(ws, seat, name, old.token, ask=old.ask, bot=self._level(hello))
        else:
            free = [p for p in self.remote if p not in self.peers and p not in self.computer]
            if not free or (self.table is not None and self.table.over):
                return None
            peer = Peer(ws, free[0], name, secrets.token_hex(16), bot=self._level(hello))
            self.tokens[peer.token] = peer.seat
        self.peers[peer.seat] = peer
        self.say(self.line("net.joined", name=name, seat=peer.seat + 1))
        if all(p in self.peers for p in self.remote):
            self.joined.set()
        self.inbox.put_nowait((peer, {"type": "joined"}))
        lobby(self)
        return peer

    def _level(self, hello: dict[str, Any]) -> str | None:
        """The computer level a headless seat asks to be played by (one of the game's)."""
        level = hello.get("bot")
        return level if isinstance(level, str) and level in self.kit.levels else None

    async def _counted(self, peer: Peer, ws: ServerConnection) -> AsyncIterator[str | bytes]:
        """What `peer` sends, each counted in `bytes_received` as it comes."""
        async for raw in ws:
            size = len(raw.encode() if isinstance(raw, str) else raw)
            self.bytes_received[peer.seat] = self.bytes_received.get(peer.seat, 0) + size
            yield raw

    async def _listen(self, peer: Peer, ws: ServerConnection) -> None:
        received = self._counted(peer, ws)
        bad = partial(self._bad, peer)
        async for message in peer_messages(received, peer.limit, self.loop_time, bad):
            if message["type"] == "hello":
                await self._bad(peer, "hello_again")
                continue
            self.inbox.put_nowait((peer, message))

    # --- the match --------------------------------------------------------------------

    async def run(self) -> dict[str, Any]:
        """Host the match to its end; the report `bakugan host --json` prints."""
        opts = self.options
        async with serve(
            self._serve,
            opts.address,
            opts.port,
            max_size=MAX_PEER_BYTES,
            ping_interval=20.0,
            ping_timeout=20.0,
        ) as server:
            self.port = next(iter(server.sockets)).getsockname()[1]
            self.say(
                self.line(
                    "net.hosting",
                    game=self.record.name(opts.lang),
                    address=opts.address,
                    port=self.port,
                    code=self.code,
                    count=len(self.remote),
                )
            )
            give = await addresses_line(opts.address, self.port)  # what a joiner types
            if give is not None:
                self.say(self.line("net.give", addresses=give))
            seat_here(self)
            lobby(self)
            self.ready.set()
            async with self._announcing():
                try:
                    await asyncio.wait_for(
                        self.joined.wait(), opts.join_seconds if self.remote else 0.1
                    )
                except TimeoutError:
                    if self.remote:
                        self.say(self.line("net.timeout"))
                        return self._report(None, started=False)
            self.say(self.line("net.playing"))
            request = TableRequest(opts.seats, opts.seed, opts.replay_dir)
            table = self.kit.table(request)
            self.table = table
            try:
                await self._drive(table)
            finally:
                table.close()
            await self._finish(table)
        return self._report(table)

    def _announcing(self) -> contextlib.AbstractAsyncContextManager[object]:
        """Announce the match on the local network while remote seats are free (the
        join's wait); the announcement has no code (`discovery.Announcement`)."""
        opts = self.options
        if opts.announce is None or not self.remote:
            return contextlib.nullcontext()
        name = host_name(opts.name)
        self.say(self.line("net.announcing", port=opts.announce_port))

        def now() -> Announcement:
            free = sum(1 for p in self.remote if p not in self.peers)
            return Announcement(self.build.app, opts.game, self.port, name, free)

        def failed(e: OSError) -> None:
            self.say(self.line("net.announce_failed", reason=e.strerror or type(e).__name__))

        return Announcer(opts.announce, opts.announce_port, now, on_error=failed)

    async def _drive(self, table: NetTable) -> None:
        local = {p for p, s in enumerate(self.seats) if s in SEAT_WORDS}  # `bot` plays
        steps = 0
        while not table.over:
            steps += 1
            if steps > MAX_STEPS:
                raise RuntimeError(f"the match did not end in {MAX_STEPS} steps")
            if steps % 50 == 0:
                await asyncio.sleep(0)  # the connections' tasks get their turn
            await self._tell_thrown(table)
            await self.watchers.show(table)  # each step: a match of computers asks nobody
            if table.step():
                continue
            waits = table.waiting()
            if not waits:
                raise RuntimeError("the match waits for nobody and does not go on")
            here = [p for p in waits if (p in local and p not in self.peers) or p in self.computer]
            if here:
                self._answer_here(table, here[0], waits[here[0]])
                continue
            for seat, kind in waits.items():
                peer = self.peers.get(seat)
                if peer is not None and not peer.gone:
                    await self._ask(peer, kind, table)
            await self._show(table, waits)
            if self.held:
                await self._apply_held(table, waits)
                if not self.held:
                    continue
            await self._take(table, waits)

    def _answer_here(self, table: NetTable, seat: int, kind: str) -> None:
        """A seat the host plays (headless people's, or one whose computer did not come
        back): the host's `bot` level, or the level its joined computer asked for."""
        gone = self.peers.get(seat)
        level = gone.bot if gone is not None and gone.bot is not None else self.options.bot
        answer = self._hint(table, seat, kind, level)
        if kind == "act":
            table.act(seat, str(answer))
            return
        try:
            table.throw(seat, answer)
            self.again.pop(seat, None)
            self.thrown[seat] = self.thrown.get(seat, 0) + 1
        except Refused:
            self.again[seat] = self.again.get(seat, 0) + 1
            if self.again[seat] > MAX_AGAIN:
                raise

    def _context(self, table: NetTable, seat: int) -> dict[str, Any]:
        """A throw's public table, how many throws the seat made, and how many of its
        throws in a row the table refused: a brain seeded by what it is shown aims anew
        at a roll again (Planet's reroll shows the same table) or after a refusal."""
        context = table.context(seat)
        context["throws"] = self.thrown.get(seat, 0)  # a roll again is no replay of the last
        if self.again.get(seat):
            context["again"] = self.again[seat]
        return context

    async def _ask(self, peer: Peer, kind: str, table: NetTable) -> None:
        view = table.view(peer.seat)
        legal = table.legal(peer.seat) if kind == "act" else []
        about = (kind, json.dumps(view, sort_keys=True), tuple(legal))
        if about == peer.asked:
            return
        peer.ask += 1
        peer.asked = about
        self.held.pop(peer.seat, None)  # an answer to the question before
        peer.shown = about[1]
        fields: dict[str, Any] = {"ask": peer.ask, "kind": kind, "view": view, "legal": legal}
        if kind == "throw":
            fields["context"] = self._context(table, peer.seat)
        if peer.bot is not None:
            fields["hint"] = self._hint(table, peer.seat, kind, peer.bot)
        await self._send(peer, encode("turn", **fields))

    def _hint(self, table: NetTable, seat: int, kind: str, level: str) -> Any:
        """`level`'s answer to the seat's question, thought once a question (a seat that
        rejoins, or is taken over, is given the same one), a refused throw thought anew."""
        view = json.dumps(table.view(seat), sort_keys=True)
        legal = tuple(table.legal(seat)) if kind == "act" else ()
        key = (kind, view, legal, self.thrown.get(seat, 0), self.again.get(seat, 0))
        made = self.hints.get(seat)
        if made is None or made[0] != key:
            made = self.hints[seat] = (key, table.hint(seat, level))
        return made[1]

    async def _show(self, table: NetTable, waits: dict[int, str]) -> None:
        """Each joined seat not asked sees its view when it changed."""
        for seat, peer in self.peers.items():
            if seat in waits or peer.gone:
                continue
            view = table.view(seat)
            shown = json.dumps(view, sort_keys=True)
            if shown != peer.shown:
                peer.shown = shown
                await self._send(peer, encode("wait", view=view))

    async def _take(self, table: NetTable, waits: dict[int, str]) -> None:
        """Wait for one message (or a seat's rejoin time to end) and take it."""
        now = self.loop_time()
        ends = [t for s, t in self.absent.items() if s in waits]
        timeout = max(0.0, min(ends) - now) if ends else self.options.turn_seconds
        try:
            peer, message = await asyncio.wait_for(self.inbox.get(), timeout)
        except TimeoutError:
            for seat, t in list(self.absent.items()):
                if t <= self.loop_time() + 1e-6 and seat in waits:
                    del self.absent[seat]
                    self.computer.add(seat)
            if not ends:
                raise RuntimeError("no seat answered in time") from None
            return
        if message is None:  # its computer went away
            if self.peers.get(peer.seat) is peer and not table.over:
                self.say(self.line("net.left", seat=peer.seat + 1))
                self.absent[peer.seat] = self.loop_time() + self.options.rejoin_wait
                for other in list(self.peers.values()):
                    if other is not peer and not other.gone:
                        await self._send(other, encode("wait", away=peer.seat))
                await self.watchers.tell(encode("wait", away=peer.seat))
            return
        if message["type"] in ("joined", "again"):
            peer.asked = peer.shown = None  # a rejoined (or refused) seat is asked again
            return
        if self.peers.get(peer.seat) is not peer or peer.gone:
            return
        if message["ask"] < peer.ask:
            return  # an answer to an older question: the match moved on
        kind = waits.get(peer.seat)
        if message["ask"] != peer.ask or kind != message["type"]:
            await self._bad(peer, "out_of_turn")
            return
        self.held[peer.seat] = message
        await self._apply_held(table, waits)

    async def _apply_held(self, table: NetTable, waits: dict[int, str]) -> None:
        """Once every seat asked at once has answered, take the answers in seat order:
        the record of a match is the same whoever's packet came first (the rules make
        the order of choices made at once not matter)."""
        if not waits or any(seat not in self.held for seat in waits):
            return
        for seat in sorted(waits):
            message, peer = self.held.pop(seat), self.peers[seat]
            if message["ask"] != peer.ask or table.waiting().get(seat) != message["type"]:
                continue  # its question changed meanwhile: it is asked again
            peer.asked = None  # answered (or refused): the next question is asked anew
            try:
                if message["type"] == "act":
                    table.act(seat, message["action"])
                else:
                    table.throw(seat, message["throw"])
                    self.thrown[seat] = self.thrown.get(seat, 0) + 1
                self.again.pop(seat, None)
            except Refused as e:
                if e.code != "bad_throw":
                    await self._bad(peer, e.code)
                    continue
                # a throw the table does not allow (too near a card): asked again, not
                # a bad message (rate-limited like every message)
                self.again[seat] = self.again.get(seat, 0) + 1
                await self._send(peer, encode("error", reason=e.code))
        self.held.clear()

    async def _tell_thrown(self, table: NetTable) -> None:
        """Each throw resolved since the last step, to every screen at once (a throw is
        public: where a sphere goes, everyone at the table sees), before any question
        or view that follows it."""
        for body in table.thrown():
            text = encode("thrown", **body)
            for peer in list(self.peers.values()):
                if not peer.gone:
                    await self._send(peer, text)
            await self.watchers.tell(text)

    async def _finish(self, table: NetTable) -> None:
        await self._tell_thrown(table)
        winner = table.winner
        self.say(
            self.line("net.over", winner=winner + 1)
            if winner is not None
            else self.line("net.drawn")
        )
        if table.replay is not None:
            self.say(self.line("net.replay", path=table.replay))
        shared = replay_message(table.replay) if self.options.share_replay else None
        for peer in list(self.peers.values()):
            if not peer.gone:
                if shared is not None:
                    await self._send(peer, encode("replay", **shared))
                view = table.view(peer.seat)
                await self._send(peer, encode("over", winner=winner, view=view))
        if shared is not None:
            await self.watchers.tell(encode("replay", **shared))
        await self.watchers.finish(table)
        for peer in list(self.peers.values()):
            if not peer.gone:
                try:
                    await asyncio.wait_for(peer.ws.wait_closed(), 5.0)
                except TimeoutError:
                    await peer.ws.close()

    def _report(self, table: NetTable | None, started: bool = True) -> dict[str, Any]:
        return {
            "game": self.options.game,
            "seats": list(self.seats),
            "winner": table.winner if table is not None else None,
            "replay": table.replay if table is not None else None,
            "started": started,
            "seed": self.options.seed,
            "port": self.port,
            "dropped": list(self.dropped),
            "taken_over": sorted(self.computer),
            "bytes_sent": {str(k): v for k, v in sorted(self.bytes_sent.items())},
            "bytes_received": {str(k): v for k, v in sorted(self.bytes_received.items())},
            "messages_sent": self.messages_sent,
            "watchers": self.watchers.count,
            "bytes_watched": self.watchers.bytes_sent,
        }
