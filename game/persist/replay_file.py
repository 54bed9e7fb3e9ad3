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

import contextlib
import gzip
import json
import os
import re
import time
import zlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from game.files import decode
from game.persist.replay_schema import HEADER, GameSchema, Mismatch, check_record, short
from game.persist.replay_schema import check_header as check_game_header
from game.rules.api import GameError

FORMAT = "bakugan-replay"
VERSION = 1
SUFFIX = ".replay.gz"
MAX_FILE_BYTES = 4 * 1024 * 1024  # compressed; a long Big Game is about 11 KB
MAX_INFLATED_BYTES = 8 * 1024 * 1024  # unpacked; that Big Game is about 28 KB
MAX_LINE_BYTES = 64 * 1024  # a header is about 3 KB, a record under 400 bytes
MAX_LINE_OBJECTS = 256  # objects and lists in one line: a header has under 60, a record 6
MAX_NESTING = 8  # a header nests 5 deep (settings.opening), a record 3
MAX_RECORDS = 20_000  # a 100-deal Attack game is about 5,600
CHUNK_BYTES = 256 * 1024  # unpacked at a time
RECORD_KIND = re.compile(r"[a-z][a-z_]{0,19}")
"""A record's kind (its ``t``): a short lowercase word. Which kinds a game writes, and
their fields, is the game's (`replay_schema.GameSchema.records`; ``act``, ``note`` and
``end`` every game has); the file knows only the word's shape."""


def _kind_ok(kind: object) -> bool:
    return isinstance(kind, str) and RECORD_KIND.fullmatch(kind) is not None


