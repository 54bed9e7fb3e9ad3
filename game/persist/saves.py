"""The autosave of a match in progress, so quitting or a crash mid-match can resume.

One file per game, ``autosave-<game>.json`` in the data folder (so starting a match of
one game never writes over the match of another left for later), written atomically
after each turn::

    {"format": "bakugan-save", "version": 1, "game": "classic", "game_version": 1,
     "saved_at": "...", "checksum": "sha256:<hex>", "payload": {...}}

The checksum is the SHA-256 of the payload's canonical JSON (sorted keys, no spaces,
UTF-8). The payload is whatever the game's match layer hands over (the classic game's:
`game.match.classic.persist`); `game` says which game's screens resume it (a registry id) and
`game_version` the version of that game's payload. A save without them (written before
there were several games) is the classic game's: the reader says None, the title takes
the default game. The one ``autosave.json`` of an older version is still read as the
save of the game it names (classic when it names none) and goes once that game's own
slot is written or cleared.

A save is loaded whole or not at all: bad JSON, another format or version, a checksum
mismatch or missing fields make it *damaged*. A damaged save is moved aside to
``autosave.damaged-<timestamp>.json`` (kept for a bug report, never read again) and
reported as a `SaveError`, whose `key` and `params` name a message of the ``[save]``
section of the language catalogs.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from game.files import atomic, decode
from game.files.atomic import remove_stale_temps, write_atomic
from game.persist import paths
from game.rules.api import GameError

log = logging.getLogger(__name__)

FORMAT = "bakugan-save"
VERSION = 1
MAX_FILE_BYTES = 16 * 1024 * 1024  # a Big Game's save is under 100 KB
_ENVELOPE = ("format", "version", "checksum", "payload")
_GAME_ID = re.compile(r"^[a-z][a-z0-9_]{0,31}$")

T = TypeVar("T")


class SaveError(GameError):
    """A save that cannot be used, and why.

    `reason` is a short code (``unreadable``, ``not_json``, ``not_a_save``, ``version``,
    ``checksum``, ``missing``, ``bad_match``, ``impossible``, ``game``, ``not_saved``);
    `detail`
    is English for the log; `key` and `params` name the player's message in the
    language catalogs; `moved_to` is where a damaged save was set aside (None when it
    was not moved).
    """

    def __init__(self, reason: str, detail: str, path: Path | None = None) -> None:
        self.reason = reason
        self.detail = detail
        self.path = path
        self.moved_to: Path | None = None
        where = f"{path}: " if path is not None else ""
        super().__init__(f"{where}{detail}")

    @property
    def key(self) -> str:
        """The catalog key of the player's message."""
        if self.reason == "not_saved":
            return "save.not_saved"
        return "save.damaged" if self.moved_to is not None else "save.damaged_removed"

    @property
    def params(self) -> dict[str, str]:
        """The message's fields: `why` (the catalog key of the reason) and `file`."""
        if self.reason == "not_saved":
            return {"file": str(self.path or "")}
        why = f"save.why_{self.reason}"
        return {"why": why, "file": self.moved_to.name} if self.moved_to else {"why": why}

    def text(self, lang: str) -> str:
        """The player's message in `lang`."""
        from game.files.lang import tr

        params = self.params
        if "why" in params:
            params = {**params, "why": tr(lang, params["why"])}
        return tr(lang, self.key, **params)


