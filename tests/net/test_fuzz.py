"""Bad peers (issue 27.4): a fuzzing client sends random, truncated, oversized and
out-of-turn messages for a bounded while; the host refuses each with its reason, drops
the peer after repeated ones, gives its seat to the host's bot, and the match is the
one it would have been with that bot in the seat from the start (the same records)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.net.handshake import local_build
from game.net.host import Host
from game.net.messages import MAX_PEER_BYTES, encode
from game.persist.replay_file import read_replay
from tests.net.play import CODE, LOOPBACK, play


def hello(game: str, code: str = CODE) -> str:
    b = local_build(game)
    return encode(
        "hello", app=b.app, game=game, content=b.content, physics=b.physics, code=code,
        name="fuzz", token="",
    )  # fmt: skip


def garbage(rng: random.Random) -> str | bytes:
    """One bad message: never an answer the host could take."""
    act = encode("act", ask=10**6 + rng.randrange(1000), action="p0 passes")
    throw = encode("throw", ask=10**6, throw={"origin": [1, 2], "angle": 0, "speed": 1, "spin": 0})
    kind = rng.randrange(9)
    if kind == 0:  # random characters
        return "".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randrange(1, 300)))
    if kind == 1:  # a message cut short
        return act[: rng.randrange(1, len(act))]
    if kind == 2:  # out of turn: a question never asked
        return act
    if kind == 3:
        return throw
    if kind == 4:  # objects of the wrong shape
        return json.dumps(
            {"type": "act", "ask": rng.choice([None, "1", 1.5, [], True]), "action": 7}
        )
    if kind == 5:
        return json.dumps({"type": rng.choice(["eval", "pickle", "turn", ""]), "x": 1})
    if kind == 6:  # a second greeting
        return hello("classic")
    if kind == 7:  # bytes, not text
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    return "[" * rng.randrange(1, 2000)  # deep, then cut


async def fuzz(host: Host, messages: int, seed: int, last: str | None = None) -> dict[str, Any]:
    """Join as a seat, then send `messages` bad ones (and `last`); what came back."""
    rng = random.Random(seed)
    errors: list[str] = []

    async def read(ws: Any) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for raw in ws:
                message = json.loads(raw)
                if message["type"] == "error":
                    errors.append(message["reason"])

    async with connect(f"ws://{LOOPBACK}:{host.port}", max_size=None) as ws:
        assert json.loads(await ws.recv())["type"] == "host"
        await ws.send(hello(host.options.game))
        reader = asyncio.create_task(read(ws))
        with contextlib.suppress(ConnectionClosed):
            for i in range(messages):
                await ws.send(garbage(rng))
                if i % 5 == 0:
                    await asyncio.sleep(0.005)
            if last is not None:
                await ws.send(last)
        await reader
    return {"errors": errors, "closed": ws.close_code}


def records(path: str) -> list[dict[str, Any]]:
    return read_replay(Path(path)).records


def test_a_fuzzing_peer_is_dropped_and_the_match_goes_on_unchanged(tmp_path: Path) -> None:
    reference = play("classic", ["here", "here"], tmp_path / "ref", seed=7)
    seen: list[dict[str, Any]] = []

    async def fuzzer(host: Host) -> None:
        seen.append(await fuzz(host, 200, seed=1))

    fuzzed = play(
        "classic", ["remote", "here"], tmp_path / "fuzz", seed=7, clients=0, extra=fuzzer,
        rejoin_wait=0.1,
    )  # fmt: skip
    report = fuzzed.report
    assert report["dropped"] == [0] and report["taken_over"] == [0]
    assert seen[0]["closed"] == 1008 and len(seen[0]["errors"]) == 10  # max_bad
    assert set(seen[0]["errors"]) <= {
        "not_json", "not_text", "out_of_turn", "bad_field", "unknown_type", "hello_again",
        "missing_field", "unknown_field", "no_type", "not_object",
    }  # fmt: skip
    assert report["winner"] == reference.report["winner"]
    assert records(report["replay"]) == records(reference.report["replay"])


def test_a_flood_is_held_to_the_rate_and_an_oversized_message_closes_the_peer(
    tmp_path: Path,
) -> None:
    seen: list[dict[str, Any]] = []

    async def fuzzer(host: Host) -> None:
        seen.append(await fuzz(host, 0, seed=2, last="x" * (MAX_PEER_BYTES + 1)))

    async def flood(host: Host) -> None:
        async with connect(f"ws://{LOOPBACK}:{host.port}") as ws:
            await ws.recv()
            await ws.send(hello(host.options.game))
            for _ in range(400):  # far more than a burst, as fast as it goes
                await ws.send(encode("act", ask=10**6, action="x"))
            reasons = []
            with contextlib.suppress(TimeoutError):
                while len(reasons) < 400:  # an answer to each, then it goes
                    reasons.append(json.loads(await asyncio.wait_for(ws.recv(), 2.0)).get("reason"))
            seen.append({"reasons": reasons})

    async def both(host: Host) -> None:
        await asyncio.gather(fuzzer(host), flood(host))

    played = play(
        "planet", ["remote", "remote"], tmp_path, seed=3, clients=0, extra=both,
        rejoin_wait=0.1, max_bad=1000,
    )  # fmt: skip
    oversized, flooded = seen
    assert oversized["closed"] == 1009  # websockets' max_size: the message too big
    assert "rate" in flooded["reasons"] and flooded["reasons"].count("out_of_turn") <= 101
    assert played.report["taken_over"] == [0, 1] and played.report["winner"] is not None


def test_a_bad_greeting_and_a_full_room_are_refused(tmp_path: Path) -> None:
    answers: list[Any] = []

    async def knock(host: Host, first: str | bytes) -> None:
        async with connect(f"ws://{LOOPBACK}:{host.port}") as ws:
            await ws.recv()
            await ws.send(first)
            with contextlib.suppress(ConnectionClosed):
                async for raw in ws:
                    answers.append(json.loads(raw))

    async def knocks(host: Host) -> None:
        await knock(host, "{not json")
        await knock(host, encode("act", ask=1, action="p0 passes"))
        while host.table is None:  # the room full once the client took its seat
            await asyncio.sleep(0.01)
        await knock(host, hello("attack"))

    played = play("attack", ["remote", "easy", "easy"], tmp_path, extra=knocks)
    refused = [(a["reason"], a["fields"]) for a in answers if a["type"] == "refused"]
    assert refused == [
        ("hello", {"reason": "not_json"}),
        ("hello", {"reason": "not_hello"}),
        ("full", {}),
    ]
    assert played.reports[0]["over"] and played.report["winner"] == played.reports[0]["winner"]
