"""`bakugan --version` (and the About screen, crash reports): the app's version and the
hashes that replays record, not a fingerprint of its own: each line is checked against
the header of a replay each game really writes."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from importlib import metadata
from pathlib import Path

import pytest

from game.__main__ import main
from game.games import REGISTRY
from game.games.about import build_info, short
from game.persist.replay_file import read_replay

RECORDED = {
    "classic": ["--physics", "--policies", "random,random"],
    "attack": ["--players", "3"],
    "planet": ["--physics", "--policies", "easy,easy"],
}


def _version() -> list[str]:
    out = io.StringIO()
    with redirect_stdout(out), redirect_stderr(io.StringIO()), pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0
    return out.getvalue().splitlines()


def test_version_prints_the_app_version_and_the_hashes_replays_record(tmp_path: Path) -> None:
    lines = _version()
    assert lines[0] == f"bakugan-table {metadata.version('bakugan-table')}"
    content = {line.split()[1]: line.split()[2] for line in lines if line.startswith("content ")}
    assert list(content) == list(REGISTRY) == list(RECORDED)
    for game, options in RECORDED.items():
        folder = tmp_path / game
        with redirect_stdout(io.StringIO()):
            assert (
                main(["sim", "--rules", game, "--games", "1", *options, "--record", str(folder)])
                == 0
            )
        (replay,) = folder.iterdir()
        header = read_replay(replay).header
        assert content[game] == header["content_hash"], game
        assert lines[-1] == f"physics {header['physics_hash']} (pymunk {header['pymunk']})"
        assert lines[0].split()[1] == header["game_version"]


def test_the_line_is_the_recorders_own_hash(monkeypatch: pytest.MonkeyPatch) -> None:
    from game.match.attack import recording as attack_recording

    before = build_info()
    monkeypatch.setattr(attack_recording, "deck_hash", lambda deck: "sha256:" + "0" * 64)
    after = build_info()
    assert dict(after.content)["attack"] == "sha256:" + "0" * 64
    assert dict(after.content)["attack"] != dict(before.content)["attack"]
    assert dict(after.content)["classic"] == dict(before.content)["classic"]


def test_a_hash_is_shortened_for_a_screen_keeping_its_kind() -> None:
    assert short("sha256:0123456789abcdef0123", 8) == "sha256:01234567"
    assert short("plain", 3) == "pla"
