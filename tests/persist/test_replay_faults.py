"""Disk faults around replays give a line, never a traceback, and leave no empty or
half file (issue 25, point 4): `bakugan replay --import` into a Replays folder that
cannot be written (read-only), and the replay writer on a full disk (ENOSPC, made by
patching the writer's file so that its writes stop fitting after so many bytes)."""

from __future__ import annotations

import builtins
import errno
import io
import tempfile
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import IO, Any

import pytest

from game.__main__ import main
from game.persist import replay_file
from game.persist.replay_file import ReplayError, ReplayWriter, read_replay
from tests.persist.replay_samples import lines_of, record_each_game


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return record_each_game(tmp_path_factory.mktemp("samples"))


def _run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_import_into_a_replays_folder_that_cannot_be_written_is_a_line(
    recorded: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path / "home"))
    replays = tmp_path / "home" / "data" / "replays"
    replays.mkdir(parents=True)

    def read_only(*args: Any, **kwargs: Any) -> Any:  # (the tests may run as root)
        raise PermissionError(errno.EACCES, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", read_only)
    for path in recorded.values():
        code, out, err = _run("replay", "--import", str(path))
        assert code == 2 and out == "", (out, err)
        assert err.count("\n") == 1 and "Traceback" not in err
        assert err.startswith(f"bakugan replay: {path.name}: cannot be written (Permission denied")
        assert str(replays) in err
    assert list(replays.iterdir()) == []


class FullDisk:
    """A file on a disk with `room` bytes left: a write that does not fit puts what
    fits, then raises ENOSPC (as a real full disk does)."""

    def __init__(self, f: IO[bytes], room: int) -> None:
        self.f = f
        self.room = room

    def write(self, data: bytes) -> int:
        if len(data) > self.room:
            self.f.write(bytes(data[: self.room]))
            self.room = 0
            raise OSError(errno.ENOSPC, "No space left on device")
        self.room -= len(data)
        return self.f.write(data)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.f, name)


def _full_disk(monkeypatch: pytest.MonkeyPatch, room: int) -> None:
    def opener(path: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        return FullDisk(builtins.open(path, mode, *args, **kwargs), room)

    monkeypatch.setattr(replay_file, "open", opener, raising=False)


@pytest.mark.parametrize("room", [0, 5, 300])
def test_a_full_disk_before_the_header_is_written_leaves_no_file(
    recorded: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, room: int
) -> None:
    header = lines_of(recorded["classic"])[0]
    _full_disk(monkeypatch, room)
    with pytest.raises(ReplayError) as e:
        ReplayWriter(tmp_path / "a.replay.gz", header)
    assert e.value.reason == "not_written"
    assert str(e.value) == "a.replay.gz: cannot be written (No space left on device)"
    assert list(tmp_path.iterdir()) == []  # no empty replay in the Replays


@pytest.mark.parametrize("game", ["classic", "attack", "planet"])
def test_a_full_disk_in_the_middle_leaves_the_whole_records_before_it(
    recorded: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    lines = lines_of(recorded[game])
    header, records = lines[0], lines[1:]
    probe = ReplayWriter(tmp_path / "probe.replay.gz", header)
    for record in records[:5]:
        probe.write(record)
    room = probe._raw.tell() + 3  # five records fit, and three bytes of the sixth
    probe.close()
    (tmp_path / "probe.replay.gz").unlink()
    _full_disk(monkeypatch, room)
    writer = ReplayWriter(tmp_path / "b.replay.gz", header)
    for record in records[:5]:
        writer.write(record)
    with pytest.raises(ReplayError) as e:
        writer.write(records[5])
    assert e.value.reason == "not_written" and "No space left" in str(e.value)
    with pytest.raises(ReplayError):
        writer.write(records[6])  # the writer is given up
    monkeypatch.undo()
    replay = read_replay(tmp_path / "b.replay.gz")  # no half record: unfinished
    assert not replay.finished and replay.records == records[:5]


def test_a_full_disk_at_the_close_leaves_an_unfinished_replay(
    recorded: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = lines_of(recorded["attack"])
    probe = ReplayWriter(tmp_path / "probe.replay.gz", lines[0])
    for record in lines[1:]:
        probe.write(record)
    room = probe._raw.tell() + 2  # every record fits, not the stream's end
    probe.close()
    (tmp_path / "probe.replay.gz").unlink()
    _full_disk(monkeypatch, room)
    writer = ReplayWriter(tmp_path / "c.replay.gz", lines[0])
    for record in lines[1:]:
        writer.write(record)
    with pytest.raises(ReplayError) as e:
        writer.close()
    assert e.value.reason == "not_written"
    monkeypatch.undo()
    replay = read_replay(tmp_path / "c.replay.gz")  # every record whole but the end:
    assert not replay.finished and replay.records == lines[1:-1]  # unfinished, not damaged


def test_the_sim_recording_onto_a_full_disk_says_so_in_a_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _full_disk(monkeypatch, 0)
    folder = tmp_path / "rec"
    code, _, err = _run(
        "sim", "--rules", "attack", "--players", "3", "--games", "1", "--record", str(folder)
    )
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err
    assert err.startswith("bakugan sim: ") and "cannot be written (No space left" in err
    assert list(folder.iterdir()) == []
