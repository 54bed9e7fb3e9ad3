"""Spectators (issue 27.5): a computer that greets with ``watch`` takes no seat and sees
what is public, over the loopback address only.

Over whole matches of each game, a spectator's every received text is checked against
the match at the moment the host sent it, as `test_hidden` checks a seat's: what is
hidden from a spectator is what is hidden from any seat (`test_hidden`'s curtains, read
from the rules state, joined over the seats: one seat's hand is another's secret), but
what the public reference shows in a place open to all; and every view is the public
view exactly (the rules core's observation of nobody, ``viewer`` null). With the public
view leaking one card (monkeypatched) the check fails, in each game.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import threading
from collections.abc import Callable
from typing import Any

import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from game.games.net_kit import NOBODY, SessionTable, plain
from game.net.client import Client, JoinOptions
from game.net.handshake import local_build
from game.net.host import Host
from game.net.messages import BadMessage, encode, parse_host, parse_peer
from game.net.options import HostOptions
from game.net.watchers import WATCHING
from tests.net.test_hidden import HIDDEN, PUBLIC_KINDS, _observe, _state, words

LOOPBACK = "127.0.0.1"
CODE = "WATCH1"
SECONDS = 60.0


def public_reference(game: str, state: Any) -> Any:
    """What anyone at the table may see, by the rules core's own observation."""
    view = plain(_observe(game)(state, NOBODY))
    view["viewer"] = None
    return view


@dataclasses.dataclass
class Spectated:
    """What the host sent the spectator, with the verdict on each text at that moment."""

    game: str
    sent: list[str] = dataclasses.field(default_factory=list)
    leaks: list[str] = dataclasses.field(default_factory=list)
    secrets_looked_for: int = 0

    def probe(self, host: Host) -> Callable[[int, str], None]:
        hidden, skip = HIDDEN[self.game], PUBLIC_KINDS.get(self.game, frozenset())

        def check(seat: int, text: str) -> None:
            if seat != WATCHING:
                return
            self.sent.append(text)
            if host.table is None:
                return
            state = _state(host)
            reference = public_reference(self.game, state)
            everyone = range(len(host.seats))
            secret = set().union(*(hidden(state, p) for p in everyone)) - words(reference, skip)
            self.secrets_looked_for += len(secret)
            message = json.loads(text)
            found = secret & words(message, skip)
            if found:
                self.leaks.append(f"the spectator was sent {sorted(found)} in {message['type']}")
            if "view" in message and message["view"] != reference:
                self.leaks.append(f"a {message['type']} view is not the public view")

        return check


@dataclasses.dataclass
class Watched:
    host: dict[str, Any]
    watcher: Client
    report: dict[str, Any]
    seats: list[dict[str, Any]]


async def _until(ready: Callable[[], bool], seconds: float = 10.0) -> None:
    """Wait (bounded) until `ready()`."""
    for _ in range(int(seconds / 0.01)):
        if ready():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("it did not happen in time")


def spectate(
    game: str,
    seats: list[str],
    seed: int = 1,
    probe: Callable[[Host], Callable[[int, str], None]] | None = None,
    **options: Any,
) -> Watched:
    """Host `game`, a spectator greeting before the match (while a remote seat is free;
    a match of computers begins at once, and it may join during it), then a client for
    each remote seat; to the end."""
    lines: list[str] = []

    async def main() -> Watched:
        host = Host(
            HostOptions(game, tuple(seats), LOOPBACK, 0, CODE, seed=seed, **options), lines.append
        )
        if probe is not None:
            host.probe = probe(host)
        hosting = asyncio.create_task(host.run())
        await host.ready.wait()
        watcher = Client(JoinOptions(LOOPBACK, host.port, CODE, "w", watch=True), lines.append)
        watching = asyncio.create_task(watcher.run())
        if "remote" in seats:
            await _until(lambda: host.watchers.count > 0)
        clients = [
            Client(JoinOptions(LOOPBACK, host.port, CODE, f"c{i}"), lines.append)
            for i in range(seats.count("remote"))
        ]
        reports = await asyncio.gather(*(c.run() for c in clients))
        return Watched(await hosting, watcher, await watching, list(reports))

    return asyncio.run(asyncio.wait_for(main(), SECONDS))


MATCHES = [
    ("classic", ["remote", "easy"], 1),
    ("classic", ["easy", "easy", "easy"], 2),
    ("attack", ["remote", "easy", "easy"], 1),
    ("attack", ["easy", "easy", "easy"], 2),
    ("planet", ["remote", "easy"], 1),
    ("planet", ["easy", "easy"], 2),
]


