"""A window's end of a network match: the match's connections run on their own asyncio
loop in a thread (`NetThread`), and a screen on the UI thread reads what its seats were
sent and answers through a `Relay`, so that no frame waits on the network and no
network task waits on a frame.

The relay carries the very messages of the wire (`game.net.messages`), as parsed
objects: a joined computer's window gets its seat's ``turn``, ``wait``, ``over`` and
the rest as the host sent them; the host's own window gets its people's seats' messages
from the host, written for them as for any joined seat (`Host` with ``window=True``),
so that a person at the host's screen is asked, shown and refused as a joined one is,
and sees no more. The screen's answers (``act``, ``throw``) go the other way, in the
shape a client sends them; the host checks them as it checks a peer's. Besides the
messages, the relay carries the lines for a person (`say`), which the screen shows.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from game.net.messages import parse_host

Answer = Callable[[dict[str, Any]], None]
"""Where a screen's answer goes, on the network's loop (set by the side that serves)."""


class Relay:
    """Messages from the network to a screen and answers back, safe across threads: the
    network side `deliver`s and `say`s, the screen `take`s them each frame and
    `answer`s; an answer waits in the relay until the network side is `attach`ed."""

    def __init__(self) -> None:
        self._in: queue.SimpleQueue[tuple[str, Any]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._sink: Answer | None = None
        self._early: list[dict[str, Any]] = []

    # --- the network's side -----------------------------------------------------------

    def attach(self, loop: asyncio.AbstractEventLoop, sink: Answer) -> None:
        """Answers go to `sink`, called on `loop` (the answers made before it, now)."""
        with self._lock:
            self._loop, self._sink = loop, sink
            early, self._early = self._early, []
        for message in early:
            loop.call_soon_threadsafe(sink, message)

    def deliver(self, message: dict[str, Any]) -> None:
        self._in.put(("message", message))

    def say(self, line: str) -> None:
        self._in.put(("line", line))

    # --- the screen's side ------------------------------------------------------------

    def take(self) -> list[tuple[str, Any]]:
        """Everything delivered since the last call, in order: ("message", dict) or
        ("line", text)."""
        out: list[tuple[str, Any]] = []
        with contextlib.suppress(queue.Empty):
            while True:
                out.append(self._in.get_nowait())
        return out

    def answer(self, message: dict[str, Any]) -> None:
        """Send the screen's answer (a client's ``act`` or ``throw`` message)."""
        with self._lock:
            loop, sink = self._loop, self._sink
            if loop is None or sink is None:
                self._early.append(message)
                return
        with contextlib.suppress(RuntimeError):  # the loop closed: the match is over
            loop.call_soon_threadsafe(sink, message)


class LocalSocket:
    """The host's own screen as a seat's connection (`Host` with a relay): what is sent
    to the seat reaches the screen as the parsed message with the seat it is for (one
    screen may hold several seats), nothing more."""

    def __init__(self, relay: Relay, seat: int) -> None:
        self.relay = relay
        self.seat = seat

    async def send(self, text: str) -> None:
        self.relay.deliver({**parse_host(text), "seat": self.seat})  # as a client reads it

    async def close(self, code: int = 1000, reason: str = "") -> None:
        return None

    async def wait_closed(self) -> None:
        return None


class NetThread:
    """A coroutine (a host's or a client's `run`) on its own loop in a daemon thread;
    `result` is its report once `done`, `error` what it raised instead. `stop` cancels
    it from another thread (a screen that is left)."""

    def __init__(self, make: Callable[[], Coroutine[Any, Any, dict[str, Any]]]) -> None:
        self._make = make
        self.result: dict[str, Any] | None = None
        self.error: BaseException | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[dict[str, Any]] | None = None
        self._started = threading.Event()
        self._thread = threading.Thread(target=self._main, name="network", daemon=True)

    def start(self) -> NetThread:
        self._thread.start()
        self._started.wait(5.0)
        return self

    @property
    def loop(self) -> asyncio.AbstractEventLoop | None:
        return self._loop

    @property
    def done(self) -> bool:
        return self._started.is_set() and not self._thread.is_alive()

    def _main(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            self._task = loop.create_task(self._make())
            self._started.set()
            self.result = loop.run_until_complete(self._task)
        except asyncio.CancelledError:
            self.result = None
        except Exception as e:  # the screen says it; the window stays up
            self.error = e
        finally:
            self._started.set()
            with contextlib.suppress(Exception):
                loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    def wait(self, seconds: float) -> bool:
        """Wait up to `seconds` for the coroutine to end by itself; whether it did."""
        self._thread.join(seconds)
        return self.done

    def stop(self, wait: float = 2.0) -> None:
        loop, task = self._loop, self._task
        if loop is not None and task is not None and not self.done:
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(task.cancel)
        if self._thread.is_alive():
            self._thread.join(wait)
