"""Damaged replay files (issue 18): each way a file can be bad gives its own one-line
message naming the file, and nothing crashes; random mutations of a good replay (of its
bytes, and of its JSON) end in "identical", "drifted" or the reader's or re-run's own
error, never in another exception (as tests/test_fuzz_loaders.py does for the other
loaders)."""

from __future__ import annotations

import gzip
import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.content.classic import shipped_catalog
from game.games.replays import check as check_replay
from game.games.replays import open_in, replay_files, verify_one
from game.match.classic.sim import run_physics_sim
from game.match.rerun import RerunError
from game.persist import replay_file
from game.persist.replay_file import ReplayError, parse_replay, read_replay
from game.rules.classic import Settings
from tests.test_fuzz_loaders import mutate, mutate_json

CAT = shipped_catalog()
RUNS = 150  # per kind of mutation: each re-run rolls the match's throws again


@pytest.fixture(scope="module")
def good(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("good")
    run_physics_sim(CAT, ["random", "greedy"], 1, 4, Settings(), record=open_in(folder))
    (path,) = replay_files([folder])
    return path


def _lines(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in gzip.decompress(path.read_bytes()).splitlines()]


def _pack(lines: list[Any]) -> bytes:
    return gzip.compress(b"".join(json.dumps(x).encode() + b"\n" for x in lines))


def _edit(change: Callable[[list[Any]], None]) -> Callable[[Path], bytes]:
    def make(good: Path) -> bytes:
        lines: list[Any] = _lines(good)
        change(lines)
        return _pack(lines)

    return make


def _set_header(key: str, value: Any) -> Callable[[Path], bytes]:
    return _edit(lambda lines: lines[0].__setitem__(key, value))


def _first(kind: str) -> Callable[[list[Any]], int]:
    return lambda lines: next(i for i, x in enumerate(lines) if i and x.get("t") == kind)


def _set_record(kind: str, key: str, value: Any) -> Callable[[Path], bytes]:
    return _edit(lambda lines: lines[_first(kind)(lines)].__setitem__(key, value))


def _raw(make: Callable[[bytes], bytes]) -> Callable[[Path], bytes]:
    return lambda good: make(good.read_bytes())


def _flip_middle(raw: bytes) -> bytes:
    data = bytearray(raw)
    for i in range(len(data) // 2, len(data) // 2 + 8):
        data[i] ^= 0x5A
    return bytes(data)


# kind -> (how to damage a good file, the reason the message must give)
DAMAGED: dict[str, tuple[Callable[[Path], bytes] | None, str]] = {
    "no such file": (None, "no such file"),
    "empty file": (_raw(lambda raw: b""), "not a gzip file"),
    "plain text": (_raw(lambda raw: b"hello\n"), "not a gzip file"),
    "gzip of nothing": (_raw(lambda raw: gzip.compress(b"")), "empty: no header"),
    "header not JSON": (_raw(lambda raw: gzip.compress(b"{oops\n")), "a line is not JSON"),
    "header a list": (_raw(lambda raw: gzip.compress(b"[1,2]\n")), "a line is not JSON"),
    "another format": (_set_header("format", "bakugan-save"), "not a replay of this game"),
    "newer version": (_set_header("version", 99), "made by a newer version"),
    "older version": (_set_header("version", 0), "an older replay format"),
    "no seed": (_edit(lambda lines: lines[0].pop("seed")), "header is incomplete"),
    "seed of text": (_set_header("seed", "x"), "header is incomplete"),
    "unknown record": (_edit(lambda lines: lines.append({"t": "boom"})), "record is malformed"),
    "record a number": (_edit(lambda lines: lines.insert(1, 7)), "record is malformed"),
    "record after end": (
        _edit(lambda lines: lines.append({"t": "act", "a": "p0 pass"})),
        "record is malformed",
    ),
    "damaged stream": (_raw(_flip_middle), "compressed data is damaged"),
    "garbage after end": (_raw(lambda raw: raw + b"garbage!"), "compressed data is damaged"),
    "unknown game": (_set_header("game", "chess"), "a game this version does not have"),
    "other cards": (_set_header("content_hash", "sha256:0"), "made with other cards"),
    "other physics": (_set_header("physics_hash", "sha256:0"), "another version of the physics"),
    "other pymunk": (_set_header("pymunk", "5.0"), "another version of the physics"),
    "bad kit": (
        _edit(lambda lines: lines[0]["kits"][0].__setitem__("bakugan", ["nobody"] * 3)),
        "inputs do not fit",
    ),
    "kits of the wrong shape": (_set_header("kits", [{"bakugan": ["nobody"]}]), "header is"),
    "illegal action": (
        _edit(lambda lines: lines.insert(1, {"t": "act", "a": "p1 pass"})),
        "inputs do not fit",
    ),
    "bad throw speed": (_set_record("throw", "speed", -5), "inputs do not fit"),
    "NaN in a record": (
        _raw(
            lambda raw: gzip.compress(
                gzip.decompress(raw).replace(b'"spin":', b'"spin":NaN,"x":', 1)
            )
        ),
        "a line is not JSON",
    ),
    "drifted digest": (_set_record("throw", "digest", "0" * 64), "drifted"),
}


def test_twenty_kinds_of_damaged_replay_each_give_their_own_line(
    good: Path, tmp_path: Path
) -> None:
    assert len(DAMAGED) >= 20
    seen: dict[str, str] = {}
    for kind, (make, reason) in DAMAGED.items():
        path = tmp_path / f"{kind.replace(' ', '_')}.replay.gz"
        if make is not None:
            path.write_bytes(make(good))
        verdict = verify_one(path)
        line = verdict.line
        assert "\n" not in line and "Traceback" not in line, kind
        assert path.name in line and reason in line, (kind, line)
        assert verdict.kind == ("drifted" if reason == "drifted" else "unchecked"), kind
        seen[kind] = line
    # each kind its own message (the file's name aside)
    texts = [line.split(": ", 1)[-1] for line in seen.values()]
    assert len(set(texts)) >= 20


def test_a_good_replay_is_identical(good: Path) -> None:
    assert verify_one(good).kind == "identical"


def _check(raw: bytes) -> None:
    """Read and re-run; only the reader's and the re-run's own errors may come out."""
    try:
        replay = parse_replay(raw, Path("fuzz.replay.gz"))
        check_replay(replay)  # (a game this build keeps no replays of: a ReplayError)
    except (ReplayError, RerunError) as e:
        assert "\n" not in str(e)


def test_fuzz_the_bytes_of_a_replay(good: Path) -> None:
    raw = good.read_bytes()
    rng = random.Random("issue-18:bytes")
    for i in range(RUNS):
        bad = mutate(raw, rng)
        try:
            _check(bad)
        except Exception as e:
            raise AssertionError(f"run {i}: {type(e).__name__}: {e}") from e


def test_fuzz_the_records_of_a_replay(good: Path) -> None:
    lines = _lines(good)
    rng = random.Random("issue-18:json")
    for i in range(RUNS):
        changed = list(lines)
        at = rng.randrange(len(changed))
        changed[at] = mutate_json(changed[at], rng)
        try:
            _check(_pack(changed))
        except Exception as e:
            raise AssertionError(f"run {i} (line {at + 1}): {type(e).__name__}: {e}") from e


def test_a_too_large_file_is_refused_unread(
    good: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(replay_file, "MAX_FILE_BYTES", 100)
    with pytest.raises(ReplayError) as e:
        read_replay(good)
    assert e.value.reason == "too_large"
