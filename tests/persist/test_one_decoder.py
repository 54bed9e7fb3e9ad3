"""Every reader of a player's file goes through the one decoder (`game.files.decode`):
no module of the game parses JSON or TOML itself (the standard decoders raise
RecursionError for a file nested 3,000 levels deep, ValueError for 5,000 digits), and
no module of the player's files reads bytes without its size cap."""

from __future__ import annotations

import re
from pathlib import Path

GAME = Path(__file__).parents[2] / "game"
DECODER = GAME / "files" / "decode.py"
PARSES = re.compile(r"\bjson\.loads?\(|\btomllib\b|\bfrom json import\b")
READS = re.compile(r"\.read_bytes\(\)|\.read_text\(|\.open\(\s*\"r|\bopen\([^)]*\"r")

NOT_FILES = {
    "ai/openspiel_base.py": "a game's parameters, as the key of its spec (`Specs.of`)",
    "ai/classic/openspiel/data.py": "a state OpenSpiel serialised itself, handed over as a string",
    "ai/planet/openspiel/data.py": "a state OpenSpiel serialised itself, handed over as a string",
}
"""Modules that parse JSON that is no file: text OpenSpiel's own API passes in."""


def _modules() -> list[Path]:
    return sorted(p for p in GAME.rglob("*.py") if p != DECODER)


def _code(path: Path) -> str:
    """The module's text without its comments and docstrings' prose lines (a docstring
    may name `tomllib`); code lines only, roughly: lines that are not inside triple
    quotes."""
    out, inside = [], False
    for line in path.read_text("utf-8").splitlines():
        quotes = line.count('"""')
        if inside or line.lstrip().startswith('"""'):
            if quotes == 1:
                inside = not inside
            continue
        out.append(line.split("#", 1)[0])
    return "\n".join(out)


def test_no_module_parses_json_or_toml_but_the_one_decoder() -> None:
    offenders = []
    for path in _modules():
        name = path.relative_to(GAME).as_posix()
        if name in NOT_FILES:
            continue
        for n, line in enumerate(_code(path).splitlines(), 1):
            if PARSES.search(line):
                offenders.append(f"{name}:{n}: {line.strip()}")
    assert offenders == [], "decode these through game.files.decode:\n" + "\n".join(offenders)
    for name in NOT_FILES:  # (an entry whose module no longer parses JSON must go)
        assert PARSES.search(_code(GAME / name)), f"{name} needs no exception any more"


def test_no_reader_of_the_players_files_reads_bytes_without_the_decoders_cap() -> None:
    offenders = []
    for path in sorted((GAME / "persist").glob("*.py")):
        for n, line in enumerate(_code(path).splitlines(), 1):
            if READS.search(line):
                offenders.append(f"{path.name}:{n}: {line.strip()}")
    assert offenders == [], "read through decode.read_bytes:\n" + "\n".join(offenders)


def test_the_scan_sees_a_direct_parse_planted_in_a_module(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text('"""Docs may say json.loads."""\nimport json\nx = json.loads(raw)\n')
    assert [line for line in _code(planted).splitlines() if PARSES.search(line)] == [
        "x = json.loads(raw)"
    ]
    planted.write_text("data = path.read_bytes()\n")
    assert READS.search(_code(planted))
