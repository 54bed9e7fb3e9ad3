"""Throw-challenge progress per user: each level's best score and stars, saved atomically.

The file is ``challenges.json`` in the user's data folder (`game.persist.paths`:
``$BAKUGAN_HOME/data`` when that variable is set, else the platform's data folder), and
is written with `game.files.atomic.write_atomic`: a reader sees the old file or the new
one, never half. Nothing the file holds stops the game or loses a record:

- a file that is not progress at all (not JSON, not ours, another version) is set aside
  under a name of its own (``challenges.damaged-<time>.json``) and progress starts
  afresh;
- a file with some bad records keeps every good one: a copy of the file is set aside
  and the file is rewritten with the good records;
- a file that cannot be read (a permission error) is never written over: progress of
  this session is not saved, and the player is told.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.files import decode
from game.files.atomic import set_aside, write_atomic

from .paths import data_dir

PROGRESS_FILE = "challenges.json"
KIND = "bakugan-table challenge progress"
VERSION = 1
MAX_FILE_BYTES = 4 * 1024 * 1024
MAX_COUNT = 10**9  # a best score or a number of plays beyond this is no record of ours
MAX_IDENT = 200

log = logging.getLogger(__name__)


def progress_path() -> Path:
    return data_dir() / PROGRESS_FILE


@dataclass(frozen=True, slots=True)
class LevelRecord:
    """The best a player did on one level."""

    best: int = 0
    stars: int = 0
    plays: int = 0


@dataclass(frozen=True, slots=True)
class ProgressWarning:
    """Why the progress file was not used whole (`why`: a catalog key suffix,
    ``levels.why_<why>``), where the player's file was put (None: it was left where it
    was), and how many records were left out (`dropped`, for ``records``)."""

    why: str
    kept_as: str | None
    dropped: int = 0

    def text(self, lang: str) -> str:
        """The player's message in `lang`."""
        from game.files.lang import tr

        name = Path(self.kept_as).name if self.kept_as else "-"  # beside the progress file
        if self.why == "records":
            return tr(lang, "levels.progress_records", n=self.dropped, file=name)
        why = tr(lang, f"levels.why_{self.why}")
        if self.kept_as is None:
            return tr(lang, "levels.progress_left", why=why)
        return tr(lang, "levels.progress_damaged", why=why, file=name)


class _Damaged(Exception):
    def __init__(self, why: str) -> None:
        super().__init__(why)
        self.why = why


