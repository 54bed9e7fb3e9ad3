"""The replay file: what a match was given, one JSON line per record, gzip.

A replay keeps a match's inputs, never its outcomes: the first line is the header (the
game and its version, the content and physics hashes, the rule settings, the seeds, the
kits, the seats), every further line one record (an action, a throw with the digest of
its result, a note). Re-running the inputs re-makes the match; the digests tell whether
it came out the same (`game.match.classic.replaying`). Format: docs/replays.md.

The writer flushes the gzip stream after every record (a sync flush), so a match cut
short by a crash or a kill leaves a file that reads up to its last whole record: such a
file is *unfinished* (no ``end`` record), not damaged. It never writes over a file: a
new replay takes a name no file has.

The reader checks the bytes, the gzip stream, each line's JSON and the header's fields,
and raises nothing but `ReplayError`, whose `reason` says which of the ways a file can
be bad it is and whose message is one line naming the file. Knows no game: what a record
means is the match layer's business. Standard library only.
"""

from __future__ import annotations

import gzip
import json
import time
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from game.files import decode
from game.rules.api import GameError

FORMAT = "bakugan-replay"
VERSION = 1
SUFFIX = ".replay.gz"
MAX_FILE_BYTES = 32 * 1024 * 1024  # compressed; a long Big Game is under 200 KB
MAX_LINE_BYTES = 256 * 1024
MAX_RECORDS = 200_000
HEADER_FIELDS: dict[str, type | tuple[type, ...]] = {
    "format": str,
    "version": int,
    "game": str,
    "game_version": str,
    "content_hash": str,
    "physics_hash": str,
    "pymunk": str,
    "created": str,
    "seed": int,
    "settings": dict,
    "seats": list,
}
RECORD_KINDS = ("act", "throw", "roll", "note", "end")

REASONS = {
    "missing": "no such file",
    "unreadable": "cannot be read",
    "too_large": "too large for a replay",
    "not_gzip": "not a gzip file (not a replay)",
    "corrupt": "the compressed data is damaged",
    "empty": "empty: no header",
    "not_json": "a line is not JSON",
    "not_a_replay": "not a replay of this game",
    "newer": "made by a newer version of the game",
    "older": "made by an older replay format this version cannot read",
    "header": "its header is incomplete or wrong",
    "record": "a record is malformed",
    "game": "of a game this version does not have",
    "no_viewer": "of a game whose replays cannot be watched yet (--verify and sharing work)",
    "content": "made with other cards (the content hash differs)",
    "physics": "made with other physics (the tuning hash or pymunk version differs)",
    "inputs": "its inputs do not fit the game (a kit, a setting or an action is refused)",
    "drift": "re-running it gives another match (a throw's digest differs)",
    "exists": "a file of that name already exists",
    "kept": "already in your Replays",
    "not_written": "cannot be written",
}
"""Every reason a replay can fail, and how the one line says it."""


class ReplayError(GameError):
    """A replay that cannot be used: `reason` (a key of `REASONS`), `detail` (English,
    for the log and the command line), `path`. `str()` is one line."""

    def __init__(self, reason: str, detail: str = "", path: Path | None = None) -> None:
        assert reason in REASONS, reason
        self.reason = reason
        self.detail = detail
        self.path = path
        where = f"{path.name}: " if path is not None else ""
        tail = f" ({detail})" if detail else ""
        super().__init__(f"{where}{REASONS[reason]}{tail}")


@dataclass(slots=True)
class Replay:
    """A replay read whole: its header, its records, and whether it was finished (an
    ``end`` record closes it; a crash leaves it unfinished)."""

    header: dict[str, Any]
    records: list[dict[str, Any]] = field(default_factory=list)
    finished: bool = False
    path: Path | None = None

    @property
    def end(self) -> dict[str, Any] | None:
        """The ``end`` record (winner, turns), or None for an unfinished replay."""
        last = self.records[-1] if self.records else None
        return last if last is not None and last.get("t") == "end" else None


# ----------------------------------------------------------------------- writing


def replays_dir(data_dir: Path) -> Path:
    return data_dir / "replays"


def new_name(game: str, seed: int, when: float | None = None) -> str:
    """A file name that sorts by date: ``20261201-113005-classic-7.replay.gz``."""
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(when))
    return f"{stamp}-{game}-{seed}{SUFFIX}"


