"""`bakugan sim --record DIR` and `bakugan replay --verify / --export / --import`
(issue 18): one replay per match, a line per file, ``N identical, N drifted``, exit 0
only when every file is identical; a bad file is one line, never a traceback."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from game.__main__ import main


def _run(*args: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_record_then_verify_every_game(tmp_path: Path) -> None:
    folder = tmp_path / "rec"
    code, _, _ = _run(
        "sim", "--rules", "classic", "--physics", "--games", "2", "--policies", "easy,normal",
        "--record", str(folder),
    )  # fmt: skip
    assert code == 0
    code, _, _ = _run(
        "sim", "--rules", "attack", "--games", "2", "--players", "3", "--record", str(folder)
    )
    assert code == 0
    code, _, _ = _run(
        "sim", "--rules", "planet", "--physics", "--games", "1", "--policies", "hard,easy",
        "--record", str(folder),
    )  # fmt: skip
    assert code == 0
    files = sorted(folder.iterdir())
    assert len(files) == 5
    code, out, _ = _run("replay", "--verify", str(folder))
    lines = out.splitlines()
    assert code == 0 and lines[-1] == "5 identical, 0 drifted"
    damaged = tmp_path / "damaged.replay.gz"
    damaged.write_bytes(files[0].read_bytes()[:40])
    code, out, _ = _run("replay", "--verify", str(folder), str(damaged))
    assert code == 1
    assert out.splitlines()[-1] == "5 identical, 0 drifted (1 could not be checked)"
    assert any(line.startswith("cannot check damaged.replay.gz: ") for line in out.splitlines())


def test_record_needs_the_physics_for_classic(tmp_path: Path) -> None:
    code, _, err = _run("sim", "--rules", "classic", "--games", "1", "--record", str(tmp_path))
    assert code == 2 and "--record needs --physics" in err


def test_export_import_and_bad_files_give_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path / "home"))
    folder = tmp_path / "rec"
    _run("sim", "--rules", "attack", "--games", "1", "--players", "3", "--record", str(folder))
    (source,) = folder.iterdir()
    code, _, _ = _run("replay", "--export", str(tmp_path / "mine"), str(source))
    assert code == 0 and (tmp_path / "mine.replay.gz").is_file()
    code, _, _ = _run("replay", "--import", str(tmp_path / "mine.replay.gz"))
    assert code == 0
    assert (tmp_path / "home" / "data" / "replays" / "mine.replay.gz").is_file()
    bad = tmp_path / "bad.replay.gz"
    bad.write_text("not a replay")
    for args in (("--import", str(bad)), (str(bad),), ("--export", "x", str(bad))):
        code, _, err = _run("replay", *args)
        assert code == 2
        assert err.strip().count("\n") == 0 and "bad.replay.gz: not a gzip file" in err
