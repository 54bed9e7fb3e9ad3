"""Whole matches of each game over the loopback address: the host runs the session,
each joined computer plays its seat from what it is sent, every end sees the same
winner, and the host's replay re-runs identical."""

from __future__ import annotations

import io
import time
from pathlib import Path

import pytest

from game.games.replays import verify
from tests.net.play import play
from tests.net.procs import bakugan, finished, free_port, listening

GAMES = [
    ("classic", ["remote", "remote"]),
    ("classic", ["here", "remote", "easy"]),
    ("attack", ["remote", "easy", "remote"]),
    ("planet", ["remote", "remote"]),
    ("planet", ["easy", "remote"]),
]


def identical(replay: str) -> str:
    out = io.StringIO()
    assert verify([Path(replay)], out) == 0, out.getvalue()
    assert out.getvalue().startswith("identical "), out.getvalue()
    return out.getvalue()


@pytest.mark.parametrize(
    ("game", "seats"), GAMES, ids=lambda v: ",".join(v) if isinstance(v, list) else v
)
def test_a_whole_match_ends_alike_everywhere_and_its_replay_verifies(
    tmp_path: Path, game: str, seats: list[str]
) -> None:
    started = time.perf_counter()
    played = play(game, seats, tmp_path)
    report = played.report
    assert report["game"] == game and report["seats"] == seats and report["started"]
    assert [r["seat"] for r in played.reports] == [p for p, s in enumerate(seats) if s == "remote"]
    assert all(r["over"] and r["winner"] == report["winner"] for r in played.reports)
    assert report["dropped"] == [] and report["taken_over"] == []
    identical(report["replay"])
    assert time.perf_counter() - started < 30.0


def test_the_same_seed_plays_the_same_match(tmp_path: Path) -> None:
    one = play("planet", ["remote", "easy"], tmp_path / "one", seed=4)
    two = play("planet", ["remote", "easy"], tmp_path / "two", seed=4)
    assert one.report["winner"] == two.report["winner"]
    seen = [c.received for c in (one.clients[0], two.clients[0])]
    assert [m for m in seen[0] if '"welcome"' not in m] == [
        m for m in seen[1] if '"welcome"' not in m
    ]
    assert one.reports[0]["token"] != two.reports[0]["token"]  # a seat's token is new each time


def test_host_and_join_as_commands(tmp_path: Path) -> None:
    port = free_port()
    host = bakugan(
        "host", "--rules", "planet", "--seats", "remote,easy", "--port", str(port),
        "--code", "PLANET", "--headless", "--bot", "easy", "--json", "--record", str(tmp_path),
    )  # fmt: skip
    try:
        listening(port, host)
        save = tmp_path / "seen.jsonl"
        join = bakugan(
            "join", f"127.0.0.1:{port}", "--code", "planet", "--name", "Dan", "--headless",
            "--bot", "easy", "--json", "--save", str(save),
        )  # fmt: skip
        code, joined, err = finished(join)
    finally:
        host_code, hosted, host_err = finished(host)
    assert code == 0 and host_code == 0, (err, host_err)
    assert {"game", "seats", "winner", "replay"} <= set(joined) and {
        "game",
        "seats",
        "winner",
        "replay",
    } <= set(hosted)
    assert joined["winner"] == hosted["winner"] and joined["seat"] == 0
    assert hosted["seats"] == joined["seats"] == ["remote", "easy"]
    assert (
        joined["replay"] == str(save)
        and save.read_text().count("\n") == joined["messages_received"]
    )
    assert "Dan joined, in seat 1" in host_err
    identical(hosted["replay"])


def test_without_headless_the_commands_open_the_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """`bakugan host` and `bakugan join` without --headless hand the match to the window
    (`game.ui.launch.network`), with its options as the command line gave them."""
    from game.__main__ import main
    from game.net.client import JoinOptions
    from game.net.options import HostOptions

    opened: list[tuple[str, object]] = []
    monkeypatch.setattr("game.ui.launch.network", lambda kind, o: opened.append((kind, o)) or 0)
    assert main(["host", "--rules", "planet", "--seats", "here,remote", "--code", "ab12"]) == 0
    assert main(["join", "10.0.0.7:9000", "--code", "AB12", "--name", "Dan"]) == 0
    (host_kind, host), (join_kind, join) = opened
    assert host_kind == "host" and isinstance(host, HostOptions)
    assert host.game == "planet" and host.seats == ("here", "remote") and host.code == "ab12"
    assert host.turn_seconds > 600  # a person takes their time
    assert join_kind == "join" and isinstance(join, JoinOptions)
    assert (join.address, join.port, join.code, join.name) == ("10.0.0.7", 9000, "AB12", "Dan")


def test_the_commands_refuse_what_they_cannot_do(tmp_path: Path) -> None:
    from game.__main__ import main

    assert main(["host", "--rules", "planet", "--seats", "remote,remote,easy", "--headless"]) == 2
    assert main(["host", "--rules", "classic", "--seats", "remote,nobody", "--headless"]) == 2
    assert main(["join", "127.0.0.1:1", "--code", "X", "--headless"]) == 2  # nobody there
