"""What every game's rules scenario files share (docs/scenarios.md): the most bytes one
may hold, and finding them among the paths given to `bakugan scenario`."""

from __future__ import annotations

from pathlib import Path

MAX_FILE_BYTES = 1024 * 1024


def find_scenarios(paths: list[Path]) -> list[Path]:
    """Scenario files among `paths` (folders are searched for *.toml, sorted)."""
    out: list[Path] = []
    for p in paths:
        if p.is_dir():
            out.extend(sorted(p.rglob("*.toml")))
        else:
            out.append(p)
    return out
