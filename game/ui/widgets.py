"""Small widgets: text, panels, buttons. Drawn on the logical surface.

Text in a box fits it (`fit_text`, `paragraph`, buttons): it shrinks, and is cut with
"…" only when even the smallest size is too wide. Every piece of text is reported to
`text_fit.record`, which a test reads to find text that leaves its box.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

import pygame

from . import text_fit as fit
from .fonts import load_font

INK = (236, 240, 250)
MUTED = (150, 160, 185)
ACCENT = (255, 196, 64)
PANEL = (18, 24, 40)
PANEL_EDGE = (70, 90, 140)
BG = (10, 14, 26)


def font(size: int) -> pygame.font.Font:
    """The game's bold face (see fonts.py): it covers Latin and Cyrillic."""
    return load_font(size, True)


RENDER_CACHE = 512
"""Labels kept rendered: a demo's busiest minute draws under 100 different ones; the
bound leaves room for a person's hand, the level select and a change of language."""


@lru_cache(maxsize=RENDER_CACHE)
def render(value: str, size: int, colour: tuple[int, int, int]) -> pygame.Surface:
    """A rendered label, cached: the screens redraw the same words every frame."""
    return font(size).render(value, True, colour)


def text(
    surface: pygame.Surface,
    value: str,
    pos: tuple[int, int],
    size: int = 26,
    colour: tuple[int, int, int] = INK,
    anchor: str = "topleft",
    shadow: bool = False,
) -> pygame.Rect:
    img = render(value, size, colour)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(render(value, size, (0, 0, 0)), rect.move(2, 2))
    surface.blit(img, rect)
    fit.record(value, _ink(rect, size), None, surface)
    return rect


def _ink(rect: pygame.Rect, size: int) -> pygame.Rect:
    """The part of a rendered label the letters cover: the font's line box has room
    above and below the glyphs that may overlap a neighbour without showing."""
    pad = max(0, (rect.h - size) // 2)
    return rect.inflate(0, -2 * pad)


def fitted_size(value: str, box: pygame.Rect, size: int) -> int:
    """The largest size up to `size` at which `value` fits `box` on one line."""
    return _fitted_size(value, box.w, box.h, size)


@lru_cache(maxsize=2048)
def _fitted_size(value: str, width: int, height: int, size: int) -> int:
    # (asked for the same labels every frame: the answers are kept)
    s = size
    while s > fit.MIN_SIZE and (font(s).size(value)[0] > width or s > height):
        s -= 1
    return s


def fit_text(
    surface: pygame.Surface,
    value: str,
    box: pygame.Rect,
    size: int = 24,
    colour: tuple[int, int, int] = INK,
    anchor: str = "midleft",
    shadow: bool = False,
) -> pygame.Rect:
    """One line of text inside `box`: as big as `size` allows, smaller when it must,
    cut with "…" only past the smallest size. `anchor` places it in the box."""
    s = fitted_size(value, box, size)
    shown = fit.ellipsize(value, s, box.w)
    img = render(shown, s, colour)
    pos = getattr(box, anchor)
    rect = img.get_rect(**{anchor: pos})
    if shadow:
        surface.blit(render(shown, s, (0, 0, 0)), rect.move(2, 2))
    surface.blit(img, rect)
    fit.record(value, _ink(rect, s), box, surface, cut=shown != value)
    return rect


def wrap(value: str, size: int, width: int) -> list[str]:
    """Split `value` into lines that fit `width` pixels (explicit newlines kept)."""
    return fit.wrap(value, size, width)


def paragraph(
    surface: pygame.Surface,
    value: str,
    rect: pygame.Rect,
    size: int = 24,
    colour: tuple[int, int, int] = INK,
    spacing: int = 4,
    center: bool = False,
) -> int:
    """Draw wrapped text inside `rect`, smaller when it must to fit (each line centred
    with `center`); returns the y below the last line."""
    s, lines = fit.fit_paragraph(value, rect.w, rect.h, size, spacing=spacing)
    y = rect.y
    step = fit.line_step(s, spacing)
    for i, line in enumerate(lines):
        cut = y + step - spacing > rect.bottom
        if cut:  # even the smallest size does not fit: the rest is left out, and told
            fit.record(
                " ".join(lines[i:]), pygame.Rect(rect.x, y, rect.w, step), rect, surface, True
            )
            break
        img = render(line, s, colour)
        at = img.get_rect(midtop=(rect.centerx, y)) if center else img.get_rect(topleft=(rect.x, y))
        surface.blit(img, at)
        fit.record(line, _ink(at, s), rect, surface)
        y += step
    return y


def hanging(
    surface: pygame.Surface,
    values: list[str],
    rect: pygame.Rect,
    size: int,
    colour: tuple[int, int, int],
    indent: int = 16,
    spacing: int = 4,
) -> int:
    """Draw `values` inside `rect`, one after another, all at one size (smaller together
    when they must to fit), each wrapped at words with its further rows indented by
    `indent` px; returns the y below the last row."""
    s, rows = fit.fit_hanging(values, rect.w, rect.h, size, indent, spacing)
    y, step = rect.y, fit.line_step(s, spacing)
    for i, (row, goes_on) in enumerate(rows):
        if y + step - spacing > rect.bottom:  # even the smallest size does not fit
            rest = " ".join(r for r, _ in rows[i:])
            fit.record(rest, pygame.Rect(rect.x, y, rect.w, step), rect, surface, True)
            break
        img = render(row, s, colour)
        at = img.get_rect(topleft=(rect.x + (indent if goes_on else 0), y))
        surface.blit(img, at)
        fit.record(row, _ink(at, s), rect, surface)
        y += step
    return y


def dim(surface: pygame.Surface, alpha: int) -> None:
    """A black veil of opacity `alpha` over all of `surface`: what lies under a pause,
    a results screen or an overlay, still there but stepped back."""
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, alpha))
    surface.blit(shade, (0, 0))


