"""A computer joining a network match: it greets the host with its build and the room
code (`handshake`), then answers each question for its seat (a legal action's text or
a throw's parameters) from what the host sent it, which is all it knows of the match.

With ``watch`` it greets as a spectator (`game.net.watchers`): the host gives it no
seat (``seat: null``) and sends it only what is public; it answers nothing.

Headless, its seat is played by the game's brain (`NetKit.brain`); `received` keeps
every text the host sent (the tests read them for hidden cards), and `save` writes them
as JSON lines, the match as this seat saw it (also when the host goes away).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from game.files.lang import tr
from game.games import REGISTRY
from game.net.handshake import Build, local_build
from game.net.messages import DEFAULT_PORT, MAX_HOST_BYTES, BadMessage, encode, parse_host
from game.net.options import brain_seed
from game.net.relay import Relay
from game.net.shared_replay import keep
from game.persist.replay_file import ReplayError


@dataclass(frozen=True, slots=True)
class JoinOptions:
    address: str
    port: int = DEFAULT_PORT
    code: str = ""
    name: str = ""
    bot: str = "easy"
    seed: int = 1
    lang: str = "en"
    token: str = ""
    save: Path | None = None
    token_file: Path | None = None
    """Where the seat's token is kept: read to rejoin (when it is there), written on
    joining (a process started again goes back to its seat)."""
    build: Build | None = None
    """This computer's build as it greets (None: the real one; tests change it)."""
    watch: bool = False
    """Watch the match (a spectator, no seat) rather than take a seat."""
    save_replay: Path | None = None
    """Where to keep the whole replay if the host shares it at the end (None: not kept)."""