@pytest.mark.parametrize(("game", "seats", "seed"), MATCHES)
def test_a_spectator_sees_the_whole_match_and_no_hidden_card(
    game: str, seats: list[str], seed: int
) -> None:
    spectated = Spectated(game)
    played = spectate(game, seats, seed, spectated.probe)
    report, watcher = played.report, played.watcher
    assert report["seat"] is None and report["watching"] and report["over"]
    assert report["winner"] == played.host["winner"] is not None
    assert all(r["winner"] == report["winner"] for r in played.seats)
    # every byte it received: the host's greeting, then what was checked
    assert json.loads(watcher.received[0])["type"] == "host"
    assert watcher.received[1:] == spectated.sent
    kinds = [json.loads(t)["type"] for t in spectated.sent]
    assert kinds[0] == "welcome" and kinds[-1] == "over"
    assert kinds.count("wait") > 5
    # and each throw's path, public as a throw is (Attack's die has none)
    thrown = {"thrown"} if game != "attack" else set()
    assert set(kinds) == {"welcome", "wait", "over"} | thrown
    assert json.loads(spectated.sent[0])["seat"] is None
    assert spectated.leaks == []
    assert spectated.secrets_looked_for > 100  # there were hidden cards to look for
    assert played.host["watchers"] == 1 and played.host["bytes_watched"] > 0


def _leak_one(game: str) -> Callable[[SessionTable], Any]:
    """A public view with one card of seat 0's own view in it (its hand)."""
    honest = SessionTable.public_view

    def leaky(self: SessionTable) -> Any:
        view, own = honest(self), self.view(0)
        if game == "classic":
            view["players"][0]["gates"] = own["players"][0]["gates"][:1]
        elif game == "attack":
            view["hand"] = own["hand"][:1]
        else:
            view["sides"][0]["hand"] = own["sides"][0]["hand"][:1]
        return view

    return leaky


@pytest.mark.parametrize(("game", "seats", "seed"), [m for m in MATCHES if m[2] == 1])
def test_one_card_leaked_to_spectators_on_purpose_is_caught(
    monkeypatch: pytest.MonkeyPatch, game: str, seats: list[str], seed: int
) -> None:
    monkeypatch.setattr(SessionTable, "public_view", _leak_one(game))
    spectated = Spectated(game)
    spectate(game, seats, seed, spectated.probe)
    assert any("was sent" in leak for leak in spectated.leaks), spectated.leaks[:3]
    assert any("is not the public view" in leak for leak in spectated.leaks)


def test_one_watcher_too_many_is_refused() -> None:
    assert HostOptions("classic", ("remote", "easy")).max_watchers == 8
    lines: list[str] = []

    async def main() -> tuple[list[dict[str, Any]], dict[str, Any]]:
        options = HostOptions("classic", ("remote", "easy"), LOOPBACK, 0, CODE, max_watchers=2)
        host = Host(options, lines.append)
        hosting = asyncio.create_task(host.run())
        await host.ready.wait()
        watch = JoinOptions(LOOPBACK, host.port, CODE, "w", watch=True)
        watchers = [Client(watch, lines.append) for _ in range(3)]
        tasks = [asyncio.create_task(w.run()) for w in watchers[:2]]
        await _until(lambda: len(host.watchers.active) == 2)
        refused = await watchers[2].run()  # the third, while two watch
        seat = Client(JoinOptions(LOOPBACK, host.port, CODE, "c"), lines.append)
        await seat.run()
        return [refused, *await asyncio.gather(*tasks)], await hosting

    (refused, *watched), host = asyncio.run(asyncio.wait_for(main(), SECONDS))
    assert refused["refused"] == "watchers" and refused["seat"] is None
    assert not refused["over"]
    assert "Refused: 2 are watching already, as many as this host lets watch" in lines
    assert all(r["over"] and r["winner"] == host["winner"] for r in watched)
    assert host["watchers"] == 2


