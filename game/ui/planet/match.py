"""The Battle Planet match screen: the table with the Hidden Matrix in the middle, each
player's side on the left (the other player's above, the one at the screen's below),
the step, the batch, the hand and the choices on the right.

No rules here: the scene reads the match (`game.match.planet.play.PlanetMatch`) and
hands it the person's choices and throws. Computers take one step at a time, `pace`
seconds apart, so a person can follow them. A roll waits for every person's throw (in
hot-seat, each aims behind the curtain), then both spheres fly at once along the paths
the physics recorded; what the roll decided shows when they have come to rest. The
board is drawn once per change into a kept surface; each frame adds only what moves.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game import physics
from game.games.planet.event_words import breakdown_words
from game.match.planet.play import SAVE_VERSION, THROW, PlanetMatch, Task
from game.match.planet.session import Entry, RollDone, TableChanged, ThrowRefused
from game.rules.api import GameError
from game.rules.planet import Action, Observation, Phase, PlaceCore

from .. import saved_log
from .. import widgets as w
from ..curtain import Curtain, draw_curtain
from ..hand_throw import bound_keys
from ..outlines import Outlines
from ..scene import Scene
from ..table_view import TableView
from ..thinker import Thinker
from .board import PLAYER_COLOURS, Spot, warm_up
from .camera import Camera, fitted, skip_move
from .choices import Offer, offer
from .handover import CorePlans, arrive, first_of, let_go
from .layout import TABLE_AREA
from .moving import draw_moving
from .panels import core_words, draw_hover, draw_notice
from .replay_hook import PlanetLiveReplay
from .screen import Regions, draw_board, notice_box, table_background
from .shows import Milling, Show, card_colour, draw_show, shows_for
from .throw import PlanetAim
from .told import told_json, told_read
from .words import event_lines, namer, roll_why

if TYPE_CHECKING:
    from ..app import App

LOG_KEEP = 40


class PlanetMatchScene(Scene):
    status_name = "match"
    prompts: ClassVar[dict[str, str]] = {}
    """Catalog keys in place of the prompt's own while nobody at the screen is asked
    (``thinking``, ``computer_aims``, ``flying``): the replay words them for an onlooker."""
    pace = 0.45
    """seconds between a computer's steps"""
    settle = 0.8
    """seconds the table shows where the spheres came to rest"""
    floor = 720
    """where the left column ends (a replay viewer's: above its bar; `layout.side_bottom`)"""

    def __init__(self, app: App, match: PlanetMatch, demo: bool = False) -> None:
        super().__init__(app)
        self.match = match
        self.catalog = match.catalog
        self.demo = demo
        self.curtain = Curtain(match.setup.humans)
        self.live_replay = PlanetLiveReplay()  # kept as a replay when a person plays
        self.name = namer(self.catalog, app.lang)
        self.aims: dict[int, PlanetAim] = {}
        self.anim: RollDone | None = None
        self.last_roll: RollDone | None = None
        self.outlines = Outlines()  # what the table's bodies were drawn as
        self.view = TableView(1.0, 1.0, TABLE_AREA)
        self.camera = Camera(self.view, TABLE_AREA)
        self.plans = CorePlans()  # hot-seat: each person's order of his cores
        self.public: int | None = None  # the person placing a core in the open
        self.notice = ""  # a choice taken without the curtain, said over the table
        self.notice_t = 0.0
        self._skip_up = False  # the click that skipped the camera's move
        self.anim_t = 0.0
        self.frozen: Observation | None = None  # what shows while the spheres fly
        self.held: list[Entry] = []  # what the roll decided, told once they rest
        self._told: list[dict[int | None, list[str]]] = []  # the log, as each may see it
        self.wait = 0.0
        self.thinker: Thinker[Action | physics.Throw] = Thinker()  # a computer's step
        self.task: Task | None = None  # what it is thinking about
        self.over_t = 0.0
        self.card: str | None = None  # a hand card with several ways to play it
        self.core: str | None = None  # a core chosen to place
        self.buttons: list[w.Button] = []
        self.spots: list[Spot] = []
        self.hover: tuple[int, int] = (-1, -1)
        self.message = ""
        self._board: pygame.Surface | None = None
        self._stale = True
        self.regions = Regions()
        self._dirty = True
        self._saved_turn = -1
        self._table_bg: tuple[object, pygame.Surface] | None = None
        self._fit_view(animate=False)
        warm_up(self.catalog, [c for kit in match.setup.kits for c in kit.characters])
        self.shows: deque[Show] = deque()
        self.milling = Milling()
        self.show_scale = 1.0
        for entry in match.session.timeline:
            self._tell(entry, stage=False)

    def person(self) -> int | None:
        """The person who must act now (a throw first), as the rules have it."""
        at_screen = self.curtain.at_screen  # of those acting at once, he goes first
        awaited = self.match.throws_awaited()
        if awaited:
            return first_of(awaited, at_screen)
        return first_of(self.match.people_to_act(), at_screen)

    def viewer(self) -> int | None:
        return self.curtain.viewer(self.person())

    def observation(self) -> Observation:
        if self.frozen is not None:
            return self.frozen
        v = self.viewer()
        return self.match.observation(v if v is not None else -1)

    def offer(self) -> Offer | None:
        p = self.person()
        if p is None or self.anim is not None or self.curtain.down or self.shows:
            return None
        if self.match.throws_awaited():
            return None
        if p == self.public:  # in the open: only the places for his next core
            core = self.plans.next(p)
            legal = self.match.legal_actions(p)
            places = [a for a in legal if isinstance(a, PlaceCore) and a.core == core]
            return Offer(by_core={core: places}) if core is not None and places else None
        if p != self.viewer():
            return None
        return offer(self.match.legal_actions(p))

    def _fit_view(self, animate: bool = True) -> None:
        """The whole table while a roll is on (both bands and the cores); closed in on
        the Matrix the rest of the time, so the cores and their places read well. The
        camera eases there (reduced or no effects: at once)."""
        session = self.match.session
        rolling = self.anim is not None or session.awaiting_roll() is not None
        view = fitted(session.layout, TABLE_AREA, close=not rolling)
        animate = animate and self.app.settings.effects_level == "full"
        if self.camera.aim(view, animate):
            self._view_moved()

    def _view_moved(self) -> None:
        self.view = self.camera.view
        self.aims.clear()
        self._dirty = True

    def camera_moving(self) -> bool:
        return self.camera.moving

    def act(self, action: Action) -> None:
        """The person's choice, handed to the match (a refused one is said, not fatal)."""
        try:
            entries = self.match.act(action)
        except (GameError, ValueError) as e:
            self.message = str(e)
            self._dirty = True
            return
        if isinstance(action, PlaceCore):
            self.plans.placed(action.player, action.core)
            if self.public == action.player:  # placed in the open: nobody's things now
                self.public = self.curtain.at_screen = None
        self.card = self.core = None
        self._took(entries)

    def _throw(self, player: int, throw: Any) -> None:
        # shown while the spheres fly: the thrower's view (hot-seat: nobody's, the screen is shared)
        before = self.match.observation(-1 if self.match.hotseat else player)
        try:
            entries = self.match.throw(player, throw)
        except ThrowRefused as e:
            self.message = str(e)
            self._dirty = True
            return
        self.aims.pop(player, None)
        if entries:
            self.frozen = before
        self._took(entries)

    def _took(self, entries: list[Entry]) -> None:
        self._dirty = True
        self.message = ""
        for i, entry in enumerate(entries):
            if isinstance(entry, RollDone):
                self._tell(entry)
                self.anim, self.anim_t = entry, 0.0
                self.held = list(entries[i + 1 :])
                return
            self._tell(entry)
        self._after()

    def _tell(self, entry: Entry, stage: bool = True) -> None:
        if isinstance(entry, RollDone):
            self.last_roll = entry  # the why of its Opened / NotOpened, told next
        if isinstance(entry, RollDone | TableChanged):
            return
        state, lang = self.match.state, self.app.lang
        told: dict[int | None, list[str]] = {
            v: event_lines(entry, state, v, lang, self.tr) for v in (0, 1)
        }
        told[None] = event_lines(entry, state, self.event_viewer(entry), lang, self.tr)
        why = roll_why(entry, self.last_roll, self.tr)
        if why:  # one line with its Bakugan: a reason alone may be all the log still shows
            told = {
                v: [*lines[:-1], f"{lines[-1]} {why}"] if lines else lines
                for v, lines in told.items()
            }
        if any(told.values()):
            self._said(told)
        if stage:
            self.shows.extend(shows_for(entry, self.name, self._explain, self.tr, self.milling))

    def event_viewer(self, entry: Entry) -> int | None:
        """Whose secrets the log may tell of `entry` to nobody in particular (the
        replay's spectator: the entry's own player's)."""
        return None

    def _said(self, told: dict[int | None, list[str]]) -> None:
        self._told.append(told)
        del self._told[:-LOG_KEEP]

    @property
    def log(self) -> list[str]:
        """The log as the one the screen shows things to now may read it: told for
        each viewer when it happened, so a line about one person's hidden pick never
        shows to the other one later."""
        v = self.viewer()
        return [line for told in self._told for line in told.get(v, told[None])][-LOG_KEEP:]

    @log.setter
    def log(self, lines: list[str]) -> None:  # (the replay tells it anew: [] first)
        self._told = [{None: [line]} for line in lines]

    def _explain(self, breakdown: str) -> str:
        words = breakdown_words(breakdown, self.name, self.app.lang)
        return core_words(words, self.match.observation(-1), self.tr)

    def _after(self) -> None:
        """After a step: the autosave at each new turn."""
        self._fit_view()
        state = self.match.state
        if self.demo or self.match.over or state.turn == self._saved_turn:
            return
        if state.phase is Phase.ENERGIZE:
            self._saved_turn = state.turn
            self.autosave()

    def autosave(self) -> None:
        from game.persist import saves

        try:
            payload = self.match.to_json() | self.live_replay.fields()  # goes on with its replay
            saved_log.put(payload, [told_json(told) for told in self._told])
            saves.save_match(payload, game="planet", game_version=SAVE_VERSION)
        except saves.SaveError as e:
            self.message = e.text(self.app.lang)

    def use_card(self, card: str) -> None:
        o = self.offer()
        if o is None or card not in o.by_card:
            return
        actions = o.by_card[card]
        if len(actions) == 1:
            self.act(actions[0])
        else:
            self.card = card
            self._dirty = True

    def cancel_choice(self) -> None:
        self.card = self.core = None
        self._dirty = True

    def open_rules(self) -> None:
        from .rules import PlanetRulesScene

        self.app.push(PlanetRulesScene(self.app))

    def open_pause(self) -> None:
        from .pause import PlanetPauseScene

        self.app.push(PlanetPauseScene(self.app, self))

    def exit(self) -> None:
        self.live_replay.close()  # left for the title, or the window closed: the file too

    def update(self, dt: float) -> None:
        self.live_replay.tick(self.match)
        if self.camera.update(dt):
            self._view_moved()
        self.notice_t = max(0.0, self.notice_t - dt)
        if self.anim is not None:
            self.anim_t += dt
            if self.anim_t >= self.anim_length() + self.settle:
                self._landed()
            return
        if self.shows:
            show = self.shows[0]
            show.t += dt
            if show.t >= show.seconds * self.show_scale:
                self.shows.popleft()
                self._dirty = True
            return
        if self.match.over:
            self.over_t += dt
            if self.over_t >= 1.0:
                self._finish()
            return
        if self.curtain.down:
            return
        p = self.person()
        if p is not None and ((self.curtain.needed(p) and arrive(self, p)) or let_go(self, p)):
            return
        session = self.match.session
        self._think(dt)
        if self.camera.moving:  # the aim starts once the table is still
            return
        if p is not None and p in self.match.throws_awaited() and p not in self.aims:
            keys = bound_keys(self.app.settings.keys)
            self.aims[p] = PlanetAim.at_nearest_core(self.view, p, session, keys)
            self._dirty = True
        for aim in self.aims.values():
            aim.update(dt)

    def _think(self, dt: float) -> None:
        """The computers' steps: each thought out in the worker thread (the screen keeps
        drawing), `pace` apart; a throw is thought out as soon as the roll begins,
        while the person aims, and stays hidden."""
        if self.thinker.busy:
            done = self.thinker.answer(wait=self.wait_thinking)
            if done is None:
                return
            task, self.task = self.task, None
            assert task is not None
            before = self.observation() if task.kind == THROW else None
            entries = self.match.commit(task, done[1])
            if entries and before is not None:
                self.frozen = before
            self._took(entries)
            return
        nxt = self.match.computer_task()
        if nxt is None:
            self.wait = 0.0
            return
        task = nxt
        self.wait += dt
        if task.kind == THROW or self.wait >= self.pace:
            self.wait = 0.0
            self.task = task
            self.thinker.start(task.player, lambda: self.match.think(task))
            if self.wait_thinking:
                self.thinker.settle()  # carried out at the next frame, as it would be

    @property
    def wait_thinking(self) -> bool:
        """Frames wait for the computer's answer (an app run `fast`: see `thinker`)."""
        return self.app.fast

    def anim_length(self) -> float:
        assert self.anim is not None
        return max(self.anim.track(0).duration, self.anim.track(1).duration)

    def _landed(self) -> None:
        self.anim = None
        self.frozen = None
        held, self.held = self.held, []
        for entry in held:
            self._tell(entry)
        self._dirty = True
        self._after()

    def _again(self, match: PlanetMatch) -> Scene:
        return PlanetMatchScene(self.app, match, self.demo)

    def _finish(self) -> None:
        from game.persist import saves

        from .results import PlanetResultsScene

        self.live_replay.close()
        if not self.demo:
            saves.clear_save("planet")
        self.app.replace(PlanetResultsScene(self.app, self.match, self.demo, self._again))

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.open_pause()
            return
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_h, pygame.K_F1):
            self.open_rules()
            return
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
        if skip_move(self, event):
            return
        if self.curtain.down:
            if event.type == pygame.MOUSEBUTTONUP or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE)
            ):
                self.curtain.lift()
                self._dirty = True
            return
        skip = event.type == pygame.MOUSEBUTTONUP or (
            event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE
        )
        if self.anim is not None:
            if skip:  # to where the spheres rest (pressing again does not hold them there)
                self.anim_t = max(self.anim_t, self.anim_length())
            return
        if self.shows:
            if skip:
                self.shows.popleft()
                self._dirty = True
            return
        self._ensure_buttons()
        if w.handle_buttons(self.buttons, event):
            return
        p = self.person()
        if p is not None and p in self.aims:
            throw = self.aims[p].handle(event)
            if throw is not None:
                self._throw(p, throw)

    def _ensure_buttons(self) -> None:
        if self._dirty:
            self._build()

    def _build(self) -> None:
        from .buttons import build_buttons

        self.buttons = build_buttons(self)
        self._stale = True
        self._dirty = False

    def draw(self, surface: pygame.Surface) -> None:
        self._ensure_buttons()
        if self.curtain.down:
            assert self.curtain.down_for is not None
            person = self.curtain.down_for
            draw_curtain(surface, person, self.tr, PLAYER_COLOURS[person])
            return
        if self._board is None or self._board.get_size() != surface.get_size():
            self._board = pygame.Surface(surface.get_size()).convert()
            self._board.blit(table_background(self), (0, 0))
            self.regions.forget()
            self._stale = True
        if self._stale:
            self.spots = draw_board(self, self._board, self.regions)
            self._stale = False
        surface.blit(self._board, (0, 0))
        for b in self.buttons:
            b.draw(surface, 20)
        draw_moving(self, surface)
        if self.notice_t > 0:
            draw_notice(surface, self.notice, notice_box(self))
        if self.shows:
            draw_show(surface, self.shows[0], self.name, card_colour(self.catalog))
            return
        draw_hover(surface, self.spots, self.hover, self.catalog, self.app.lang, self.tr)

    def status(self) -> dict[str, object]:
        from .buttons import status_of

        return status_of(self)

    @staticmethod
    def resume(app: App, payload: dict[str, Any]) -> PlanetMatchScene:
        """The match of an autosave payload (BadMatchSave when it does not fit)."""
        from game.content.planet import shipped_catalog

        from .seats import levels

        match = PlanetMatch.from_json(payload, shipped_catalog(), levels())
        scene = PlanetMatchScene(app, match)
        scene._told = saved_log.take(payload, told_read)[-LOG_KEEP:] or scene._told  # as told
        scene.live_replay.resume(match, payload.get("replay"), payload.get("replay_records"))
        return scene


__all__ = ["PlanetMatchScene"]
