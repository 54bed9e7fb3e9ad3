"""Rooms of a size one can hold: no module under game/ passes 600 lines (the house aims
at about 500, one concern each; docs/architecture.md).

Three screens are bigger today; a later task splits them. `OVERSIZE` lists them and may
only shrink: a new module over the limit fails, and so does a listed one that is back
under it (take it off the list). A planted module shows the test failing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
LIMIT = 600

OVERSIZE = {
    "game/ui/art.py": "palette, pen, symbols, spheres, figures, card faces and the table",
    "game/ui/challenges.py": "the level select, the level scene and the level author's window",
    "game/ui/match_scene.py": "the match screen: presenter, choices, coaching and the curtain",
}
"""The modules over the limit today, and what each holds that could be a module of its
own. All three are screens, being split by concern as this list is written (the ui
rooms task, issue 19: `game/ui/art/`, `game/ui/challenges/`, the match screen's
presenter, HUD and choices); once that lands the list is trimmed, and the test's
"no longer over" check says which entries to take off."""


def sizes(root: Path) -> dict[str, int]:
    """Lines of every module under `root`/game, by its path relative to `root`."""
    return {
        path.relative_to(root).as_posix(): len(path.read_text("utf-8").splitlines())
        for path in sorted((root / "game").rglob("*.py"))
    }


def oversize(found: dict[str, int]) -> tuple[list[str], list[str]]:
    """(modules over the limit that are not listed, listed modules that are not over)."""
    over = {name for name, lines in found.items() if lines > LIMIT}
    new = [f"{name}: {found[name]} lines" for name in sorted(over - set(OVERSIZE))]
    gone = sorted(set(OVERSIZE) - over)
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
    for name in OVERSIZE:
        (tmp_path / name).write_text("x = 1\n" * (LIMIT + 10), "utf-8")
    (tmp_path / "game/ui/art.py").write_text("x = 1\n" * 300, "utf-8")
    assert oversize(sizes(tmp_path)) == ([], ["game/ui/art.py"])
