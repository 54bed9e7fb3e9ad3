"""Finding the host on the local network (`game.net.discovery`), on the loopback address
only: every datagram here goes to 127.0.0.1, never a broadcast address, and each test
is bounded by a few seconds. A host's announcement names its game and port, never its
code; a finder ignores whatever is not an announcement and keeps listening, keeps at
most `MAX_HOSTS` hosts, updates and forgets them; two finders share one port."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.match.replay_header import app_version
from game.net import discovery
from game.net.discovery import (
    ANNOUNCE_SCHEMA,
    BROADCAST,
    MAX_DATAGRAM,
    MAX_HOSTS,
    Announcement,
    Announcer,
    Finder,
    Found,
    Sightings,
    addresses_line,
    default_announce,
    local_addresses,
    parse_announcement,
)
from game.net.host import Host
from game.net.messages import BadMessage
from game.net.options import HostOptions
from tests.net.play import CODE, LOOPBACK, play


class Heard(Sightings):
    """Sightings that also keep every datagram as it came, to read its bytes."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.raw: list[bytes] = []

    def take(self, data: bytes, source: Any) -> Found | None:
        self.raw.append(data)
        return super().take(data, source)


def until(what: Callable[[], bool], seconds: float = 2.0) -> bool:
    """Poll `what` (from this thread) until it holds or `seconds` pass."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if what():
            return True
        time.sleep(0.01)
    return what()


def announcement(port: int = 8765, name: str = "Den", **changed: Any) -> dict[str, Any]:
    fields = {"type": "bakugan-host", "v": 1, "app": "0.1.0", "game": "classic"}
    return fields | {"port": port, "name": name, "seats_free": 1} | changed


def datagram(fields: dict[str, Any]) -> bytes:
    return json.dumps(fields).encode()


@pytest.fixture
def finder() -> Iterator[Finder]:
    """A finder on a free UDP port of 127.0.0.1, in its own thread."""
    found = Finder(0, LOOPBACK, Heard())
    found.start()
    try:
        yield found
    finally:
        found.stop()


@pytest.fixture
def sender() -> Iterator[socket.socket]:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        yield s


def test_a_waiting_host_is_found_with_its_game_and_port_and_no_code(finder: Finder) -> None:
    options = HostOptions(
        "classic", ("here", "remote"), LOOPBACK, 0, CODE, announce=LOOPBACK,
        announce_port=finder.port, name="Den's PC",
    )  # fmt: skip
    lines: list[str] = []

    async def main() -> list[Found]:
        host = Host(options, lines.append)
        hosting = asyncio.create_task(host.run())
        await host.ready.wait()
        await asyncio.to_thread(until, lambda: bool(finder.found()))
        hosting.cancel()  # it would wait for a joiner
        with pytest.raises(asyncio.CancelledError):
            await hosting
        assert [(f.address, f.port) for f in finder.found()] == [(LOOPBACK, host.port)]
        return finder.found()

    (found,) = asyncio.run(asyncio.wait_for(main(), 10.0))
    assert (found.game, found.name, found.seats_free) == ("classic", "Den's PC", 1)
    raw = finder.sightings.raw  # type: ignore[attr-defined]
    assert raw and all(CODE.encode() not in d and CODE.lower().encode() not in d for d in raw)
    assert all(set(json.loads(d)) == set(ANNOUNCE_SCHEMA) for d in raw)  # nothing else
    assert any("UDP port" in line for line in lines)


def test_a_whole_match_is_played_with_announcing_on_and_the_announcing_stops(
    tmp_path: Path, finder: Finder
) -> None:
    played = play(
        "classic", ["remote", "remote"], tmp_path, announce=LOOPBACK, announce_port=finder.port
    )
    assert played.report["started"] and all(r["over"] for r in played.reports)
    assert all(r["winner"] == played.report["winner"] for r in played.reports)
    raw = finder.sightings.raw  # type: ignore[attr-defined]
    assert until(lambda: bool(raw))  # told at once, while the seats were free
    seen = [parse_announcement(d) for d in raw]
    assert {a.port for a in seen} == {played.host.port} and seen[0].seats_free <= 2
    heard = len(raw)
    time.sleep(discovery.ANNOUNCE_SECONDS * 1.2)
    assert len(raw) == heard  # every seat taken: nothing more is announced


BAD_VALUES: dict[str, list[Any]] = {
    "type": ["bakugan-hostx", "", None, 1],
    "v": [0, 2, "1", True, 1.0],
    "app": [None, "x" * 65, "0.1\n", 1],
    "game": ["Classic", "", "x" * 33, "a b", "классика", 5, "../x"],
    "port": [0, 65536, -1, "8765", 8765.5, True, None, []],
    "name": ["\x1b[2J", "a" * 41, "\u202eevil", "tab\t", 5, None, {}],
    "seats_free": [-1, 17, True, "1", 1.5, None],
}


@st.composite
def junk(draw: st.DrawFn) -> bytes:
    """A datagram that is no announcement: by construction, never by the code's say."""
    kind = draw(st.integers(0, 7))
    if kind == 0:  # random bytes
        return draw(st.binary(max_size=600))
    if kind == 1:  # one field of a bad kind or out of bounds
        field = draw(st.sampled_from(sorted(BAD_VALUES)))
        return datagram(announcement(**{field: draw(st.sampled_from(BAD_VALUES[field]))}))
    if kind == 2:  # one field missing, or one more (the code, say)
        fields = announcement()
        if draw(st.booleans()):
            del fields[draw(st.sampled_from(sorted(fields)))]
        else:
            fields[draw(st.sampled_from(["code", "address", "x"]))] = "ABC123"
        return datagram(fields)
    if kind == 3:  # oversized, though otherwise an announcement
        return datagram(announcement()) + b" " * draw(st.integers(MAX_DATAGRAM, 1200))
    if kind == 4:  # cut short
        whole = datagram(announcement())
        return whole[: draw(st.integers(0, len(whole) - 1))]
    if kind == 5:  # not an object, or NaN, or too deep
        return draw(st.sampled_from([b"[]", b"1", b'"x"', b"null", b'{"port": NaN}', b"[" * 400]))
    if kind == 6:  # not UTF-8
        return b'{"type": "bakugan-host", "name": "\xff\xfe"}'
    return json.dumps(
        draw(st.dictionaries(st.text(max_size=8), st.integers(), max_size=5))
    ).encode()


