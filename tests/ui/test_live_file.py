"""The replay file of a match being played (game.ui.live_file): Continue goes on with
the replay the autosave names, unless it was recorded with another version of the
physics - then the file stays as it was (the viewer refuses it as such, never as a
drift) and the match goes on unrecorded."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.persist.replay_file import ReplayWriter, read_replay, replays_dir
from game.physics.fingerprint import physics_hash, pymunk_version
from game.ui.live_file import LiveFile

FIXTURE = Path(__file__).parents[1] / "rules" / "data" / "classic-3p-own-battle.replay.gz"


def _replay(folder: Path, name: str, physics: str) -> Path:
    """A classic replay of three records (a real header, as a match writes it)."""
    header = {**read_replay(FIXTURE).header, "physics_hash": physics, "pymunk": pymunk_version()}
    writer = ReplayWriter(folder / name, header)
    for record in read_replay(FIXTURE).records[:3]:
        writer.write(record)
    writer.close()
    return folder / name


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("BAKUGAN_HOME", str(tmp_path))
    from game.persist import paths

    out = replays_dir(paths.data_dir())
    out.mkdir(parents=True)
    return out


def test_a_resumed_match_goes_on_with_its_replay(folder: Path) -> None:
    old = _replay(folder, "20260101-000000-classic-7.replay.gz", physics_hash())
    live = LiveFile("classic")
    assert live.resume(old.name, 2)
    live.write({"t": "act", "a": "p1 pass"})
    live.close()
    (kept,) = folder.iterdir()
    first = read_replay(FIXTURE).records[:2]
    assert read_replay(kept).records == [*first, {"t": "act", "a": "p1 pass"}]


def test_a_replay_recorded_with_other_physics_is_not_gone_on_with_and_stays(
    folder: Path,
) -> None:
    old = _replay(folder, "20260101-000000-classic-7.replay.gz", "sha256:before")
    before = old.read_bytes()
    live = LiveFile("classic")
    assert not live.resume(old.name, 2)
    assert live.name is None  # the match goes on unrecorded
    live.write({"t": "act", "a": "p1 pass"})  # (nothing to write to: not an error)
    assert list(folder.iterdir()) == [old] and old.read_bytes() == before
