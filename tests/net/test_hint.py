"""A joined headless seat (`bakugan join --headless --bot LEVEL`) is played by that
computer level, and the thinking is the host's: each question it is sent carries the
level's answer (``hint``), thought from that seat's observation by a computer seeded as
one seated there by the host would be. So a match with a joined ``--bot hard`` is, record
for record, the match with ``hard`` in that seat at the host."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.games.replays import read
from game.net.client import JoinOptions
from tests.net.play import CODE, LOOPBACK, play


def _records(replay: str) -> list[dict[str, Any]]:
    return read(Path(replay)).records


@pytest.mark.parametrize(
    ("game", "joined", "hosted"),
    [
        ("classic", ["remote", "easy"], ["hard", "easy"]),
        ("planet", ["easy", "remote"], ["easy", "normal"]),
        ("attack", ["remote", "easy", "remote"], ["normal", "easy", "normal"]),
    ],
)
def test_a_joined_bot_plays_the_level_as_the_host_would_seat_it(
    tmp_path: Path, game: str, joined: list[str], hosted: list[str]
) -> None:
    level = next(h for j, h in zip(joined, hosted, strict=True) if j == "remote")
    played = play(
        game,
        joined,
        tmp_path / "joined",
        join=lambda i, port: JoinOptions(LOOPBACK, port, CODE, f"c{i}", bot=level),
    )
    alone = play(game, hosted, tmp_path / "alone")
    assert played.report["winner"] == alone.report["winner"]
    records, expected = _records(played.report["replay"]), _records(alone.report["replay"])
    if game == "attack":  # choices made at once are recorded in the order they came in
        expected_texts = sorted(json.dumps(r, sort_keys=True) for r in expected)
        assert sorted(json.dumps(r, sort_keys=True) for r in records) == expected_texts
    else:
        assert records == expected
    asked = [json.loads(t) for c in played.clients for t in c.received]
    turns = [m for m in asked if m["type"] == "turn"]
    assert turns and all("hint" in m for m in turns)
    for m in turns:  # a choice's hint is one of its legal texts
        if m["kind"] == "act":
            assert m["hint"] in m["legal"]


def test_a_seat_that_asks_for_no_level_is_sent_no_hint(tmp_path: Path) -> None:
    played = play(
        "classic",
        ["remote", "easy"],
        tmp_path,
        join=lambda i, port: JoinOptions(LOOPBACK, port, CODE, "c", bot="grandmaster"),
    )
    turns = [json.loads(t) for t in played.clients[0].received if '"turn"' in t]
    assert turns and not [m for m in turns if "hint" in m]  # its own brain answers
    assert played.reports[0]["over"]
