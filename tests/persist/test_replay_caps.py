"""A replay from a friend is untrusted input (issue 25, point 4): the work a file can
cause is capped, not only its bytes. Gzip bombs of each game (an 18 KB file inflating to
16 MB of tiny objects, a 68 KB one to 64 MB; objects packed under the line cap; a 300 KB
line; more records than any match; more unpacked bytes; deep nesting), made here from
each game's real header, are each refused with one line naming the file and the cap, by
`--verify` and by the import, and nothing of them reaches the Replays folder. What they
cost to refuse, beside a real replay's import: `benchmarks/replay_guard.py`."""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest

from game.games.replays import import_replay, verify_one
from game.persist import replay_file
from game.persist.replay_file import ReplayError, read_replay
from tests.persist.replay_samples import GAMES, lines_of, pack, record_each_game


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return record_each_game(tmp_path_factory.mktemp("samples"))


def gz_lines(head: bytes, line: bytes, count: int, tail: bytes = b"") -> bytes:
    """`head`, `line` `count` times, `tail`, one per line, gzipped as a stream (the
    bomb is never whole in memory)."""
    z = zlib.compressobj(9, zlib.DEFLATED, 16 + zlib.MAX_WBITS)
    out = [z.compress(head + b"\n")]
    out += [z.compress(line + b"\n") for _ in range(count)]
    out += [z.compress(tail), z.flush()]
    return b"".join(out)


def _note(**extra: object) -> bytes:
    return json.dumps({"t": "note", "kind": "think_cap", **extra}).encode()


Bomb = Callable[[bytes], bytes]
TINY = b'{"t":"note","kind":"x","x":[' + b",".join([b"{}"] * 80_000) + b"]}"  # 160 KB
BOMBS: dict[str, tuple[Bomb, str]] = {
    # the issue's: an 18 KB file of 16 MB of tiny objects, and a 68 KB one of 64 MB
    "tiny objects, 16 MB": (lambda h: gz_lines(h, TINY, 103), "a line of more than 64 KB"),
    "tiny objects, 64 MB": (lambda h: gz_lines(h, TINY, 410), "a line of more than 64 KB"),
    "objects under the line cap": (
        lambda h: gz_lines(h, b'{"t":"note","x":[' + b",".join([b"{}"] * 15_000) + b"]}", 50),
        "record 1 holds more than 256 objects",
    ),
    "a 300 KB line": (
        lambda h: gz_lines(h, _note(), 3, _note(x="a" * 300_000) + b"\n" + _note()),
        "a line of more than 64 KB",
    ),
    "more records than any match": (
        lambda h: gz_lines(h, _note(), 20_001),
        "more than 20000 records",
    ),
    "more unpacked bytes than any match": (
        lambda h: gz_lines(h, _note()[:-1] + b" " * 60_000 + b"}", 150),
        "unpacks to more than 8 MB",
    ),
    "nested deep": (
        lambda h: gz_lines(h, b'{"t":"note","kind":' + b"[" * 12 + b"1" + b"]" * 12 + b"}", 1),
        "nested deeper than 8 levels",
    ),
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", BOMBS)
def test_each_bomb_of_each_game_is_refused_with_a_line(
    samples: dict[str, Path], game: str, kind: str, tmp_path: Path
) -> None:
    make, detail = BOMBS[kind]
    header = gzip.decompress(samples[game].read_bytes()).split(b"\n", 1)[0]
    bomb = tmp_path / f"{kind.replace(' ', '_').replace(',', '')}.replay.gz"
    bomb.write_bytes(make(header))
    if kind.startswith("tiny objects, 16"):
        assert bomb.stat().st_size < 32_000  # the was 18 KB
    verdict = verify_one(bomb)
    assert verdict.kind == "unchecked"
    assert verdict.line.startswith(f"cannot check {bomb.name}: too large for a replay (")
    assert detail in verdict.line and "\n" not in verdict.line, verdict.line
    replays = tmp_path / "replays"
    with pytest.raises(ReplayError) as e:
        import_replay(bomb, replays)
    assert e.value.reason == "too_large" and detail in str(e.value)
    assert not replays.exists() or not any(replays.iterdir())


def test_the_line_cap_holds_inside_one_unpacked_chunk(samples: dict[str, Path]) -> None:
    """Today's reader looked only at what was left of each unpacked chunk: a 300 KB
    line inside one chunk passed its 256 KB cap. Every line is measured now, where
    it falls."""
    lines = gzip.decompress(samples["attack"].read_bytes()).split(b"\n")
    long = _note(x="a" * (replay_file.MAX_LINE_BYTES + 1))
    raw = gzip.compress(b"\n".join([lines[0], long, *lines[1:]]))
    assert len(long) < replay_file.CHUNK_BYTES  # the line lies whole inside a chunk
    with pytest.raises(ReplayError) as e:
        replay_file.parse_replay(raw)
    assert e.value.reason == "too_large"


def test_a_real_replay_is_far_inside_every_cap(samples: dict[str, Path], tmp_path: Path) -> None:
    """A line just under the cap (a note padded with spaces) still reads: the caps
    refuse only what no match writes."""
    for game, path in samples.items():
        lines = lines_of(path)
        replay = read_replay(path)
        raw = gzip.decompress(path.read_bytes())
        assert len(raw) < replay_file.MAX_INFLATED_BYTES // 100
        assert max(map(len, raw.split(b"\n"))) < replay_file.MAX_LINE_BYTES // 4
        assert len(replay.records) < replay_file.MAX_RECORDS // 10
        padded = _note()[:-1] + b" " * (replay_file.MAX_LINE_BYTES - 100) + b"}"
        body = pack(lines[:1]) + gzip.compress(padded + b"\n") + pack(lines[1:])
        copy = tmp_path / f"{game}-padded.replay.gz"
        copy.write_bytes(body)
        assert verify_one(copy).kind == "identical", (game, verify_one(copy).line)
