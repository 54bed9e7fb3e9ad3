"""The crash report: what an unexpected error in the window leaves behind, as plain
text in the player's data folder (``<data>/crashes/crash-<time>.txt``), readable
without the game.

It holds what happened (the error and the screen it came from), the version lines
(`bakugan --version`'s, and where the game runs), the game and its screens, the
traceback, the last 50 lines of the log (`LogTail`, installed by the window) and the
replay of the match so far (each open live replay's header and records as JSON
lines). Writing it never raises: each part that cannot be told says why in its place,
and a report that cannot be written at all is reported as such to the crash screen.
The newest `KEEP` reports are kept.
"""

from __future__ import annotations

import json
import logging
import sys
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from game.files import atomic
from game.persist import paths

FOLDER = "crashes"
LOG_LINES = 50
KEEP = 20
MAX_RECORDS = 5_000  # of a replay, in one report (a long match has about 2,000)


class LogTail(logging.Handler):
    """The last `LOG_LINES` lines of the game's log, kept in memory for a report."""

    def __init__(self, size: int = LOG_LINES) -> None:
        super().__init__(logging.INFO)
        self.lines: deque[str] = deque(maxlen=size)
        self.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.append(self.format(record))
        except Exception:  # a record that cannot be told is left out, never a crash
            self.handleError(record)


class _Terminal(logging.Handler):
    """Warnings to the terminal as Python tells them when no handler is set (the
    message alone, to whatever `sys.stderr` is at the time): a handler of ours would
    otherwise silence that."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)

    def emit(self, record: logging.LogRecord) -> None:
        try:
            print(record.getMessage(), file=sys.stderr)
        except Exception:
            self.handleError(record)


_TAIL: LogTail | None = None


def install_log_tail() -> LogTail:
    """Keep the game's log lines (INFO and up) for crash reports, once per process
    (the window's); warnings still go to the terminal as before."""
    global _TAIL
    if _TAIL is None:
        _TAIL = LogTail()
        logger = logging.getLogger("game")
        logger.setLevel(logging.INFO)
        logger.addHandler(_TAIL)
        logger.addHandler(_Terminal())
    return _TAIL


def log_lines() -> list[str]:
    return list(_TAIL.lines) if _TAIL is not None else []


@dataclass(frozen=True, slots=True)
class Crash:
    """What the report is about: the error, the game chosen, the screens (bottom to
    top), the open replay files, the autosave files."""

    error: BaseException
    game: str
    screens: Sequence[str]
    replays: Sequence[Path] = ()
    saves: Sequence[Path] = ()


def _part(title: str, lines: Callable[[], Iterable[str]]) -> list[str]:
    try:
        body = list(lines())
    except Exception as e:  # the report tells what it can
        body = [f"(could not be told: {type(e).__name__}: {e})"]
    return [f"== {title} ==", *(body or ["(none)"]), ""]


def _version() -> list[str]:
    from game.games.about import build_info, runtime

    return [*build_info().lines(), runtime()]


def _replay(path: Path) -> list[str]:
    from game.persist.replay_file import read_replay

    replay = read_replay(path)
    shown = replay.records[:MAX_RECORDS]
    out = [f"file {path}", f"{len(replay.records)} records, finished: {replay.finished}"]
    out.append(json.dumps(replay.header, ensure_ascii=False, sort_keys=True))
    out += [json.dumps(r, ensure_ascii=False, sort_keys=True) for r in shown]
    if len(shown) < len(replay.records):
        out.append(f"({len(replay.records) - len(shown)} more records in the file)")
    return out


def report_text(crash: Crash) -> str:
    """The whole report, as text."""
    error = crash.error
    stamp = time.strftime("%Y-%m-%d %H:%M:%S %z")
    screen = crash.screens[-1] if crash.screens else "(none)"
    lines = [f"Bakugan Table crash report, {stamp}", ""]
    lines += _part(
        "what happened", lambda: [f"{type(error).__name__}: {error}"[:2000], f"screen: {screen}"]
    )
    lines += _part("version", _version)
    lines += _part(
        "the game",
        lambda: [
            f"game: {crash.game}",
            "screens: " + " > ".join(crash.screens),
            *(f"autosave (left as it was): {p}" for p in crash.saves),
        ],
    )
    lines += _part(
        "traceback",
        lambda: "".join(traceback.format_exception(error)).rstrip("\n").splitlines(),
    )
    lines += _part(f"the last {LOG_LINES} log lines", log_lines)
    for path in crash.replays:
        lines += _part(f"the replay so far ({path.name})", lambda p=path: _replay(p))  # type: ignore[misc]
    if not crash.replays:
        lines += _part("the replay so far", lambda: ["(no match was being recorded)"])
    return "\n".join(lines)


def crashes_dir() -> Path:
    return paths.data_dir() / FOLDER


def write_report(crash: Crash, folder: Path | None = None) -> tuple[Path | None, str]:
    """Write the report; (its file, "") or (None, why it could not be written). Only
    the newest `KEEP` reports stay. Never raises."""
    try:
        text = report_text(crash)
    except Exception as e:  # (each part guards itself; this is the last guard)
        text = f"Bakugan Table crash report\n{type(crash.error).__name__}: {crash.error}\n({e})"
    try:
        where = paths.ensure_dir(folder if folder is not None else crashes_dir())
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = where / f"crash-{stamp}.txt"
        n = 2
        while target.exists():
            target, n = where / f"crash-{stamp}-{n}.txt", n + 1
        atomic.write_atomic(target, text)
    except Exception as e:  # a full disk, a read-only folder, no home at all
        return None, f"{type(e).__name__}: {e}"[:200]
    try:
        old = sorted(where.glob("crash-*.txt"), key=lambda p: p.stat().st_mtime)
        for stale in old[:-KEEP]:
            stale.unlink()
    except OSError:
        pass
    return target, ""
