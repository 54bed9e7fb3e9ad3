"""The Battle Planet log's entries as the autosave keeps them (`game.ui.saved_log`):
each entry is what each viewer (0, 1, and None: nobody in particular) read of one
step, kept as ``[[viewer, [line, ...]], ...]``."""

from __future__ import annotations


def told_json(told: dict[int | None, list[str]]) -> list[object]:
    """A log entry as the autosave keeps it (`game.ui.saved_log`): [viewer, lines]."""
    return [[v, lines] for v, lines in told.items()]


def told_read(value: object) -> dict[int | None, list[str]] | None:
    """A saved log entry (None: not one): each viewer's lines, nobody's among them."""
    if not isinstance(value, list):
        return None
    out: dict[int | None, list[str]] = {}
    for pair in value:
        if not (isinstance(pair, list) and len(pair) == 2):
            return None
        viewer, lines = pair
        if viewer is not None and not (type(viewer) is int and viewer in (0, 1)):
            return None
        if not (isinstance(lines, list) and all(isinstance(x, str) for x in lines)):
            return None
        out[viewer] = lines
    return out if None in out else None
