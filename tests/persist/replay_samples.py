"""Real replays of each game for the replay tests, recorded by the sims as `bakugan sim
--record` does (a short match each: classic with every throw on the table, Attack, Battle
Planet with every roll on the table), and helpers to take their lines apart and pack them
again."""

from __future__ import annotations

import contextlib
import gzip
import io
import json
from pathlib import Path
from typing import Any

from game.__main__ import main
from game.games.replays import replay_files

GAMES = ("classic", "attack", "planet")
SIM_ARGS = {
    "classic": ["--rules", "classic", "--physics", "--seed", "3"],
    "attack": ["--rules", "attack", "--players", "3", "--seed", "1"],
    "planet": ["--rules", "planet", "--physics", "--seed", "2"],
}


def record_each_game(folder: Path) -> dict[str, Path]:
    """One finished replay of each game in `folder`/GAME/."""
    out: dict[str, Path] = {}
    for game in GAMES:
        where = folder / game
        with contextlib.redirect_stdout(io.StringIO()):
            assert main(["sim", *SIM_ARGS[game], "--games", "1", "--record", str(where)]) == 0
        (out[game],) = replay_files([where])
    return out


def lines_of(path: Path) -> list[dict[str, Any]]:
    return [json.loads(x) for x in gzip.decompress(path.read_bytes()).splitlines()]


def pack(lines: list[Any]) -> bytes:
    return gzip.compress(b"".join(json.dumps(x).encode() + b"\n" for x in lines))
