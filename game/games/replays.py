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
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from game.persist.replay_file import (
    SUFFIX,
    Replay,
    ReplayError,
    ReplayWriter,
    new_name,
    read_replay,
)

Check = Callable[[Replay], tuple[bool, str]]
"""A re-run of one replay: (identical, what to say)."""


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


def attack_recorder(
    folder: Path, settings: Any
) -> Callable[[int, Sequence[str], Sequence[int]], Any]:
    """The Attack sim's per-game hook factory writing replays into `folder`."""
    from game.content.attack import shipped_deck
    from game.match.attack.recording import AttackRecorder, attack_header
    from game.match.replay_header import SeatInfo

    deck = shipped_deck()
    opener = open_in(folder)

    def hook(seed: int, names: Sequence[str], seeds: Sequence[int]) -> AttackRecorder:
        seats = [SeatInfo(n, s) for n, s in zip(names, seeds, strict=True)]
        writer = opener(attack_header(deck, settings, seed, seats))
        return AttackRecorder(writer.write, writer.close)

    return hook


# ----------------------------------------------------------------------- verifying


def _check_classic(replay: Replay) -> tuple[bool, str]:
    from game.content.classic import shipped_catalog
    from game.match.classic.replaying import rerun_classic

    run = rerun_classic(replay.header, replay.records, shipped_catalog())
    if run.drift is not None:
        return False, f"record {run.drift[0] + 1}: {run.drift[1]}"
    return True, f"{len(run.steps)} records"


def _check_attack(replay: Replay) -> tuple[bool, str]:
    from game.content.attack import shipped_deck
    from game.match.attack.recording import rerun_attack

    run = rerun_attack(replay.header, replay.records, shipped_deck())
    if run.drift is not None:
        return False, f"record {run.drift[0] + 1}: {run.drift[1]}"
    return True, f"{run.steps} records"


def _check_planet(replay: Replay) -> tuple[bool, str]:
    from game.content.planet import shipped_catalog
    from game.match.planet.recording import rerun_planet

    run = rerun_planet(replay.header, replay.records, shipped_catalog())
    if run.drift is not None:
        return False, f"record {run.drift[0] + 1}: {run.drift[1]}"
    return True, f"{run.steps} records"


CHECKS: dict[str, Check] = {
    "classic": _check_classic,
    "attack": _check_attack,
    "planet": _check_planet,
}


# ----------------------------------------------------------------------- stats

StatsLine = Callable[[Replay], Any]
"""One finished replay -> the people's `replay_stats.MatchLine`, or None."""


def _line_classic(replay: Replay) -> Any:
    from game.content.classic import shipped_catalog
    from game.match.classic.stats import match_line

    return match_line(replay.header, replay.records, shipped_catalog())


def _line_planet(replay: Replay) -> Any:
    from game.content.planet import shipped_catalog
    from game.match.planet.replay import planet_match_line

    return planet_match_line(replay.header, replay.records, shipped_catalog())


def _line_attack(replay: Replay) -> Any:
    from game.content.attack import shipped_deck
    from game.match.attack.recording import match_line

    return match_line(replay.header, replay.records, shipped_deck())


STATS_LINES: dict[str, StatsLine] = {
    "classic": _line_classic,
    "attack": _line_attack,
    "planet": _line_planet,
}


def _named(defs: Mapping[str, Any], ident: str, lang: str) -> str | None:
    name = getattr(defs.get(ident), "name", None)
    text = getattr(name, lang, None) if name is not None else None
    return str(text) if text else None


def _name_classic(ident: str, lang: str) -> str | None:
    from game.content.classic import shipped_catalog

    cat = shipped_catalog()
    for defs in (cat.bakugan, cat.gates, cat.abilities, cat.traps, cat.gear):
        name = _named(defs, ident, lang)
        if name is not None:
            return name
    return None


def _name_attack(ident: str, lang: str) -> str | None:
    from game.content.attack import shipped_deck

    return _named(shipped_deck().by_id, ident, lang)