class ReplayWriter:
    """Writes one replay as the match goes: `write(record)` appends a line and flushes
    it to the disk's cache (a crash keeps every record written). `close` ends the gzip
    stream. Opens a new file only (``x`` mode): an existing name gets ``-2``, ``-3``..."""

    def __init__(self, path: Path, header: Mapping[str, Any] | None) -> None:
        """`header` None: go on with the replay at `path` (a resumed match), appending
        a gzip member of its own (the reader reads every member in turn)."""
        if header is None:
            try:
                raw: IO[bytes] = open(path, "ab")  # noqa: SIM115 - closed by close()
            except OSError as e:
                raise ReplayError("not_written", e.strerror or str(e), path) from e
            self.path = path
        else:
            missing = [k for k in HEADER_FIELDS if k not in header]
            if missing:
                raise ReplayError("header", f"the header misses {', '.join(missing)}", path)
            self.path, raw = _create(path)
        self._raw = raw
        self._gz = gzip.GzipFile(fileobj=raw, mode="wb", mtime=0)
        self.records = 0
        self.closed = False
        if header is not None:
            self._put(dict(header))

    def _put(self, data: Mapping[str, Any]) -> None:
        line = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        self._gz.write(line.encode("utf-8") + b"\n")
        self._gz.flush(zlib.Z_SYNC_FLUSH)
        self._raw.flush()

    def write(self, record: Mapping[str, Any]) -> None:
        if self.closed:
            raise ReplayError("not_written", "the replay is already closed", self.path)
        if record.get("t") not in RECORD_KINDS:
            raise ReplayError("record", f"unknown record kind {record.get('t')!r}", self.path)
        try:
            self._put(record)
        except OSError as e:
            raise ReplayError("not_written", e.strerror or str(e), self.path) from e
        self.records += 1

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:  # (no fsync: every record was flushed to the system as it came; a sim
            # writes a replay per match, and a disk sync each would cost more than the match)
            self._gz.close()
            self._raw.flush()
        except OSError as e:
            raise ReplayError("not_written", e.strerror or str(e), self.path) from e
        finally:
            self._raw.close()


def _create(path: Path) -> tuple[Path, IO[bytes]]:
    path.parent.mkdir(parents=True, exist_ok=True)
    stem = path.name[: -len(SUFFIX)] if path.name.endswith(SUFFIX) else path.stem
    suffix = SUFFIX if path.name.endswith(SUFFIX) else path.suffix
    for n in range(1, 1000):
        target = path if n == 1 else path.with_name(f"{stem}-{n}{suffix}")
        try:
            return target, open(target, "xb")
        except FileExistsError:
            continue
        except OSError as e:
            raise ReplayError("not_written", e.strerror or str(e), target) from e
    raise ReplayError("exists", "a thousand replays of that name", path)


# ----------------------------------------------------------------------- reading


def read_replay(path: Path) -> Replay:
    """The replay in `path`, checked line by line; raises only `ReplayError`."""
    try:
        raw = decode.read_bytes(path, MAX_FILE_BYTES)
    except decode.Undecodable as e:
        code = e.code if e.code in ("missing", "too_large") else "unreadable"
        raise ReplayError(code, "" if code == "missing" else e.detail, path) from None
    try:
        return parse_replay(raw, path)
    except ReplayError:
        raise
    except Exception as e:  # never: every check above raises ReplayError; but never a crash
        raise ReplayError("record", f"{type(e).__name__}: {e}"[:160], path) from None


def parse_replay(raw: bytes, path: Path | None = None) -> Replay:
    """A replay from a file's bytes; raises only `ReplayError`."""
    if raw[:2] != b"\x1f\x8b":
        raise ReplayError("not_gzip", "", path)
    lines, whole = _lines(raw, path)
    header_line = next(lines, None)
    if header_line is None:
        raise ReplayError("empty", "", path)
    header = _json_line(header_line, 1, path)
    check_header(header, path)
    replay = Replay(header, path=path)
    for number, line in enumerate(lines, start=2):
        if number > MAX_RECORDS:
            raise ReplayError("too_large", f"more than {MAX_RECORDS} records", path)
        record = _json_line(line, number, path)
        kind = record.get("t")
        if kind not in RECORD_KINDS:
            raise ReplayError("record", f"line {number}: unknown kind {kind!r}"[:120], path)
        if replay.finished:
            raise ReplayError("record", f"line {number}: a record after the end", path)
        replay.records.append(record)
        replay.finished = kind == "end"
    if not whole[0] and replay.finished:  # a whole match, then garbage: damaged
        raise ReplayError("corrupt", "the stream is cut after its end record", path)
    return replay


