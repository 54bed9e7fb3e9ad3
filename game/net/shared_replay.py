"""The whole replay, given to the table at the end when the host chooses to
(`bakugan host --share-replay`): the host's very file, sent once the match is over
(before the ``over`` that ends each connection), which each joined computer and
spectator may keep (`bakugan join --save-replay DIR`, or "Save the replay" on the
network table's end screen) and `bakugan replay --verify` re-runs identical.

During play nothing hidden leaves the host; after it, the replay holds everything (the
decks, every hand), which is why it is the host's choice and off unless asked for.
What a client is sent is someone else's file: it is checked as every replay a player
opens is (`game.games.replays`: gzip, the caps on size and records, the schema of its
game) before a byte of it is written, and it is written to a new file of this
computer's naming, never over another.
"""

from __future__ import annotations

import base64
import binascii
import os
from pathlib import Path
from typing import Any

from game.persist.replay_file import ReplayError, new_name, parse_replay, replays_dir

MAX_SHARED_BYTES = 700 * 1024
"""The largest replay file the host sends (base64 makes it a third bigger, under the
wire's 1 MiB for a host's message; a long Big Game's file is about 11 KB)."""


def replay_message(path: str | None) -> dict[str, Any] | None:
    """The ``replay`` message's fields for the file at `path`, or None (no file, or one
    too big to send)."""
    if path is None:
        return None
    try:
        raw = Path(path).read_bytes()
    except OSError:
        return None
    if len(raw) > MAX_SHARED_BYTES:
        return None
    return {"data": base64.b64encode(raw).decode("ascii")}


def shared_bytes(message: dict[str, Any]) -> tuple[bytes, str]:
    """The replay file a ``replay`` message carries, checked whole, and its game's id;
    `ReplayError` (its code naming the problem) for anything else."""
    data = message.get("data")
    if not isinstance(data, str) or len(data) > MAX_SHARED_BYTES * 4 // 3 + 4:
        raise ReplayError("too_large" if isinstance(data, str) else "unreadable", "data")
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise ReplayError("unreadable", "data: not base64") from None
    from game.games.replays import SCHEMAS

    replay = parse_replay(raw, None, SCHEMAS)  # every field of it checked, or ReplayError
    return raw, str(replay.header["game"])


def save_shared(raw: bytes, folder: Path, game: str) -> Path:
    """`raw` (checked by `shared_bytes`, of the game `game` it named) as a new replay
    file in `folder`, named here by the date and the game; a name taken gets the next
    number, never an overwrite."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = new_name(game, 0).removesuffix(".replay.gz").removesuffix("-0")
    for n in range(1, 1000):
        path = folder / f"{stem}-net{n}.replay.gz"
        try:
            with open(path, "xb") as out:
                out.write(raw)
                out.flush()
                os.fsync(out.fileno())
        except FileExistsError:
            continue
        return path
    raise ReplayError("unreadable", f"{folder}: no free name")


def keep(message: dict[str, Any], folder: Path) -> Path:
    """A ``replay`` message's file checked whole and kept as a new file in `folder`;
    `ReplayError` or OSError when it is not kept."""
    raw, game = shared_bytes(message)
    return save_shared(raw, folder, game)


def players_replays() -> Path:
    """This computer's player's replays folder (the replay list reads it)."""
    from game.persist import paths

    return replays_dir(paths.data_dir())
