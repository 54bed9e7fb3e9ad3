"""A test player for the Attack screens: it reads what is shown and acts through
posted events (clicks, drags, keys), never by calling the match. It throws the dice
with the slingshot drag, plays a card it can see, lifts the curtain, turns the score
sheets, and reads the winner off the final ranking as drawn."""

from __future__ import annotations

import random
from collections import deque

import pygame

from game.ui import text_fit
from game.ui.app import App
from game.ui.attack.setup import AttackSetupScene
from game.ui.attack.table import AttackTableScene
from game.ui.menu import TitleScene


def _mouse(kind: int, pos: tuple[int, int], **extra: object) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(
            kind, pos=pos, rel=(0, 0), buttons=extra.get("buttons", (0, 0, 0))
        )
    return pygame.event.Event(kind, pos=pos, button=1)


def click(pos: tuple[int, int]) -> list[pygame.event.Event]:
    return [
        _mouse(pygame.MOUSEMOTION, pos),
        _mouse(pygame.MOUSEBUTTONDOWN, pos),
        _mouse(pygame.MOUSEBUTTONUP, pos),
    ]


def key(k: int, up: bool = True) -> list[pygame.event.Event]:
    out = [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)]
    if up:
        out.append(pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0))
    return out


class AttackPlayer:
    """`seats`: what to set up (the setup scene's seat kinds); `keyboard`: play by keys."""

    def __init__(
        self, seats: list[str], seed: int = 0, keyboard: bool = False, hotseat: bool = False
    ) -> None:
        self.seats = seats
        self.hotseat = hotseat
        self.lead_with: tuple[str, ...] = ()  # cards to lead with when it holds one
        self.blind_curtains = 0  # curtains lifted while the players chose after Julie
        self.titles = 0
        self.rng = random.Random(seed)
        self.seed = seed
        self.keyboard = keyboard
        self.plan: deque[list[pygame.event.Event]] = deque()
        self.table: AttackTableScene | None = None
        self.cards_played = 0
        self.dice_thrown = 0
        self.sheets = 0
        self.curtains = 0
        self.shown_winner_text: str | None = None
        self.wait = 0
        self.done = False

    def __call__(self, app: App) -> None:
        if self.wait:
            self.wait -= 1
            return
        if self.plan:
            for e in self.plan.popleft():
                pygame.event.post(e)
            self.wait = 1
            return
        scene = app.top
        if isinstance(scene, TitleScene):
            self.titles += 1
            if self.done:
                app.running = False
                return
            if scene.game != "attack":
                tab = next(t for t in scene.tabs if t.data.get("game") == "attack")
                self.plan.append(click(tab.rect.center))
                return
            want = "hotseat" if self.hotseat else "play_ai"
            button = next(b for b in scene.buttons if b.data.get("id") == want)
            self.plan.append(click(button.rect.center))
        elif isinstance(scene, AttackSetupScene):
            self._setup(scene)
        elif isinstance(scene, AttackTableScene):
            self.table = scene
            self._table(app, scene)

    def _setup(self, scene: AttackSetupScene) -> None:
        scene.seed = self.seed  # the test pins the game's seed (a new game draws one)
        if len(scene.seats) < len(self.seats):
            self.plan.append(click(_button(scene.buttons, "add").rect.center))
            return
        if len(scene.seats) > len(self.seats):
            self.plan.append(click(_button(scene.buttons, "remove").rect.center))
            return
        wrong = [i for i, s in enumerate(scene.seats) if s != self.seats[i]]
        if wrong:
            self.plan.append(click(_button(scene.buttons, f"seat{wrong[0]}").rect.center))
            return
        self.plan.append(click(_button(scene.buttons, "start").rect.center))

    def _table(self, app: App, scene: AttackTableScene) -> None:
        if scene.curtain.down:
            self.curtains += 1
            self.blind_curtains += scene.match.state.phase.value == "blind"
            self.plan.append(click((640, 400)) if not self.keyboard else key(pygame.K_RETURN))
            return
        if scene.view.over is not None and len(scene.beats) <= 1:
            with text_fit.recording() as ledger:
                scene.draw(app.screen)
            self.shown_winner_text = " | ".join(d.text for d in ledger.drawn)
            self.done = True
            self.plan.append(click(scene.buttons[0].rect.center))  # Main menu
            return
        if scene.view.sheet is not None and scene.buttons:
            self.sheets += 1
            self.plan.append(
                key(pygame.K_RETURN) if self.keyboard else click(scene.buttons[0].rect.center)
            )
            self.wait = 3
            return
        status = scene.status()
        if "die_px" in status and not scene.tray.rolling and not scene.beats:
            self.dice_thrown += 1
            if self.keyboard:
                self.plan.append(key(pygame.K_SPACE, up=False))
                for _ in range(self.rng.randint(10, 40)):
                    self.plan.append([])
                self.plan.append([pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0)])
            else:
                x, y = scene.tray.origin_px()
                start = (round(x), round(y))
                back = (start[0] + self.rng.randint(-40, 40), start[1] + self.rng.randint(50, 160))
                self.plan.append(click(start)[:2])
                self.plan.append([_mouse(pygame.MOUSEMOTION, back, buttons=(1, 0, 0))])
                self.plan.append([_mouse(pygame.MOUSEBUTTONUP, back)])
            self.wait = 2
            return
        if scene.can_choose() is not None:
            cards = scene.hand_cards()
            pick = self.rng.randrange(len(cards))
            leading = not scene.match.state.table and scene.match.state.phase.value == "play"
            wanted = [i for i, c in enumerate(cards) if c in self.lead_with]
            if leading and wanted:
                pick = wanted[0]
            self.cards_played += 1
            if self.keyboard:
                moves = (pick - scene.focus) % len(cards)
                for _ in range(moves):
                    self.plan.append(key(pygame.K_RIGHT))
                self.plan.append(key(pygame.K_RETURN))
            else:
                rect = scene.hand_rects()[pick]
                self.plan.append(click((rect.x + 8, rect.centery + 20)))
            self.wait = 2


def _button(buttons: list, ident: str):  # type: ignore[no-untyped-def]
    return next(b for b in buttons if b.data.get("id") == ident)