def test_junk_datagrams_are_ignored_and_the_finder_keeps_listening(
    finder: Finder, sender: socket.socket
) -> None:
    told = [0]

    @settings(
        max_examples=30,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(bad=junk())
    def one(bad: bytes) -> None:
        with pytest.raises(BadMessage):
            parse_announcement(bad)
        told[0] += 1
        name = f"host {told[0]}"
        sender.sendto(bad, (LOOPBACK, finder.port))
        sender.sendto(datagram(announcement(name=name)), (LOOPBACK, finder.port))
        assert until(lambda: [f.name for f in finder.found()] == [name])

    one()
    assert finder.sightings.ignored >= told[0]


def test_at_most_max_hosts_are_kept_and_the_first_ones_stay(
    finder: Finder, sender: socket.socket
) -> None:
    for port in range(1000, 1000 + MAX_HOSTS + 8):
        sender.sendto(datagram(announcement(port)), (LOOPBACK, finder.port))
    assert until(lambda: finder.sightings.ignored == 8)
    ports = [f.port for f in finder.found()]
    assert ports == list(range(1000, 1000 + MAX_HOSTS))


def test_a_host_heard_again_is_updated_and_one_not_heard_is_forgotten() -> None:
    now = [100.0]
    seen = Sightings(forget=5.0, clock=lambda: now[0])
    source = ("192.168.1.20", 50000)
    assert seen.take(datagram(announcement(8765, seats_free=2)), source) is not None
    now[0] = 103.0
    seen.take(datagram(announcement(8765, seats_free=1)), ("192.168.1.20", 50001))
    now[0] = 106.0
    seen.take(datagram(announcement(9000)), ("192.168.1.21", 50000))
    (one, two) = seen.found()
    assert (one.address, one.port, one.seats_free, one.seen) == ("192.168.1.20", 8765, 1, 103.0)
    assert (two.address, two.port) == ("192.168.1.21", 9000)
    now[0] = 108.5
    assert [f.address for f in seen.found()] == ["192.168.1.21"]
    now[0] = 200.0
    assert seen.found() == []
    assert seen.take(datagram(announcement()), "not a socket's address") is None


@pytest.mark.skipif(not hasattr(socket, "SO_REUSEPORT"), reason="no SO_REUSEPORT here")
def test_two_finders_listen_on_one_port_and_each_hears_the_host(sender: socket.socket) -> None:
    """Two windows on one computer both bind the port. A broadcast reaches every socket
    bound to it; a datagram to 127.0.0.1 (all these tests send) reaches one of them, so
    each is shown hearing the host while the other is there, then after it stopped."""
    first = Finder(0, LOOPBACK, Heard())
    first.start()
    second = Finder(first.port, LOOPBACK, Heard())
    try:
        second.start()  # without the options: OSError, the address is in use
        finders = [first, second]

        def heard() -> list[Finder]:
            sender.sendto(datagram(announcement(4242)), (LOOPBACK, first.port))
            time.sleep(0.02)
            return [f for f in finders if f.found()]

        assert until(lambda: bool(heard()))
        hearing = heard()[0]
        hearing.stop()
        (other,) = [f for f in finders if f is not hearing]
        assert until(lambda: other in heard())
        assert [f.port for f in other.found()] == [4242]
    finally:
        first.stop()
        second.stop()


def test_a_failing_send_is_told_once_and_never_stops_the_host() -> None:
    """Port 0 refuses every send (EINVAL) without a packet leaving: a network that is
    down, or a firewall, looks alike to the host."""
    failures: list[OSError] = []

    async def main() -> Announcer:
        make = lambda: Announcement("0.1.0", "classic", 8765, "Den", 1)  # noqa: E731
        async with Announcer(LOOPBACK, 0, make, every=0.01, on_error=failures.append) as a:
            await asyncio.sleep(0.1)
        return a

    announcer = asyncio.run(asyncio.wait_for(main(), 5.0))
    assert announcer.sent > 2 and announcer.errors == announcer.sent
    assert len(failures) == 1


def test_a_finder_stops_twice_and_unstarted_and_found_is_empty() -> None:
    idle = Finder(0, LOOPBACK)
    idle.stop()
    assert idle.found() == []
    idle.start()
    idle.stop()
    idle.stop()
    idle.start()  # again, on the same port
    idle.stop()


def test_a_host_announces_only_where_others_could_join_it_unless_told() -> None:
    assert default_announce("127.0.0.1") is None and default_announce("localhost") is None
    assert default_announce("::1") is None
    assert default_announce("0.0.0.0") == BROADCAST == "255.255.255.255"
    assert HostOptions("classic", ("here", "remote")).announce is None


def test_the_address_to_give(monkeypatch: pytest.MonkeyPatch) -> None:
    """Looked up without the system's resolver (no name lookup leaves in the tests)."""
    names = ["127.0.1.1", "192.168.1.20", "not an address", "0.0.0.0", "192.168.1.20"]
    monkeypatch.setattr(discovery, "_by_name", lambda name: names)
    found = local_addresses()
    assert "192.168.1.20" in found and found.count("192.168.1.20") == 1
    assert "0.0.0.0" not in found and "not an address" not in found
    loop = [a.startswith("127.") for a in found]
    assert loop == sorted(loop)  # loopback last
    given = asyncio.run(addresses_line("0.0.0.0", 8765))
    assert given is not None and "192.168.1.20:8765" in given and "127." not in given
    assert asyncio.run(addresses_line("127.0.0.1", 8765)) is None
    assert asyncio.run(addresses_line("192.168.1.5", 8765)) == "192.168.1.5:8765"
    assert asyncio.run(addresses_line("fe80::1", 8765)) == "[fe80::1]:8765"

    def broken(name: str) -> list[str]:
        raise OSError("no resolver")

    monkeypatch.setattr(discovery, "_by_name", broken)
    assert local_addresses()  # at least 127.0.0.1


def test_find_as_a_command(finder: Finder, capsys: pytest.CaptureFixture[str]) -> None:
    from game.__main__ import main

    finder.stop()  # its port, for the command to listen on
    port = str(finder.port)

    async def tell() -> None:
        make = lambda: Announcement(app_version(), "planet", 8765, "Den", 1)  # noqa: E731
        async with Announcer(LOOPBACK, finder.port, make, every=0.2):
            await asyncio.sleep(1.2)

    telling = threading.Thread(target=asyncio.run, args=(tell(),))
    telling.start()
    try:
        assert main(["find", "--seconds", "0.6", "--discovery-port", port, "--json"]) == 0
        hosts = json.loads(capsys.readouterr().out)["hosts"]
        assert hosts == [
            {"address": LOOPBACK, "port": 8765, "game": "planet", "name": "Den",
             "app": app_version(), "seats_free": 1}
        ]  # fmt: skip
        assert main(["find", "--seconds", "0.4", "--discovery-port", port, "--lang", "ru"]) == 0
        out, err = capsys.readouterr()
        assert f"bakugan join {LOOPBACK}:8765 --code КОД" in out and "секунд" in err
    finally:
        telling.join(5.0)
    assert main(["find", "--seconds", "0.2", "--discovery-port", port]) == 1
    assert "type the host's address" in capsys.readouterr().err
