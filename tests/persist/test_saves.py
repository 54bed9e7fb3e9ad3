"""The autosave: atomic, checked whole, set aside when damaged, and a resumed match is
the same match (same state, same legal actions, same next events)."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game.content.classic import shipped_catalog
from game.files.lang import tr
from game.match.classic.persist import SessionFormatError, session_from_json, session_to_json
from game.match.classic.seats import BotSeat
from game.match.classic.session import MatchSession
from game.persist import paths, saves
from game.persist.saves import (
    SaveError,
    clear_save,
    has_save,
    load_match,
    restore_match,
    save_match,
)
from game.rules.classic import random_kit

CAT = shipped_catalog()
PAYLOAD: dict[str, Any] = {
    "session": {"turn": 3, "resting": [[0, "dragonoid", 310.25, 402.0000001]]},
    "ui": {"human": 0, "names": ["Дэн", "Masquerade"]},
}


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    return tmp_path


def _files() -> list[str]:
    folder = paths.data_dir()
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def test_save_and_load_round_trip(home: Path) -> None:
    assert not has_save() and load_match() == (None, None)
    path = save_match(PAYLOAD)
    assert path == home / "data" / "autosave.json" and has_save()
    envelope = json.loads(path.read_text("utf-8"))
    assert envelope["format"] == "bakugan-save" and envelope["version"] == 1
    assert envelope["checksum"] == saves.checksum(PAYLOAD)
    assert load_match(required=("session", "ui")) == (PAYLOAD, None)
    assert _files() == ["autosave.json"]
    clear_save()
    assert not has_save() and load_match() == (None, None) and _files() == []
    clear_save()  # nothing to clear: fine


def _tamper_payload(envelope: dict[str, Any]) -> None:
    envelope["payload"]["session"]["turn"] = 4


def _bump_version(envelope: dict[str, Any]) -> None:
    envelope["version"] = 2


def _drop_checksum(envelope: dict[str, Any]) -> None:
    del envelope["checksum"]


def _foreign(envelope: dict[str, Any]) -> None:
    envelope["format"] = "someone-else"


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda raw: raw[: len(raw) // 2], "not_json"),
        (lambda raw: b"\xff\xfe\x00garbage", "not_json"),
        (lambda raw: b"[1, 2, 3]", "not_a_save"),
        (lambda raw: b"", "not_json"),
        (_tamper_payload, "checksum"),
        (_bump_version, "version"),
        (_drop_checksum, "missing"),
        (_foreign, "not_a_save"),
    ],
)
def test_a_damaged_save_is_set_aside_and_reported(damage: Any, reason: str) -> None:
    path = save_match(PAYLOAD)
    raw = path.read_bytes()
    if damage.__name__ == "<lambda>":
        bad = damage(raw)
    else:
        envelope = json.loads(raw)
        damage(envelope)
        bad = json.dumps(envelope).encode()
    path.write_bytes(bad)

    data, error = load_match()
    assert data is None and isinstance(error, SaveError) and error.reason == reason
    assert not path.exists() and not has_save()
    assert error.moved_to is not None and error.moved_to.read_bytes() == bad
    assert re.fullmatch(r"autosave\.damaged-\d{8}-\d{6}\.json", error.moved_to.name)
    # Reported with a catalog message, in both languages, every field filled.
    assert error.key == "save.damaged" and error.params["file"] == error.moved_to.name
    for lang in ("en", "ru"):
        text = error.text(lang)
        assert error.moved_to.name in text and "{" not in text and "save.why" not in text
        assert tr(lang, error.params["why"]) in text
    # It is never read again, and the next save starts fresh.
    assert load_match() == (None, None)
    save_match(PAYLOAD)
    assert load_match() == (PAYLOAD, None)


def test_a_damaged_save_in_a_read_only_folder_stays_and_is_not_offered_again(
    faults: Any,
) -> None:
    """The folder refuses the move (and any delete): the message says the file stays,
    where, and Continue stops offering it, never "The file was removed"."""
    path = save_match(PAYLOAD, "attack")
    path.write_bytes(b"{ damaged")
    faults.read_only(path.parent)
    assert has_save("attack") and saves.newest_game() == "attack"
    data, error = load_match(game="attack")
    assert data is None and error is not None and error.moved_to is None
    assert path.read_bytes() == b"{ damaged"  # never lost
    assert error.key == "save.damaged_left" and error.params["file"] == path.name
    for lang in ("en", "ru"):
        text = error.text(lang)
        assert path.name in text and "{" not in text and tr(lang, "save.why_not_json") in text
    assert "could not be set aside either" in error.text("en")
    assert "removed" not in error.text("en") and "удалён" not in error.text("ru")
    assert not has_save("attack") and not has_save() and saves.newest_game() is None
    assert load_match(game="attack") == (None, None)
    # a file that changes since (the player put a good save there) is offered again
    faults.lift()
    path.write_bytes(saves.encode(PAYLOAD, game="attack"))
    assert has_save("attack") and load_match(game="attack") == (PAYLOAD, None)


def test_two_damaged_saves_in_one_second_both_kept() -> None:
    for _ in range(2):
        save_match(PAYLOAD).write_text("{", "utf-8")
        assert load_match()[1] is not None
    assert len([f for f in _files() if ".damaged-" in f]) == 2


def test_a_save_missing_required_fields_is_damaged() -> None:
    save_match({"session": {}})
    data, error = load_match(required=("session", "ui"))
    assert data is None and error is not None and error.reason == "missing"
    assert "ui" in str(error)


def test_a_payload_that_does_not_restore_is_damaged() -> None:
    save_match(PAYLOAD)

    def restore(data: dict[str, Any]) -> object:
        raise SessionFormatError("state: KeyError: 'players'")

    value, error = restore_match(restore)
    assert value is None and error is not None and error.reason == "bad_match"
    assert error.moved_to is not None and not has_save()
    assert restore_match(lambda d: d) == (None, None)


def test_an_unsaveable_payload_raises_save_error_and_keeps_the_old_save() -> None:
    save_match(PAYLOAD)
    for bad in ({"x": float("nan")}, {"x": object()}):
        with pytest.raises(SaveError) as info:
            save_match(bad)
        assert info.value.reason == "not_saved" and info.value.key == "save.not_saved"
        assert info.value.text("ru")
    assert load_match() == (PAYLOAD, None)


# ---------------------------------------------------------------- interrupted writes


def test_a_write_interrupted_before_the_rename_keeps_the_previous_save(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    save_match(PAYLOAD)

    def crash(src: object, dst: object) -> None:
        raise OSError(5, "Input/output error")

    with monkeypatch.context() as m:
        m.setattr(os, "replace", crash)
        with pytest.raises(SaveError, match="cannot write"):
            save_match({"session": {"turn": 99}})
    assert load_match() == (PAYLOAD, None)
    assert _files() == ["autosave.json"]  # the half-done temp file was removed


_KILLED_MIDWAY = """
import os, signal, sys
import game.files.atomic as atomic
from game.persist.saves import save_match

