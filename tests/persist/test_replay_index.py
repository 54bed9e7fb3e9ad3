"""The Replays list never re-reads a whole replay to draw itself (issue 25, point 4):
its rows come from a small index beside the replays (`game.persist.replay_index`),
written atomically, rebuilt when missing or damaged, capped, checked before it is
trusted; a replay is read once when the list first meets it, or meets it changed."""

from __future__ import annotations

import gzip
import json
import shutil
from pathlib import Path

import pytest

from game.games.replays import SCHEMAS
from game.persist import replay_index
from game.persist.replay_index import INDEX_NAME, load_index, summaries
from tests.persist.replay_samples import lines_of, pack, record_each_game
from tests.persist.test_replay_caps import TINY, gz_lines


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return record_each_game(tmp_path_factory.mktemp("samples"))


@pytest.fixture
def folder(recorded: dict[str, Path], tmp_path: Path) -> Path:
    out = tmp_path / "replays"
    out.mkdir()
    for path in recorded.values():
        shutil.copy(path, out / path.name)
    return out


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The names of the replays the list reads whole."""
    seen: list[str] = []
    real = replay_index.read_replay

    def counting(path: Path, games: object = None) -> object:
        seen.append(path.name)
        return real(path, games)  # type: ignore[arg-type]

    monkeypatch.setattr(replay_index, "read_replay", counting)
    return seen


def test_the_list_reads_each_replay_once_then_only_its_index(
    folder: Path, reads: list[str]
) -> None:
    first = summaries(folder, SCHEMAS)
    assert sorted(reads) == sorted(p.name for p in folder.glob("*.replay.gz"))
    assert {s.game for s in first} == {"classic", "attack", "planet"}
    assert (folder / INDEX_NAME).exists()
    reads.clear()
    again = summaries(folder, SCHEMAS)
    assert reads == [] and again == first  # per row: a look at its size and time


def test_a_bomb_in_the_folder_is_read_once_and_left_out(
    folder: Path, reads: list[str], recorded: dict[str, Path]
) -> None:
    """The issue's: a bomb taken in re-read at every opening (23 s, 429 MB)."""
    header = gzip.decompress(recorded["attack"].read_bytes()).split(b"\n", 1)[0]
    bomb = folder / "20990101-000000-attack-1.replay.gz"
    bomb.write_bytes(gz_lines(header, TINY, 103))
    rows = summaries(folder, SCHEMAS)
    assert bomb.name in reads and bomb not in {s.path for s in rows} and len(rows) == 3
    assert load_index(folder)[bomb.name]["refused"] == "too_large"
    reads.clear()
    assert summaries(folder, SCHEMAS) == rows and reads == []


def test_a_changed_or_new_replay_is_read_again_and_a_gone_one_leaves_the_index(
    folder: Path, reads: list[str], recorded: dict[str, Path]
) -> None:
    summaries(folder, SCHEMAS)
    reads.clear()
    attack = folder / recorded["attack"].name
    attack.write_bytes(pack(lines_of(attack)[:-1]))  # the same name, another size
    (folder / recorded["planet"].name).unlink()
    shutil.copy(recorded["planet"], folder / "20990102-000000-planet-9.replay.gz")
    rows = summaries(folder, SCHEMAS)
    assert sorted(reads) == sorted([attack.name, "20990102-000000-planet-9.replay.gz"])
    assert recorded["planet"].name not in load_index(folder)
    assert len(rows) == 3
    assert not next(s for s in rows if s.path == attack).finished


DAMAGED = {
    "not JSON": b"{oops",
    "another format": json.dumps({"format": "x", "version": 1, "rows": []}).encode(),
    "a row of the wrong shape": json.dumps(
        {
            "format": "bakugan-replay-index",
            "version": 1,
            "rows": [{"name": "a.replay.gz", "size": "big", "mtime_ns": 1}],
        }
    ).encode(),
    "a name with a folder": json.dumps(
        {
            "format": "bakugan-replay-index",
            "version": 1,
            "rows": [{"name": "../x.replay.gz", "size": 1, "mtime_ns": 1, "refused": "x"}],
        }
    ).encode(),
    "too large": b" " * (replay_index.MAX_INDEX_BYTES + 1),
    "nested deep": b"[" * 5000 + b"]" * 5000,
}


@pytest.mark.parametrize("kind", DAMAGED)
def test_a_damaged_index_is_rebuilt_from_the_replays(
    folder: Path, reads: list[str], kind: str
) -> None:
    good = summaries(folder, SCHEMAS)
    (folder / INDEX_NAME).write_bytes(DAMAGED[kind])
    reads.clear()
    assert summaries(folder, SCHEMAS) == good
    assert len(reads) == 3  # read again, once
    assert len(load_index(folder)) == 3  # and the index whole again


def test_a_row_is_trusted_only_for_the_file_as_it_names_it(folder: Path, reads: list[str]) -> None:
    """A row that says another size or time than its file's (the file was replaced by
    one of the same name) is not used: the file is read."""
    summaries(folder, SCHEMAS)
    data = json.loads((folder / INDEX_NAME).read_text())
    data["rows"][0]["winner"] = 5
    data["rows"][0]["mtime_ns"] += 1
    (folder / INDEX_NAME).write_text(json.dumps(data))
    reads.clear()
    rows = summaries(folder, SCHEMAS)
    assert reads == [data["rows"][0]["name"]]
    assert all(s.winner != 5 for s in rows)


def test_the_index_is_capped_and_a_folder_that_refuses_it_still_lists(
    folder: Path, reads: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert len(summaries(folder, SCHEMAS, limit=2)) == 2
    assert len(load_index(folder)) == 2  # only what the list shows

    def refuse(path: object, data: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(replay_index.atomic, "write_atomic", refuse)
    (folder / INDEX_NAME).unlink()
    assert len(summaries(folder, SCHEMAS)) == 3  # read, shown, not kept
    assert not (folder / INDEX_NAME).exists()
