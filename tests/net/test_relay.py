"""The host's window plays its ``here`` seats through a relay, and a joined computer's
window its seat: each is asked and shown as a joined seat is, and a screen that answers
as the headless brain would plays the very match the headless host plays."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from game.net.client import Client, JoinOptions
from game.net.host import Host
from game.net.options import HostOptions
from game.net.relay import NetThread, Relay
from game.persist.replay_file import read_replay
from tests.net.play import CODE, LOOPBACK, play
from tests.net.test_matches import identical


def screen(relay: Relay, box: dict[str, Host], stop: threading.Event) -> list[dict[str, Any]]:
    """A stand-in for the window: it answers each question for a seat as a headless
    host plays that seat (its `bot` level, thought by the table: `NetTable.hint`), and
    keeps every message it was given. It reads until `stop` is set, then what is left."""
    seen: list[dict[str, Any]] = []
    welcome_seat: list[int] = []

    def run() -> None:
        while True:
            done = stop.is_set()
            for kind, item in relay.take():
                if kind != "message":
                    continue
                seen.append(item)
                if item["type"] == "welcome":
                    welcome_seat.append(item["seat"])
                if item["type"] != "turn":
                    continue
                seat = item.get("seat", welcome_seat[0] if welcome_seat else -1)
                table = box["host"].table
                assert table is not None  # the host waits for this answer: the table is still
                made = table.hint(seat, "easy")
                answer: dict[str, Any] = {"seat": seat, "ask": item["ask"]}
                if item["kind"] == "throw":
                    answer |= {"type": "throw", "throw": made}
                else:
                    answer |= {"type": "act", "action": made}
                relay.answer(answer)
            if done:
                return
            stop.wait(0.001)

    reader = threading.Thread(target=run, daemon=True)
    reader.start()
    readers.append(reader)
    return seen


readers: list[threading.Thread] = []


def stop_reading(stop: threading.Event) -> None:
    stop.set()
    while readers:
        readers.pop().join(5.0)


def host_window(game: str, seats: Sequence[str], tmp: Path, seed: int) -> dict[str, Any]:
    relay, stop = Relay(), threading.Event()
    box: dict[str, Host] = {}
    seen = screen(relay, box, stop)
    options = HostOptions(game, tuple(seats), LOOPBACK, 0, CODE, seed=seed, replay_dir=tmp)

    async def main() -> dict[str, Any]:
        host = box["host"] = Host(options, relay.say, relay=relay)
        hosting = asyncio.create_task(host.run())
        await host.ready.wait()
        clients = [
            Client(JoinOptions(LOOPBACK, host.port, CODE, f"c{i}"), lambda line: None)
            for i in range(seats.count("remote"))
        ]
        await asyncio.gather(*(c.run() for c in clients))
        return await hosting

    try:
        report = asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        stop_reading(stop)
    report["seen"] = seen
    return report


def test_the_host_s_window_plays_the_headless_host_s_match(tmp_path: Path) -> None:
    """A game of turns (the classic one, two people at the host's screen): asked through
    the relay, the same answers make the same match, record for record."""
    seats = ["here", "here"]
    window = host_window("classic", seats, tmp_path / "window", seed=3)
    headless = play("classic", seats, tmp_path / "headless", seed=3).report
    assert window["winner"] == headless["winner"]
    records = [read_replay(Path(r["replay"])).records for r in (window, headless)]
    assert records[0] == records[1]  # the same records, choice for choice


@pytest.mark.parametrize(
    ("game", "seats"),
    [("planet", ["here", "remote"]), ("attack", ["here", "easy", "remote"])],
)
def test_the_host_s_window_is_asked_only_for_its_seats(
    tmp_path: Path, game: str, seats: list[str]
) -> None:
    """Where seats choose at once (Planet's rolls and plays, Attack's plays), the window
    is asked beside the joined computer, each for its own seat, and the match it played
    re-runs identical from its replay."""
    window = host_window(game, seats, tmp_path, seed=3)
    identical(window["replay"])
    seen = window["seen"]
    assert seen[0]["type"] == "lobby" and seen[0]["code"] == CODE
    assert seen[-1]["type"] == "over" and seen[-1]["winner"] == window["winner"]
    turns = [m for m in seen if m["type"] == "turn"]
    here = {p for p, s in enumerate(seats) if s == "here"}
    assert turns and {m["seat"] for m in turns} == here
    assert {m["view"]["viewer"] for m in turns} == here  # each question its seat's view


def test_a_joined_window_plays_its_seat_to_the_end(tmp_path: Path) -> None:
    relay, stop = Relay(), threading.Event()
    box: dict[str, Host] = {}
    seen = screen(relay, box, stop)
    options = HostOptions("classic", ("easy", "remote"), LOOPBACK, 0, CODE, seed=5)

    async def main() -> tuple[dict[str, Any], dict[str, Any]]:
        host = box["host"] = Host(options, lambda line: None)
        hosting = asyncio.create_task(host.run())
        await host.ready.wait()
        join = JoinOptions(LOOPBACK, host.port, CODE, "dan")
        joined = NetThread(lambda: Client(join, relay.say, relay=relay).run()).start()
        report = await hosting
        while not joined.done:
            await asyncio.sleep(0.01)
        assert joined.result is not None
        return report, joined.result

    try:
        report, joined = asyncio.run(asyncio.wait_for(main(), 60))
    finally:
        stop_reading(stop)
    assert joined["over"] and joined["winner"] == report["winner"] and joined["seat"] == 1
    kinds = [m["type"] for m in seen]
    assert kinds[:2] == ["host", "welcome"] and kinds[-1] == "over" and "turn" in kinds


def test_a_window_s_malformed_answer_is_refused_with_a_reason_and_asked_again() -> None:
    relay = Relay()
    options = HostOptions("classic", ("here", "easy"), LOOPBACK, 0, CODE, seed=2)

    async def main() -> list[dict[str, Any]]:
        host = Host(options, relay.say, relay=relay)
        hosting = asyncio.create_task(host.run())
        seen: list[dict[str, Any]] = []
        for _ in range(2000):
            await asyncio.sleep(0.002)
            seen += [m for k, m in relay.take() if k == "message"]
            turns = [m for m in seen if m["type"] == "turn"]
            if len(turns) == 1 and not any(m["type"] == "error" for m in seen):
                relay.answer({"type": "act", "seat": 0, "ask": turns[0]["ask"], "action": 5})
            if len(turns) >= 2:
                break
        hosting.cancel()
        return seen

    seen = asyncio.run(asyncio.wait_for(main(), 30))
    kinds = [m["type"] for m in seen]
    assert "error" in kinds, kinds
    error = next(m for m in seen if m["type"] == "error")
    assert error["seat"] == 0 and error["reason"]
    asked = [m for m in seen if m["type"] == "turn"]
    assert len(asked) == 2 and asked[0]["legal"] == asked[1]["legal"]  # the same question