@lru_cache(maxsize=128)
def _panel(size: tuple[int, int], alpha: int, edge: tuple[int, int, int]) -> pygame.Surface:
    box = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(box, (*PANEL, alpha), box.get_rect(), border_radius=12)
    pygame.draw.rect(box, (*edge, 255), box.get_rect(), width=2, border_radius=12)
    return box


def panel(
    surface: pygame.Surface,
    rect: pygame.Rect,
    alpha: int = 220,
    edge: tuple[int, int, int] = PANEL_EDGE,
    overlay: bool = False,
) -> None:
    """A box to put things in. An `overlay` lies over the screen for a while (a hover,
    a hint, the match's panels over the table) and may hide text under it; any other
    panel is part of the layout, and text drawn before it must not run under it."""
    r, g, b = edge
    if fit.recording_now():
        fit.panel(rect, surface, overlay)
    surface.blit(_panel((rect.w, rect.h), alpha, (r, g, b)), rect.topleft)


@dataclass
class Button:
    rect: pygame.Rect
    label: str
    on_click: Callable[[], None]
    enabled: bool = True
    reason: str = ""  # why it is disabled, shown on hover
    hot: bool = False
    key: int | None = None  # a keyboard shortcut
    colour: tuple[int, int, int] = (48, 70, 130)
    data: dict[str, object] = field(default_factory=dict)
    focused: bool = False  # chosen with the keyboard or a game controller
    ghost: bool = False  # no face of its own: it stands for a card or a place drawn elsewhere
    chosen: bool = False  # the choice in progress (a core picked, its place not yet)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hot = self.rect.collidepoint(event.pos)
        if not self.enabled:
            return False
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            self.on_click()
            return True
        if event.type == pygame.KEYDOWN and self.key is not None and event.key == self.key:
            self.on_click()
            return True
        return False

    def draw(self, surface: pygame.Surface, size: int = 28) -> None:
        if self.ghost:
            if self.focused:
                pygame.draw.rect(
                    surface, (255, 255, 255), self.rect.inflate(8, 8), 3, border_radius=8
                )
            return
        base = self.colour if self.enabled else (40, 44, 56)
        if self.enabled and (self.hot or self.focused):
            base = tuple(min(255, c + 40) for c in base)  # type: ignore[assignment]
        pygame.draw.rect(surface, base, self.rect, border_radius=10)
        lit = (self.hot or self.focused or self.chosen) and self.enabled
        edge = ACCENT if lit else PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, width=4 if self.chosen else 2, border_radius=10)
        # A long label shrinks to fit its button.
        inner = self.rect.inflate(-12, -4)
        fit_text(surface, self.label, inner, size, INK if self.enabled else MUTED, "center")
        if self.hot and not self.enabled and self.reason:
            lines = wrap(self.reason, 20, 344)
            tip = pygame.Rect(0, 0, 360, 12 + fit.line_step(20, 2) * len(lines))
            tip.midbottom = (self.rect.centerx, self.rect.y - 6)
            tip.clamp_ip(surface.get_rect())
            panel(surface, tip, 240, ACCENT, overlay=True)
            paragraph(surface, self.reason, tip.inflate(-16, -10), 20, INK, 2)


GO_COLOUR = (150, 70, 30)
"""The warm face of a screen's button that goes on (a rematch, the start of a match)."""


def go_and_back(
    go: tuple[pygame.Rect, str, Callable[[], None]],
    back: tuple[pygame.Rect, str, Callable[[], None]],
) -> list[Button]:
    """A screen's two ways out, each (where, label, what it does): going on (Return
    presses it, in `GO_COLOUR`) and going back (Escape), in that order."""
    return [
        Button(*go, key=pygame.K_RETURN, colour=GO_COLOUR),
        Button(*back, key=pygame.K_ESCAPE),
    ]


FOCUS_NEXT = (pygame.K_DOWN, pygame.K_TAB)
FOCUS_PREV = (pygame.K_UP,)
ACTIVATE = (pygame.K_RETURN, pygame.K_KP_ENTER)


def handle_buttons(buttons: list[Button], event: pygame.event.Event) -> bool:
    """Offer `event` to each button (hover needs all of them); True if one acted.

    Up / Down / Tab move a focus through the enabled buttons and Enter presses the
    focused one, so every screen can be played with the keyboard or a game controller.
    """
    if event.type == pygame.KEYDOWN and event.key in FOCUS_NEXT + FOCUS_PREV:
        live = [b for b in buttons if b.enabled]
        if live:
            at = next((i for i, b in enumerate(live) if b.focused), -1)
            step = 1 if event.key in FOCUS_NEXT else -1
            for b in live:
                b.focused = False
            live[(at + step) % len(live) if at >= 0 else (0 if step > 0 else -1)].focused = True
            return True
    if event.type == pygame.KEYDOWN and event.key in ACTIVATE:
        focused = next((b for b in buttons if b.focused and b.enabled), None)
        if focused is not None:
            focused.on_click()
            return True
    acted = False
    for b in buttons:
        acted = b.handle(event) or acted
        if acted:
            break
    return acted
