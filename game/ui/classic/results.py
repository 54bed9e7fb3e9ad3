"""Pause overlay and the results screen (with rematch). "Main menu" goes to the app's
home (`App.go_home`): these screens do not import the menu above them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import art
from .. import widgets as w
from ..scene import Scene
from ..seat_colours import PLAYER_COLOURS
from .pieces import piece_thumb

if TYPE_CHECKING:
    from ..app import App
    from .match import MatchScene


class PauseScene(Scene):
    opaque = False

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons = [
            w.Button(
                pygame.Rect(490, 300, 300, 56),
                self.tr("pause.resume"),
                self.app.pop,
                key=pygame.K_ESCAPE,
            ),
            w.Button(pygame.Rect(490, 370, 300, 56), self.tr("pause.menu"), self._menu),
        ]

    def _menu(self) -> None:
        self.app.go_home()

    def handle(self, event: pygame.event.Event) -> None:
        w.handle_buttons(self.buttons, event)

    def draw(self, surface: pygame.Surface) -> None:
        w.dim(surface, 170)
        w.text(surface, self.tr("pause.title"), (640, 220), 64, w.ACCENT, "center", shadow=True)
        for b in self.buttons:
            b.draw(surface)


class ResultsScene(Scene):
    def __init__(self, app: App, match: MatchScene) -> None:
        super().__init__(app)
        self.match = match
        self.t = 0.0
        state = match.session.state
        # The winner as shown on this screen (tests compare it with the rules core's).
        self.shown_winner = state.winner if state.winner is not None else -1
        self.buttons = w.go_and_back(
            (pygame.Rect(340, 600, 280, 56), self.tr("results.rematch"), self._rematch),
            (pygame.Rect(660, 600, 280, 56), self.tr("pause.menu"), self._menu),
        )

    def _rematch(self) -> None:
        self.app.replace(self.match.rematch())

    def _menu(self) -> None:
        self.app.go_home()

    def handle(self, event: pygame.event.Event) -> None:
        w.handle_buttons(self.buttons, event)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(art.table_felt(surface.get_size()), (0, 0))
        state = self.match.session.state
        winner = max(self.shown_winner, 0)
        humans = self.match.humans
        if sum(humans) == 1:
            title = self.tr("results.you_win") if humans[winner] else self.tr("results.you_lose")
        else:
            title = self.tr("results.name_wins", name=self.match.who(winner))
        w.text(surface, title, (640, 100), 80, w.ACCENT, "center", shadow=True)
        n = len(state.players)
        column = 1200 // n
        # Each player's captured Gate Cards, three to a row (the Big Game's six in two).
        per_row = 3 if n > 2 or state.settings.gates_to_win <= 3 else 6
        card_w = min(110, (column - 30) // per_row - 8)
        if n > 2 and state.settings.gates_to_win > 3:
            card_w = min(card_w, 80)
        card_h = card_w * 156 // 110
        for p, ps in enumerate(state.players):
            x = 40 + p * column + (column - per_row * (card_w + 8)) // 2
            if p == winner:  # the winner's column stands out; every name keeps its colour
                band = pygame.Rect(x - 14, 188, per_row * (card_w + 8) + 20, 362)
                w.panel(surface, band, 150, w.ACCENT)
            w.text(surface, self.match.who(p), (x, 200), 36, PLAYER_COLOURS[p])
            w.text(
                surface,
                self.tr("match.captured_n", n=len(ps.captured), need=state.settings.gates_to_win),
                (x, 244),
                26,
                w.MUTED,
            )
            for i, (owner, g) in enumerate(ps.captured):
                row, col = divmod(i, per_row)
                img = piece_thumb(self.match.catalog, "gates", g, (card_w, card_h), self.app.lang)
                at = (x + col * (card_w + 8), 290 + row * (card_h + 12))
                surface.blit(img, at)
                # Whose card it was: a frame in the owner's colour (and his name when
                # there is room for it).
                frame = pygame.Rect(at, (card_w, card_h)).inflate(4, 4)
                pygame.draw.rect(surface, PLAYER_COLOURS[owner], frame, 2, border_radius=6)
                if card_w >= 100:
                    w.text(
                        surface,
                        self.match.who(owner),
                        (at[0] + card_w // 2, at[1] + card_h + 10),
                        16,
                        w.MUTED,
                        "center",
                    )
        w.text(surface, self.tr("results.returned"), (640, 566), 22, w.MUTED, "center")
        for b in self.buttons:
            b.draw(surface)
