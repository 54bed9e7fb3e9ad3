"""`bakugan host`, `bakugan join` and `bakugan find`: a network match from the command
line, in a window (the `Window` the caller hands in) or, with ``--headless``, without
one: the people's seats are then played by ``--bot``. With ``--json`` each prints one
JSON line at the end (`Host._report`, `Client.report`, the hosts found); the lines for
a person go to stderr, from the language catalogs, but for `find`'s list of hosts (its
output).

A host announces itself on the local network (`game.net.discovery`) by default when it
listens where other computers can reach it (``--address 0.0.0.0``), not when it
listens on this computer only (the default 127.0.0.1: nobody who heard could join).
"""

from __future__ import annotations

import argparse
import asyncio
import ipaddress
import json
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from game.files.lang import tr
from game.games import DEFAULT_GAME, REGISTRY
from game.net.discovery import BROADCAST, DISCOVERY_PORT, default_announce
from game.net.messages import DEFAULT_PORT

LEVELS = ("easy", "normal", "hard")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--headless", action="store_true", help="no window: --bot plays")
    parser.add_argument(
        "--bot", default="easy", choices=LEVELS, help="who plays this computer's people"
    )
    parser.add_argument("--json", action="store_true", help="one JSON line at the end")
    parser.add_argument("--lang", default=None, choices=("en", "ru"))
    parser.add_argument("--seed", type=int, default=1)


Window = Callable[[str, Any], int]
"""Opens the window of a network match: ("host", `HostOptions`) or ("join",
`JoinOptions`) -> an exit code. The CLI's caller hands it in (the ui sits above)."""


def add_host(sub: argparse._SubParsersAction[argparse.ArgumentParser], window: Window) -> None:
    host = sub.add_parser("host", help="host a match on the network (docs/network.md)")
    host.add_argument("--rules", default=DEFAULT_GAME, help=f"the game: {', '.join(REGISTRY)}")
    host.add_argument(
        "--seats",
        default="here,remote",
        help="one word a seat: here, remote or a computer level (easy, normal, hard)",
    )
    host.add_argument("--address", default="127.0.0.1", help="where to listen (0.0.0.0: all)")
    host.add_argument("--port", type=int, default=DEFAULT_PORT, help="0: any free port")
    host.add_argument("--code", default="", help="the room code (default: a new one)")
    host.add_argument(
        "--record", default=None, metavar="DIR", help="the replay's folder (default: Replays)"
    )
    host.add_argument(
        "--rejoin-wait", type=float, default=30.0, help="seconds a dropped seat may come back"
    )
    host.add_argument(
        "--share-replay",
        action="store_true",
        help="at the end, give every joined computer and spectator the whole replay",
    )
    host.add_argument(
        "--max-watchers",
        type=_watchers,
        default=8,
        metavar="N",
        help=f"spectators at once (0: none may watch; at most {MAX_WATCHERS})",
    )
    host.add_argument(
        "--announce",
        nargs="?",
        const=BROADCAST,
        default=None,
        type=_ipv4,
        metavar="BROADCAST",
        help=f"tell the local network (default {BROADCAST}; on when --address is not loopback)",
    )
    host.add_argument("--no-announce", action="store_true", help="tell nobody: joiners type")
    host.add_argument("--name", default="", help="the name announced (default: the computer's)")
    _discovery_port(host)
    _common(host)
    host.set_defaults(run=host_command, window=window)