def _name_planet(ident: str, lang: str) -> str | None:
    from game.content.planet import shipped_catalog

    cat = shipped_catalog()
    return _named(cat.characters, ident, lang) or _named(cat.cards, ident, lang)


ThingName = Callable[[str, str], "str | None"]
"""(the id of a thing in a game's content: a Bakugan, a card; a language) -> its name."""

THING_NAMES: dict[str, ThingName] = {
    "classic": _name_classic,
    "attack": _name_attack,
    "planet": _name_planet,
}


def thing_name(game: str, ident: str, lang: str) -> str:
    """How the record names `ident` (the favourite of a `MatchLine`'s `thrown`): from
    that game's own content; the id itself when the game does not know it."""
    name = THING_NAMES.get(game)
    try:
        found = name(ident, lang) if name is not None else None
    except Exception:  # the content did not load: the id still says something
        found = None
    return found or ident


def level_title(game: str, level: str, lang: str) -> str:
    """A computer level's title from that game's level records (``easy`` -> "Easy");
    the name itself for one the game does not have (``mixed`` is the caller's)."""
    import importlib

    from game.games import REGISTRY

    if game not in REGISTRY:
        return level
    try:
        records = importlib.import_module(f"game.games.{game}").shipped_levels()
        record = records.get(level)
    except Exception:  # no such game, or its level file did not load
        record = None
    if record is None:
        return level
    return str(record.title_ru if lang == "ru" else record.title_en)


def stats_line(replay: Replay) -> Any:
    """The people's side of `replay` for the stats (a `replay_stats.MatchLine`), or
    None: a game the stats do not read yet, no person, unfinished, drifted."""
    read = STATS_LINES.get(str(replay.header.get("game")))
    return None if read is None else read(replay)


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
        replay = read_replay(path)
        check = CHECKS.get(str(replay.header["game"]))
        if check is None:
            raise ReplayError("game", f"game {str(replay.header['game'])[:30]!r}", path)
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


def export_replay(source: Path, dest: Path) -> Path:
    """Copy a replay to a file of its own at `dest` (a folder: under its own name),
    after reading it whole; never over an existing file. Raises `ReplayError`."""
    read_replay(source)  # a damaged replay is not passed on
    target = dest / source.name if dest.is_dir() else dest
    if not target.name.endswith(SUFFIX):
        target = target.with_name(target.name + SUFFIX)
    return _copy_new(source, target)


def import_replay(source: Path, folder: Path) -> Path:
    """Take a replay someone shared into `folder` (the player's Replays), after checking
    that this build can play it (the game, the cards, the physics); the copy keeps its
    name, or gets ``-2``... beside one of that name. Raises `ReplayError`."""
    from game.match.rerun import RerunError

    replay = read_replay(source)
    check = CHECKS.get(str(replay.header["game"]))
    if check is None:
        raise ReplayError("game", f"game {str(replay.header['game'])[:30]!r}", source)
    try:
        identical, what = check(replay)
    except RerunError as e:
        raise ReplayError(e.reason, e.detail, source) from None
    if not identical:
        raise ReplayError("drift", what, source)
    same = _kept_copy(source, folder)
    if same is not None:  # the same match twice would count twice in the record
        raise ReplayError("kept", same.name, source)
    name = source.name if source.name.endswith(SUFFIX) else source.name + SUFFIX
    return _copy_new(source, folder / name)


def _kept_copy(source: Path, folder: Path) -> Path | None:
    """A replay in `folder` with the same bytes as `source`, if there is one."""
    data = source.read_bytes()
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


def _copy_new(source: Path, target: Path) -> Path:
    """Copy `source` to `target` or, if that exists, `target-2`...; the copy is made
    under a temporary name and linked into place, so no file is ever overwritten (on a
    drive without hard links it is written under its name, created only if new)."""
    import os
    import tempfile

    target.parent.mkdir(parents=True, exist_ok=True)
    data = source.read_bytes()
    stem = target.name[: -len(SUFFIX)] if target.name.endswith(SUFFIX) else target.stem
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".import-")
    try:
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
        raise ReplayError("not_written", e.strerror or str(e), target) from e
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
