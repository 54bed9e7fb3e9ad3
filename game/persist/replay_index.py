"""The Replays list's rows, kept in a small index beside the replays, so that opening
the list costs a look at each file's size and time, not a reading of every record.

Before, every opening of the list read every replay whole (a gzip bomb taken in once
then cost 23 s and 429 MB at each opening). Now each replay is read once, when the list
first meets it (or meets it changed: another size or time, a match that went on after
Continue), and its row (when, which game, who sat where, how it ended; or that it was
refused) goes into ``.index.json`` in the Replays folder, written atomically.

The index is the game's own file but is checked before it is trusted, like every file
the game reads: at most `MAX_INDEX_BYTES`, through the one decoder, every row of the
right shape (`ROW`), at most `MAX_ROWS` of them; one that is missing, damaged or of
another shape is rebuilt from the replays, and a row is used only for a file of its
name whose size and time it names. Nothing here raises, and a folder where the index
cannot be written (read-only) still lists its replays. Standard library only.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.files import atomic, decode
from game.persist.replay_file import SUFFIX, ReplayError, read_replay
from game.persist.replay_schema import (
    Bool,
    GameSchema,
    Int,
    ListOf,
    Mismatch,
    Nullable,
    Obj,
    OneOf,
    Str,
)

INDEX_NAME = ".index.json"
INDEX_FORMAT = "bakugan-replay-index"
INDEX_VERSION = 1
LIMIT = 500
"""The newest replays the list shows."""
MAX_ROWS = 2 * LIMIT
MAX_INDEX_BYTES = 1024 * 1024  # a row is about 200 bytes

NAME = Str(120, r"[^/\\]+\.replay\.gz", "a replay's file name")
STAMP = {"name": NAME, "size": Int(0, 2**62), "mtime_ns": Int(0, 2**64)}
ROW = Obj(
    STAMP,
    {
        "created": Str(40),
        "game": Str(32),
        "players": ListOf(Str(32), 1, 8),
        "winner": Nullable(Int(0, 7)),
        "finished": Bool(),
        "refused": Str(32),
    },
)
INDEX = Obj(
    {
        "format": OneOf((INDEX_FORMAT,)),
        "version": OneOf((INDEX_VERSION,)),
        "rows": ListOf(ROW, 0, MAX_ROWS),
    }
)
SHOWN = ("created", "game", "players", "winner", "finished")


@dataclass(frozen=True, slots=True)
class Summary:
    """One line of the Replays list: when, which game, who played, how it ended."""

    path: Path
    created: str
    game: str
    players: tuple[str, ...]
    winner: int | None
    finished: bool


def summaries(
    folder: Path, games: Mapping[str, GameSchema] | None = None, limit: int = LIMIT
) -> list[Summary]:
    """The replays in `folder`, newest first, from the index where it knows a file as
    it is (else read once, checked against `games` as `read_replay` does); a file that
    cannot be read is left out (it is never changed here)."""
    try:
        files = sorted((p for p in folder.iterdir() if p.name.endswith(SUFFIX)), reverse=True)
    except OSError:
        return []
    kept = load_index(folder)
    rows: list[dict[str, Any]] = []
    out: list[Summary] = []
    changed = False
    for path in files[:limit]:
        try:
            stat = path.stat()
        except OSError:
            continue
        stamp = {"name": path.name, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns}
        row = kept.get(path.name)
        if row is None or any(row[k] != v for k, v in stamp.items()):
            row = {**stamp, **_read_row(path, games)}
            changed = True
        rows.append(row)
        if "refused" not in row and all(k in row for k in SHOWN):
            out.append(
                Summary(
                    path,
                    row["created"],
                    row["game"],
                    tuple(row["players"]),
                    row["winner"],
                    row["finished"],
                )
            )
    if changed or len(rows) != len(kept):
        save_index(folder, rows)
    out.sort(key=lambda s: s.created, reverse=True)
    return out


def _read_row(path: Path, games: Mapping[str, GameSchema] | None) -> dict[str, Any]:
    """A replay's row, read whole once (or why it was refused)."""
    try:
        replay = read_replay(path, games)
    except ReplayError as e:
        return {"refused": e.reason}
    h = replay.header
    end = replay.end
    winner = end.get("winner") if end is not None else None
    return {
        "created": str(h["created"])[:40],
        "game": str(h["game"]),
        "players": [str(s.get("name", "?"))[:32] for s in h["seats"]],
        "winner": winner if isinstance(winner, int) and not isinstance(winner, bool) else None,
        "finished": replay.finished,
    }


def load_index(folder: Path) -> dict[str, dict[str, Any]]:
    """The index's rows by file name; {} when it is missing, too large, damaged or of
    another shape (it is then rebuilt: every file is read again once)."""
    try:
        data = decode.json_value(decode.read_bytes(folder / INDEX_NAME, MAX_INDEX_BYTES))
        INDEX.check(data, "")
    except (decode.Undecodable, Mismatch):
        return {}
    rows = {row["name"]: row for row in data["rows"]}
    return rows if len(rows) == len(data["rows"]) else {}  # a name twice: not ours


def save_index(folder: Path, rows: list[dict[str, Any]]) -> None:
    """Write the index atomically; a folder that refuses it is left as it is."""
    data = {"format": INDEX_FORMAT, "version": INDEX_VERSION, "rows": rows[:MAX_ROWS]}
    with contextlib.suppress(OSError):
        atomic.write_atomic(folder / INDEX_NAME, json.dumps(data, ensure_ascii=False))


__all__ = ["INDEX_NAME", "LIMIT", "Summary", "load_index", "save_index", "summaries"]