def _ipv4(text: str) -> str:
    """An IPv4 address as typed (a name would be looked up: refused)."""
    try:
        return str(ipaddress.IPv4Address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an IPv4 address: {text!r}") from None


MAX_WATCHERS = 64
"""The most spectators a host may be told to take (each is sent every public view)."""


def _watchers(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        count = -1
    if not 0 <= count <= MAX_WATCHERS:
        raise argparse.ArgumentTypeError(
            f"not a count of spectators from 0 to {MAX_WATCHERS}: {text!r}"
        )
    return count


def _udp_port(text: str) -> int:
    port = int(text)
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"not a port: {text!r}")
    return port


def _discovery_port(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--discovery-port", type=_udp_port, default=DISCOVERY_PORT, help="UDP, of discovery"
    )


def add_find(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    find = sub.add_parser("find", help="list the hosts on the local network")
    find.add_argument("--seconds", type=float, default=3.0, help="how long to listen")
    find.add_argument("--json", action="store_true", help="one JSON line: the hosts")
    find.add_argument("--lang", default="en", choices=("en", "ru"))
    _discovery_port(find)
    find.set_defaults(run=find_command)


def add_join(sub: argparse._SubParsersAction[argparse.ArgumentParser], window: Window) -> None:
    join = sub.add_parser("join", help="join a match hosted on the network")
    join.add_argument("address", help="the host's ADDRESS[:PORT]")
    join.add_argument("--code", required=True, help="the room code the host shows")
    join.add_argument("--name", default="", help="your name at the table")
    join.add_argument("--token", default="", help="the seat token of an earlier join: rejoin")
    join.add_argument(
        "--token-file",
        default=None,
        metavar="FILE",
        help="keep the seat token here; started again with it, rejoin the seat",
    )
    join.add_argument(
        "--save", default=None, metavar="FILE", help="write what the host sent, a line each"
    )
    join.add_argument(
        "--save-replay",
        default=None,
        metavar="DIR",
        help="keep the whole replay here if the host shares it at the end",
    )
    join.add_argument(
        "--watch", action="store_true", help="watch the match: no seat, only what is public"
    )
    _common(join)
    join.set_defaults(run=join_command, window=window)


def _say(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def _replays(folder: str | None) -> Path:
    if folder is not None:
        return Path(folder)
    from game.persist import paths
    from game.persist.replay_file import replays_dir

    return replays_dir(paths.data_dir())


def host_command(args: argparse.Namespace) -> int:
    from game.net.host import Host
    from game.net.options import HostOptions
    from game.net.seats import BadSeats, parse_seats

    lang = args.lang or "en"
    record = REGISTRY[args.rules]
    try:
        seats = parse_seats(args.seats, record)
    except BadSeats as e:
        _say(tr(lang, e.key, game=record.name(lang), **e.fields))
        return 2
    folder = _replays(args.record)
    folder.mkdir(parents=True, exist_ok=True)
    options = HostOptions(
        game=args.rules,
        seats=seats,
        address=args.address,
        port=args.port,
        code=args.code,
        bot=args.bot,
        seed=args.seed,
        replay_dir=folder,
        lang=lang,
        rejoin_wait=args.rejoin_wait,
        max_watchers=args.max_watchers,
        share_replay=args.share_replay,
        announce=None if args.no_announce else args.announce or default_announce(args.address),
        announce_port=args.discovery_port,
        name=args.name,
    )
    if not args.headless:  # people take their time: the waits of a person's window
        window = replace(options, lang=args.lang or "", join_seconds=900.0, turn_seconds=3600.0)
        return int(args.window("host", window))
    report = asyncio.run(Host(options, _say).run())
    if args.json:
        print(json.dumps(report), flush=True)
    return 0 if report["started"] else 1


def join_command(args: argparse.Namespace) -> int:
    from game.net.client import Client, JoinOptions, split_address

    lang = args.lang or "en"
    try:
        address, port = split_address(args.address, DEFAULT_PORT)
    except ValueError:
        _say(tr(lang, "net.no_host", address=args.address))
        return 2
    options = JoinOptions(
        address=address,
        port=port,
        code=args.code,
        name=args.name,
        bot=args.bot,
        seed=args.seed,
        lang=lang,
        token=args.token,
        save=Path(args.save) if args.save else None,
        save_replay=Path(args.save_replay) if args.save_replay else None,
        token_file=Path(args.token_file) if args.token_file else None,
        watch=args.watch,
    )
    if not args.headless:
        return int(args.window("join", replace(options, lang=args.lang or "")))
    report = asyncio.run(Client(options, _say).run())
    if args.json:
        print(json.dumps(report), flush=True)
    if report["refused"] is not None:
        return 2
    return 0 if report["over"] else 1


def find_command(args: argparse.Namespace) -> int:
    """List the hosts heard within ``--seconds``: a line each (how to join it), or with
    ``--json`` one line, ``{"hosts": [...]}``. 0 when one was heard, 1 when none."""
    from game.match.replay_header import app_version
    from game.net.discovery import find

    seconds = min(max(args.seconds, 0.1), 60.0)
    if not args.json:
        _say(tr(args.lang, "net.finding", seconds=f"{seconds:g}"))
    try:
        hosts = asyncio.run(find(seconds, args.discovery_port))
    except OSError as e:
        _say(tr(args.lang, "net.find_failed", port=args.discovery_port, reason=e.strerror))
        return 2
    ours = app_version()
    if args.json:
        fields = ("address", "port", "game", "name", "app", "seats_free")
        print(json.dumps({"hosts": [{k: getattr(h, k) for k in fields} for h in hosts]}))
    for h in [] if args.json else hosts:
        record = REGISTRY.get(h.game)
        game = record.name(args.lang) if record is not None else h.game
        where = f"{h.address}:{h.port}"
        same = {"name": h.name, "game": game, "free": h.seats_free, "address": where}
        if h.app == ours:
            print(tr(args.lang, "net.found", **same), flush=True)
        else:
            print(tr(args.lang, "net.found_version", app=h.app, ours=ours, **same), flush=True)
    if not hosts and not args.json:
        _say(tr(args.lang, "net.found_none"))
    return 0 if hosts else 1
