"""Every field of every record that a re-run can compute is compared (issue 25, point 4),
by one comparer shared by the three games' re-runs (`game.match.replay_check`).

Before, a tampered Attack end record (the winner changed) verified identical and was
imported, and the Replays list showed the wrong winner: the Attack re-run compared only
the points. Here each computable field of each record kind of each game is changed by
hand (a classic throw's player, Bakugan and digest; every game's end: winner, turns,
points, rounds; a Planet roll's digest), and each file is "drifted", named by its record
and its field, and refused by the import. The caps on a re-run's work (throws rolled
again, time) refuse with their own line."""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.content.attack import shipped_deck
from game.games.replays import import_replay, verify_one
from game.match import replay_check
from game.match.attack.recording import ReplayMatch
from game.match.replay_check import RecordCheck, compare, same
from game.persist.replay_file import ReplayError
from tests.persist.replay_samples import lines_of, pack, record_each_game

Tamper = Callable[[dict[str, Any], dict[str, Any]], Any]
"""(the record, the header) -> a new value for the field, of the right kind."""


def _other_player(record: dict[str, Any], header: dict[str, Any]) -> int:
    return (int(record["p"]) + 1) % len(header["seats"])


def _other_bakugan(record: dict[str, Any], header: dict[str, Any]) -> str:
    kit = header["kits"][record["p"]]["bakugan"]
    return next(b for b in kit if b != record["b"])


def _other_winner(record: dict[str, Any], header: dict[str, Any]) -> int:
    winner = record["winner"]
    return 0 if winner is None else (winner + 1) % len(header["seats"])


def _more(key: str) -> Tamper:
    return lambda record, header: record[key] + 1


def _digest(record: dict[str, Any], header: dict[str, Any]) -> str:
    return "0" * 64


def _points(record: dict[str, Any], header: dict[str, Any]) -> list[int]:
    return [record["points"][0] + 1, *record["points"][1:]]


# game -> record kind -> field -> how to change it
COMPUTABLE: dict[str, dict[str, dict[str, Tamper]]] = {
    "classic": {
        "throw": {"p": _other_player, "b": _other_bakugan, "digest": _digest},
        "end": {"winner": _other_winner, "turns": _more("turns")},
    },
    "attack": {
        "end": {
            "winner": _other_winner,
            "points": _points,
            "rounds": _more("rounds"),
        },
    },
    "planet": {
        "roll": {"digest": _digest},
        "end": {"winner": _other_winner, "turns": _more("turns")},
    },
}
CASES = [
    (game, kind, name)
    for game, kinds in COMPUTABLE.items()
    for kind, fields in kinds.items()
    for name in fields
]


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[dict[str, Any]]]:
    return {g: lines_of(p) for g, p in record_each_game(tmp_path_factory.mktemp("s")).items()}


@pytest.mark.parametrize(("game", "kind", "name"), CASES)
def test_a_tampered_field_of_each_record_of_each_game_drifts_named(
    samples: dict[str, list[dict[str, Any]]], game: str, kind: str, name: str, tmp_path: Path
) -> None:
    lines = copy.deepcopy(samples[game])
    at = next(i for i, r in enumerate(lines) if i and r["t"] == kind)
    before = lines[at][name]
    lines[at][name] = COMPUTABLE[game][kind][name](lines[at], lines[0])
    assert lines[at][name] != before
    path = tmp_path / f"{game}-{kind}-{name}.replay.gz"
    path.write_bytes(pack(lines))
    verdict = verify_one(path)
    assert verdict.kind == "drifted", verdict.line
    assert verdict.line.startswith(f"drifted {path.name}: record {at} ({kind}): {name}: "), (
        verdict.line
    )
    with pytest.raises(ReplayError) as e:
        import_replay(path, tmp_path / "replays")
    assert e.value.reason == "drift" and f"record {at} ({kind}): {name}" in str(e.value)
    assert not (tmp_path / "replays").exists() or not any((tmp_path / "replays").iterdir())


