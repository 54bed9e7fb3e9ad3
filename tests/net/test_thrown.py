"""Each throw resolved at the host reaches every screen as its path (the ``thrown``
message): the same bytes to every seat, on the table the thrower aimed on, from the
throw's release to where the host's physics put the sphere to rest, before anything
that follows it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from game.games import net_paths
from game.games.replays import read
from tests.net.play import play


def _messages(texts: list[str]) -> list[dict[str, Any]]:
    return [json.loads(t) for t in texts]


def _throws(replay: str) -> list[list[dict[str, Any]]]:
    """Each throw record's throws (a Planet roll: both), in order."""
    out = []
    for record in read(Path(replay)).records:
        if record.get("t") == "throw":
            out.append([record])
        elif record.get("t") == "roll":
            out.append(list(record["throws"]))
    return out


def _seats(thrown: dict[str, Any]) -> set[int]:
    return {p["seat"] for p in thrown["paths"]}


@pytest.mark.parametrize(
    ("game", "seats"),
    [("classic", ["remote", "remote", "remote"]), ("planet", ["remote", "remote"])],
)
def test_every_screen_is_sent_each_throw_s_path_from_release_to_rest(
    tmp_path: Path, game: str, seats: list[str]
) -> None:
    played = play(game, seats, tmp_path)
    streams = [_messages(c.received) for c in played.clients]
    thrown = [[m for m in s if m["type"] == "thrown"] for s in streams]
    assert thrown[0] and all(t == thrown[0] for t in thrown)  # every screen, the same
    assert [m["n"] for m in thrown[0]] == list(range(1, len(thrown[0]) + 1))
    throws = _throws(played.report["replay"])
    assert len(throws) == len(thrown[0])  # one path message a throw the replay keeps
    timeline = [
        e
        for e in played.host.table.session.timeline  # type: ignore[union-attr]
        if type(e).__name__ in ("ThrowDone", "RollDone")
    ]
    for message, made, entry in zip(thrown[0], throws, timeline, strict=True):
        paths = message["paths"]
        assert len(paths) == len(made)  # a Planet roll: both spheres
        for path, throw in zip(paths, made, strict=True):
            assert path["points"][0] == [round(v, 1) for v in throw["origin"]]
            assert path["points"][-1] == path["rest"]
            assert 2 <= len(path["points"]) <= net_paths.MAX_POINTS + 1
        landings = [entry.result.landing] if game == "classic" else list(entry.outcome.landings)
        for path, landing in zip(paths, landings, strict=True):
            assert path["rest"] == [round(v, 1) for v in landing.position]
            assert path["opened"] == landing.opened
            assert (path["place"] is None) == (landing.card is None)
    # the path comes before the question after it: its thrower's next turn shows the
    # table as the throw left it, the path the table as the throw found it
    checked = 0
    for seat, stream in enumerate(streams):
        asked: dict[str, Any] | None = None
        for message in stream:
            if message["type"] == "turn" and message["kind"] == "throw":
                asked = message
            elif message["type"] == "thrown" and asked is not None and seat in _seats(message):
                context = {**message["table"], "zone": message["zones"][seat]}
                assert context == {k: v for k, v in asked["context"].items() if k != "throws"}
                asked = None
                checked += 1
    assert checked >= len(seats)  # every seat threw, and its path came after its turn


def test_a_path_is_thinned_to_its_cap_and_keeps_its_release_and_rest() -> None:
    from game import physics

    table = physics.grid_table([(2, 1), (2, 3)])
    throw = physics.Throw(origin=(400.0, 80.0), angle=1.5707963267948966, speed=1500.0)
    result = physics.resolve_throw(table, throw)
    n = len(result.trajectory)
    assert n > net_paths.MAX_POINTS  # a throw's every step is more than the cap
    path = net_paths.path_of(0, result.trajectory, result.landing)
    points = path["points"]
    assert len(points) <= net_paths.MAX_POINTS + 1
    assert points[0] == [400.0, 80.0]
    last = result.trajectory[n - 1]
    assert points[-1] == [round(last[0], 1), round(last[1], 1)]
    # the points are `step` seconds apart: the path lasts as long as the roll did
    assert (
        (len(points) - 2) * path["step"]
        < result.trajectory.duration
        <= (len(points) - 1) * path["step"] + 1e-9
    )
