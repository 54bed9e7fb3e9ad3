"""Replays from the command line: where `sim --record` writes, and `replay --verify`.

`recorders(game, folder)` gives the sim what opens one replay file per match in
`folder`. `verify(paths)` re-runs every replay file it is given (files, or folders
holding ``*.replay.gz``) in this process, without a window: one line per file, then
``N identical, N drifted``. A file that cannot be checked (damaged, newer, made with
other cards or physics) gets its own line with the reason and counts as neither; the
exit code is 0 only when every file is identical.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from game.persist.replay_file import (
    SUFFIX,
    Replay,
    ReplayError,
    ReplayWriter,
    new_name,
    parse_replay,
    read_replay,
    replay_bytes,
)
from game.persist.replay_schema import GameSchema

if TYPE_CHECKING:
    from game.games import Named, ReplayKit
    from game.match.replay_stats import MatchLine

# ----------------------------------------------------------------------- reading


def _kit_of(game_id: object) -> ReplayKit | None:
    """The replay part of the game `game_id`, or None: no game of this build keeps
    replays by that id."""
    from game.games import REGISTRY

    record = REGISTRY.get(str(game_id))
    return record.replays if record is not None else None


def _kit(game_id: object, where: Path | None) -> ReplayKit:
    """The replay part of the game a header names; a `ReplayError` on the ``game``
    field when there is none."""
    kit = _kit_of(game_id)
    if kit is None:
        raise ReplayError("game", f"game {str(game_id)[:30]!r}", where)
    return kit


class _Schemas(Mapping[str, GameSchema]):
    """Each game's replay schema by game id (`ReplayKit.schema` of its record), loaded
    when a replay of that game is first read: reading a Planet replay loads no other
    game's rules."""

    def _ids(self) -> list[str]:
        from game.games import REGISTRY

        return [g for g, record in REGISTRY.items() if record.replays is not None]

    def __getitem__(self, game_id: str) -> GameSchema:
        kit = _kit_of(game_id)
        if kit is None:
            raise KeyError(game_id)
        return kit.schema()

    def __iter__(self) -> Iterator[str]:
        return iter(self._ids())

    def __len__(self) -> int:
        return len(self._ids())


SCHEMAS: Mapping[str, GameSchema] = _Schemas()
"""Per game id: what the reader checks of its replays."""


def read(path: Path) -> Replay:
    """The replay in `path`, every field of it checked against its game's schema
    (`SCHEMAS`); raises only `ReplayError`. Every reader of a player's replay (the
    list, the viewer, the record, sharing, Continue) reads through here."""
    return read_replay(path, SCHEMAS)


@dataclass(frozen=True, slots=True)
class Verdict:
    path: Path
    kind: str  # "identical", "drifted", or "unchecked"
    line: str


def open_in(folder: Path) -> Callable[[dict[str, Any]], ReplayWriter]:
    """Header -> a new replay file in `folder` (named by date, game and seed)."""

    def open_replay(header: dict[str, Any]) -> ReplayWriter:
        return ReplayWriter(folder / new_name(str(header["game"]), int(header["seed"])), header)

    return open_replay


# ----------------------------------------------------------------------- verifying


def check(replay: Replay) -> tuple[bool, str]:
    """Re-run `replay` with its game's own re-run (`ReplayKit.check`): (identical, what
    to say). Raises `ReplayError` for a game this build keeps no replays of, and the
    re-run's `RerunError` for one it cannot play."""
    return _kit(replay.header.get("game"), replay.path).check(replay)


# ----------------------------------------------------------------------- stats


def _named(defs: Mapping[str, Named], ident: str, lang: str) -> str | None:
    name = getattr(defs.get(ident), "name", None)
    text = getattr(name, lang, None) if name is not None else None
    return str(text) if text else None


def thing_name(game: str, ident: str, lang: str) -> str:
    """How the record names `ident` (the favourite of a `MatchLine`'s `thrown`): from
    that game's own content; the id itself when the game does not know it."""
    kit = _kit_of(game)
    try:
        tables = kit.things() if kit is not None else ()
    except Exception:  # the content did not load: the id still says something
        tables = ()
    for defs in tables:
        name = _named(defs, ident, lang)
        if name is not None:
            return name
    return ident


def level_title(game: str, level: str, lang: str) -> str:
    """A computer level's title from that game's level records (``easy`` -> "Easy");
    the name itself for one the game does not have (``mixed`` is the caller's)."""
    kit = _kit_of(game)
    try:
        found = kit.levels().get(level) if kit is not None else None
    except Exception:  # its level file did not load
        found = None
    if found is None:
        return level
    return str(found.title_ru if lang == "ru" else found.title_en)


def stats_line(replay: Replay) -> MatchLine | None:
    """The people's side of `replay` for the stats (a `replay_stats.MatchLine`), or
    None: a game the stats do not read, no person, unfinished, drifted."""
    kit = _kit_of(replay.header.get("game"))
    return None if kit is None else kit.stats_line(replay)