def canonical(payload: Any) -> bytes:
    """The canonical JSON bytes of `payload` that the checksum covers."""
    return json.dumps(
        payload, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def checksum(payload: Any) -> str:
    return "sha256:" + hashlib.sha256(canonical(payload)).hexdigest()


@dataclass(frozen=True, slots=True)
class Saved:
    """A save read whole: the game it is of and that game's payload version (None for
    a save written before saves named their game: the classic game's), the payload."""

    game: str | None
    game_version: int | None
    payload: dict[str, Any]


def encode(
    payload: dict[str, Any],
    saved_at: str | None = None,
    game: str | None = None,
    game_version: int = 1,
) -> bytes:
    """The bytes of a save file holding `payload` of the game `game` (a registry id;
    None: a save that names no game, as the first saves did)."""
    envelope: dict[str, Any] = {"format": FORMAT, "version": VERSION}
    if game is not None:
        if not _GAME_ID.match(game):
            raise ValueError(f"game: {game!r} is not a game id")
        envelope.update(game=game, game_version=game_version)
    envelope.update(
        saved_at=saved_at or time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        checksum=checksum(payload),
        payload=payload,
    )
    return json.dumps(envelope, ensure_ascii=False, allow_nan=False, indent=1).encode("utf-8")


def decode_save(
    raw: bytes, required: Iterable[str] = (), path: Path | None = None
) -> dict[str, Any]:
    """The payload of a save file's bytes, checked whole; raises `SaveError`."""
    return read_save(raw, required, path).payload


def _game_of(envelope: dict[str, Any], path: Path | None) -> tuple[str | None, int | None]:
    if "game" not in envelope:
        return None, None
    game, version = envelope["game"], envelope.get("game_version")
    if not isinstance(game, str) or not _GAME_ID.match(game):
        raise SaveError("not_a_save", f"game: {repr(game)[:40]} is not a game id", path)
    if isinstance(version, bool) or not isinstance(version, int):
        raise SaveError(
            "missing", f"game_version: expected a number, got {repr(version)[:40]}", path
        )
    return game, version


def read_save(raw: bytes, required: Iterable[str] = (), path: Path | None = None) -> Saved:
    """A save file's bytes, checked whole; raises `SaveError`."""
    try:
        envelope = decode.json_value(raw)
    except decode.Undecodable as e:
        raise SaveError("not_json", e.detail, path) from None
    if not isinstance(envelope, dict) or envelope.get("format") != FORMAT:
        raise SaveError("not_a_save", "not a save file of this game", path)
    missing = [k for k in _ENVELOPE if k not in envelope]
    if missing:
        raise SaveError("missing", f"missing fields: {', '.join(missing)}", path)
    version = envelope["version"]
    if version != VERSION or isinstance(version, bool):
        shown = repr(version)[:40]
        raise SaveError("version", f"save version {shown}, this game reads {VERSION}", path)
    payload = envelope["payload"]
    if not isinstance(payload, dict):
        raise SaveError("missing", "the payload is not an object", path)
    try:
        actual = checksum(payload)
    except (ValueError, RecursionError) as e:  # NaN or infinity smuggled in
        raise SaveError("checksum", f"payload cannot be checked ({e})", path) from None
    if actual != envelope["checksum"]:
        raise SaveError(
            "checksum",
            f"checksum mismatch (file {str(envelope['checksum'])[:80]!r}, data {actual!r})",
            path,
        )
    absent = [k for k in required if k not in payload]
    if absent:
        raise SaveError("missing", f"payload misses: {', '.join(absent)}", path)
    game, game_version = _game_of(envelope, path)
    return Saved(game, game_version, payload)


# ---------------------------------------------------------------- the autosave file


SLOT = re.compile(r"autosave(-[a-z][a-z0-9_]*)?\.json")


def _slot(game: str) -> Path:
    """`game`'s own file (a name that is no game id gets none: a `SaveError`)."""
    legacy = paths.autosave_path()
    if not _GAME_ID.match(game):
        raise SaveError("not_saved", f"game: {game[:40]!r} is not a game id", legacy)
    return legacy.with_name(f"autosave-{game}.json")


def _legacy_game(legacy: Path) -> str | None:
    """The game an older version's one ``autosave.json`` is of (None: unreadable)."""
    try:
        envelope = json.loads(decode.read_bytes(legacy, MAX_FILE_BYTES))
    except (decode.Undecodable, ValueError):
        return None
    if not isinstance(envelope, dict):
        return None
    game = envelope.get("game", "classic")
    return game if isinstance(game, str) else None


def _existing() -> list[Path]:
    folder = paths.autosave_path().parent
    try:
        return [p for p in folder.iterdir() if SLOT.fullmatch(p.name) and p.is_file()]
    except OSError:
        return []


def save_path(game: str | None = None) -> Path:
    """The autosave of `game` (its own slot, or an older version's ``autosave.json`` of
    that game); without a game, the newest autosave of any (tests, tools)."""
    legacy = paths.autosave_path()
    if game is None:
        existing = _existing()
        return max(existing, key=lambda p: p.stat().st_mtime_ns) if existing else legacy
    own = _slot(game)
    if not own.exists() and legacy.is_file() and _legacy_game(legacy) == game:
        return legacy
    return own


def newest_game() -> str | None:
    """The game of the newest autosave of any game (None: there is none, or it cannot
    be told), for the title to say which match Continue resumes."""
    path = save_path()
    if not path.is_file():
        return None
    if path == paths.autosave_path():
        return _legacy_game(path)
    return path.name[len("autosave-") : -len(".json")]


def has_save(game: str | None = None) -> bool:
    """Whether `game` (any, without one) has an autosave to offer ("Continue"); it may
    still prove damaged."""
    try:
        return save_path(game).is_file()
    except Exception:
        return False


def save_match(data: dict[str, Any], game: str | None = None, game_version: int = 1) -> Path:
    """Write the autosave of a match of `game` (a registry id) atomically into its own
    slot; returns its path. Raises `SaveError` ("not_saved") when it cannot be written;
    the previous save is then untouched. (Without a game: the older single file.)"""
    path = _slot(game) if game is not None else paths.autosave_path()
    try:
        raw = encode(data, game=game, game_version=game_version)
    except (TypeError, ValueError) as e:
        raise SaveError("not_saved", f"the match cannot be written as JSON ({e})", path) from e
    try:
        remove_stale_temps(path)
        write_atomic(path, raw)
    except OSError as e:
        raise SaveError("not_saved", f"cannot write ({e.strerror or e})", path) from e
    if game is not None:
        _drop_legacy(game)
    return path


def _drop_legacy(game: str) -> None:
    """An older version's ``autosave.json`` of `game` goes once the game's own slot is
    written or cleared (another game's, or an unreadable one, stays)."""
    legacy = paths.autosave_path()
    with contextlib.suppress(OSError):
        if legacy.is_file() and _legacy_game(legacy) == game:
            legacy.unlink()


def set_aside(path: Path) -> Path | None:
    """Move a damaged save out of the way, to ``<stem>.damaged-<timestamp>[-n].json``
    (never over another file). A save that cannot be moved is deleted, so that it does
    not fail again at every Continue; None then."""
    target = atomic.set_aside(path)
    if target is not None:
        return target
    log.warning("%s: cannot set the damaged save aside; deleting it", path)
    with contextlib.suppress(OSError):
        path.unlink()
    return None


def _damaged(error: SaveError) -> SaveError:
    if error.path is not None and error.path.exists():
        error.moved_to = set_aside(error.path)
    log.warning("damaged save: %s (set aside as %s)", error, error.moved_to)
    return error


def load_match(
    required: Iterable[str] = (), game: str | None = None
) -> tuple[dict[str, Any] | None, SaveError | None]:
    """The autosave's payload, or None; never raises.

    (None, None): there is no save. (None, error): the save was damaged, has been set
    aside, and `error` says why. `required` names payload fields that must be present.
    """
    saved, error = load_save(required, game)
    return (saved.payload if saved is not None else None), error


def load_save(
    required: Iterable[str] = (), game: str | None = None
) -> tuple[Saved | None, SaveError | None]:
    """The autosave of `game` (the newest of any, without one) read whole (its game and
    payload), or None; never raises, as `load_match`."""
    try:
        path = save_path(game)
    except Exception as e:  # no home folder at all: nothing to resume
        log.warning("no data folder for saves: %s", e)
        return None, None
    try:
        raw = decode.read_bytes(path, MAX_FILE_BYTES)
    except decode.Undecodable as e:
        if e.code == "missing":
            return None, None
        reason = "not_json" if e.code == "too_large" else "unreadable"
        return None, _damaged(SaveError(reason, e.detail, path))
    try:
        return read_save(raw, required, path), None
    except SaveError as e:
        return None, _damaged(e)
    except Exception as e:  # never: decode_save raises only SaveError; but never raise
        log.exception("unexpected error reading the save")
        return None, _damaged(SaveError("not_json", f"{type(e).__name__}: {e}", path))


def restore_match(
    restore: Callable[[dict[str, Any]], T],
    required: Iterable[str] = (),
    game: str | None = None,
) -> tuple[T | None, SaveError | None]:
    """`restore(payload)` of the autosave, or None; never raises.

    A payload that passes the checksum but that `restore` rejects (raises anything: an
    unknown card id, a field of the wrong type) counts as damaged too, and is set aside.
    """
    return restore_save(lambda saved: restore(saved.payload), required, game)


def restore_save(
    restore: Callable[[Saved], T], required: Iterable[str] = (), game: str | None = None
) -> tuple[T | None, SaveError | None]:
    """`restore(saved)` of the autosave (its game and payload), or None; never raises,
    as `restore_match`. An exception of `restore` with a `reason` of ``impossible``,
    ``version`` or ``game`` gives that reason, any other ``bad_match``."""
    try:
        path = save_path(game)
    except Exception:
        return None, None
    saved, error = load_save(required, game)
    if saved is None:
        return None, error
    try:
        return restore(saved), None
    except Exception as e:
        reason = getattr(e, "reason", "bad_match")
        if reason not in ("bad_match", "impossible", "version", "game"):
            reason = "bad_match"
        return None, _damaged(SaveError(reason, f"{type(e).__name__}: {e}", path))


def clear_save(game: str | None = None) -> None:
    """Forget the autosave of `game` (its match ended, or a new one began); without a
    game, every autosave."""
    try:
        for path in [_slot(game)] if game is not None else _existing():
            path.unlink(missing_ok=True)
            remove_stale_temps(path)
        if game is not None:
            _drop_legacy(game)
    except OSError as e:
        log.warning("cannot delete the autosave: %s", e)
