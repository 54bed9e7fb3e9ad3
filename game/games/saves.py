"""The one way an autosave is loaded for Continue, whatever its game: the save read
whole (`game.persist.saves`: the envelope, the checksum), its game's record found, its
payload upgraded to the game's version, and the match in it checked whole by the
record's `save_check` (the rules core's invariants, the seats, the table) before any
screen sees it. The screens resume only what passed (`game.ui.menu.resume_saved`).

An impossible save raises `SaveError` ("impossible"): `game.persist.saves.restore_save`
sets it aside and the title says so, as for a damaged one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.games import DEFAULT_GAME, REGISTRY
from game.persist.saves import Saved, SaveError
from game.persist.upgrade import UpgradeError

SHOWN = 6
"""Problems the save's error names (the log line); the first is the one that counts."""


@dataclass(frozen=True, slots=True)
class Checked:
    """A save that may be resumed: its game (a registry id) and its payload at that
    game's version, checked whole."""

    game: str
    payload: dict[str, Any]


def checked(saved: Saved) -> Checked:
    """The save's match, upgraded and checked whole. A save without a game id is the
    default (classic) game's. Raises `SaveError`: ``game`` for a game this version
    lacks, ``version`` for a newer payload (or one no upgrade reads), ``impossible``
    for a match the game's `save_check` finds impossible; and whatever the check
    raises for a payload that is no match at all (the caller counts it damaged)."""
    game_id = saved.game or DEFAULT_GAME
    if game_id not in REGISTRY:
        raise SaveError("game", f"a save of the game {game_id!r}, which this version lacks")
    record = REGISTRY[game_id]
    payload = saved.payload
    version = saved.game_version if saved.game_version is not None else 1
    if version != record.save_version:
        # an older save is upgraded step by step; a newer one (or one of a game without
        # upgrades) is refused with the versions
        if version > record.save_version or record.save_upgrade is None:
            raise SaveError(
                "version",
                f"{game_id} save version {version}, this game reads {record.save_version}",
            )
        try:
            payload = record.save_upgrade(payload, version)
        except UpgradeError as e:
            raise SaveError("version", e.detail) from None
    problems = record.save_check(payload)
    if problems:
        more = f" (and {len(problems) - SHOWN} more)" if len(problems) > SHOWN else ""
        raise SaveError("impossible", "; ".join(problems[:SHOWN]) + more)
    return Checked(game_id, payload)
