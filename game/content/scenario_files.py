"""What every game's rules scenario files share (docs/scenarios.md): the most bytes one
may hold, finding them among the paths given to `bakugan scenario`, and the tables of
a file's steps."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from .reader import Reader, Spec

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


def step_tables(
    r: Reader, raw: Any, spec: Mapping[str, Spec], wrong: str
) -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    """A scenario's steps, one at a time: each where it stands (``steps[i]``), its
    table (a step written as a string is the table ``do = STRING``) and its fields read
    by `spec`. A step that is neither (or has no ``do`` text) is the problem `wrong`, and
    `raw` that is no list one problem too."""
    if not isinstance(raw, list):
        r.say(None, "steps", "must be a list")
        return
    for i, item in enumerate(raw):
        where = f"steps[{i}]"
        if isinstance(item, str):
            item = {"do": item}
        if not isinstance(item, dict) or not isinstance(item.get("do"), str):
            r.say(None, where, wrong)
            continue
        yield where, item, r.fields(item, spec, None, where)