@pytest.mark.parametrize(
    ("game", "refused"), [("classic", True), ("planet", True), ("attack", False)]
)
def test_another_physics_refuses_only_the_games_whose_records_roll_on_the_table(
    samples: dict[str, list[dict[str, Any]]], game: str, refused: bool, tmp_path: Path
) -> None:
    """A new judge (the physics hash) changes where a thrown sphere stops, so a classic
    or Battle Planet replay made before is refused; an Attack replay holds no throw (the
    dice's faces are the rules' roll) and re-runs alike."""
    lines = copy.deepcopy(samples[game])
    lines[0]["physics_hash"] = "sha256:" + "0" * 64
    path = tmp_path / f"{game}.replay.gz"
    path.write_bytes(pack(lines))
    verdict = verify_one(path)
    assert (verdict.kind, "physics" in verdict.line) == (
        ("unchecked", True) if refused else ("identical", False)
    ), verdict.line


def test_every_computable_field_of_the_records_the_games_write_is_tampered_above(
    samples: dict[str, list[dict[str, Any]]],
) -> None:
    """The list above is the whole of it: every field of the kinds the re-runs write,
    but a choice's text and a throw's inputs (what the re-run is given, not what it
    computes)."""
    inputs = {"t", "a", "origin", "angle", "speed", "spin", "radius", "mass", "throws", "sphere"}
    for game, lines in samples.items():
        for record in lines[1:]:
            if record["t"] in ("act", "note"):
                continue
            assert set(record) - inputs == set(COMPUTABLE[game][record["t"]]), (game, record)


def test_the_attack_viewer_names_a_tampered_winner(
    samples: dict[str, list[dict[str, Any]]],
) -> None:
    lines = copy.deepcopy(samples["attack"])
    end = len(lines) - 1
    lines[end]["winner"] = _other_winner(lines[end], lines[0])
    match = ReplayMatch(shipped_deck(), lines[0], lines[1:], start=end)
    assert match.state.is_over()
    drift = match.end_drift()
    assert drift is not None and drift.startswith(f"record {end} (end): winner: recorded ")
    good = samples["attack"]
    assert ReplayMatch(shipped_deck(), good[0], good[1:], start=end).end_drift() is None


def test_the_comparer_tells_kinds_and_missing_fields_apart() -> None:
    assert same(1, 1.0) and not same(True, 1) and not same(None, 0) and same([1, 2], [1.0, 2])
    drift = compare(
        4, {"t": "end", "winner": 1, "turns": 3}, {"t": "end", "winner": True, "turns": 3}
    )
    assert drift is not None and str(drift) == "record 5 (end): winner: recorded 1, re-run True"
    drift = compare(0, {"t": "act", "a": "p0 pass"}, {"t": "end", "winner": 0, "turns": 1})
    assert str(drift) == "record 1 (act): the re-run writes a end record here"
    drift = compare(0, {"t": "end", "winner": 0}, {"t": "end", "winner": 0, "turns": 1})
    assert str(drift) == "record 1 (end): turns: recorded nothing, re-run 1"
    check = RecordCheck([{"t": "note", "kind": "x"}, {"t": "act", "a": "p0 pass"}])
    check.take({"t": "act", "a": "p0 pass"})  # the note is passed over
    check.take({"t": "end", "winner": 0, "turns": 1})  # the replay ended first: unfinished
    assert check.drift is None


@pytest.mark.parametrize("game", ["classic", "planet"])
def test_a_replay_asking_more_throws_than_the_cap_is_refused(
    samples: dict[str, list[dict[str, Any]]],
    game: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(replay_check, "MAX_THROWS", 1)
    path = tmp_path / f"{game}.replay.gz"
    path.write_bytes(pack(samples[game]))
    line = verify_one(path).line
    assert line.startswith(f"cannot check {path.name}: too large for a replay (record ")
    assert line.endswith(": more than 1 throws to roll)"), line


@pytest.mark.parametrize("game", ["classic", "attack", "planet"])
def test_a_replay_that_takes_longer_than_the_cap_is_refused(
    samples: dict[str, list[dict[str, Any]]],
    game: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(replay_check, "MAX_SECONDS", 0.0)
    path = tmp_path / f"{game}.replay.gz"
    path.write_bytes(pack(samples[game]))
    with pytest.raises(ReplayError) as e:
        import_replay(path, tmp_path / "replays")
    assert e.value.reason == "too_long"
    assert "too long to check" in str(e.value) and "still re-running after 0 s" in str(e.value)
