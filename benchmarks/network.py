"""Network play's figures (issue 27.7): `python benchmarks/network.py [--json] [--games N]
[--seed S]`.

For each game, whole headless matches with every person's seat joined over the loopback
address (one client in this process per seat, each played by its brain):

- bytes the host sent per match, and per throw (the bytes of a match over its throws),
  and the bytes the clients sent it;
- an action's round trip: from the host sending a seat its question to the answer
  checked and queued at the host (a brain's choice among the legal texts takes
  microseconds, so this is the network and the two ends' handling), median and p99;
- whole matches per second over the network, against the same matches (the same seeds
  and brains, the same records) played by the same table and brains without one.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.games import REGISTRY  # noqa: E402
from game.games.net_kit import TableRequest  # noqa: E402
from game.net.client import Client, JoinOptions  # noqa: E402
from game.net.host import Host  # noqa: E402
from game.net.options import HostOptions  # noqa: E402

SEATS = {"classic": ("remote", "remote"), "attack": ("remote",) * 4, "planet": ("remote",) * 2}
CODE = "BENCH1"


def _p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))] if ordered else 0.0


async def _networked(game: str, seed: int, trips: list[float]) -> dict[str, Any]:
    seats = SEATS[game]
    host = Host(HostOptions(game, seats, "127.0.0.1", 0, CODE, seed=seed), lambda _: None)
    asked: dict[tuple[int, int], float] = {}
    throws = 0

    def probe(seat: int, text: str) -> None:
        nonlocal throws
        if text.startswith('{"type":"turn"'):
            message = json.loads(text)
            if message["kind"] == "act":
                asked[(seat, message["ask"])] = time.perf_counter()
            else:
                throws += 1

    host.probe = probe
    put = host.inbox.put_nowait

    def queued(item: Any) -> None:
        peer, message = item
        if message is not None and message.get("type") == "act":
            sent = asked.pop((peer.seat, message["ask"]), None)
            if sent is not None:
                trips.append(time.perf_counter() - sent)
        put(item)

    host.inbox.put_nowait = queued  # type: ignore[method-assign]
    hosting = asyncio.create_task(host.run())
    await host.ready.wait()
    clients = [
        Client(JoinOptions("127.0.0.1", host.port, CODE, seed=seed), lambda _: None) for _ in seats
    ]
    reports = await asyncio.gather(*(c.run() for c in clients))
    report = await hosting
    sent = sum(report["bytes_sent"].values())
    return {
        "winner": report["winner"],
        "host_bytes": sent,
        "throws": throws,
        "client_bytes": sum(report["bytes_received"].values()),
        "over": all(r["over"] for r in reports),
    }


def _without_network(game: str, seed: int) -> int | None:
    """The same match: the same table, each seat played by the level its client asks
    the host to think for it (`NetTable.hint`, "easy"), the same questions answered."""
    kit = REGISTRY[game].net
    assert kit is not None
    seats = SEATS[game]
    table = kit.table(TableRequest(seats, seed, None))
    while not table.over:
        if table.step():
            continue
        waits = table.waiting()
        # as the host: the seats asked at once answer the same state, then taken in
        # seat order
        answers = {seat: table.hint(seat, "easy") for seat in sorted(waits)}
        for seat, answer in answers.items():
            if isinstance(answer, str):
                table.act(seat, answer)
            else:
                table.throw(seat, answer)
    table.close()
    return table.winner


def measure(game: str, games: int, seed: int) -> dict[str, Any]:
    trips: list[float] = []
    runs = []
    start = time.perf_counter()
    for g in range(games):
        runs.append(asyncio.run(_networked(game, seed + g, trips)))
    networked = time.perf_counter() - start
    start = time.perf_counter()
    winners = [_without_network(game, seed + g) for g in range(games)]
    alone = time.perf_counter() - start
    host_bytes = sum(r["host_bytes"] for r in runs)
    throws = sum(r["throws"] for r in runs)
    return {
        "matches": games,
        "seats": list(SEATS[game]),
        "same_winners": winners == [r["winner"] for r in runs],
        "host_bytes_per_match": round(host_bytes / games),
        "host_bytes_per_throw": round(host_bytes / throws) if throws else None,
        "client_bytes_per_match": round(sum(r["client_bytes"] for r in runs) / games),
        "throws_per_match": throws / games,
        "action_round_trip_ms": {
            "median": round(1000 * statistics.median(trips), 3) if trips else None,
            "p99": round(1000 * _p99(trips), 3),
            "count": len(trips),
        },
        "matches_per_sec_network": round(games / networked, 2),
        "matches_per_sec_alone": round(games / alone, 2),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    out = {
        "machine": f"{platform.machine()} {platform.system()}, Python {platform.python_version()}",
        "games": {game: measure(game, args.games, args.seed) for game in SEATS},
    }
    if args.json:
        print(json.dumps(out))
        return 0
    for game, f in out["games"].items():
        trip = f["action_round_trip_ms"]
        print(
            f"{game:8} {f['host_bytes_per_match']:>8} B/match  {f['host_bytes_per_throw']} B/throw"
            f"  round trip {trip['median']} ms median, {trip['p99']} ms p99"
            f"  {f['matches_per_sec_network']}/s networked, {f['matches_per_sec_alone']}/s alone"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
