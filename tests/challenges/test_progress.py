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

    monkeypatch.setattr(os, "replace", spy)
    p.add_result("b", 1800, 3)
    p.save()
    assert replaced and replaced[-1][1] == str(path)
    assert Path(replaced[-1][0]).parent == path.parent  # same folder: one file system

    # a crash while writing leaves the old file whole and no stray temporary file
    def crash(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
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


# ---------------------------------------------------------------- issue 13: never lose it


def _file(levels: object) -> bytes:
    return json.dumps({"kind": prog.KIND, "version": 1, "levels": levels}).encode()


GOOD = {"best": 1500, "stars": 2, "plays": 4}


def test_a_progress_file_that_cannot_be_read_is_never_written_over(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    content = _file({f"level{i}": GOOD for i in range(12)})
    path.write_bytes(content)
    real_open = Path.open

    def refuse(self: Path, *args: object, **kwargs: object) -> object:
        if self == path:
            raise PermissionError(13, "Permission denied")
        return real_open(self, *args, **kwargs)  # type: ignore[call-overload]

    with monkeypatch.context() as m:
        m.setattr(Path, "open", refuse)
        p = Progress.load()
    assert p.records == {} and p.read_only
    assert p.warning is not None and p.warning.why == "unreadable" and p.warning.kept_as is None
    assert "will not be saved" in p.warning.text("en") and "не сохранятся" in p.warning.text("ru")
    # the next finished level does not replace twelve records with one
    p.add_result("level0", 2000, 3)
    assert not p.save() and p.save_failed
    assert path.read_bytes() == content
    assert [f.name for f in path.parent.iterdir()] == [path.name]


def test_one_bad_record_keeps_every_good_one(home: Path) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    levels = {
        "first_throw": GOOD,
        "two_cards": {"best": "lots", "stars": 1, "plays": 1},
        "bank_shot": {"best": 900, "stars": 7, "plays": 1},
        "rebound": {"best": 10**30, "stars": 1, "plays": 1},
        "curve_ball": {"best": 700, "stars": 1, "plays": 2},
    }
    content = _file(levels)
    path.write_bytes(content)
    p = Progress.load()
    assert p.records == {
        "first_throw": prog.LevelRecord(1500, 2, 4),
        "curve_ball": prog.LevelRecord(700, 1, 2),
    }
    assert p.warning is not None and p.warning.why == "records" and p.warning.dropped == 3
    assert p.warning.kept_as is not None and Path(p.warning.kept_as).read_bytes() == content
    assert "3" in p.warning.text("ru") and Path(p.warning.kept_as).name in p.warning.text("en")
    # the file was rewritten with the good records: a restart has nothing to say
    again = Progress.load()
    assert again.records == p.records and again.warning is None


def test_two_damaged_files_are_both_kept(home: Path) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    kept = []
    for content in (b"{ damaged once", b"{ damaged twice"):
        path.write_bytes(content)
        p = Progress.load()
        assert p.warning is not None and p.warning.kept_as is not None
        kept.append(Path(p.warning.kept_as))
    assert kept[0] != kept[1]
    assert [k.read_bytes() for k in kept] == [b"{ damaged once", b"{ damaged twice"]
    assert all(k.name.startswith("challenges.damaged-") for k in kept)


@pytest.mark.parametrize(
    "content",
    [
        b'{"levels": ' * 5000 + b"1" + b"}" * 5000,  # nesting deep enough to recurse
        _file({"a": {"best": int("9" * 50), "stars": 1, "plays": 1}}).replace(
            b"9" * 50, b"9" * 5000
        ),  # a number of 5,000 digits
        b"\xff\xfe" + _file({"a": GOOD}),  # not UTF-8
        _file({"aSURROGATE": GOOD}).replace(b"SURROGATE", b"\\ud800"),  # not writable
    ],
    ids=["deep", "long_number", "not_utf8", "surrogate"],
)
def test_hostile_progress_files_are_set_aside(home: Path, content: bytes) -> None:
    path = progress_path()
    path.parent.mkdir(parents=True)
    path.write_bytes(content)
    p = Progress.load()
    assert p.records == {} and p.warning is not None and p.warning.why == "not_json"
    assert p.warning.kept_as is not None and Path(p.warning.kept_as).read_bytes() == content
    p.add_result("first_throw", 1000, 1)
    assert p.save() and Progress.load().stars("first_throw") == 1


def test_every_progress_message_fits_its_line_in_both_languages() -> None:
    import pygame

    from game.ui import widgets as w

    pygame.init()
    try:
        aside = "/home/a/.local/share/bakugan-table/challenges.damaged-20251231-235959-12.json"
        for why in ("records", "not_json", "not_progress", "version", "unreadable"):
            warning = prog.ProgressWarning(why, None if why == "unreadable" else aside, 999)
            for lang in ("en", "ru"):
                assert w.font(18).size(warning.text(lang))[0] <= 1200, (why, lang)
    finally:
        pygame.quit()
