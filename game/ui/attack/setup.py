"""The setup of a Bakugan Attack! game: 3 to 5 seats, each a person or a computer level,
the standard rules or the seed's house variant, the language; then the table.

Mouse: click a seat to change who sits there; keys or a controller: Up/Down (Tab) move
between the buttons, Enter changes the focused one (Left/Right too, on a seat).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.content.attack import shipped_deck
from game.files.lang import LANGUAGES
from game.games.attack import shipped_levels as shipped_attack_levels
from game.match.attack.session import HUMAN, AttackMatch
from game.rules.attack import PLAYER_COUNTS, Variant

from .. import widgets as w
from ..scene import Scene
from ..status import button_rows
from .art import seat_colour

if TYPE_CHECKING:
    from ..app import App

KINDS = (HUMAN, "easy", "normal", "hard")


class AttackSetupScene(Scene):
    status_name = "setup"

    def __init__(self, app: App, hotseat: bool = False, seed: int | None = None) -> None:
        super().__init__(app)
        self.seats = [HUMAN, HUMAN, HUMAN] if hotseat else [HUMAN, "normal", "normal", "normal"]
        self.variant = Variant.STANDARD
        self.seed = seed if seed is not None else random.SystemRandom().randrange(1 << 31)
        self.buttons: list[w.Button] = []
        self.focus_label: str | None = None
        self._build()

    def kind_label(self, kind: str) -> str:
        return self.tr("attack_ui.person") if kind == HUMAN else self.tr(f"attack_ui.level.{kind}")

    def _build(self) -> None:
        focused = next((b.data.get("id") for b in self.buttons if b.focused), "start")
        out: list[w.Button] = []
        for i, kind in enumerate(self.seats):
            rect = pygame.Rect(360, 150 + i * 64, 560, 54)
            label = self.tr("attack_ui.seat", n=i + 1, who=self.kind_label(kind))
            b = w.Button(rect, label, self._cycler(i), colour=_shade(seat_colour(i)))
            b.data["id"] = f"seat{i}"
            b.data["seat"] = i
            out.append(b)
        y = 150 + 5 * 64 + 6
        can_add = len(self.seats) < max(PLAYER_COUNTS)
        can_remove = len(self.seats) > min(PLAYER_COUNTS)
        add = w.Button(
            pygame.Rect(360, y, 272, 48),
            self.tr("attack_ui.add_seat"),
            self._add,
            enabled=can_add,
            reason=self.tr("attack_ui.at_most"),
        )
        add.data["id"] = "add"
        remove = w.Button(
            pygame.Rect(648, y, 272, 48),
            self.tr("attack_ui.remove_seat"),
            self._remove,
            enabled=can_remove,
            reason=self.tr("attack_ui.at_least"),
        )
        remove.data["id"] = "remove"
        variant = w.Button(
            pygame.Rect(360, y + 60, 560, 48),
            self.tr(f"attack_ui.variant.{self.variant.value}"),
            self._variant,
        )
        variant.data["id"] = "variant"
        lang = w.Button(
            pygame.Rect(360, y + 120, 272, 48), self.tr("attack_ui.language"), self._language
        )
        lang.data["id"] = "lang"
        back = w.Button(pygame.Rect(648, y + 120, 130, 48), self.tr("attack_ui.back"), self.app.pop)
        back.data["id"] = "back"
        start = w.Button(
            pygame.Rect(790, y + 120, 130, 48),
            self.tr("attack_ui.start"),
            self.start,
            colour=(40, 120, 70),
        )
        start.data["id"] = "start"
        out += [add, remove, variant, lang, back, start]
        for b in out:
            b.focused = b.data.get("id") == focused and b.enabled
        self.buttons = out

    def _cycler(self, i: int) -> Callable[[], None]:
        return lambda: self._cycle(i, 1)

    def _cycle(self, i: int, step: int) -> None:
        self.seats[i] = KINDS[(KINDS.index(self.seats[i]) + step) % len(KINDS)]
        self._build()

    def _add(self) -> None:
        if len(self.seats) < max(PLAYER_COUNTS):
            self.seats.append("normal")
        self._build()

    def _remove(self) -> None:
        if len(self.seats) > min(PLAYER_COUNTS):
            self.seats.pop()
        self._build()

    def _variant(self) -> None:
        self.variant = Variant.HOUSE if self.variant is Variant.STANDARD else Variant.STANDARD
        self._build()

    def _language(self) -> None:
        langs = list(LANGUAGES)
        self.app.change_settings(language=langs[(langs.index(self.app.lang) + 1) % len(langs)])
        self._build()

    def start(self) -> None:
        from .table import AttackTableScene

        match = AttackMatch.new(
            shipped_deck(), shipped_attack_levels(), self.seats, self.variant, self.seed
        )
        self.app.replace(AttackTableScene(self.app, match))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            focused = next((b for b in self.buttons if b.focused), None)
            if focused is not None and "seat" in focused.data:
                step = 1 if event.key == pygame.K_RIGHT else -1
                self._cycle(int(focused.data["seat"]), step)  # type: ignore[call-overload]
                return
        w.handle_buttons(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(w.BG)
        title = pygame.Rect(200, 30, 880, 56)
        w.fit_text(surface, self.tr("attack_ui.setup_title"), title, 44, w.ACCENT, "center")
        hint = pygame.Rect(200, 92, 880, 44)
        w.paragraph(surface, self.tr("attack_ui.setup_hint"), hint, 20, w.MUTED, 2, center=True)
        for b in self.buttons:
            b.draw(surface, 26)
        note = pygame.Rect(200, 660, 880, 50)
        key = f"attack_ui.variant_note.{self.variant.value}"
        w.paragraph(surface, self.tr(key), note, 20, w.INK, 2, center=True)

    def status(self) -> dict[str, object]:
        return {
            "seats": list(self.seats),
            "variant": self.variant.value,
            "buttons": button_rows(self.app, self.buttons),
        }


def _shade(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    r, g, b = colour
    return (r // 3, g // 3, b // 3)
