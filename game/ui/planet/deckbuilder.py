"""The Battle Planet deck builder: pick three Bakugan (their BakuCores follow), browse
every card with filters, add and take out with the kit's rules shown live, and keep
decks as files (save, rename, copy, delete; start from a preset or one's own), or pass
them on as codes (Copy code, Paste code: the clipboard).

Layout (logical 1280 x 720): the team, its cores and the deck's list on the left with
the count and what still stops the deck; the filters, the card grid and the file
buttons on the right. What may go in is the rules core's word (`deckbuilder_model`).

Mouse: click a card to add it, right-click to take one out (or click its line in the
deck); click a Bakugan to choose another, a core for another of its kind. Keys and a
controller: Up / Down / Tab / Left / Right (stick, D-pad) move, Enter (A) adds or
presses, Backspace / Delete (X) takes out, Q / E (shoulders) turn the page, / searches,
Esc (B) goes back.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

import pygame

from game.content.planet import shipped_catalog
from game.games.planet import decks as planet_decks
from game.rules.planet.defs import TEAM_SIZE, CardType, Faction

from .. import widgets as w
from ..scene import Scene
from . import deckbuilder_faces as faces
from .deckbuilder_draw import draw_builder
from .deckbuilder_files import DeckFiles
from .deckbuilder_layout import (
    CARD,
    COLUMNS,
    COPY_CODE,
    DECK_LIST,
    GRID,
    LIST_ROWS,
    MESSAGE_SECONDS,
    PASTE_CODE,
    ROW_H,
    ROWS,
    SEARCH,
    core_centre,
    slot_rect,
)
from .deckbuilder_model import COSTS, DECK_TYPES, TOP_COST, Draft, Filters, browse, problem_text
from .deckbuilder_pickers import Choice, ChoiceOverlay

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)

V = TypeVar("V")
CHIP = (70, 80, 110)  # a filter chip's colour (a faction's is its own)


class DeckBuilderScene(DeckFiles, Scene):
    """The deck builder; `deck`: a deck file to open at once."""

    def __init__(self, app: App, deck: Path | None = None) -> None:
        super().__init__(app)
        self.catalog = shipped_catalog()
        self.draft = Draft(self.catalog, self.tr("deckbuilder.untitled"))
        self.filters = Filters()
        self.page = 0
        self.scroll = 0
        self.searching = False
        self._skip_text = ""
        self.message = ""
        self.message_bad = False
        self.message_t = 0.0
        self.armed = ""  # an action pressed once that needs a second press (delete ...)
        self.hover_card: str | None = None
        self.hover_core: int | None = None
        self.buttons: list[w.Button] = []
        self._shown: tuple[object, list[str]] = (None, [])
        self.pointer = (0, 0)
        if deck is not None:
            self.open_file(deck)
        self._build()

    # ------------------------------------------------------------ the cards shown

    def shown(self) -> list[str]:
        """The cards the filters let through (kept until the filters change)."""
        key = (self.filters, self.app.lang)
        if self._shown[0] != key:
            ids = [c.id for c in browse(self.catalog, self.filters, self.app.lang)]
            self._shown = (key, ids)
        return self._shown[1]

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.shown()) // (COLUMNS * ROWS)))

    def card_rect(self, i: int) -> pygame.Rect:
        col, row = i % COLUMNS, i // COLUMNS
        return pygame.Rect(GRID.x + col * (CARD[0] + 12), GRID.y + row * (CARD[1] + 28), *CARD)

    def page_cards(self) -> list[tuple[str, pygame.Rect]]:
        per = COLUMNS * ROWS
        ids = self.shown()[self.page * per : (self.page + 1) * per]
        return [(ident, self.card_rect(i)) for i, ident in enumerate(ids)]

    def deck_rows(self) -> list[tuple[str, int, pygame.Rect]]:
        rows = self.draft.counts()[self.scroll : self.scroll + LIST_ROWS * 2]
        half = DECK_LIST.w // 2
        return [
            (
                card,
                n,
                pygame.Rect(
                    DECK_LIST.x + (i // LIST_ROWS) * half,
                    DECK_LIST.y + (i % LIST_ROWS) * ROW_H,
                    half - 4,
                    ROW_H,
                ),
            )
            for i, (card, n) in enumerate(rows)
        ]

    # ------------------------------------------------------------ buttons

    def _build(self) -> None:
        focused = next((b.label for b in self.buttons if b.focused), None)
        lang = self.app.lang
        b: list[w.Button] = []
        for ident, rect in self.page_cards():
            name = self.catalog.cards[ident].name.get(lang)
            b.append(
                w.Button(rect, name, partial(self.add, ident), ghost=True, data={"card": ident})
            )
        for card, _, rect in self.deck_rows():
            label = (
                f"- {self.catalog.cards[card].name.get(lang)}"
                if card in self.catalog.cards
                else card
            )
            b.append(
                w.Button(rect, label, partial(self.remove, card), ghost=True, data={"card": card})
            )
        for slot in range(TEAM_SIZE):
            b.append(
                w.Button(
                    slot_rect(slot),
                    self.tr("deckbuilder.empty_slot", n=slot + 1),
                    partial(self.pick_character, slot),
                    ghost=True,
                    data={"slot": slot},
                )
            )
        for at, core in enumerate(self.draft.cores):
            if core is not None:
                x, y = core_centre(at)
                b.append(
                    w.Button(
                        pygame.Rect(x - 18, y - 18, 36, 36),
                        core,
                        partial(self.cycle_core, at),
                        ghost=True,
                        data={"core": at},
                    )
                )
        b += self._filter_buttons()
        b.append(w.Button(pygame.Rect(352, 552, 50, 36), "<", partial(self.turn, -1)))
        b.append(w.Button(pygame.Rect(512, 552, 50, 36), ">", partial(self.turn, 1)))
        paste = "deckbuilder.paste_code" if self.armed != "paste" else "deckbuilder.discard"
        for rect, key, fn, ident in (
            (COPY_CODE, "deckbuilder.copy_code", self.copy_code, "copy"),
            (PASTE_CODE, paste, self.paste_code, "paste"),
        ):
            colour = (150, 50, 50) if key == "deckbuilder.discard" else (48, 70, 130)
            b.append(w.Button(rect, self.tr(key), fn, colour=colour, data={"code": ident}))
        saved = self.draft.path is not None
        need_file = "" if saved else self.tr("deckbuilder.not_saved_yet")
        actions: list[tuple[str, Callable[[], None], str]] = [
            ("deckbuilder.new" if self.armed != "new" else "deckbuilder.discard", self.new, ""),
            ("deckbuilder.open", self.open_list, ""),
            ("deckbuilder.presets", self.open_presets, ""),
            ("deckbuilder.save", self.save, ""),
            ("deckbuilder.rename", self.rename, ""),
            ("deckbuilder.copy", self.copy, need_file),
            (
                "deckbuilder.delete" if self.armed != "delete" else "deckbuilder.delete_sure",
                self.delete,
                need_file,
            ),
            ("deckbuilder.back" if self.armed != "back" else "deckbuilder.discard", self.back, ""),
        ]
        for i, (key, fn, why) in enumerate(actions):
            rect = pygame.Rect(352 + i * 113, 644, 106, 52)
            colour = (
                (150, 50, 50)
                if key in ("deckbuilder.delete_sure", "deckbuilder.discard")
                else (48, 70, 130)
            )
            b.append(
                w.Button(
                    rect,
                    self.tr(key),
                    fn,
                    enabled=not why,
                    reason=why,
                    colour=colour,
                    key=pygame.K_ESCAPE if fn == self.back else None,
                )
            )
        for button in b:
            button.focused = button.label == focused
        self.buttons = b

    def _filter_buttons(self) -> list[w.Button]:
        every = self.tr("deckbuilder.all")

        def faction(f: Faction | None) -> str:
            return every if f is None else self.tr(f"deckbuilder.faction.{f.value}")

        def faction_colour(f: Faction | None) -> tuple[int, int, int]:
            return faces.FACTION_COLOURS[f.value] if f is not None else CHIP

        def deck_type(t: CardType | None) -> str:
            return every if t is None else self.tr(f"deckbuilder.type.{t.value}")

        def cost(c: int | None) -> str:
            return every if c is None else (f"{c}+" if c == TOP_COST else str(c))

        factions: list[Faction | None] = [None, *Faction]
        types: list[CardType | None] = [None, *DECK_TYPES]
        costs: list[int | None] = [None, *COSTS]
        out = [
            *self._chips(
                "faction", factions, faction, pygame.Rect(352, 12, 84, 34), 90, faction_colour
            ),
            *self._chips("type", types, deck_type, pygame.Rect(352, 54, 100, 34), 106),
            *self._chips("cost", costs, cost, pygame.Rect(892, 54, 44, 34), 50),
        ]
        out.append(
            w.Button(
                SEARCH,
                self.tr("deckbuilder.search"),
                self.start_search,
                ghost=True,
                data={"search": True},
            )
        )
        return out

    def _chips(
        self,
        name: str,
        values: Sequence[V],
        words: Callable[[V], str],
        first: pygame.Rect,
        step: int,
        colour: Callable[[V], tuple[int, int, int]] = lambda _: CHIP,
    ) -> list[w.Button]:
        """The row of chips of the filter `name`: one for each of `values`, worded by
        `words`, the first at `first` and each next `step` px to its right; the one
        chosen lit."""
        chosen = getattr(self.filters, name)
        return [
            self._chip(
                first.move(i * step, 0),
                words(v),
                colour(v),
                chosen == v,
                partial(self.set_filter, **{name: v}),
            )
            for i, v in enumerate(values)
        ]

    @staticmethod
    def _chip(
        rect: pygame.Rect,
        label: str,
        colour: tuple[int, int, int],
        on: bool,
        fn: Callable[[], None],
    ) -> w.Button:
        shade = colour if on else tuple(int(c * 0.45) for c in colour)
        return w.Button(rect, label, fn, colour=shade, data={"chip": on})  # type: ignore[arg-type]

    # ------------------------------------------------------------ what the player does

    def say(self, text: str, bad: bool = False) -> None:
        self.message, self.message_bad, self.message_t = text, bad, MESSAGE_SECONDS

    def problem(self, p: object) -> str:
        from game.rules.planet.kit import KitProblem

        assert isinstance(p, KitProblem)
        return problem_text(p, self.catalog, self.app.lang, self.tr)

    def add(self, card: str) -> None:
        why = self.draft.add(card)
        if why is not None:
            self.say(self.problem(why), bad=True)
        self._changed()

    def remove(self, card: str) -> None:
        self.draft.remove(card)
        self.scroll = min(self.scroll, max(0, len(self.draft.counts()) - LIST_ROWS * 2))
        self._changed()

    def pick_character(self, slot: int) -> None:
        lang = self.app.lang
        choices = []
        for c in sorted(
            self.catalog.characters.values(),
            key=lambda c: ([*Faction].index(c.factions[0]), c.name.get(lang)),
        ):
            why = self.draft.character_refusal(slot, c.id)
            kinds = " + ".join(self.tr(f"deckbuilder.core.{k.value}") for k in c.cores)
            power = self.tr("deckbuilder.b_power", n=c.b_power)
            sub = f"{power} · {self.tr('deckbuilder.damage', n=c.damage)} · {kinds}"
            r, g, b = faces.faction_colour(c.factions)
            colour = (r // 2, g // 2, b // 2)
            reason = self.problem(why) if why else ""
            choices.append(Choice(c.name.get(lang), c.id, sub, reason, colour))
        self.app.push(
            ChoiceOverlay(
                self.app,
                self.tr("deckbuilder.pick_title", n=slot + 1),
                choices,
                lambda v: self._set_character(slot, str(v)),
                self.tr("deckbuilder.pick_hint"),
                columns=4,
                rows=7,
            )
        )

    def _set_character(self, slot: int, ident: str) -> None:
        self.draft.set_character(slot, ident)
        self._changed()

    def cycle_core(self, at: int, step: int = 1) -> None:
        self.draft.cycle_core(at, step)
        self._changed()

    def set_filter(self, **change: object) -> None:
        values: dict[str, object] = {
            "faction": self.filters.faction,
            "type": self.filters.type,
            "cost": self.filters.cost,
            "text": self.filters.text,
        }
        values.update(change)
        self.filters = Filters(**values)  # type: ignore[arg-type]
        self.page = 0
        self._build()

    def start_search(self) -> None:
        self.searching = True
        pygame.key.start_text_input()

    def turn(self, step: int) -> None:
        self.page = (self.page + step) % self.pages
        self._build()

    def _changed(self) -> None:
        self.armed = ""
        self._build()

    # ------------------------------------------------------------ events

    def _focused_card(self) -> str | None:
        for b in self.buttons:
            if b.focused and "card" in b.data:
                return str(b.data["card"])
        return None

    def handle(self, event: pygame.event.Event) -> None:
        if self.searching and self._search_event(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self.pointer = event.pos  # (logical: the wheel's own event has no position)
            self.hover_card = next(
                (
                    str(b.data["card"])
                    for b in self.buttons
                    if "card" in b.data and b.rect.collidepoint(event.pos) and b.rect.w == CARD[0]
                ),
                None,
            )
            self.hover_core = next(
                (
                    int(str(b.data["core"]))
                    for b in self.buttons
                    if "core" in b.data and b.rect.collidepoint(event.pos)
                ),
                None,
            )
        if event.type == pygame.MOUSEBUTTONUP and event.button == 3:
            for b in self.buttons:
                if b.rect.collidepoint(event.pos) and "card" in b.data:
                    self.remove(str(b.data["card"]))
                    return
                if b.rect.collidepoint(event.pos) and "core" in b.data:
                    self.cycle_core(int(str(b.data["core"])), -1)
                    return
        if event.type == pygame.MOUSEWHEEL:
            if DECK_LIST.collidepoint(self.pointer):
                most = max(0, len(self.draft.counts()) - LIST_ROWS * 2)
                self.scroll = max(0, min(most, self.scroll - event.y))
                self._build()
            else:
                self.turn(-1 if event.y > 0 else 1)
            return
        if event.type == pygame.KEYDOWN and self._key(event.key):
            return
        w.handle_buttons(self.buttons, event)

    def _key(self, key: int) -> bool:
        pad = self.app.gamepad.action_keys
        if key in (pygame.K_BACKSPACE, pygame.K_DELETE, pygame.K_p):
            card = self._focused_card()
            if card is not None:
                self.remove(card)
            return True
        if key in (pygame.K_q, pygame.K_PAGEUP, pad.get("spin_left")):
            self.turn(-1)
            return True
        if key in (pygame.K_e, pygame.K_PAGEDOWN, pad.get("spin_right")):
            self.turn(1)
            return True
        if key == pygame.K_SLASH:
            self._skip_text = "/"
            self.start_search()
            return True
        step = {pygame.K_LEFT: pygame.K_UP, pygame.K_RIGHT: pygame.K_DOWN}
        step.update(
            {
                pad.get("move_left", pygame.K_a): pygame.K_UP,
                pad.get("move_right", pygame.K_d): pygame.K_DOWN,
            }
        )
        if key in step:
            w.handle_buttons(self.buttons, pygame.event.Event(pygame.KEYDOWN, key=step[key]))
            return True
        return False

    def _search_event(self, event: pygame.event.Event) -> bool:
        """Typing into the search box: True when the event was the search's."""
        if event.type == pygame.TEXTINPUT:
            if event.text == self._skip_text:
                self._skip_text = ""
                return True
            self.set_filter(text=(self.filters.text + event.text)[:40])
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.set_filter(text=self.filters.text[:-1])
            elif event.key in (
                pygame.K_RETURN,
                pygame.K_KP_ENTER,
                pygame.K_ESCAPE,
                pygame.K_TAB,
                pygame.K_DOWN,
            ):
                self.searching = False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and not SEARCH.collidepoint(event.pos):
            self.searching = False
        return False

    def enter(self) -> None:
        planet_decks.scan_decks(self.catalog)  # (damaged files are set aside now, and told)
        self.tell_damage()

    def update(self, dt: float) -> None:
        self.message_t = max(0.0, self.message_t - dt)

    def draw(self, surface: pygame.Surface) -> None:
        draw_builder(self, surface)


__all__ = ["DeckBuilderScene"]