def _lines(raw: bytes, path: Path | None) -> tuple[Iterator[bytes], list[bool]]:
    """The stream's complete lines; `whole[0]` turns False when the gzip stream stops
    before its end (a crash: the last, partial line is dropped)."""
    whole = [True]

    def gen() -> Iterator[bytes]:
        # A resumed match appends a gzip member of its own: read every member in turn.
        rest = raw
        pending = b""
        total = 0
        while rest:
            d = zlib.decompressobj(16 + zlib.MAX_WBITS)
            try:
                data = d.decompress(rest, MAX_LINE_BYTES * 4)
                while True:
                    total += len(data)
                    if total > MAX_FILE_BYTES * 8:
                        raise ReplayError("too_large", "it unpacks to too much", path)
                    pending += data
                    *done, pending = pending.split(b"\n")
                    yield from done
                    if len(pending) > MAX_LINE_BYTES:
                        raise ReplayError("record", "a line longer than a record can be", path)
                    if not d.unconsumed_tail:
                        break
                    data = d.decompress(d.unconsumed_tail, MAX_LINE_BYTES * 4)
            except zlib.error as e:
                raise ReplayError("corrupt", str(e)[:120], path) from None
            if not d.eof:
                whole[0] = False  # cut short: the partial last line is dropped
                return
            rest = d.unused_data
            if rest[:2] != b"\x1f\x8b" and rest.strip(b"\x00"):
                raise ReplayError("corrupt", "data after the end of the stream", path)
            if rest[:2] != b"\x1f\x8b":
                break
        if pending.strip():
            yield pending

    return gen(), whole


def _json_line(line: bytes, number: int, path: Path | None) -> dict[str, Any]:
    try:
        value = decode.json_value(line)
    except decode.Undecodable as e:
        raise ReplayError("not_json", f"line {number}: {e.detail}"[:160], path) from None
    if not isinstance(value, dict):
        raise ReplayError(
            "not_json" if number == 1 else "record", f"line {number}: not an object", path
        )
    return value


def check_header(header: dict[str, Any], path: Path | None = None) -> None:
    """The header's format, version and fields; raises `ReplayError`."""
    if header.get("format") != FORMAT:
        raise ReplayError("not_a_replay", f"format {str(header.get('format'))[:40]!r}", path)
    version = header.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ReplayError("header", f"version: {str(version)[:40]!r}", path)
    if version > VERSION:
        raise ReplayError("newer", f"replay version {version}, this game reads {VERSION}", path)
    if version < VERSION:
        raise ReplayError("older", f"replay version {version}", path)
    for key, kind in HEADER_FIELDS.items():
        value = header.get(key)
        if value is None:
            raise ReplayError("header", f"missing {key}", path)
        if not isinstance(value, kind) or isinstance(value, bool):
            raise ReplayError("header", f"{key}: {str(value)[:40]!r} is of the wrong kind", path)


# ----------------------------------------------------------------------- the list


@dataclass(frozen=True, slots=True)
class Summary:
    """One line of the Replays list: when, which game, who played, how it ended."""

    path: Path
    created: str
    game: str
    players: tuple[str, ...]
    winner: int | None
    finished: bool


def summaries(folder: Path, limit: int = 500) -> list[Summary]:
    """The replays in `folder`, newest first; a file that cannot be read is left out
    (it is never changed here)."""
    try:
        files = sorted((p for p in folder.iterdir() if p.name.endswith(SUFFIX)), reverse=True)
    except OSError:
        return []
    out: list[Summary] = []
    for path in files[:limit]:
        try:
            replay = read_replay(path)
        except ReplayError:
            continue
        h = replay.header
        seats = [s.get("name", "?") if isinstance(s, dict) else "?" for s in h["seats"]]
        end = replay.end
        winner = end.get("winner") if end is not None else None
        out.append(
            Summary(
                path,
                str(h["created"]),
                str(h["game"]),
                tuple(str(x) for x in seats),
                winner if isinstance(winner, int) and not isinstance(winner, bool) else None,
                replay.finished,
            )
        )
    out.sort(key=lambda s: s.created, reverse=True)
    return out
