"""The fourth game proves the seam: the gate race, registered from the tests alone,
runs through the same commands and pipelines as the shipped games (`sim`, `scenario`,
`sim --record` and `replay --verify`, the stats, the autosave and its resume)."""

from __future__ import annotations

import dataclasses
import gzip
import io
import json
import math
from collections.abc import Iterator
from contextlib import redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from game.__main__ import main
from game.games import REGISTRY, registered
from game.games.replays import read, stats_line, verify
from game.games.saves import checked
from game.match.protocol import MatchSession
from game.persist.replay_file import ReplayWriter
from game.persist.saves import load_save, restore_save, save_match
from game.physics import Throw
from game.rules.api import CHANCE, IllegalAction
from tests.games.race import record, rules
from tests.games.race.table import ORIGINS, SPEEDS, RaceSession, play

SCENARIOS = Path(__file__).parent / "scenarios"


@pytest.fixture(autouse=True)
def race() -> Iterator[None]:
    with registered(record.RECORD):
        yield


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(list(argv))
    return code, out.getvalue()


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in gzip.decompress(path.read_bytes()).splitlines()]


def write_lines(path: Path, lines: list[dict[str, Any]]) -> None:
    path.write_bytes(gzip.compress(b"".join(json.dumps(x).encode() + b"\n" for x in lines)))


# --- registration -----------------------------------------------------------------


def test_the_race_is_a_game_only_while_registered() -> None:
    assert "race" in REGISTRY and list(REGISTRY)[:3] == ["classic", "attack", "planet"]
    with pytest.raises(ValueError, match="registered already"), registered(record.RECORD):
        pass
    assert "race" in REGISTRY  # (the refused second registration took nothing away)


def test_a_game_registered_for_a_block_is_unknown_after_it() -> None:
    twin = dataclasses.replace(record.RECORD, id="race_twin")
    with registered(twin):
        assert run("sim", "--rules", "race_twin", "--games", "1")[0] == 0
    assert "race_twin" not in REGISTRY
    assert run("sim", "--rules", "race_twin", "--games", "1")[0] == 2


# --- the rules core and the protocol ----------------------------------------------


def test_every_step_keeps_the_protocols_meanings() -> None:
    session = RaceSession(rules.Settings(), 3, ["steady", "wild"])
    assert isinstance(session, MatchSession)
    for _ in range(200):
        if session.over:
            break
        acting, throwing = session.to_act(), session.throwers()
        assert not (acting and throwing) and CHANCE not in acting
        for p in (0, 1):
            assert bool(session.legal_actions(p)) == (p in acting)
        assert rules.problems(session.state) == []
        session.step_bot()
    assert session.over and session.state.result() is not None
    with pytest.raises(IllegalAction):
        session.act(rules.Call("near"))


@pytest.mark.parametrize("action", [None, "call near", rules.Land("near"), rules.Call("side"), 3])
def test_an_action_that_is_not_legal_now_is_refused_and_changes_nothing(action: object) -> None:
    state = rules.RaceState()
    before = state.to_json()
    with pytest.raises(IllegalAction):
        state.apply(action)
    assert state.to_json() == before


# --- the commands -----------------------------------------------------------------