class Progress:
    """Every level's record, loaded from and saved to one file."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = progress_path() if path is None else path
        self.records: dict[str, LevelRecord] = {}
        self.warning: ProgressWarning | None = None
        self.save_failed = False
        self.read_only = False  # the file could not be read or set aside: never written

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        """The saved progress, or a fresh one (with `warning` set if the file was bad);
        never raises."""
        progress = cls(path)
        p = progress.path
        try:
            raw = decode.read_bytes(p, MAX_FILE_BYTES)
        except decode.Undecodable as e:
            if e.code == "missing":
                return progress
            if e.code != "too_large":
                progress._unreadable(e.detail)
                return progress
            raw = b""
        try:
            if not raw:
                raise _Damaged("not_json")
            progress.records, dropped = _parse(raw)
        except _Damaged as e:
            progress._damaged(e.why)
            return progress
        if dropped:
            progress._dropped(dropped)
        return progress

    def _unreadable(self, detail: str) -> None:
        self.read_only = True
        self.warning = ProgressWarning("unreadable", None)
        log.warning("challenge progress %s: %s; it will not be written over", self.path, detail)

    def _damaged(self, why: str) -> None:
        kept = set_aside(self.path)
        if kept is None:
            self.read_only = True
        self.warning = ProgressWarning(why, None if kept is None else str(kept))
        log.warning(
            "challenge progress %s not used (%s); starting afresh; the file %s",
            self.path,
            why,
            f"kept as {kept}" if kept else "left as it is and not written over",
        )

    def _dropped(self, dropped: int) -> None:
        kept = set_aside(self.path, copy=True)
        if kept is None:
            self.read_only = True
        else:
            self.save()
        self.warning = ProgressWarning("records", None if kept is None else str(kept), dropped)
        log.warning(
            "challenge progress %s: %d bad records left out, the good ones kept; %s",
            self.path,
            dropped,
            f"a copy kept as {kept}" if kept else "the file left as it is and not written over",
        )

    # --- reading -----------------------------------------------------------------

    def record(self, ident: str) -> LevelRecord:
        return self.records.get(ident, LevelRecord())

    def stars(self, ident: str) -> int:
        return self.record(ident).stars

    def total_stars(self, idents: Iterable[str]) -> int:
        return sum(self.stars(i) for i in idents)

    def unlocked(self, idents: list[str]) -> set[str]:
        """Levels open to play, in order: the first, and each whose previous level has a
        star (levels that cannot be loaded are left out of `idents` by the caller)."""
        out: set[str] = set()
        for i, ident in enumerate(idents):
            if i == 0 or self.stars(idents[i - 1]) > 0 or self.stars(ident) > 0:
                out.add(ident)
            else:
                break
        return out

    # --- writing -----------------------------------------------------------------

    def add_result(self, ident: str, score: int, stars: int) -> tuple[bool, LevelRecord]:
        """Count a finished attempt; returns (a new best score?, the record before)."""
        before = self.record(ident)
        self.records[ident] = LevelRecord(
            best=max(before.best, score),
            stars=max(before.stars, stars),
            plays=before.plays + 1,
        )
        return score > before.best, before

    def to_json(self) -> str:
        data = {
            "kind": KIND,
            "version": VERSION,
            "levels": {
                ident: {"best": r.best, "stars": r.stars, "plays": r.plays}
                for ident, r in sorted(self.records.items())
            },
        }
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"

    def save(self) -> bool:
        """Write the file atomically; False (and `save_failed`) if it could not be, or
        may not be (`read_only`: the file in place could not be read)."""
        if self.read_only:
            log.warning("challenge progress not saved: %s could not be read", self.path)
            self.save_failed = True
            return False
        try:
            write_atomic(self.path, self.to_json())
        except OSError as e:
            log.warning("challenge progress could not be saved to %s: %s", self.path, e)
            self.save_failed = True
            return False
        self.save_failed = False
        return True


def _parse(raw: bytes) -> tuple[dict[str, LevelRecord], int]:
    """The good records of a file and how many bad ones were left out; raises
    `_Damaged` for a file that is not progress at all."""
    try:
        data: Any = decode.json_value(raw)
    except decode.Undecodable:
        raise _Damaged("not_json") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise _Damaged("not_progress")
    version = data.get("version")
    if version != VERSION or isinstance(version, bool):
        raise _Damaged("version")
    levels = data.get("levels")
    if not isinstance(levels, dict):
        raise _Damaged("not_progress")
    out: dict[str, LevelRecord] = {}
    dropped = 0
    for ident, entry in levels.items():
        record = _record(ident, entry)
        if record is None:
            dropped += 1
        else:
            out[ident] = record
    return out, dropped


def _count(value: object, hi: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
        return None
    return value


def _record(ident: str, entry: object) -> LevelRecord | None:
    """One level's record, or None when it is not a good one."""
    if not isinstance(entry, dict) or not ident or len(ident) > MAX_IDENT:
        return None
    best = _count(entry.get("best"), MAX_COUNT)
    stars = _count(entry.get("stars"), 3)
    plays = _count(entry.get("plays"), MAX_COUNT)
    if best is None or stars is None or plays is None:
        return None
    return LevelRecord(best, stars, plays)


__all__ = [
    "PROGRESS_FILE",
    "LevelRecord",
    "Progress",
    "ProgressWarning",
    "data_dir",
    "progress_path",
    "write_atomic",
]
