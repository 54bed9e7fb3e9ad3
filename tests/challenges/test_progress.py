"""Progress per user: saved atomically, survives a restart, and a damaged file never
stops the game (defaults, one warning, the bad file set aside)."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest

from game.persist import progress as prog
from game.persist.progress import Progress, progress_path


def test_progress_lives_under_bakugan_home(home: Path) -> None:
    assert progress_path() == home / "data" / "challenges.json"


def test_progress_survives_a_restart(home: Path) -> None:
    p = Progress.load()
    assert p.records == {} and p.warning is None
    better, before = p.add_result("first_throw", 1500, 2)
    assert better and before.plays == 0
    assert p.save()
    again = Progress.load()
    assert again.record("first_throw") == prog.LevelRecord(best=1500, stars=2, plays=1)
    # a worse try keeps the best and the stars, and counts the play
    better, _ = again.add_result("first_throw", 1200, 1)
    assert not better
    again.save()
    third = Progress.load()
    assert third.record("first_throw") == prog.LevelRecord(best=1500, stars=2, plays=2)


def test_the_file_is_written_atomically(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    p = Progress.load()
    p.add_result("a", 1000, 1)
    p.save()
    path = progress_path()
    original = path.read_text(encoding="utf-8")
    replaced: list[tuple[str, str]] = []
    real_replace = os.replace

    def spy(src: str, dst: str) -> None:
        replaced.append((str(src), str(dst)))
        real_replace(src, dst)

    monkeypatch.setattr(prog.os, "replace", spy)
    p.add_result("b", 1800, 3)
    p.save()
    assert replaced and replaced[-1][1] == str(path)
    assert Path(replaced[-1][0]).parent == path.parent  # same folder: one file system

    # a crash while writing leaves the old file whole and no stray temporary file
    def crash(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(prog.os, "replace", crash)
    p.add_result("c", 1000, 1)
    assert not p.save() and p.save_failed
    assert json.loads(path.read_text(encoding="utf-8"))["levels"].keys() == {"a", "b"}
    assert [f.name for f in path.parent.iterdir()] == [path.name]
    assert original  # the first write was whole too


@pytest.mark.parametrize(
    ("content", "why"),
    [
        (b"{ this is not json", "not_json"),
        (b"\xff\xfe\x00garbage", "not_json"),
        (b"[1, 2, 3]", "not_progress"),
        (json.dumps({"kind": "something else", "version": 1}).encode(), "not_progress"),
        (json.dumps({"kind": prog.KIND, "version": 99, "levels": {}}).encode(), "version"),
        (
            json.dumps(
                {"kind": prog.KIND, "version": 1, "levels": {"a": {"best": "lots"}}}
            ).encode(),
            "not_progress",
        ),
        (
            json.dumps(
                {
                    "kind": prog.KIND,
                    "version": 1,
                    "levels": {"a": {"best": 10, "stars": 7, "plays": 1}},
                }
            ).encode(),
            "not_progress",
        ),
    ],
)
def test_a_damaged_file_gives_defaults_and_one_warning(
    home: Path, caplog: pytest.LogCaptureFixture, content: bytes, why: str
) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    with caplog.at_level(logging.WARNING, logger="game.persist.progress"):
        p = Progress.load()
    assert p.records == {}
    assert p.warning is not None and p.warning.why == why
    assert len([r for r in caplog.records if r.levelno >= logging.WARNING]) == 1
    # the damaged file is kept aside, not lost, and a new save works
    assert p.warning.kept_as is not None and Path(p.warning.kept_as).read_bytes() == content
    p.add_result("first_throw", 1000, 1)
    assert p.save()
    assert Progress.load().stars("first_throw") == 1


def test_levels_unlock_in_order() -> None:
    p = Progress(Path("unused.json"))
    ids = ["one", "two", "three", "four"]
    assert p.unlocked(ids) == {"one"}
    p.add_result("one", 1000, 1)
    assert p.unlocked(ids) == {"one", "two"}
    p.add_result("two", 500, 0)  # played, no star: the next stays locked
    assert p.unlocked(ids) == {"one", "two"}
    p.add_result("two", 1700, 3)
    assert p.unlocked(ids) == {"one", "two", "three"}
    assert p.total_stars(ids) == 4
