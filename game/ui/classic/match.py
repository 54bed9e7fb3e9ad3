"""The match: the table top-down under a camera, the hands, throwing by hand, the battle.

The scene reads the session and hands it choices; every clickable choice comes from the
rules core's legal actions, so nothing the rules forbid can be clicked. Each step's
timeline entries are animated in order (the roll, the pop, the seed's calls as banners)
while the table is drawn from a snapshot taken before the step; the snapshot catches up
when the animations end. The battle panel reads the rules core's breakdown as it stood
after each event (`battle_panel`), the camera frames what is going on (`camera`,
`match_framing`), and in a hot-seat match the curtain decides whose hidden things may
be drawn (`curtain`). Its parts live beside it: the timeline's presenter
(`match_presenter`), input (`match_input`), choices (`match_choices`), words
(`match_guide`), overlays (`match_draw`) and the drivers' status (`match_status`).
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game import physics
from game.ai.seeding import seat_seed
from game.content.classic import shipped_catalog
from game.games import REGISTRY
from game.games.classic import shipped_levels
from game.match.classic.persist import match_payload, read_match_payload
from game.match.classic.seats import BotSeat, restore_seats, seats_snapshot
from game.match.classic.session import Entry, MatchSession, ThrowDone
from game.persist.saves import clear_save, save_match
from game.physics.tuning import OBSTACLE_RADIUS, SPHERE_RADIUS
from game.rules.classic import (
    Action,
    Kit,
    MatchState,
    Settings,
)
from game.rules.classic import events as ev
from game.ui.classic.replay_hook import ClassicLiveReplay

from .. import widgets as w
from ..curtain import Curtain
from ..outlines import Outlines
from ..scene import Scene
from ..seat_colours import PLAYER_COLOURS
from ..table_view import TableView
from ..thinker import Thinker
from . import (
    anims,
    camera,
    hud,
    match_choices,
    match_draw,
    match_framing,
    match_guide,
    match_input,
    match_presenter,
    match_status,
    match_turns,
)
from .anims import Anim
from .battle_panel import PanelModel, Recorder, Shot, panel_model, shoot
from .card_effects import changes_nothing
from .coach import Coach
from .match_choices import HandItem
from .match_turns import THINK_TIME
from .results import PauseScene, ResultsScene
from .side_panel import SidePanel
from .throwing import ThrowInput

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)

GAME = "classic"  # the game whose match this is (its saves say so)

__all__ = ["PLAYER_COLOURS", "THINK_TIME", "HandItem", "MatchScene"]


class MatchScene(Scene):
    status_name = "match"
    floor = 720  # where the lower panels end (a replay viewer's: above its bar)

    def __init__(
        self,
        app: App,
        kits: Sequence[Kit],
        humans: Sequence[bool],
        first: int,
        seed: int = 0,
        level: str = "normal",
        *,
        settings: Settings | None = None,
        levels: Sequence[str] = (),
        hints: bool = True,
    ) -> None:
        """A match of `len(kits)` players; `humans[p]` says who plays at this computer,
        the others are bots of `levels[p]` (or `level`). `settings` are the rule options
        (default: the preset of that many players); `first` starts. `hints`: the
        first-match hints may show (`bakugan play --quick` plays without)."""
        super().__init__(app)
        self.catalog = shipped_catalog()
        self.kits = list(kits)
        n = len(self.kits)
        self.humans = tuple(humans)
        if len(self.humans) != n:
            raise ValueError(f"{n} kits but {len(self.humans)} seats")
        self.first = first
        self.seed = seed
        base = settings if settings is not None else Settings.preset(n)
        self.rules = dataclasses.replace(base, first_player=first)
        self.session = MatchSession(self.catalog, self.kits, self.rules, seed=seed)
        self.view: MatchState = self.session.state.clone()
        self.view_resting = dict(self.session.resting)
        self.outlines = Outlines()  # what the table's bodies were drawn as
        # Each computer's difficulty (assets/data/classic/ai.toml).
        self.levels = tuple(levels) if levels else (level,) * n
        self.level = level
        # The aim guide: the player's level, but off at first against Hard (H steps it).
        hard = any(lv == "hard" and not h for lv, h in zip(self.levels, self.humans, strict=True))
        self.aim_guide = "off" if hard else app.settings.aim_guide
        self.bots = {
            p: BotSeat.named(
                self.levels[p], self.catalog, seat_seed(seed, p), shipped_levels(), self.rules
            )
            for p in range(n)
            if not self.humans[p]
        }
        self.anims: list[Anim] = []
        self.think = 0.0  # seconds the computer to act has "thought"
        self.thinker: Thinker[Action | physics.Throw] = Thinker()
        self.t = 0.0
        self.selected_gate: str | None = None
        self.targets: list[Action] = []  # an Ability Card's targets to pick from
        self.throw_input: ThrowInput | None = None
        self.buttons: list[w.Button] = []
        self.button_page = 0  # which page of choices the buttons show
        self.hover_piece: tuple[str, str] | None = None
        self.hover_rect: pygame.Rect | None = None
        self.hover_chip: int | None = None
        self.bar = hud.TOP  # where the chips lie (`match_framing.move_bar`)
        self.particles: list[list[float]] = []
        self.shake = 0.0
        self.curtain = Curtain(self.humans)
        self.side = SidePanel(self.floor)
        self.hints = Coach(hints and app.settings.tutorial and any(self.humans))
        self.recorder = Recorder(lambda: self.session.state)
        self.live_replay = ClassicLiveReplay()  # the match kept as a replay (a person plays in it)
        self.last_throw: dict[str, object] | None = None
        self._centres: dict[tuple[int, int], physics.Point] = {}
        self._view_shot: tuple[Shot | None] | None = None
        self._wasted: dict[tuple[int | None, str], bool] = {}
        self._reset_view()
        self._queue(self.session.timeline)
        self._invalidate()

    def _reset_view(self) -> None:
        self.table_view = TableView(self.session.width, self.session.height)
        self.camera = camera.Camera(self.table_view)
        self.camera.aim(match_framing.frame(self), snap=True)

    @classmethod
    def resume(cls, app: App, payload: dict[str, object]) -> MatchScene:
        """The autosaved match, exactly where it stood (raises on a payload that does not fit)."""
        saved = read_match_payload(payload, shipped_catalog())
        state = saved.session.state
        scene = cls(
            app,
            list(state.kits),
            saved.humans,
            state.settings.first_player,
            saved.seed,
            saved.level,
            settings=state.settings,
            levels=saved.levels,
        )
        scene.session = saved.session
        if payload.get("bots"):  # a save of version 1 has none: its bots start afresh
            restore_seats(scene.bots, payload["bots"])
        scene.live_replay.resume(scene, payload.get("replay"), payload.get("replay_records"))
        scene.anims.clear()
        scene._catch_up()
        scene._reset_view()
        return scene

    def _autosave(self, entries: list[Entry]) -> None:
        """After each turn (and never for computer-only matches) the match is saved."""
        if not any(self.humans):
            return
        try:
            if self.session.over:
                clear_save(GAME)
            elif any(isinstance(e, ev.TurnStarted) for e in entries):
                payload = match_payload(
                    self.session, self.humans, self.seed, self.level, self.levels
                )
                payload["bots"] = seats_snapshot(self.bots)  # a resumed match goes on the same
                payload |= self.live_replay.fields()  # and with its replay
                save_match(payload, GAME, REGISTRY[GAME].save_version)
        except (OSError, ValueError) as e:  # a full disk must not end the match
            log.warning("autosave failed: %s", e)

    @property
    def wait_thinking(self) -> bool:
        """Frames wait for the computer's answer (an app run `fast`: see `thinker`)."""
        return self.app.fast

    @property
    def viewer(self) -> int | None:
        """Whose hidden cards the screen may show now, or None for nobody's (see
        `curtain.Curtain.viewer`)."""
        return self.curtain.viewer(self.session.actor())

    def sees(self, owner: int) -> bool:
        """Whether the screen may show `owner`'s hidden cards now (the viewer's own)."""
        viewer = self.viewer
        return viewer is not None and owner == viewer

    @property
    def all_revealed(self) -> bool:
        """Every hidden card is drawn face up (a replay's spectator view); never in a match."""
        return False

    @property
    def hotseat(self) -> bool:
        """Several people share this screen: hidden cards wait behind a curtain."""
        return self.curtain.hotseat

    @property
    def curtain_for(self) -> int | None:
        return self.curtain.down_for

    @curtain_for.setter
    def curtain_for(self, person: int | None) -> None:
        self.curtain.down_for = person

    @property
    def last_human(self) -> int | None:
        """The person who lifted the curtain last (he is the one at the screen)."""
        return self.curtain.at_screen

    @last_human.setter
    def last_human(self, person: int | None) -> None:
        self.curtain.at_screen = person

    @property
    def coach(self) -> str | None:
        """The first-match hint showing now, if any."""
        return self.hints.showing

    @property
    def lang(self) -> str:
        return self.app.lang

    def colour(self, p: int) -> tuple[int, int, int]:
        return PLAYER_COLOURS[p % len(PLAYER_COLOURS)]

    def who(self, p: int) -> str:
        """How the screen names player `p` (`match_guide.who`)."""
        return match_guide.who(self, p)

    def said(self, key: str, p: int, **fields: object) -> str:
        """A call about player `p` (`match_guide.said`)."""
        return match_guide.said(self, key, p, **fields)

    def slot_centre(self, slot: tuple[int, int]) -> physics.Point:
        """A Gate Card place's centre on the table (the layout never changes: kept)."""
        centre = self._centres.get(slot)
        if centre is None:
            centre = self._centres[slot] = self.session.layout.slot_center(slot)
        return centre

    def card_rect(self, slot: tuple[int, int]) -> pygame.Rect:
        """Where the Gate Card slot `slot` lies on screen: as big as the card the
        physics judges a sphere on (`physics.CARD_WIDTH` x `CARD_LENGTH`)."""
        return self.table_view.box(self.slot_centre(slot), physics.CARD_WIDTH, physics.CARD_LENGTH)

    def standing_radius(self, scale: float | None = None) -> int:
        """px: the ring of an opened Bakugan standing on a card, the circle it collides
        as (`OBSTACLE_RADIUS`), at the camera's scale (or `scale`)."""
        k = self.table_view.scale if scale is None else scale
        return max(2, round(OBSTACLE_RADIUS * k))

    def figure_size(self, scale: float | None = None) -> int:
        """An opened Bakugan's art on screen: inside its ring (`standing_radius`)."""
        return max(4, 2 * self.standing_radius(scale) - 4)

    def settle_scale(self) -> float | None:
        """While the camera moves, the scale it is heading for (art is drawn at that size
        once and stretched on the way, not drawn again at every size it passes)."""
        target = self.camera.target
        if target is None or self.camera.settled():
            return None
        return target.scale

    def bar_edge(self) -> str:
        """Where the players' chips lie now (`match_framing.move_bar`)."""
        return self.bar

    def covers(self) -> list[pygame.Rect]:
        """What is drawn over the table now (`match_framing.covers`): the layers below
        the scene read it here, not from the framing module, which imports them."""
        return match_framing.covers(self)

    def sphere_radius(self, radius: float = SPHERE_RADIUS) -> int:
        """px: a sphere of `radius` mm as drawn (its collision circle) at the camera's
        scale."""
        return max(1, round(radius * self.table_view.scale))

    def bname(self, ident: str) -> str:
        return self.catalog.bakugan[ident].name.get(self.app.lang)

    def _busy(self) -> bool:
        return bool(self.anims) or self.curtain.down or self.hints.showing is not None

    def view_shot(self) -> Shot | None:
        """The battle of the table as drawn (kept until the table catches up)."""
        if self._view_shot is None:
            self._view_shot = (shoot(self.view),)
        return self._view_shot[0]

    def battle_shot_now(self) -> Shot | None:
        """The battle the panel shows now: as it stood after the event being animated,
        or as it stands."""
        if self.anims:
            return self.anims[0].battle
        return self.view_shot()

    def battle_panel(self) -> PanelModel | None:
        """What the battle panel shows now (None: no panel)."""
        shot = self.battle_shot_now()
        if shot is None:
            return None
        return panel_model(shot, self.catalog, self.app.lang, self.tr)

    def _queue(self, entries: Sequence[Entry], shots: Sequence[Shot | None] = ()) -> None:
        if not shots:  # entries that came without an observer (the opening)
            shots = [None] * sum(not isinstance(e, ThrowDone) for e in entries)
        self.anims.extend(anims.queue(self, entries, shots))

    def _after_step(self, entries: list[Entry]) -> None:
        shots = self.recorder.take()
        self.hover_piece = None  # a card just set face down must not stay in view
        self.button_page = 0
        self._queue(entries, shots)
        self._autosave(entries)
        self.selected_gate = None
        self.targets = []
        self._invalidate()
        if not self.anims:
            self._catch_up()

    def _catch_up(self) -> None:
        self._view_shot = None
        self.view = self.session.state.clone()
        self.view_resting = dict(self.session.resting)
        self._invalidate()

    def _invalidate(self) -> None:
        """The choices on screen are stale: take them away until they are rebuilt."""
        self._dirty = True
        self.buttons = []
        self._wasted.clear()

    def do(self, action: Action) -> None:
        if self.session.state.why_illegal(action) is not None:
            self._invalidate()  # a stale click: rebuild the choices, change nothing
            return
        self._after_step(self.session.act(action, self.recorder))

    def enter(self) -> None:
        self.app.audio.music(False)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.throw_input is not None:
                self.throw_input.cancel()  # a charge or a pull does not outlive the pause
            self.camera.held = False
            self.app.push(PauseScene(self.app))
            return
        match_input.handle(self, event)

    def _label(self, a: Action) -> str:
        return match_choices.label(self, a)

    def _build_buttons(self) -> None:
        self._dirty = False
        self.buttons = []
        self.buttons = match_choices.build_buttons(self)

    def _next_page(self) -> None:
        self.button_page += 1
        self._invalidate()

    def _cancel(self) -> None:
        self.button_page = 0
        self.targets = []
        self.selected_gate = None
        self._invalidate()

    def _hand_items(self) -> list[HandItem]:
        """The viewer's Gate and Ability Cards in hand: (kind, id, rect, playable now)."""
        return match_choices.hand_items(self)

    def wasted(self, card: str) -> bool:
        """Playing `card` now would change nothing in the battle (`card_effects`)."""
        viewer = self.viewer
        key = (viewer, card)
        if key not in self._wasted:  # (asked every frame; the answer waits for a step)
            self._wasted[key] = viewer is not None and changes_nothing(
                self.session.state, viewer, card
            )
        return self._wasted[key]

    def _throw(self, throw: physics.Throw) -> None:
        match_turns.person_throws(self, throw)

    def exit(self) -> None:
        self.live_replay.close()  # left for the title, or the window closed: the file too

    def update(self, dt: float) -> None:
        self.live_replay.tick(self)
        self.t += dt
        match_presenter.effects(self, dt)
        self._update_side()  # (before the turn: its choices are built for the panel)
        if not self.anims:
            match_turns.next_turn(self, dt)
        else:
            a = match_presenter.advance(self, dt)
            if a is not None and a.kind == "aim":
                match_turns.aimed(self, a)
            elif a is not None and not self.anims:
                self._catch_up()
        # The view for what is on now (an animation that just began included).
        match_framing.move_bar(self)
        self.camera.aim(match_framing.frame(self))
        self.camera.update(dt)
        match_framing.keep_in_sight(self)  # (where the easing lags behind the sphere)

    def _update_side(self) -> None:
        """The side panel shows while the person at the screen has a hand to look at,
        and makes way for a throw and its roll (until the sphere is off the table:
        opened, or its miss shown)."""
        rolling = bool(self.anims) and self.anims[0].kind in ("aim", *match_framing.SPHERE_KINDS)
        throwing = self.throw_input is not None and not self.curtain.down
        person = any(self.humans)
        self.side.shown = person and self.viewer is not None and not rolling and not throwing

    def _hint_target(self, step: str) -> pygame.Rect:
        """The thing a hint talks about, on screen."""
        return match_guide.hint_target(self, step)

    def on_over(self) -> None:
        """The match ended and its last animation played: show the results."""
        self.app.audio.roll(0.0)
        self.app.replace(ResultsScene(self.app, self))

    def draw(self, surface: pygame.Surface) -> None:
        match_draw.draw(self, surface)

    def banner_area(self) -> pygame.Rect:
        """Where the calls go: over the table, clear of the panels."""
        if self.battle_shot_now() is not None:
            return hud.battle_area(self.side.open)
        return hud.field_area(self.side.open)

    def _hint(self) -> str:
        """The keys and clicks for what the person to act faces now."""
        return match_guide.hint(self)

    def reason_text(self, card: str) -> str:
        """Why the hovered Ability Card is dimmed (or that it would change nothing)."""
        return match_guide.reason_text(self, card)

    def status(self) -> dict[str, object]:
        """For `BAKUGAN_STATUS`: the throw the person at the screen may make now."""
        return match_status.status(self)

    def rematch(self) -> MatchScene:
        seed = random.randrange(1 << 30)
        # The next player along the seating starts the rematch.
        seating = self.session.state.seating
        started = self.first if self.first in seating else seating[0]
        first = seating[(seating.index(started) + 1) % len(seating)]
        return MatchScene(
            self.app,
            self.kits,
            self.humans,
            first,
            seed,
            self.level,
            settings=self.rules,
            levels=self.levels,
            hints=self.hints.enabled,
        )
