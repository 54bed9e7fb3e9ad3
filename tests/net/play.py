"""Network matches in one process for the tests: a host and its clients on the
loopback address, on a port the system chose free, bounded by a timeout."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.net.client import Client, JoinOptions
from game.net.host import Host
from game.net.options import HostOptions

LOOPBACK = "127.0.0.1"
CODE = "TEST42"


@dataclass
class Played:
    host: Host
    report: dict[str, Any]
    clients: list[Client]
    reports: list[dict[str, Any]]
    lines: list[str] = field(default_factory=list)


def play(
    game: str,
    seats: Sequence[str],
    replay_dir: Path | None = None,
    *,
    seed: int = 1,
    probe: Callable[[Host], Callable[[int, str], None]] | None = None,
    clients: int | None = None,
    join: Callable[[int, int], JoinOptions] | None = None,
    extra: Callable[[Host], Any] | None = None,
    timeout: float = 120.0,
    **host_options: Any,
) -> Played:
    """Host `game` with `seats` and join it with one client per remote seat (or
    `clients`); `join(i, port)` makes client i's options; `extra(host)` is a coroutine
    run beside them (a fuzzer)."""
    lines: list[str] = []
    options = HostOptions(
        game, tuple(seats), LOOPBACK, 0, CODE, seed=seed, replay_dir=replay_dir, **host_options
    )

    async def main() -> Played:
        host = Host(options, lambda line: lines.append(f"host: {line}"))
        if probe is not None:
            host.probe = probe(host)
        hosting = asyncio.create_task(host.run())
        await host.ready.wait()
        n = seats.count("remote") if clients is None else clients
        made = [
            Client(
                join(i, host.port) if join else JoinOptions(LOOPBACK, host.port, CODE, f"c{i}"),
                lambda line, i=i: lines.append(f"client {i}: {line}"),
            )
            for i in range(n)
        ]
        others = [extra(host)] if extra is not None else []
        reports = await asyncio.gather(*(c.run() for c in made), *others)
        report = await hosting
        return Played(host, report, made, list(reports[:n]), lines)

    return asyncio.run(asyncio.wait_for(main(), timeout))
