"""The deck builder's overlays: a page of choices (a Bakugan for a team slot, a preset
deck, one of the player's decks) and a name field (save, rename). Each lies over the
builder, answers through a callback and closes itself; mouse, keys and a controller
(Up / Down / Tab, Enter, Esc) work in both.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.persist.decks import MAX_NAME

from .. import text_fit
from .. import widgets as w
from ..scene import Scene

if TYPE_CHECKING:
    from ..app import App

PANEL = pygame.Rect(60, 50, 1160, 620)
_DIM = 170  # the veil over the builder while a picker is up


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing to choose: `label` (and a smaller `sub` line under it), the `value`
    handed back, and why it cannot be chosen (`reason`; empty: it can)."""

    label: str
    value: object
    sub: str = ""
    reason: str = ""
    colour: tuple[int, int, int] = (48, 70, 130)


def _dim(surface: pygame.Surface) -> None:
    """Darken what lies under an overlay (its text is no longer to be read)."""
    if text_fit.recording_now():
        text_fit.panel(surface.get_rect(), surface, True)
    w.dim(surface, _DIM)


class ChoiceOverlay(Scene):
    """A titled page of choices; `on_pick(value)` when one is chosen, then it closes."""

    opaque = False

    def __init__(
        self,
        app: App,
        title: str,
        choices: list[Choice],
        on_pick: Callable[[object], None],
        hint: str = "",
        columns: int = 3,
        rows: int = 7,
        empty: str = "",
    ) -> None:
        super().__init__(app)
        self.title = title
        self.choices = choices
        self.on_pick = on_pick
        self.hint = hint
        self.columns = columns
        self.rows = rows
        self.empty = empty
        self.page = 0
        self.hover: Choice | None = None
        self.buttons: list[w.Button] = []
        self._build()

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.choices) // self.per_page))

    def _build(self) -> None:
        inner = PANEL.inflate(-40, 0)
        gap = 12
        width = (inner.w - gap * (self.columns - 1)) // self.columns
        height = 58
        top = PANEL.y + 70
        self.buttons = []
        shown = self.choices[self.page * self.per_page : (self.page + 1) * self.per_page]
        for i, choice in enumerate(shown):
            rect = pygame.Rect(
                inner.x + (i % self.columns) * (width + gap),
                top + (i // self.columns) * (height + 8),
                width,
                height,
            )
            b = w.Button(
                rect,
                "",
                lambda c=choice: self._pick(c),  # type: ignore[misc]
                enabled=not choice.reason,
                reason=choice.reason,
                colour=choice.colour,
                data={"choice": choice},
            )
            self.buttons.append(b)
        foot = PANEL.bottom - 60
        if self.pages > 1:
            self.buttons.append(
                w.Button(pygame.Rect(PANEL.x + 20, foot, 60, 44), "<", lambda: self._turn(-1))
            )
            self.buttons.append(
                w.Button(pygame.Rect(PANEL.x + 210, foot, 60, 44), ">", lambda: self._turn(1))
            )
        self.buttons.append(
            w.Button(
                pygame.Rect(PANEL.right - 220, foot, 200, 44),
                self.tr("deckbuilder.cancel"),
                self.close,
                key=pygame.K_ESCAPE,
            )
        )

    def _turn(self, step: int) -> None:
        self.page = (self.page + step) % self.pages
        self._build()

    def _pick(self, choice: Choice) -> None:
        self.close()
        self.on_pick(choice.value)

    def close(self) -> None:
        if self.app.stack and self.app.top is self:
            self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            over = [b.data.get("choice") for b in self.buttons if b.rect.collidepoint(event.pos)]
            self.hover = next((c for c in over if isinstance(c, Choice)), None)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_q, pygame.K_PAGEUP):
            self._turn(-1)
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_e, pygame.K_PAGEDOWN):
            self._turn(1)
            return
        w.handle_buttons(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        _dim(surface)
        w.panel(surface, PANEL, 250)
        w.fit_text(
            surface,
            self.title,
            pygame.Rect(PANEL.x + 24, PANEL.y + 16, PANEL.w - 48, 40),
            30,
            w.ACCENT,
        )
        if not self.choices and self.empty:
            w.fit_text(
                surface,
                self.empty,
                pygame.Rect(PANEL.x + 24, PANEL.y + 120, PANEL.w - 48, 40),
                24,
                w.MUTED,
                "center",
            )
        for b in self.buttons:
            choice = b.data.get("choice")
            if not isinstance(choice, Choice):
                continue
            b.draw(surface)
            label = pygame.Rect(
                b.rect.x + 12, b.rect.y + 4, b.rect.w - 24, 28 if choice.sub else b.rect.h - 8
            )
            colour = w.INK if b.enabled else w.MUTED
            w.fit_text(surface, choice.label, label, 21, colour, "midleft")
            if choice.sub:
                sub = pygame.Rect(b.rect.x + 12, b.rect.y + 32, b.rect.w - 24, 22)
                w.fit_text(
                    surface, choice.sub, sub, 16, w.ACCENT if b.enabled else w.MUTED, "midleft"
                )
        for b in self.buttons:
            if "choice" not in b.data:
                b.draw(surface, 24)
        foot = pygame.Rect(PANEL.x + 290, PANEL.bottom - 60, PANEL.w - 530, 44)
        if self.pages > 1:
            w.fit_text(
                surface,
                self.tr("deckbuilder.page", page=self.page + 1, pages=self.pages),
                pygame.Rect(PANEL.x + 84, PANEL.bottom - 60, 122, 44),
                22,
                w.INK,
                "center",
            )
        note = self.hover.reason if self.hover is not None and self.hover.reason else self.hint
        if note:
            w.paragraph(surface, note, foot, 18, w.MUTED)
        for b in self.buttons:  # the hover's reason goes over everything
            if b.hot and not b.enabled and b.reason:
                b.draw(surface)


class NameOverlay(Scene):
    """A name to type; `on_done(name)` returns why it cannot be (the field then stays
    open and says so) or None (it closes)."""

    opaque = False
    BOX = pygame.Rect(290, 230, 700, 260)

    def __init__(
        self,
        app: App,
        title: str,
        name: str,
        on_done: Callable[[str], str | None],
        limit: int = MAX_NAME,
    ) -> None:
        super().__init__(app)
        self.title = title
        self.limit = limit
        self.value = name[:limit]
        self.on_done = on_done
        self.error = ""
        box = self.BOX
        self.buttons = [
            w.Button(
                pygame.Rect(box.x + 24, box.bottom - 66, 220, 46),
                self.tr("deckbuilder.ok"),
                self.done,
            ),
            w.Button(
                pygame.Rect(box.right - 244, box.bottom - 66, 220, 46),
                self.tr("deckbuilder.cancel"),
                self.close,
            ),
        ]

    def enter(self) -> None:
        pygame.key.start_text_input()

    def close(self) -> None:
        if self.app.stack and self.app.top is self:
            self.app.pop()

    def done(self) -> None:
        why = self.on_done(self.value)
        if why is None:
            self.close()
        else:
            self.error = why

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.TEXTINPUT:
            self.value = (self.value + event.text)[: self.limit]
            self.error = ""
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                self.error = ""
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.done()
                return
            if event.key == pygame.K_ESCAPE:
                self.close()
                return
            return  # letters come as TEXTINPUT: no key is a shortcut while typing
        w.handle_buttons(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        _dim(surface)
        box = self.BOX
        w.panel(surface, box, 250)
        w.fit_text(
            surface, self.title, pygame.Rect(box.x + 24, box.y + 14, box.w - 48, 40), 28, w.ACCENT
        )
        field = pygame.Rect(box.x + 24, box.y + 66, box.w - 48, 50)
        pygame.draw.rect(surface, (8, 10, 18), field, border_radius=8)
        pygame.draw.rect(surface, w.ACCENT, field, 2, border_radius=8)
        shown = self.value + ("|" if (pygame.time.get_ticks() // 500) % 2 == 0 else " ")
        w.fit_text(surface, shown, field.inflate(-20, -6), 26, w.INK, "midleft")
        note = pygame.Rect(box.x + 24, box.y + 124, box.w - 48, 56)
        if self.error:
            w.paragraph(surface, self.error, note, 20, (255, 140, 120))
        else:
            w.paragraph(surface, self.tr("deckbuilder.name_hint"), note, 20, w.MUTED)
        for b in self.buttons:
            b.draw(surface, 24)
