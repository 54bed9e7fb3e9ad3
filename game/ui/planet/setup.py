"""Setting up a Battle Planet match: against the computer (its level) or two people at
one computer; each player's deck among the six presets and the player's own legal decks
(from the deck builder); who places the first BakuCore. "Deck builder" opens it."""

from __future__ import annotations

import importlib.util
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.content.planet import shipped_catalog
from game.match.planet.play import MatchSetup, PlanetMatch
from game.match.planet.seats import DEFAULT_LEVEL, LEVELS
from game.rules.planet import Kit, Settings

from .. import widgets as w
from ..scene import Scene
from ..status import button_rows
from .board import PLAYER_COLOURS

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)
FIRST = ("coin", "p1", "p2")


@dataclass(frozen=True, slots=True)
class DeckChoice:
    ident: str  # a preset's id, or an own deck's name
    label: str
    kit: Kit


def deck_choices(lang: str) -> list[DeckChoice]:
    """The presets, then the player's own legal decks (from the deck builder; a deck
    with problems is not offered: the deck builder says why)."""
    from game.games.planet import decks as planet_decks

    catalog = shipped_catalog()
    out = [
        DeckChoice(d, catalog.presets[d].name.get(lang), catalog.presets[d].kit)
        for d in sorted(catalog.presets)
    ]
    try:
        entries = planet_decks.list_decks(catalog)
    except Exception as e:  # the player's decks never stop a match: the presets stay
        log.warning("own Battle Planet decks not listed: %s", e)
        return out
    for entry in entries:
        if entry.valid:
            out.append(DeckChoice(entry.name, f"★ {entry.name}", planet_decks.kit_of(entry.deck)))
    return out


def has_deck_builder() -> bool:
    return importlib.util.find_spec("game.ui.planet.deckbuilder") is not None


