"""Rooms of a size one can hold: no module under game/ passes 600 lines (the house aims
at about 500, one concern each; docs/architecture.md).

`OVERSIZE` lists any module over the limit, with what it holds, and may only shrink: a
new module over the limit fails, and so does a listed one that is back under it (take
it off the list). It is empty: the three screens once on it (`game/ui/art.py`,
`game/ui/challenges.py`, `game/ui/match_scene.py`) are packages and modules of one
concern each now. A planted module shows the test failing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 600

OVERSIZE: dict[str, str] = {}
"""The modules over the limit today, and what each holds that could be a module of its
own (none: the ui rooms task of issue 19 split the last three screens)."""


def sizes(root: Path) -> dict[str, int]:
    """Lines of every module under `root`/game, by its path relative to `root`."""
    return {
        path.relative_to(root).as_posix(): len(path.read_text("utf-8").splitlines())
        for path in sorted((root / "game").rglob("*.py"))
    }


def oversize(
    found: dict[str, int], listed: dict[str, str] | None = None
) -> tuple[list[str], list[str]]:
    """(modules over the limit that are not listed, listed modules that are not over);
    `listed` is `OVERSIZE` unless given."""
    listed = OVERSIZE if listed is None else listed
    over = {name for name, lines in found.items() if lines > LIMIT}
    new = [f"{name}: {found[name]} lines" for name in sorted(over - set(listed))]
    gone = sorted(set(listed) - over)
    return new, gone


def test_no_module_passes_600_lines() -> None:
    new, gone = oversize(sizes(ROOT))
    assert not new, f"over {LIMIT} lines: split them by concern: {new}"
    assert not gone, f"no longer over {LIMIT} lines: take them off OVERSIZE: {gone}"


@pytest.mark.parametrize("lines", [LIMIT + 1, 5000])
def test_a_planted_long_module_fails(tmp_path: Path, lines: int) -> None:
    folder = tmp_path / "game" / "content"
    folder.mkdir(parents=True)
    (folder / "long.py").write_text("x = 1\n" * lines, "utf-8")
    (folder / "short.py").write_text("x = 1\n" * LIMIT, "utf-8")
    new, _ = oversize(sizes(tmp_path))
    assert new == [f"game/content/long.py: {lines} lines"]


def test_a_listed_module_back_under_the_limit_must_leave_the_list(tmp_path: Path) -> None:
    folder = tmp_path / "game" / "ui"
    folder.mkdir(parents=True)
    listed = {"game/ui/art.py": "the art", "game/ui/match_scene.py": "the match screen"}
    for name in listed:
        (tmp_path / name).write_text("x = 1\n" * (LIMIT + 10), "utf-8")
    (tmp_path / "game/ui/art.py").write_text("x = 1\n" * 300, "utf-8")
    assert oversize(sizes(tmp_path), listed) == ([], ["game/ui/art.py"])
