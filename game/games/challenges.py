"""`bakugan levels [--check] [--solve]`: the level files checked, and proven playable.

The throw challenges are no game of the registry, but like a game's record this is
where their parts meet: the level loader (`game.content.levels`) and the solver
(`game.challenges.solver`), which know nothing of each other.

``levels`` lists the level files (default: the shipped `levels/` folder), one line per
file: ``file: ok: name``, or each mistake as ``file: field: problem``; it ends with
``N levels ok, N with errors`` and exits 1 if any file has errors, 2 if a file is not
a level file at all (not UTF-8, not TOML, too large, unreadable) or does not exist.
``--solve`` also runs the aiming search on every good level and counts one it cannot
bring to a star as an error. (``bakugan level PATH``, the window on one level, lives in
`game.ui.challenges`.)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from game.challenges.solver import solve
from game.content.levels import LevelEntry, discover, load_entry
from game.files.lang import tr

# Problems that make a file no level file at all (it is not read further).
UNREADABLE = frozenset({"unreadable", "not_utf8", "toml", "number", "nesting", "too_large"})


def _entries(paths: list[str], lang: str) -> list[LevelEntry] | None:
    if not paths:
        return discover()
    out: list[LevelEntry] = []
    for raw in paths:
        p = Path(raw)
        if p.is_dir():
            out.extend(discover(p))
        elif p.is_file():
            out.append(load_entry(p))
        else:
            print(tr(lang, "levels.no_file", file=raw))
            return None
    return out


def check_levels(
    paths: list[str],
    run_solver: bool,
    lang: str = "en",
    budget: int = 1500,
    each: Callable[[list[LevelEntry]], Iterable[LevelEntry]] = iter,
) -> int:
    """Print the check of every level file; 0 if all are good (and solvable). `each`
    goes through the files (the CLI's progress bar wraps them)."""
    entries = _entries(paths, lang)
    if entries is None:
        return 2
    ok = bad = 0
    unreadable = False
    for entry in each(entries):
        name = entry.path.name
        if entry.level is None:
            bad += 1
            unreadable = unreadable or any(p.code in UNREADABLE for p in entry.problems)
            for p in entry.problems:
                print(p.line(lang))
            continue
        if not run_solver:
            ok += 1
            print(tr(lang, "levels.ok_line", file=name, name=entry.level.name.get(lang)))
            continue
        solution = solve(entry.level, budget)
        score = solution.score
        if solution.stars >= 1:
            ok += 1
            print(
                tr(
                    lang,
                    "levels.solved_line",
                    file=name,
                    stars=solution.stars,
                    score=score.total,
                    throws=len(solution.shots),
                    sims=solution.simulations,
                    seconds=f"{solution.seconds:.1f}",
                )
            )
        else:
            bad += 1
            print(
                tr(
                    lang,
                    "levels.unsolved_line",
                    file=name,
                    score=score.total,
                    met=score.targets_met,
                    total=score.targets_total,
                    sims=solution.simulations,
                )
            )
    print(tr(lang, "levels.summary", ok=ok, bad=bad))
    if unreadable:
        return 2
    return 0 if bad == 0 else 1


__all__ = ["check_levels"]
