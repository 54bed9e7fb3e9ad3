"""Bakugan Attack! without a person at the table: the title's attract mode, `bakugan
demo --rules attack` (frame-time figures as one JSON line, a screenshot on request),
and the quick match (`bakugan play --rules attack --quick LEVEL`: the person against
three computers of that level, at once).

The demo is the table itself (`AttackTableScene`) with computers in every seat: it
turns its own score sheets after a moment, shows the final ranking, then deals a new
game; it writes no autosave (the person's own game stays where it stood), and it shows
what an onlooker sees: no hand, the cards drawn for Runo face down until they turn up.
In attract mode a key or a click leaves it; otherwise Esc does.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import pygame

from game.content.attack import shipped_deck
from game.games.attack import shipped_levels
from game.match.attack.session import HUMAN, AttackMatch
from game.rules.attack import PLAYER_COUNTS, Variant

from .table import AttackTableScene

if TYPE_CHECKING:
    from ..app import App
    from ..scenes import ScreenDemo

DEMO_PLAYERS = 4
DEMO_LEVELS = ("easy", "normal", "hard")
SHEET_SECONDS = 4.0  # a score sheet stays up this long before the demo turns it
RANKING_SECONDS = 6.0  # the final ranking, before the next game is dealt


def demo_match(seed: int, players: int = DEMO_PLAYERS) -> AttackMatch:
    """Computers of mixed levels in every seat, drawn by the seed."""
    rng = random.Random(f"attack-demo:{seed}")
    seats = [DEMO_LEVELS[rng.randrange(len(DEMO_LEVELS))] for _ in range(players)]
    return AttackMatch.new(shipped_deck(), shipped_levels(), seats, Variant.STANDARD, seed)


def quick_match(app: App, level: str = "normal", seed: int | None = None) -> AttackTableScene:
    """A four-player game at once: the person (the first seat) against three computers
    of `level`, the standard rules."""
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    seats = [HUMAN, level, level, level]
    match = AttackMatch.new(shipped_deck(), shipped_levels(), seats, Variant.STANDARD, seed)
    return AttackTableScene(app, match)


class AttackDemoScene(AttackTableScene):
    """The computers playing each other, game after game."""

    status_name = "demo"

    def __init__(
        self, app: App, seed: int = 0, attract: bool = False, players: int = DEMO_PLAYERS
    ) -> None:
        super().__init__(app, demo_match(seed, players))
        self.seed = seed
        self.attract = attract
        self.players = players
        self.held = 0.0  # how long the sheet or the ranking has been up
        self.footer = "attack_ui.attract_hint" if attract else "attack_ui.demo_hint"

    def viewer(self) -> int | None:
        """Nobody sits at the screen: no hand is shown, nobody is asked to choose, and
        the cards drawn for Runo stay face down until the round turns them up."""
        return None

    def _autosave(self) -> None:
        return  # a demo game is nobody's: the autosave stays the person's

    def handle(self, event: pygame.event.Event) -> None:
        leave = self.attract and event.type in (pygame.KEYDOWN, pygame.MOUSEBUTTONUP)
        if leave or (event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()

    def update(self, dt: float) -> None:
        held = bool(self.beats) and self.beats[0].hold
        self.held = self.held + dt if held else 0.0
        if held and self.view.over is not None:
            if self.held >= RANKING_SECONDS:
                self.app.replace(
                    AttackDemoScene(self.app, self.seed + 1, self.attract, self.players)
                )
            return
        if held and self.held >= SHEET_SECONDS:
            self.continue_sheet()
            self.held = 0.0
        super().update(dt)


def run_attack_screen_demo(request: ScreenDemo) -> int:
    """`bakugan demo --rules attack`: `request.players` computers (4 when the count is
    not one the game takes) for `request.seconds`; the last frame saved to its
    `screenshot`."""
    from ..demo import run_on_screen

    count = request.players if request.players in PLAYER_COUNTS else DEMO_PLAYERS
    return run_on_screen(
        lambda app: AttackDemoScene(app, request.seed, players=count),
        request.seconds,
        request.screenshot,
        request.lang,
    )


__all__ = ["AttackDemoScene", "demo_match", "quick_match", "run_attack_screen_demo"]
