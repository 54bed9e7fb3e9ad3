"""The end of a Battle Planet match: who won, as the rules core says, and why; play
again with the same decks, or back to the title."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.match.planet.play import PlanetMatch

from .. import widgets as w
from ..scene import Scene
from ..status import button_rows
from .board import PLAYER_COLOURS
from .pause import go_home

if TYPE_CHECKING:
    from ..app import App


class PlanetResultsScene(Scene):
    status_name = "results"

    def __init__(
        self,
        app: App,
        match: PlanetMatch,
        demo: bool = False,
        again: Callable[[PlanetMatch], Scene] | None = None,
    ) -> None:
        """`again`: the match screen for a new match (handed in by the match screen,
        which this one must not import)."""
        super().__init__(app)
        self.again = again
        self.match = match
        self.demo = demo
        self.winner = match.winner
        self.t = 0.0
        play = pygame.Rect(0, 0, 300, 52)
        play.center = (480, 520)
        home = pygame.Rect(0, 0, 300, 52)
        home.center = (800, 520)
        self.buttons = [
            w.Button(play, self.tr("planet_ui.again"), self._again, key=pygame.K_RETURN),
            w.Button(home, self.tr("planet_ui.to_title"), lambda: go_home(app)),
        ]

    def headline(self) -> str:
        match = self.match
        if self.winner is None:
            return self.tr("planet_ui.result.draw")
        if match.hotseat or self.demo:
            return self.tr("planet_ui.result.player", player=self.winner + 1)
        if match.is_person(self.winner):
            return self.tr("planet_ui.result.you")
        return self.tr("planet_ui.result.computer")

    def why(self) -> str:
        """Why the match ended, said of the one who could not mill: "you" to the person
        at the screen against the computer, "the computer", or the player by number."""
        state = self.match.state
        if self.winner is None:
            return self.tr("planet_ui.result.turns", turns=state.turn)
        loser = 1 - self.winner
        if self.match.hotseat or self.demo:
            who = "player"
        else:
            who = "you" if self.match.is_person(loser) else "computer"
        tie = "_tie" if "tie-break" in state.end_reason else ""
        return self.tr(f"planet_ui.result.why{tie}_{who}", player=loser + 1, turns=state.turn)

    def _again(self) -> None:
        from .seats import levels

        if self.again is None:
            go_home(self.app)
            return
        setup = dataclasses.replace(self.match.setup, seed=self.match.setup.seed + 1)
        self.app.replace(self.again(PlanetMatch(self.match.catalog, setup, levels())))

    def update(self, dt: float) -> None:
        self.t += dt
        if self.demo and self.t > 3.0:
            self._again()

    def handle(self, event: pygame.event.Event) -> None:
        w.handle_buttons(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(w.BG)
        colour = PLAYER_COLOURS[self.winner] if self.winner is not None else w.INK
        w.fit_text(surface, self.headline(), pygame.Rect(60, 200, 1160, 80), 56, colour, "center")
        box = pygame.Rect(160, 300, 960, 120)
        w.paragraph(surface, self.why(), box, 24, w.INK, 4, center=True)
        for b in self.buttons:
            b.draw(surface, 24)

    def status(self) -> dict[str, object]:
        return {
            "winner": self.winner,
            "headline": self.headline(),
            "buttons": button_rows(self.app, self.buttons),
        }


__all__ = ["PlanetResultsScene"]