def replay_files(paths: Iterable[Path]) -> list[Path]:
    """The files named, and the replays in the folders named (sorted by name)."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(q for q in p.iterdir() if q.name.endswith(SUFFIX)))
        else:
            out.append(p)
    return out


def verify_one(path: Path) -> Verdict:
    """Re-run one file; never raises."""
    from game.match.rerun import RerunError

    try:
        replay = read(path)
        identical, what = check(replay)
    except ReplayError as e:
        return Verdict(path, "unchecked", f"cannot check {e}")
    except RerunError as e:
        return Verdict(path, "unchecked", f"cannot check {ReplayError(e.reason, e.detail, path)}")
    except Exception as e:  # never: the reader and the re-runs raise their own errors only
        return Verdict(path, "unchecked", f"cannot check {path.name}: {type(e).__name__}: {e}")
    unfinished = "" if replay.finished else ", unfinished (cut short)"
    if identical:
        return Verdict(path, "identical", f"identical {path.name} ({what}{unfinished})")
    return Verdict(path, "drifted", f"drifted {path.name}: {what}")


def verify(paths: Sequence[Path], out: TextIO) -> int:
    """`bakugan replay --verify PATH...`: the exit code."""
    files = replay_files(paths)
    verdicts = [verify_one(p) for p in files]
    for v in verdicts:
        print(v.line, file=out)
    same = sum(v.kind == "identical" for v in verdicts)
    drifted = sum(v.kind == "drifted" for v in verdicts)
    unchecked = len(verdicts) - same - drifted
    tail = f" ({unchecked} could not be checked)" if unchecked else ""
    print(f"{same} identical, {drifted} drifted{tail}", file=out)
    return 0 if files and same == len(verdicts) else 1


# ----------------------------------------------------------------------- sharing


def _read_whole(source: Path) -> tuple[bytes, Replay]:
    """A replay's bytes, read once, and the replay they hold, checked against its
    game's schema: what is checked is what is copied (the file may change meanwhile)."""
    raw = replay_bytes(source)
    return raw, parse_replay(raw, source, SCHEMAS)


def export_replay(source: Path, dest: Path) -> Path:
    """Copy a replay to a file of its own at `dest` (a folder: under its own name),
    after reading it whole; never over an existing file. Raises `ReplayError`."""
    raw, _ = _read_whole(source)  # a damaged replay is not passed on
    target = dest / source.name if dest.is_dir() else dest
    if not target.name.endswith(SUFFIX):
        target = target.with_name(target.name + SUFFIX)
    return _copy_new(raw, target)


def import_replay(source: Path, folder: Path) -> Path:
    """Take a replay someone shared into `folder` (the player's Replays), after checking
    that this build can play it (the game, the cards, the physics) and that it re-runs
    to the same match, every record; the copy keeps its name, or gets ``-2``... beside
    one of that name. Raises `ReplayError` (a folder that cannot be written included)."""
    from game.match.rerun import RerunError

    raw, replay = _read_whole(source)
    kit = _kit(replay.header.get("game"), source)
    try:
        identical, what = kit.check(replay)
    except RerunError as e:
        raise ReplayError(e.reason, e.detail, source) from None
    if not identical:
        raise ReplayError("drift", what, source)
    same = _kept_copy(raw, folder)
    if same is not None:  # the same match twice would count twice in the record
        raise ReplayError("kept", same.name, source)
    name = source.name if source.name.endswith(SUFFIX) else source.name + SUFFIX
    return _copy_new(raw, folder / name)


def _kept_copy(data: bytes, folder: Path) -> Path | None:
    """A replay in `folder` with the bytes `data`, if there is one."""
    try:
        kept = [p for p in folder.iterdir() if p.name.endswith(SUFFIX)]
    except OSError:
        return None
    for p in kept:
        with contextlib.suppress(OSError):
            if p.stat().st_size == len(data) and p.read_bytes() == data:
                return p
    return None


def _write_new(path: Path, data: bytes) -> None:
    """Write a file that must not exist yet (FileExistsError if it does); one cut short
    by an error is removed."""
    import os

    with open(path, "xb") as f:
        try:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        except OSError:
            f.close()
            path.unlink(missing_ok=True)
            raise


def _copy_new(data: bytes, target: Path) -> Path:
    """Write `data` to `target` or, if that exists, `target-2`...; the copy is made
    under a temporary name and linked into place, so no file is ever overwritten (on a
    drive without hard links it is written under its name, created only if new). A
    folder that cannot be made or written (read-only, full) is a `ReplayError`."""
    import os
    import tempfile

    stem = target.name[: -len(SUFFIX)] if target.name.endswith(SUFFIX) else target.stem
    tmp: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".import-")
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        links = True
        for n in range(1, 1000):
            candidate = target if n == 1 else target.with_name(f"{stem}-{n}{SUFFIX}")
            try:
                if links:
                    os.link(tmp, candidate)  # fails if it exists: never over a file
                else:
                    _write_new(candidate, data)
            except FileExistsError:
                continue
            except OSError:
                if not links:
                    raise
                links = False  # a drive without hard links (FAT, some shares): write it
                try:
                    _write_new(candidate, data)
                except FileExistsError:
                    continue
            return candidate
        raise ReplayError("exists", "a thousand replays of that name", target)
    except OSError as e:
        where = f"{e.strerror or e}: {target.parent}"
        raise ReplayError("not_written", where[:160], target) from e
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