class PlanetSetupScene(Scene):
    status_name = "setup"

    def __init__(self, app: App, hotseat: bool = False, seed: int | None = None) -> None:
        super().__init__(app)
        self.hotseat = hotseat
        self.seed = seed if seed is not None else random.randrange(1 << 30)
        self.decks = deck_choices(app.lang)
        # the computer's deck: a preset at random, never one of the person's own decks
        # (those come after the presets) unless he chooses it for him
        presets = sum(1 for d in self.decks if d.ident in shipped_catalog().presets)
        rng = random.Random(self.seed)
        self.deck_at = [0, rng.randrange(presets)]
        self.level = DEFAULT_LEVEL
        self.first = 0
        self.buttons: list[w.Button] = []

    def enter(self) -> None:
        """Back from the deck builder: the decks anew, each player's choice kept by its
        name (a new deck may come before it), the first deck for one that is gone."""
        chosen = [self.decks[i].ident for i in self.deck_at]
        self.decks = deck_choices(self.app.lang)
        idents = [d.ident for d in self.decks]
        self.deck_at = [idents.index(c) if c in idents else 0 for c in chosen]
        self._build()

    def _build(self) -> None:
        tr = self.tr
        b: list[w.Button] = []

        def add(
            rect: pygame.Rect, label: str, fn: Callable[[], None], key: int | None = None
        ) -> w.Button:
            button = w.Button(rect, label, fn, key=key)
            b.append(button)
            return button

        for p in (0, 1):
            y = 170 + p * 110
            add(pygame.Rect(420, y, 56, 48), "<", self._deck_step(p, -1))
            add(pygame.Rect(1060, y, 56, 48), ">", self._deck_step(p, 1))
        if not self.hotseat:
            for i, level in enumerate(LEVELS):
                button = add(
                    pygame.Rect(420 + i * 236, 420, 220, 48),
                    tr(f"planet_ui.level.{level}"),
                    self._level_choice(level),
                )
                if level == self.level:
                    button.colour = (150, 110, 40)
        first = tr(f"planet_ui.first.{FIRST[self.first]}")
        add(pygame.Rect(420, 490, 460, 48), tr("planet_ui.first_label", who=first), self._first)
        add(pygame.Rect(420, 600, 300, 56), tr("planet_ui.start"), self.start, pygame.K_RETURN)
        builder = add(pygame.Rect(740, 600, 240, 56), tr("planet_ui.deck_builder"), self._builder)
        builder.enabled = has_deck_builder()
        builder.reason = tr("planet_ui.no_builder")
        add(pygame.Rect(1000, 600, 200, 56), tr("planet_ui.back"), self.app.pop, pygame.K_ESCAPE)
        self.buttons = b

    def _deck_step(self, player: int, step: int) -> Callable[[], None]:
        return lambda: self._deck(player, step)

    def _level_choice(self, level: str) -> Callable[[], None]:
        return lambda: self._level(level)

    def _deck(self, player: int, step: int) -> None:
        self.deck_at[player] = (self.deck_at[player] + step) % len(self.decks)
        self._build()

    def _level(self, level: str) -> None:
        self.level = level
        self._build()

    def _first(self) -> None:
        self.first = (self.first + 1) % len(FIRST)
        self._build()

    def _builder(self) -> None:
        module = importlib.import_module("game.ui.planet.deckbuilder")
        self.app.push(module.DeckBuilderScene(self.app))

    def setup(self) -> MatchSetup:
        chosen = [self.decks[i] for i in self.deck_at]
        first = None if self.first == 0 else self.first - 1
        return MatchSetup(
            (chosen[0].kit, chosen[1].kit),
            (chosen[0].ident, chosen[1].ident),
            (True, self.hotseat),
            self.level,
            self.seed,
            Settings(first=first),
        )

    def start(self) -> None:
        from .match import PlanetMatchScene
        from .seats import levels

        match = PlanetMatch(shipped_catalog(), self.setup(), levels())
        self.app.replace(PlanetMatchScene(self.app, match))

    def handle(self, event: pygame.event.Event) -> None:
        w.handle_buttons(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        tr = self.tr
        surface.fill(w.BG)
        mode = "planet_ui.setup_hotseat" if self.hotseat else "planet_ui.setup_vs"
        w.fit_text(surface, tr(mode), pygame.Rect(60, 40, 1160, 60), 44, w.ACCENT, "center")
        catalog = shipped_catalog()
        for p in (0, 1):
            y = 170 + p * 110
            if self.hotseat or p == 0:
                who = tr("planet_ui.person", player=p + 1)
            else:
                who = tr("planet_ui.computer_deck")
            w.fit_text(surface, who, pygame.Rect(60, y, 340, 48), 26, PLAYER_COLOURS[p])
            deck = self.decks[self.deck_at[p]]
            w.fit_text(surface, deck.label, pygame.Rect(490, y, 556, 48), 28, w.INK, "center")
            names = ", ".join(
                catalog.characters[c].name.get(self.app.lang) for c in deck.kit.characters
            )
            w.fit_text(surface, names, pygame.Rect(490, y + 50, 556, 26), 18, w.MUTED, "center")
        if not self.hotseat:
            w.fit_text(surface, tr("planet_ui.level_label"), pygame.Rect(60, 420, 340, 48), 26)
        for b in self.buttons:
            b.draw(surface, 24)

    def status(self) -> dict[str, object]:
        return {"buttons": button_rows(self.app, self.buttons, enabled_only=True)}


def quick_match(app: App, level: str) -> Scene:
    """A match against the computer at once (`bakugan play --quick`)."""
    scene = PlanetSetupScene(app, hotseat=False)
    scene.level = level if level in LEVELS else DEFAULT_LEVEL
    from .match import PlanetMatchScene
    from .seats import levels

    return PlanetMatchScene(app, PlanetMatch(shipped_catalog(), scene.setup(), levels()))


__all__ = ["DeckChoice", "PlanetSetupScene", "deck_choices", "has_deck_builder", "quick_match"]
