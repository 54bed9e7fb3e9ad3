"""A test player that uses the screen as a person does: it reads what is shown and
clicks, drags and types through posted events. No shortcut into the rules core: every
choice is made by clicking the button, card or table place the scene draws for it."""

from __future__ import annotations

import math
import random
from collections import deque

import pygame

from game.ai.classic.aim import AimSkill, plan_throw
from game.rules.classic import (
    Action,
    ChooseAttribute,
    MoveBakugan,
    Pass,
    PlayAbility,
    SetGate,
    TakeGate,
    Throw,
)
from game.ui.app import App
from game.ui.classic.match import MatchScene
from game.ui.classic.results import ResultsScene
from game.ui.classic.setup import MatchSetupScene
from game.ui.menu import TitleScene
from game.ui.replace_save import ReplaceSaveScene
from game.ui.slingshot import MATCH


def post_click(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def post_key(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


class ScreenPlayer:
    def __init__(
        self, menu_item: int, seed: int = 0, seats: tuple[str, ...] = (), big: bool = False
    ) -> None:
        self.menu_item = menu_item  # 0: vs AI, 1: two players
        # The table to set up on the setup screen: each seat "human" or an AI level
        # (empty: as the menu item sets it up), and the Big Game or not.
        self.seats = seats
        self.big = big
        self.rng = random.Random(seed)
        self.seed = seed
        self.seeded: list[MatchSetupScene] = []
        self.plan: deque[list[pygame.event.Event] | None] = deque()
        self.results_seen = 0
        self.actions = 0
        self.throws = 0
        self.wait = 0
        self.match: MatchScene | None = None
        self.pending: Action | None = None  # chosen, its button on a later page
        self.shown_winner: int | None = None

    def __call__(self, app: App) -> None:
        if self.wait:
            self.wait -= 1
            return
        if self.plan:
            batch = self.plan.popleft()
            for e in batch or []:
                pygame.event.post(e)
            self.wait = 1
            return
        scene = app.top
        if isinstance(scene, TitleScene):
            # By its entry (a "Continue" may come first; the hot-seat words are the game's).
            want = ("play_ai", "hotseat")[self.menu_item]
            post_click(next(b for b in scene.buttons if b.data["id"] == want).rect.center)
        elif isinstance(scene, ReplaceSaveScene):  # a match of the game is saved: a new one
            post_click(scene.buttons[0].rect.center)
        elif isinstance(scene, MatchSetupScene):
            if scene not in self.seeded:  # the same kits and match for the same seed
                self.seeded.append(scene)
                scene.rng.seed(self.seed)
                scene._redeal()
            post_click(self._setup_click(app, scene))
        elif isinstance(scene, ResultsScene):
            self.results_seen += 1
            self.match = scene.match
            self.shown_winner = scene.shown_winner
            app.running = False
        elif isinstance(scene, MatchScene):
            self._play(scene)
        self.wait = 1

    def _setup_click(self, app: App, scene: MatchSetupScene) -> tuple[int, int]:
        """The next button to click on the setup screen, read by its words."""

        def button(label: str) -> tuple[int, int]:
            return next(b for b in scene.buttons if b.label == label).rect.center

        on_off = {True: app.tr("settings.on"), False: app.tr("settings.off")}
        n = len(self.seats) or 2
        wanted_players = app.tr("setup.players", n=n)
        labels = [b.label for b in scene.buttons]
        if wanted_players not in labels:
            return button(app.tr("setup.players", n=len(scene.seats)))
        big = app.tr("setup.big_game", value=on_off[self.big])
        if big not in labels:
            return button(app.tr("setup.big_game", value=on_off[not self.big]))
        for p, seat in enumerate(self.seats):
            if seat == "human":
                label = app.tr("setup.seat", player=p + 1, who=app.tr("setup.who_human"))
            else:
                label = app.tr("setup.seat_ai", player=p + 1, level=app.tr(f"level.{seat}"))
            if label not in labels:
                return button(scene._seat_label(p))
        return button(app.tr("setup.start"))

    def _play(self, scene: MatchScene) -> None:
        if scene.coach is not None:
            post_click((640, 300))  # read the hint, click on
            return
        if scene.curtain_for is not None:
            post_click((640, 360))
            return
        if scene._busy() or scene._dirty:
            return
        p = scene.session.actor()
        if p is None or not scene.humans[p]:
            return
        if scene.throw_input is not None:
            # The table must not move under the hand: wait for the throw's view.
            if scene.camera.settled() and "sphere_px" in scene.status():
                self._throw(scene, p)
            return
        legal = scene.session.legal_actions()
        if not legal:
            return
        # Prefer a throw or a gate now and then, like a person who wants to get on.
        action = self.pending if self.pending in legal else self.rng.choice(legal)
        self.pending = None
        self._do(scene, action)

    def _button_for(self, scene: MatchScene, action: Action) -> tuple[int, int] | None:
        label = scene._label(action)
        for b in scene.buttons:
            if b.label == label and b.enabled:
                return b.rect.center
        return None

    def _hand_rect(self, scene: MatchScene, kind: str, ident: str) -> tuple[int, int]:
        for k, i, rect, playable in scene._hand_items():
            if k == kind and i == ident:
                assert playable, f"{ident} is legal but drawn dimmed"
                return rect.center
        raise AssertionError(f"{ident} is not shown in the hand")

    def _do(self, scene: MatchScene, action: Action) -> None:
        self.actions += 1
        if isinstance(action, SetGate):
            post_click(self._hand_rect(scene, "gates", action.gate))
            slots = {
                a.slot
                for a in scene.session.legal_actions()
                if isinstance(a, SetGate) and a.gate == action.gate
            }
            if len(slots) > 1:  # then click the place on the table
                self.plan.append([])
                self.plan.append(self._click_events(scene.card_rect(action.slot).center))
        elif isinstance(action, PlayAbility):
            post_click(self._hand_rect(scene, "abilities", action.card))
            plays = [
                a
                for a in scene.session.legal_actions()
                if isinstance(a, PlayAbility) and a.card == action.card
            ]
            if len(plays) > 1:
                self.plan.append([])
                self.plan.append(None)  # let the scene build the target buttons
                self._then_button(scene, action)
        elif isinstance(action, Pass | Throw | TakeGate | MoveBakugan | ChooseAttribute):
            pos = self._button_for(scene, action)
            more = self._more_button(scene)
            if pos is None and more is not None:  # on another page of choices: turn to it
                self.actions -= 1
                self.pending = action
                post_click(more)
                return
            if pos is None and isinstance(action, TakeGate | MoveBakugan):
                pos = scene.card_rect(action.slot).center
            assert pos is not None, f"no button for {action}: {[b.label for b in scene.buttons]}"
            post_click(pos)
        else:
            raise AssertionError(f"unexpected action {action}")

    @staticmethod
    def _more_button(scene: MatchScene) -> tuple[int, int] | None:
        """The "more choices" button, read by its words, if the choices run to pages."""
        labels = {
            scene.tr("ui.more_choices", page=i, pages=n)
            for n in range(2, 9)
            for i in range(1, n + 1)
        }
        return next((b.rect.center for b in scene.buttons if b.label in labels), None)

    def _then_button(self, scene: MatchScene, action: Action) -> None:
        def later() -> list[pygame.event.Event]:
            pos = self._button_for(scene, action)
            more = self._more_button(scene)
            if pos is None and more is not None:  # turn the page, then look again
                self.plan.appendleft(None)
                self.plan.insert(1, _Lazy(later))  # type: ignore[arg-type]
                return self._click_events(more)
            assert pos is not None, f"no target button for {action}"
            return self._click_events(pos)

        self.plan.append(_Lazy(later))  # type: ignore[arg-type]

    @staticmethod
    def _click_events(pos: tuple[int, int]) -> list[pygame.event.Event]:
        return [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1),
        ]

    def _target(self, scene: MatchScene, p: int, cards: list[object]) -> object:
        """The card to aim at (any, at random)."""
        return self.rng.choice(cards)

    def _throw(self, scene: MatchScene, p: int) -> None:
        self.throws += 1
        zone = scene.session.zone(p)
        table = scene.session.table()
        ti = scene.throw_input
        assert ti is not None
        target = self._target(scene, p, [c.id for c in table.cards])
        plan = plan_throw(table, zone.box, target, self.rng, AimSkill(6, 0.0))
        # Move along the throw line to the planned release point, then drag back.
        along = plan.origin[0] if ti.horizontal else plan.origin[1]
        start = scene.table_view.px((along, ti.at) if ti.horizontal else (ti.at, along))
        dx, dy = math.cos(plan.angle), -math.sin(plan.angle)
        pull = MATCH.curve.pull_for(plan.speed)  # the match's pull, in px (a 1280 x 720 window)
        end = (int(start[0] - dx * pull), int(start[1] - dy * pull))
        mid = (int(start[0] - dx * pull / 2), int(start[1] - dy * pull / 2))
        self.plan.extend(
            [
                [pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0))],
                [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)],
                [pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1, 0, 0))],
                [pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))],
                [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)],
            ]
        )


class _Lazy(list):  # type: ignore[type-arg]
    """A plan step computed when it is reached (the buttons exist only then)."""

    def __init__(self, fn) -> None:  # type: ignore[no-untyped-def]
        super().__init__()
        self.fn = fn

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.fn())

    def __bool__(self) -> bool:
        return True
