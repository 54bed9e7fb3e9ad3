"""Text that fits its box, and a record of where text went (for the fit test).

Strings come from two catalogs and the card names from the data, so no box can be
sized for one language by eye: a label shrinks to fit its box (down to a smallest
size), a paragraph shrinks until all its lines fit, and only a word that fits at no
size is cut. While a `Ledger` is open, every piece of text drawn is recorded with the
box it had to stay in, so a test can draw each screen in both languages with the
longest names in the data and fail on the text that leaves its box.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache

import pygame

from .fonts import load_font

MIN_SIZE = 12


def font(size: int) -> pygame.font.Font:
    return load_font(size, True)


def width_of(value: str, size: int) -> int:
    return int(font(size).size(value)[0])


def fit_size(values: Sequence[str], width: int, size: int, smallest: int = MIN_SIZE) -> int:
    """The largest size up to `size` at which every one of `values` is at most `width`
    px wide (and its lines at most `size` px tall); `smallest` if none is."""
    return _fit_size(tuple(values), width, size, smallest)


@lru_cache(maxsize=1024)
def _fit_size(values: tuple[str, ...], width: int, size: int, smallest: int) -> int:
    # (the screens ask the same questions every frame: the answers are kept)
    s = size
    while s > smallest and any(width_of(v, s) > width for v in values):
        s -= 1
    return s


def wrap(value: str, size: int, width: int) -> list[str]:
    """`value` in lines of at most `width` px (explicit newlines kept; a word longer
    than the width stands on its own line)."""
    f = font(size)
    lines: list[str] = []
    for para in value.split("\n"):
        lines.extend(fill_lines(para.split(" "), f, width))
    return lines


def fill_lines(words: Iterable[str], f: pygame.font.Font, width: int) -> list[str]:
    """`words` laid in lines of at most `width` px in font `f`, each line taking as many
    as fit (a word wider than that stands on its own line); one line at least."""
    lines: list[str] = []
    line = ""
    for word in words:
        trial = f"{line} {word}".strip()
        if f.size(trial)[0] <= width or not line:
            line = trial
        else:
            lines.append(line)
            line = word
    lines.append(line)
    return lines


def line_step(size: int, spacing: int) -> int:
    return int(font(size).get_linesize()) + spacing


def fit_paragraph(
    value: str, width: int, height: int, size: int, smallest: int = MIN_SIZE, spacing: int = 4
) -> tuple[int, list[str]]:
    """The largest size up to `size` at which `value` wrapped to `width` fits `height`,
    and its lines at that size."""
    s, lines = _fit_paragraph(value, width, height, size, smallest, spacing)
    return s, list(lines)


@lru_cache(maxsize=512)
def _fit_paragraph(
    value: str, width: int, height: int, size: int, smallest: int, spacing: int
) -> tuple[int, tuple[str, ...]]:
    s = size
    while True:
        lines = wrap(value, s, width)
        fits = len(lines) * line_step(s, spacing) - spacing <= height and all(
            width_of(line, s) <= width for line in lines
        )
        if fits or s <= smallest:
            return s, tuple(lines)
        s -= 1


def fit_hanging(
    values: Sequence[str], width: int, height: int, size: int, indent: int, spacing: int = 4
) -> tuple[int, list[tuple[str, bool]]]:
    """The largest size up to `size` at which `values`, each wrapped to `width` with its
    rows after the first indented by `indent` px (a hanging indent: where one value ends
    and the next begins stays plain), fit `height`; and the rows at that size, each with
    whether it goes on from the row above."""
    s, rows = _fit_hanging(tuple(values), width, height, size, indent, spacing)
    return s, list(rows)


@lru_cache(maxsize=256)
def _fit_hanging(
    values: tuple[str, ...], width: int, height: int, size: int, indent: int, spacing: int
) -> tuple[int, tuple[tuple[str, bool], ...]]:
    s = size
    while True:
        f = font(s)
        rows: list[tuple[str, bool]] = []
        for value in values:
            words = value.split()  # no empty words: a row's words are counted back whole
            first = fill_lines(words, f, width)[0]
            rest = words[len(first.split()) :]
            rows.append((first, False))
            if rest:
                rows += [(row, True) for row in fill_lines(rest, f, width - indent)]
        fits = len(rows) * line_step(s, spacing) - spacing <= height and all(
            width_of(row, s) <= width - (indent if goes_on else 0) for row, goes_on in rows
        )
        if fits or s <= MIN_SIZE:
            return s, tuple(rows)
        s -= 1


@lru_cache(maxsize=1024)
def ellipsize(value: str, size: int, width: int) -> str:
    """`value` cut with "…" to fit `width` (whole when it fits)."""
    if width_of(value, size) <= width:
        return value
    cut = value
    while cut and width_of(cut + "…", size) > width:
        cut = cut[:-1]
    return cut.rstrip() + "…"


# --------------------------------------------------------------------------- ledger


@dataclass(frozen=True, slots=True)
class Drawn:
    """One piece of text as drawn: its rectangle and the box it had to stay in."""

    text: str
    rect: pygame.Rect
    box: pygame.Rect  # its box, or the surface drawn on when it had none
    cut: bool = False  # a paragraph that did not fit: lines were left out
    surface: int = 0  # which surface it went on (the screen, a card's thumbnail ...)

    def escapes(self) -> bool:
        return self.cut or not self.box.contains(self.rect)


class Ledger:
    """What text was drawn where while it was open (see `recording`)."""

    def __init__(self) -> None:
        self.drawn: list[Drawn] = []
        self.covered: set[int] = set()  # indexes into `drawn` hidden under a later panel
        self.under: list[tuple[Drawn, pygame.Rect]] = []  # text a layout panel was put on
        self.overlays: list[tuple[pygame.Rect, int]] = []  # overlay panels, their surfaces

    def runs_under(self) -> list[tuple[Drawn, pygame.Rect]]:
        """Text a layout panel was drawn over (a label that ran into the next box)."""
        return list(self.under)

    def escaped(self) -> list[Drawn]:
        return [d for d in self.drawn if d.escapes()]

    def visible(self) -> list[Drawn]:
        """What can be seen at the end: not covered by a panel drawn over it."""
        return [d for i, d in enumerate(self.drawn) if i not in self.covered]

    def cover(self, rect: pygame.Rect, surface: int) -> None:
        for i, d in enumerate(self.drawn):
            if d.surface == surface and d.rect.colliderect(rect):
                self.covered.add(i)


_open: list[Ledger] = []


@contextmanager
def recording() -> Iterator[Ledger]:
    ledger = Ledger()
    _open.append(ledger)
    try:
        yield ledger
    finally:
        _open.remove(ledger)


def record(
    text: str,
    rect: pygame.Rect,
    box: pygame.Rect | None,
    surface: pygame.Surface,
    cut: bool = False,
) -> None:
    if not _open or not text.strip():
        return
    # A box reaching past the surface counts only where it is on the surface.
    limit = surface.get_rect() if box is None else box.clip(surface.get_rect())
    for ledger in _open:
        ledger.drawn.append(Drawn(text, rect.copy(), limit, cut, id(surface)))


def panel(rect: pygame.Rect, surface: pygame.Surface, overlay: bool) -> None:
    """A panel was drawn at `rect`: an overlay hides the text under it; a layout panel
    over text already drawn means that text ran out of its place."""
    for ledger in _open:
        if overlay:
            ledger.overlays.append((rect.copy(), id(surface)))
            ledger.cover(rect, id(surface))
            continue
        for i, d in enumerate(ledger.drawn):
            if i not in ledger.covered and d.surface == id(surface) and d.rect.colliderect(rect):
                ledger.under.append((d, rect.copy()))


def recording_now() -> bool:
    return bool(_open)