REASONS = {
    "missing": "no such file",
    "unreadable": "cannot be read",
    "too_large": "too large for a replay",
    "too_long": "too long to check: more work than any match needs",
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
    "physics": "recorded with another version of the physics (its tuning, judging or pymunk)",
    "inputs": "its inputs do not fit the game (a kit, a setting or an action is refused)",
    "drift": "re-running it gives another match (it drifted)",
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
        detail = _one_line(detail)
        self.reason = reason
        self.detail = detail
        self.path = path
        where = f"{_one_line(path.name)}: " if path is not None else ""
        tail = f" ({detail})" if detail else ""
        super().__init__(f"{where}{REASONS[reason]}{tail}")


def _one_line(text: str) -> str:
    """`text` with what cannot be shown on a line (a newline, a control) escaped."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


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
    stream. Opens a new file only (``x`` mode): an existing name gets ``-2``, ``-3``...

    A write that fails (a full disk) raises `ReplayError` (``not_written``) and leaves no
    half record behind: the file is cut back to its last whole record, a replay
    *unfinished* as a crash leaves it, and the writer is closed; a new file that could
    not take even its header is removed, so no empty replay lies in the Replays."""

    def __init__(self, path: Path, header: Mapping[str, Any] | None) -> None:
        """`header` None: go on with the replay at `path` (a resumed match), appending
        a gzip member of its own (the reader reads every member in turn)."""
        if header is None:
            try:
                raw: IO[bytes] = open(path, "ab")  # noqa: SIM115 - closed by close()
                self._whole = os.fstat(raw.fileno()).st_size
            except OSError as e:
                raise ReplayError("not_written", e.strerror or str(e), path) from e
            self.path = path
        else:
            missing = [k for k in (*HEADER, "settings") if k not in header]
            if missing:
                raise ReplayError("header", f"the header misses {', '.join(missing)}", path)
            self.path, raw = _create(path)
            self._whole = 0
        self._raw = raw
        self.records = 0
        self.closed = False
        self._new = header is not None
        self._before_end: int | None = None  # where the file stood before its end record
        try:
            self._gz = gzip.GzipFile(fileobj=raw, mode="wb", mtime=0)
        except OSError as e:  # (its first bytes already did not fit)
            self._give_up()
            raise ReplayError("not_written", e.strerror or str(e), self.path) from e
        if header is not None:
            self._guarded(dict(header))

    def _put(self, data: Mapping[str, Any]) -> None:
        line = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
        self._gz.write(line.encode("utf-8") + b"\n")
        self._gz.flush(zlib.Z_SYNC_FLUSH)
        self._raw.flush()

    def _guarded(self, data: Mapping[str, Any]) -> None:
        """`_put`, and on a failed write the file cut back (or removed), closed."""
        try:
            self._put(data)
        except OSError as e:
            self._give_up()
            raise ReplayError("not_written", e.strerror or str(e), self.path) from e
        self._before_end = self._whole if data.get("t") == "end" else None
        self._whole = self._raw.tell()

    def _give_up(self) -> None:
        """After a failed write: no half record stays; a new file without one whole
        record goes (nothing of a match is in it)."""
        self.closed = True
        with contextlib.suppress(OSError, ValueError):
            self._raw.truncate(self._whole)
        with contextlib.suppress(OSError, ValueError):
            self._raw.close()
        if self._new and self.records == 0:
            with contextlib.suppress(OSError):
                self.path.unlink()

    def write(self, record: Mapping[str, Any]) -> None:
        if self.closed:
            raise ReplayError("not_written", "the replay is already closed", self.path)
        if not _kind_ok(record.get("t")):
            raise ReplayError(
                "record", f"a record kind is a short word, not {short(record.get('t'))}", self.path
            )
        self._guarded(record)
        self.records += 1

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:  # (no fsync: every record was flushed to the system as it came; a sim
            # writes a replay per match, and a disk sync each would cost more than the match)
            self._gz.close()
            self._raw.flush()
        except OSError as e:  # the stream's own end did not fit: cut back, unfinished
            # (a whole match without the stream's end reads as damaged: the end goes too)
            keep = self._whole if self._before_end is None else self._before_end
            with contextlib.suppress(OSError, ValueError):
                self._raw.truncate(keep)
            raise ReplayError("not_written", e.strerror or str(e), self.path) from e
        finally:
            with contextlib.suppress(OSError):
                self._raw.close()


def _create(path: Path) -> tuple[Path, IO[bytes]]:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ReplayError("not_written", e.strerror or str(e), path) from e
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


def read_replay(path: Path, games: Mapping[str, GameSchema] | None = None) -> Replay:
    """The replay in `path`, checked line by line; raises only `ReplayError`. With
    `games` (each game's `GameSchema`, from the games layer) every field of the header
    and of each record is checked too, and a game not among them is refused."""
    return parse_replay(replay_bytes(path), path, games)


def replay_bytes(path: Path) -> bytes:
    """A replay file's bytes, at most `MAX_FILE_BYTES`; raises `ReplayError`."""
    try:
        return decode.read_bytes(path, MAX_FILE_BYTES)
    except decode.Undecodable as e:
        code = e.code if e.code in ("missing", "too_large") else "unreadable"
        raise ReplayError(code, "" if code == "missing" else e.detail, path) from None


def parse_replay(
    raw: bytes, path: Path | None = None, games: Mapping[str, GameSchema] | None = None
) -> Replay:
    """A replay from a file's bytes; raises only `ReplayError`."""
    try:
        return _parse(raw, path, games)
    except ReplayError:
        raise
    except Exception as e:  # never: every check raises ReplayError; but never a crash
        raise ReplayError("record", f"{type(e).__name__}: {e}"[:160], path) from None


def _parse(raw: bytes, path: Path | None, games: Mapping[str, GameSchema] | None) -> Replay:
    if raw[:2] != b"\x1f\x8b":
        raise ReplayError("not_gzip", "", path)
    lines, whole = _lines(raw, path)
    header_line = next(lines, None)
    if header_line is None:
        raise ReplayError("empty", "", path)
    header = _json_line(header_line, 1, path)
    check_header(header, path)
    schema = _game_schema(header, games, path)
    replay = Replay(header, path=path)
    for number, line in enumerate(lines, start=2):
        if number > MAX_RECORDS + 1:
            raise ReplayError("too_large", f"more than {MAX_RECORDS} records", path)
        record = _json_line(line, number, path)
        kind = record.get("t")
        if not _kind_ok(kind):
            raise ReplayError("record", f"record {number - 1}: unknown kind {short(kind)}", path)
        if replay.finished:
            raise ReplayError("record", f"record {number - 1}: a record after the end", path)
        if schema is not None:
            try:
                check_record(record, schema, number)
            except Mismatch as e:
                raise ReplayError("record", str(e)[:200], path) from None
        replay.records.append(record)
        replay.finished = kind == "end"
    if not whole[0] and replay.finished:  # a whole match, then garbage: damaged
        raise ReplayError("corrupt", "the stream is cut after its end record", path)
    return replay


def _game_schema(
    header: dict[str, Any], games: Mapping[str, GameSchema] | None, path: Path | None
) -> GameSchema | None:
    """The header's game's schema, after checking the header against it (None: no
    schemas given, the common fields only)."""
    if games is None:
        return None
    schema = games.get(header["game"])
    if schema is None:
        raise ReplayError("game", f"game {short(header['game'])}", path)
    try:
        check_game_header(header, schema)
    except Mismatch as e:
        raise ReplayError("header", str(e)[:200], path) from None
    return schema


def _lines(raw: bytes, path: Path | None) -> tuple[Iterator[bytes], list[bool]]:
    """The stream's complete lines, none longer than `MAX_LINE_BYTES` and all of them
    together no more than `MAX_INFLATED_BYTES`; `whole[0]` turns False when the gzip
    stream stops before its end (a crash: the last, partial line is dropped)."""
    whole = [True]

    def cut(line: bytes) -> bytes:
        if len(line) > MAX_LINE_BYTES:
            raise ReplayError("too_large", f"a line of more than {MAX_LINE_BYTES // 1024} KB", path)
        return line

    def gen() -> Iterator[bytes]:
        # A resumed match appends a gzip member of its own: read every member in turn.
        rest = raw
        pending = b""
        total = 0
        while rest:
            d = zlib.decompressobj(16 + zlib.MAX_WBITS)
            try:
                data = d.decompress(rest, CHUNK_BYTES)
                while True:
                    total += len(data)
                    if total > MAX_INFLATED_BYTES:
                        raise ReplayError(
                            "too_large",
                            f"it unpacks to more than {MAX_INFLATED_BYTES // 2**20} MB",
                            path,
                        )
                    pending += data
                    *done, pending = pending.split(b"\n")
                    for line in done:
                        yield cut(line)
                    cut(pending)
                    if not d.unconsumed_tail:
                        break
                    data = d.decompress(d.unconsumed_tail, CHUNK_BYTES)
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
    """Line `number` as an object: at most `MAX_LINE_OBJECTS` objects and lists in it
    (counted on the bytes before parsing: a bracket inside a text counts too, which
    only errs on the safe side), nested at most `MAX_NESTING` deep."""
    where = "the header" if number == 1 else f"record {number - 1}"
    if line.count(b"{") + line.count(b"[") > MAX_LINE_OBJECTS:
        raise ReplayError(
            "too_large", f"{where} holds more than {MAX_LINE_OBJECTS} objects and lists", path
        )
    try:
        value = decode.json_value(line)
        decode.check_depth(value, MAX_NESTING)
    except decode.Undecodable as e:
        code = "too_large" if e.code == "nesting" else "not_json"
        detail = f"nested deeper than {MAX_NESTING} levels" if code == "too_large" else e.detail
        raise ReplayError(code, f"{where}: {detail}"[:160], path) from None
    if not isinstance(value, dict):
        raise ReplayError("not_json" if number == 1 else "record", f"{where}: not an object", path)
    return value


def check_header(header: dict[str, Any], path: Path | None = None) -> None:
    """The header's format, version and common fields (every game's); raises
    `ReplayError`."""
    if header.get("format") != FORMAT:
        raise ReplayError("not_a_replay", f"format {short(header.get('format'))}", path)
    version = header.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise ReplayError("header", f"version: {short(version)}", path)
    if version > VERSION:
        raise ReplayError("newer", f"replay version {version}, this game reads {VERSION}", path)
    if version < VERSION:
        raise ReplayError("older", f"replay version {version}", path)
    try:
        for key, spec in HEADER.items():
            if key not in header:
                raise Mismatch(key, "missing")
            spec.check(header[key], key)
        if "settings" not in header:
            raise Mismatch("settings", "missing")
        if not isinstance(header["settings"], dict):
            raise Mismatch("settings", f"must be an object, got {short(header['settings'])}")
    except Mismatch as e:
        raise ReplayError("header", str(e)[:200], path) from None