def split_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``HOST[:PORT]`` (an IPv6 address in brackets) -> (host, port); ValueError."""
    host, port = text, default_port
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest.startswith(":"):
            port = int(rest[1:])
    elif text.count(":") == 1:
        host, _, p = text.partition(":")
        port = int(p)
    if not host or not 0 < port < 65536:
        raise ValueError(f"not an address: {text!r}")
    return host, port


class Client:
    def __init__(
        self,
        options: JoinOptions,
        say: Callable[[str], None],
        received: list[str] | None = None,
        on_turn: Callable[[Client, dict[str, Any]], None] | None = None,
        relay: Relay | None = None,
    ) -> None:
        """`relay`: a window plays the seat (every message the host sent reaches it, and
        its answers go to the host); None: headless, the game's brain plays it."""
        self.options = options
        self.say = say
        self.received: list[str] = [] if received is None else received
        self.on_turn = on_turn
        self.seat: int | None = None
        self.seats: list[str] = []
        self.game = ""
        self.token = options.token
        if not self.token and options.token_file is not None and options.token_file.is_file():
            self.token = options.token_file.read_text("utf-8").strip()[:64]
        self.winner: int | None = None
        self.over = False
        self.refused: str | None = None
        self.turns = 0
        self.errors: list[str] = []  # the reasons of the host's refusals
        self.kept: str | None = None  # where the replay the host shared was kept
        self.relay = relay

    def line(self, key: str, **fields: Any) -> str:
        return tr(self.options.lang, key, **fields)

    async def run(self) -> dict[str, Any]:
        """Play the seat to the match's end; the report `bakugan join --json` prints."""
        opts = self.options
        uri = f"ws://{opts.address}:{opts.port}"
        if ":" in opts.address:
            uri = f"ws://[{opts.address}]:{opts.port}"
        try:
            async with connect(
                uri, max_size=MAX_HOST_BYTES, open_timeout=10.0, ping_interval=20.0
            ) as ws:
                await self._play(ws)
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError):
            self.say(self.line("net.no_host", address=f"{opts.address}:{opts.port}"))
            self.refused = self.refused or "no_host"
        except ConnectionClosed:
            pass
        if not self.over and self.refused is None:
            self.say(self.line("net.host_gone"))
        self._save()
        return self.report()

    def _attach(self, ws: Any) -> None:
        """The window's answers go to the host as this client's messages."""
        if self.relay is None:
            return
        loop = asyncio.get_running_loop()
        sending: set[asyncio.Task[None]] = set()

        def send(message: dict[str, Any]) -> None:
            fields = {k: v for k, v in message.items() if k not in ("type", "seat")}
            task = loop.create_task(self._send(ws, encode(str(message.get("type")), **fields)))
            sending.add(task)
            task.add_done_callback(sending.discard)

        self.relay.attach(loop, send)

    @staticmethod
    async def _send(ws: Any, text: str) -> None:
        with contextlib.suppress(ConnectionClosed):
            await ws.send(text)

    async def _play(self, ws: Any) -> None:
        opts = self.options
        brain = None
        self._attach(ws)
        async for raw in ws:
            text = raw if isinstance(raw, str) else raw.decode("utf-8", "replace")
            self.received.append(text)
            try:
                message = parse_host(raw)
            except BadMessage:
                continue
            if self.relay is not None:
                self.relay.deliver(message)
            kind = message["type"]
            if kind == "host":
                self.game = str(message.get("game", ""))
                build = opts.build or local_build(self.game)
                watch: dict[str, Any] = {"watch": True} if opts.watch else {}  # a seat's as before
                if self.relay is None and not opts.watch:
                    watch["bot"] = opts.bot  # headless: the host thinks for this seat
                await ws.send(
                    encode(
                        "hello",
                        app=build.app,
                        game=build.game,
                        content=build.content,
                        physics=build.physics,
                        code=opts.code,
                        name=opts.name or "guest",
                        token=self.token,
                        **watch,
                    )
                )
            elif kind == "refused":
                self.refused = str(message.get("reason", ""))
                fields = message.get("fields")
                fields = fields if isinstance(fields, dict) else {}
                self.say(self.line(f"net.refused.{self.refused}", **fields))
                return
            elif kind == "welcome":
                self.seat = message["seat"]  # a number, or None: watching (`parse_host`)
                self.seats = [str(s) for s in message.get("seats", [])]
                record = REGISTRY[self.game]
                name = record.name(opts.lang)
                where = f"{opts.address}:{opts.port}"
                if self.seat is None:
                    self.say(self.line("net.watching", game=name, address=where))
                    continue
                self.token = str(message.get("token", ""))
                if opts.token_file is not None:
                    opts.token_file.write_text(self.token, "utf-8")
                assert record.net is not None
                if self.relay is None:
                    brain = record.net.brain(opts.bot, brain_seed(opts.seed, self.seat))
                self.say(self.line("net.joined_as", game=name, address=where, seat=self.seat + 1))
            elif kind == "turn":
                self.turns += 1
                if self.on_turn is not None:
                    self.on_turn(self, message)
                if brain is None:
                    continue  # the window answers
                view, ask, hint = message.get("view"), message.get("ask"), message.get("hint")
                if message.get("kind") == "throw":
                    params = hint if isinstance(hint, dict) else None
                    if params is None:  # a host that thinks for nobody: the seat's own brain
                        params = brain.throw(view, message.get("context") or {})
                    await ws.send(encode("throw", ask=ask, throw=params))
                else:
                    legal = [str(t) for t in message.get("legal") or []]
                    if legal:
                        choice = hint if hint in legal else brain.choose(view, legal)
                        await ws.send(encode("act", ask=ask, action=choice))
            elif kind == "wait" and isinstance(message.get("away"), int):
                self.say(self.line("net.left", seat=message["away"] + 1))
            elif kind == "error":
                self.errors.append(str(message.get("reason", "")))
            elif kind == "replay" and opts.save_replay is not None:
                self._keep(message, opts.save_replay)
            elif kind == "over":
                self.over = True
                winner = message.get("winner")
                self.winner = winner if isinstance(winner, int) else None
                self.say(
                    self.line("net.over", winner=self.winner + 1)
                    if self.winner is not None
                    else self.line("net.drawn")
                )
                await ws.close()
                return

    def _keep(self, message: dict[str, Any], folder: Path) -> None:
        """The replay the host shared, checked whole, kept in a new file in `folder`."""
        try:
            self.kept = str(keep(message, folder))
        except (ReplayError, OSError) as e:
            self.say(self.line("net.replay_refused", reason=getattr(e, "reason", type(e).__name__)))
            return
        self.say(self.line("net.replay_kept", path=self.kept))

    def _save(self) -> None:
        path = self.options.save
        if path is None:
            return
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="utf-8") as out:
            for text in self.received:
                out.write(text + "\n")

    def report(self) -> dict[str, Any]:
        save = self.options.save
        return {
            "game": self.game,
            "seats": self.seats,
            "seat": self.seat,
            "watching": self.options.watch,
            "winner": self.winner,
            "over": self.over,
            "refused": self.refused,
            "replay": str(save) if save is not None else None,
            "turns": self.turns,
            "errors": len(self.errors),
            "bytes_received": sum(len(t.encode()) for t in self.received),
            "messages_received": len(self.received),
            "token": self.token,
            "kept_replay": self.kept,
        }