def test_a_watchers_answers_are_bad_messages_and_drop_it() -> None:
    """An act, a throw or a second greeting from a spectator is refused with its reason
    and counted; `max_bad` of them drop it (1008); the match goes on without it."""
    build = local_build("classic")
    hello = encode(
        "hello", app=build.app, game=build.game, content=build.content,
        physics=build.physics, code=CODE, name="w", token="", watch=True,
    )  # fmt: skip

    async def main() -> tuple[list[dict[str, Any]], int | None, dict[str, Any]]:
        options = HostOptions("classic", ("remote", "easy"), LOOPBACK, 0, CODE, max_bad=3)
        host = Host(options, lambda line: None)
        hosting = asyncio.create_task(host.run())
        await host.ready.wait()
        got: list[dict[str, Any]] = []
        async with connect(f"ws://{LOOPBACK}:{host.port}") as ws:
            got.append(json.loads(await ws.recv()))  # host
            await ws.send(hello)
            got.append(json.loads(await ws.recv()))  # welcome
            await ws.send(encode("act", ask=1, action="pass"))
            await ws.send(encode("throw", ask=1, throw={}))
            await ws.send(hello)
            try:
                for _ in range(10):
                    got.append(json.loads(await asyncio.wait_for(ws.recv(), 5.0)))
            except ConnectionClosed:
                pass
            code = ws.close_code
        await _until(lambda: not host.watchers.active)
        seat = Client(JoinOptions(LOOPBACK, host.port, CODE, "c"), lambda line: None)
        assert (await seat.run())["over"]  # the match goes on without it
        return got, code, await hosting

    got, code, host = asyncio.run(asyncio.wait_for(main(), SECONDS))
    assert got[1]["type"] == "welcome" and got[1]["seat"] is None and got[1]["token"] == ""
    assert [m["reason"] for m in got[2:]] == ["watching", "watching", "watching"]
    assert code == 1008
    assert host["watchers"] == 1 and host["winner"] is not None


def test_the_greetings_watch_is_optional_and_a_bool() -> None:
    build = local_build("classic")
    fields = dict(
        app=build.app, game=build.game, content=build.content, physics=build.physics,
        code=CODE, name="w", token="",
    )  # fmt: skip
    assert "watch" not in parse_peer(encode("hello", **fields))
    assert parse_peer(encode("hello", watch=True, **fields))["watch"] is True
    for bad in (1, "yes", None, [True]):
        with pytest.raises(BadMessage) as caught:
            parse_peer(encode("hello", watch=bad, **fields))
        assert (caught.value.code, caught.value.field) == ("bad_field", "watch")
    with pytest.raises(BadMessage):
        parse_peer(encode("act", ask=1, action="x", watch=True))  # only a greeting's
    welcome = {"seats": [], "token": "", "game": "classic"}
    assert parse_host(encode("welcome", seat=None, **welcome))["seat"] is None
    assert parse_host(encode("welcome", seat=1, **welcome))["seat"] == 1
    for bad in ("1", -1, 1.0, True, 99):
        with pytest.raises(BadMessage):
            parse_host(encode("welcome", seat=bad, **welcome))
    with pytest.raises(BadMessage):
        parse_host(encode("welcome", **welcome))


def test_bakugan_join_watch_reports_as_a_joined_client(capsys: pytest.CaptureFixture[str]) -> None:
    """`bakugan join --watch --headless --json` watches to the end; the host (here, on
    its own thread) seats a remote player once the spectator is in."""
    from game.__main__ import main

    hosted: dict[str, Any] = {}
    port: list[int] = []
    failed: list[BaseException] = []

    async def hosting() -> None:
        options = HostOptions("attack", ("remote", "easy", "easy"), LOOPBACK, 0, CODE)
        host = Host(options, lambda line: None)
        task = asyncio.create_task(host.run())
        await host.ready.wait()
        port.append(host.port)
        await _until(lambda: host.watchers.count > 0, 30.0)
        await Client(JoinOptions(LOOPBACK, host.port, CODE, "c"), lambda line: None).run()
        hosted.update(await task)

    def run() -> None:
        try:
            asyncio.run(asyncio.wait_for(hosting(), SECONDS))
        except BaseException as e:  # told to the test below
            failed.append(e)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    for _ in range(1000):
        if port or failed:
            break
        threading.Event().wait(0.01)
    assert port, failed
    args = ["join", f"{LOOPBACK}:{port[0]}", "--code", CODE, "--watch", "--headless", "--json"]
    assert main(args) == 0
    thread.join(SECONDS)
    assert not failed and hosted
    out, err = capsys.readouterr()
    report = json.loads(out.strip().splitlines()[-1])
    assert report["seat"] is None and report["over"] and report["watching"]
    assert report["winner"] == hosted["winner"] and report["game"] == "attack"
    assert "Watching" in err and "no seat" in err
