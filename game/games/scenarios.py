"""`bakugan scenario PATH...`: runs rules scenario files of every game (docs/scenarios.md).

Each file names its game (``game = "attack"``; without it, the classic game) and the
game's record loads and runs it; with `--rules ID` only the files of that game run
(the others are left out, and the last line says so). One line per scenario, then
``N passed, N failed``; exit 0 when all pass, 1 on a failure, 2 on a malformed file or
an unknown game.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TextIO

from game.content import ContentError
from game.content.scenario_files import find_scenarios
from game.files import decode
from game.games import DEFAULT_GAME, REGISTRY, GameRecord, UnknownGame


def game_of(path: Path) -> GameRecord:
    """The record of the game a scenario file names (ContentError or UnknownGame)."""
    try:
        data = decode.toml(decode.read_bytes(path))
    except decode.Undecodable as e:  # any bytes: one line naming the file
        raise ContentError([f"{path}: -: {e.detail}"]) from None
    game_id = data.get("game", DEFAULT_GAME)
    if not isinstance(game_id, str):
        raise ContentError([f"{path}: game: expected a game id, got {repr(game_id)[:40]}"])
    try:
        return REGISTRY[game_id]
    except UnknownGame as e:
        raise ContentError([f"{path}: game: {e}"]) from None


def main(paths: list[str], out: TextIO | None = None, game: str | None = None) -> int:
    """Run every scenario under `paths` (only those of the game `game`, a registry id,
    when given); returns the exit code."""
    out = out or sys.stdout
    files = find_scenarios([Path(p) for p in paths])
    if not files:
        print(f"no scenario files under {' '.join(paths)}", file=out)
        return 2
    passed = failed = left_out = 0
    malformed = False
    for path in files:
        try:
            record = game_of(path)
            if game is not None and record.id != game:
                left_out += 1
                continue
            scenario = record.scenarios.load(path)
        except ContentError as e:
            print(f"ERROR {e}", file=out)
            malformed = True
            continue
        failures = record.scenarios.run(scenario)
        title = record.scenarios.name(scenario)
        if failures:
            failed += 1
            print(f"FAIL {path}: {title}", file=out)
            for f in failures:
                print(f"     {f}", file=out)
        else:
            passed += 1
            print(f"ok   {path}: {title}", file=out)
    if game is not None and left_out == len(files):
        print(f"no scenario files of {game} under {' '.join(paths)}", file=out)
        return 2
    others = " (files of other games left out)" if left_out else ""
    print(f"{passed} passed, {failed} failed{others}", file=out)
    if malformed:
        return 2
    return 1 if failed else 0
