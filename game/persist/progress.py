"""Throw-challenge progress per user: each level's best score and stars, saved atomically.

The file is ``challenges.json`` in the user's data folder (`game.persist.paths`:
``$BAKUGAN_HOME/data`` when that variable is set, else the platform's data folder), and
is written with `game.persist.atomic.write_atomic`: a reader sees the old file or the new
one, never half. A damaged file
(not JSON, not ours, another version, wrong types) never stops the game: progress starts
afresh with one warning, and the damaged file is set aside so nothing is lost silently.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .atomic import write_atomic
from .paths import data_dir

PROGRESS_FILE = "challenges.json"
KIND = "bakugan-table challenge progress"
VERSION = 1

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
    """Why the progress file was not used (`why`: a catalog key suffix) and where the
    damaged file was put (None: it could not be moved)."""

    why: str
    kept_as: str | None


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

    @classmethod
    def load(cls, path: Path | None = None) -> Progress:
        """The saved progress, or a fresh one (with `warning` set if the file was bad)."""
        progress = cls(path)
        p = progress.path
        try:
            raw = p.read_bytes()
        except FileNotFoundError:
            return progress
        except OSError:
            progress._damaged("unreadable", move=False)
            return progress
        try:
            progress.records = _parse(raw)
        except _Damaged as e:
            progress._damaged(e.why, move=True)
        return progress

    def _damaged(self, why: str, move: bool) -> None:
        kept: str | None = None
        if move:
            aside = self.path.with_name(self.path.name + ".damaged")
            try:
                os.replace(self.path, aside)
                kept = str(aside)
            except OSError:
                kept = None
        self.warning = ProgressWarning(why, kept)
        log.warning("challenge progress %s not used (%s); starting afresh", self.path, why)

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
        """Write the file atomically; False (and `save_failed`) if it could not be."""
        try:
            write_atomic(self.path, self.to_json())
        except OSError as e:
            log.warning("challenge progress could not be saved to %s: %s", self.path, e)
            self.save_failed = True
            return False
        self.save_failed = False
        return True


def _parse(raw: bytes) -> dict[str, LevelRecord]:
    try:
        data: Any = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise _Damaged("not_json") from None
    if not isinstance(data, dict) or data.get("kind") != KIND:
        raise _Damaged("not_progress")
    if data.get("version") != VERSION:
        raise _Damaged("version")
    levels = data.get("levels")
    if not isinstance(levels, dict):
        raise _Damaged("not_progress")
    out: dict[str, LevelRecord] = {}
    for ident, entry in levels.items():
        if not isinstance(entry, dict):
            raise _Damaged("not_progress")
        values = [entry.get(k) for k in ("best", "stars", "plays")]
        if not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in values):
            raise _Damaged("not_progress")
        best, stars, plays = values
        assert isinstance(best, int) and isinstance(stars, int) and isinstance(plays, int)
        if stars > 3:
            raise _Damaged("not_progress")
        out[str(ident)] = LevelRecord(best, stars, plays)
    return out


__all__ = [
    "PROGRESS_FILE",
    "LevelRecord",
    "Progress",
    "ProgressWarning",
    "data_dir",
    "progress_path",
    "write_atomic",
]