real_write = os.write
def die_midway(fd):
    # The new save is half on disk (in the temp file) when the process dies.
    os.ftruncate(fd, os.fstat(fd).st_size // 2)
    os.kill(os.getpid(), signal.SIGKILL)

atomic.os.fsync = die_midway
save_match({"session": {"turn": 99}, "ui": {"padding": "x" * 5000}})
print("not reached")
"""


@pytest.mark.skipif(os.name != "posix", reason="needs SIGKILL")
def test_a_process_killed_midway_through_a_save_leaves_the_previous_save(home: Path) -> None:
    save_match(PAYLOAD)
    run = subprocess.run(
        [sys.executable, "-c", _KILLED_MIDWAY],
        env={**os.environ, "BAKUGAN_HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == -9 and "not reached" not in run.stdout, run.stderr
    strays = [f for f in _files() if f.endswith(".tmp")]
    assert len(strays) == 1  # the half-written new save, never renamed into place
    assert load_match() == (PAYLOAD, None)
    save_match(PAYLOAD)  # the next save sweeps the stray away
    assert _files() == ["autosave.json"]


# ---------------------------------------------------------------- resuming a match


def _new_session(seed: int) -> MatchSession:
    rng = random.Random(seed)
    return MatchSession(CAT, [random_kit(CAT, rng), random_kit(CAT, rng)], seed=seed)


def _step(sessions: list[MatchSession], seats: list[BotSeat]) -> list[list[str]]:
    """The next move, chosen once on the first session, applied to every session."""
    first = sessions[0]
    player = first.actor()
    assert player is not None
    obs = first.observation(player)
    waiting = first.awaiting_throw()
    out: list[list[str]] = []
    if waiting is not None:
        throw = seats[player].throw(obs, waiting[1], first.table(), first.zone(player))
        for s in sessions:
            entries = s.throw(player, throw)
            digest = entries[0].result.digest()  # type: ignore[union-attr]
            out.append([digest, *map(str, entries)])
    else:
        action = seats[player].choose(obs, first.legal_actions())
        out = [[str(e) for e in s.act(action)] for s in sessions]
    return out


@pytest.mark.parametrize("seed", [5, 11])
def test_a_resumed_match_is_the_same_match(seed: int) -> None:
    original = _new_session(seed)
    seats = [BotSeat.named("greedy", CAT, seed), BotSeat.named("random", CAT, seed + 1)]
    for _ in range(400):  # play until Bakugan stand on the table, a few turns in
        _step([original], seats)
        if original.resting and original.state.turn >= 3 and not original.awaiting_throw():
            break
    assert original.resting and not original.over

    save_match({"session": session_to_json(original)})
    data, error = restore_match(lambda d: session_from_json(d["session"], CAT))
    assert error is None and data is not None
    resumed = data
    assert resumed.state == original.state and resumed.state is not original.state
    assert resumed.resting == original.resting
    assert resumed.table() == original.table()
    assert resumed.actor() == original.actor()
    assert list(map(str, resumed.legal_actions())) == list(map(str, original.legal_actions()))

    for _ in range(60):  # the same moves give the same events, throws included
        if original.over:
            break
        events = _step([original, resumed], seats)
        assert events[0] == events[1]
        assert resumed.state == original.state and resumed.resting == original.resting


def test_resuming_at_any_point_of_a_whole_match_changes_nothing() -> None:
    seed = 23
    original = _new_session(seed)
    seats = [BotSeat.named("random", CAT, seed), BotSeat.named("greedy", CAT, seed + 1)]
    for _ in range(2000):
        if original.over:
            break
        data = json.loads(json.dumps(session_to_json(original)))
        resumed = session_from_json(data, CAT)
        assert resumed.state == original.state
        events = _step([original, resumed], seats)
        assert events[0] == events[1]
    assert original.over


def test_session_json_is_plain_json_and_checked() -> None:
    s = _new_session(3)
    data = json.loads(json.dumps(session_to_json(s)))
    assert session_from_json(data, CAT).state == s.state
    with pytest.raises(SessionFormatError, match="format"):
        session_from_json({**data, "format": "x"}, CAT)
    with pytest.raises(SessionFormatError, match="missing fields: resting"):
        session_from_json({k: v for k, v in data.items() if k != "resting"}, CAT)
    with pytest.raises(SessionFormatError, match="table"):
        session_from_json({**data, "table": ["wide", 1]}, CAT)
    broken = json.loads(json.dumps(data))
    broken["state"]["players"][0]["unused"][0] = "no-such-bakugan"
    with pytest.raises(SessionFormatError, match="no-such-bakugan"):
        session_from_json(broken, CAT)
    broken = json.loads(json.dumps(data))
    del broken["state"]["players"]
    with pytest.raises(SessionFormatError, match="state"):
        session_from_json(broken, CAT)
    with pytest.raises(SessionFormatError, match="resting"):
        session_from_json({**data, "resting": [[0, "dragonoid", 1.0, 2.0]]}, CAT)