def test_sim_plays_races_the_same_way_twice() -> None:
    code, out = run("sim", "--rules", "race", "--games", "30", "--seed", "4", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 30 and sum(data["wins"]) == 30
    assert (
        json.loads(run("sim", "--rules", "race", "--games", "30", "--seed", "4", "--json")[1])[
            "wins"
        ]
        == data["wins"]
    )
    code, out = run("sim", "--rules", "race", "--games", "2", "--levels", "steady,nobody")
    assert code == 2


def test_the_scenarios_run_and_a_wrong_one_fails(tmp_path: Path) -> None:
    code, out = run("scenario", str(SCENARIOS))
    assert code == 0 and "4 passed, 0 failed" in out
    wrong = tmp_path / "wrong.toml"
    text = (SCENARIOS / "called_card_opened.toml").read_text().replace("[4, 0]", "[2, 0]")
    wrong.write_text(text)
    code, out = run("scenario", str(wrong))
    assert code == 1 and "positions [4, 0], expected [2, 0]" in out
    wrong.write_text(text.replace("steps = [", "steps = 3\nx = ["))
    code, out = run("scenario", str(wrong))
    assert code == 2 and "wrong.toml" in out and "steps" in out


def test_recorded_races_verify_identical_and_a_changed_record_drifts(tmp_path: Path) -> None:
    code, _ = run("sim", "--rules", "race", "--games", "4", "--record", str(tmp_path))
    files = sorted(tmp_path.glob("*.replay.gz"))
    assert code == 0 and len(files) == 4
    code, out = run("replay", "--verify", str(tmp_path))
    assert code == 0 and "4 identical, 0 drifted" in out
    lines = lines_of(files[0])
    land = next(i for i, x in enumerate(lines) if x.get("t") == "land")
    lines[land]["card"] = "far" if lines[land]["card"] != "far" else "near"
    write_lines(files[0], lines)
    out = io.StringIO()
    assert verify([files[0]], out) == 1
    assert f"record {land} (land): card" in out.getvalue()


def person_match(path: Path, seed: int = 8) -> RaceSession:
    """A person (seat 0) against the steady computer, every throw at the far card."""
    settings = rules.Settings()
    writer = ReplayWriter(path, record.race_header(seed, [None, "steady"], settings))
    session = RaceSession(settings, seed, [None, "steady"], writer.write)
    for n in range(200):
        if session.over:
            break
        if session.state.turn == 1:
            session.step_bot()
        elif session.to_act():
            session.act(rules.Call("far"))
        else:
            wobble = 40.0 * math.sin(n)
            session.throw(Throw(ORIGINS[0], math.pi / 2, SPEEDS["far"] + wobble))
    writer.close()
    return session


def test_a_persons_race_verifies_and_counts_in_the_record(tmp_path: Path) -> None:
    path = tmp_path / "mine.replay.gz"
    session = person_match(path)
    assert verify([path], io.StringIO()) == 0
    line = stats_line(read(path))
    assert line is not None and line.game == "race" and line.mode == "vs_ai"
    assert line.won == (session.state.winner == 0)
    assert line.throws == sum(1 for x in lines_of(path) if x.get("t") == "land" and x["p"] == 0)


def test_a_replay_of_a_race_cut_short_verifies_as_unfinished(tmp_path: Path) -> None:
    path = tmp_path / "cut.replay.gz"
    person_match(path)
    lines = lines_of(path)
    write_lines(path, lines[: len(lines) // 2])
    out = io.StringIO()
    assert verify([path], out) == 0 and "unfinished" in out.getvalue()
    assert stats_line(read(path)) is None


# --- the autosave -------------------------------------------------------------------


def test_a_saved_race_resumes_to_the_same_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    whole: list[dict[str, Any]] = []
    play(RaceSession(rules.Settings(), 12, ["wild", "steady"], whole.append))
    first: list[dict[str, Any]] = []
    session = RaceSession(rules.Settings(), 12, ["wild", "steady"], first.append)
    for _ in range(7):
        session.step_bot()
    save_match(session.snapshot(), "race", REGISTRY["race"].save_version)
    resumed, error = restore_save(
        lambda saved: RaceSession.resume(checked(saved).payload), game="race"
    )
    assert error is None and resumed is not None
    rest: list[dict[str, Any]] = []
    resumed.record = rest.append
    play(resumed)
    assert rest and first + rest == whole


def test_an_impossible_race_save_is_set_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    session = RaceSession(rules.Settings(), 1, ["wild", "steady"])
    payload = session.snapshot()
    payload["state"]["winner"] = 1  # a winner nowhere near the goal
    path = save_match(payload, "race")
    resumed, error = restore_save(lambda saved: checked(saved), game="race")
    assert resumed is None and error is not None and error.reason == "impossible"
    assert "winner" in str(error) and not path.exists()
    assert load_save(game="race") == (None, None)
