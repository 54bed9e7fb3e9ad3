"""The match: the table top-down under a camera, the hands, throwing by hand, the battle.

The scene reads the session and hands it choices; every clickable choice comes from the
rules core's legal actions, so nothing the rules forbid can be clicked. Each step's
timeline entries are animated in order (the roll, the pop, the seed's calls as banners)
while the table is drawn from a snapshot taken before the step; the snapshot catches up
when the animations end. The battle panel reads the rules core's breakdown as it stood
after each event (`battle_panel`), the camera frames what is going on (`camera`), and
in a hot-seat match the curtain decides whose hidden things may be drawn (`curtain`).
"""

from __future__ import annotations

import dataclasses
import logging
import math
import random
from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, ClassVar

import pygame

from game import physics
from game.content.classic import shipped_catalog
from game.games import REGISTRY
from game.games.classic import shipped_levels
from game.match.persist import match_payload, read_match_payload
from game.match.seats import BotSeat, restore_seats, seats_snapshot
from game.match.session import Entry, MatchSession, ThrowDone
from game.persist.saves import clear_save, save_match
from game.rules.classic import (
    Action,
    Kit,
    MatchState,
    MoveBakugan,
    Pass,
    PlayAbility,
    SetGate,
    Settings,
    TakeGate,
)
from game.rules.classic import events as ev
from game.ui.replay_hook import LiveReplay

from . import anims, camera, hud, match_draw
from . import widgets as w
from .anims import Anim
from .battle_panel import PanelModel, Recorder, Shot, draw_panel, panel_model, shoot
from .card_effects import changes_nothing
from .choices import BUTTON_KINDS, action_label
from .coach import Coach, draw_hint
from .controls import throw_keys
from .curtain import Curtain, draw_curtain
from .results import PauseScene, ResultsScene
from .scene import Scene
from .seat_colours import PLAYER_COLOURS
from .side_panel import SidePanel
from .table_view import TableView
from .throwing import MAX_HAND_SPEED, ThrowInput, throw_line

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)

GAME = "classic"  # the game whose match this is (its saves say so)
THINK_TIME = 0.55
HandItem = tuple[str, str, pygame.Rect, bool]


class MatchScene(Scene):
    status_name = "match"

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
        # Each computer's difficulty (assets/data/ai/levels.toml).
        self.levels = tuple(levels) if levels else (level,) * n
        self.level = level
        # Aim assist: the player's setting, but off by default against Hard (H toggles it).
        hard = any(lv == "hard" and not h for lv, h in zip(self.levels, self.humans, strict=True))
        self.aim_assist = app.aim_assist and not hard
        self.bots = {
            p: BotSeat.named(self.levels[p], self.catalog, seed + p, shipped_levels(), self.rules)
            for p in range(n)
            if not self.humans[p]
        }
        self.anims: list[Anim] = []
        self.think = 0.0
        self.t = 0.0
        self.selected_gate: str | None = None
        self.targets: list[Action] = []  # an Ability Card's targets to pick from
        self.throw_input: ThrowInput | None = None
        self.buttons: list[w.Button] = []
        self.button_page = 0  # which page of choices the buttons show
        self.hover_piece: tuple[str, str] | None = None
        self.hover_rect: pygame.Rect | None = None
        self.hover_chip: int | None = None
        self.particles: list[list[float]] = []
        self.shake = 0.0
        self.curtain = Curtain(self.humans)
        self.side = SidePanel()
        self.hints = Coach(hints and app.settings.tutorial and any(self.humans))
        self.recorder = Recorder(lambda: self.session.state)
        self.live_replay = LiveReplay()  # the match kept as a replay (a person plays in it)
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
        self.camera.aim(self._frame(), snap=True)

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
                clear_save()
            elif any(isinstance(e, ev.TurnStarted) for e in entries):
                payload = match_payload(
                    self.session, self.humans, self.seed, self.level, self.levels
                )
                payload["bots"] = seats_snapshot(self.bots)  # a resumed match goes on the same
                payload["replay"] = self.live_replay.name
                payload["replay_records"] = self.live_replay.count
                save_match(payload, GAME, REGISTRY[GAME].save_version)
        except (OSError, ValueError) as e:  # a full disk must not end the match
            log.warning("autosave failed: %s", e)

    # ------------------------------------------------------------------ who sees what

    @property
    def viewer(self) -> int | None:
        """Whose hidden cards the screen may show now, or None for nobody's (see
        `curtain.Curtain.viewer`)."""
        return self.curtain.viewer(self.session.to_act())

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
        """How the screen names player `p`: "You" against computers, else "Player N";
        a computer is "Computer" when alone, else "Computer N"."""
        if not self.humans[p]:
            alone = sum(not h for h in self.humans) == 1
            return self.tr("match.ai") if alone else self.tr("match.ai_n", player=p + 1)
        if self.hotseat:
            return self.tr("match.player", player=p + 1)
        return self.tr("match.you")

    def said(self, key: str, p: int, **fields: object) -> str:
        """A call about player `p`: by his name, or in the second person when he is the
        one person playing (`key` + "_you")."""
        if self.humans[p] and not self.hotseat:
            return self.tr(f"{key}_you", **fields)
        return self.tr(key, name=self.who(p), **fields)

    def slot_centre(self, slot: tuple[int, int]) -> physics.Point:
        """A Gate Card place's centre on the table (the layout never changes: kept)."""
        centre = self._centres.get(slot)
        if centre is None:
            centre = self._centres[slot] = self.session.layout.slot_center(slot)
        return centre

    def card_rect(self, slot: tuple[int, int]) -> pygame.Rect:
        """Where the Gate Card slot `slot` lies on screen."""
        return self.table_view.box(
            self.slot_centre(slot), physics.CARD_WIDTH - 3, physics.CARD_LENGTH - 3
        )

    def figure_size(self, scale: float | None = None) -> int:
        """An opened Bakugan's size on screen, at the camera's scale (or `scale`)."""
        from .table_layer import snap

        k = self.table_view.scale if scale is None else scale
        return snap(min(140, max(26, 46 * k)))

    def settle_scale(self) -> float | None:
        """While the camera moves, the scale it is heading for (art is drawn at that size
        once and stretched on the way, not drawn again at every size it passes)."""
        target = self.camera.target
        if target is None or self.camera.settled():
            return None
        return target.scale

    def sphere_radius(self) -> int:
        return max(6, min(30, round(14 * self.table_view.scale)))

    def bname(self, ident: str) -> str:
        return self.catalog.bakugan[ident].name.get(self.app.lang)

    def _busy(self) -> bool:
        return bool(self.anims) or self.curtain.down or self.hints.showing is not None

    # ------------------------------------------------------------------ the battle shown

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

    # ------------------------------------------------------------------ timeline

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

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.throw_input is not None:
                self.throw_input.cancel()  # a charge or a pull does not outlive the pause
            self.camera.held = False
            self.app.push(PauseScene(self.app))
            return
        if self.curtain.down:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                self.curtain.lift()
                self.hover_piece = None  # the last person's card must not stay in view
                self._invalidate()
            return
        if self.hints.showing is not None:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                if event.type == pygame.KEYDOWN and event.key == pygame.K_t:
                    self.hints.stop()
                    self.app.change_settings(tutorial=False)  # no more hints, now or later
                else:
                    self.hints.dismiss()
                self._invalidate()
            return
        if (
            event.type == pygame.MOUSEBUTTONUP
            and event.button == 1
            and self.side.shown
            and self.side.tab().collidepoint(event.pos)
        ):
            self.side.toggle()
            self._invalidate()
            return
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
        if self._busy():
            skip = (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE) or (
                event.type == pygame.MOUSEBUTTONUP and event.button == 1
            )
            if skip and self.anims and self.anims[0].kind != "aim":
                self.anims[0].t = self.anims[0].duration  # short and skippable
            return
        if self.throw_input is not None:
            if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
                self.aim_assist = not self.aim_assist
                return
            thrown = self.throw_input.handle(event)
            self.camera.held = self.throw_input.dragging
            if thrown is not None:
                self._throw(thrown)
            return
        if w.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._click(event.pos)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover_piece = None
        self.hover_rect = None
        self.hover_chip = None
        for i, rect in enumerate(hud.chip_rects(len(self.humans))):
            if rect.collidepoint(pos):
                self.hover_chip = self.view.seating[i]
                return
        if self.side.open:
            for kind, ident, rect, _ in self._hand_items():
                if rect.collidepoint(pos):
                    self.hover_piece, self.hover_rect = (kind, ident), rect
            if self.side.rect().collidepoint(pos):
                return
        shot = self.battle_shot_now()
        viewer = self.viewer
        for slot, fg in self.view.field.items():
            rect = self.card_rect(slot)
            if rect.collidepoint(pos):
                face_up = shot is not None and shot.slot == slot and shot.gate_open
                if face_up or (viewer is not None and fg.owner == viewer):
                    self.hover_piece, self.hover_rect = ("gates", fg.gate), rect

    def _click(self, pos: tuple[int, int]) -> None:
        p = self.session.to_act()
        if p is None or not self.humans[p]:
            return
        # Hand cards and glowing places are ghost buttons (so keys and pads reach them
        # too); here only a click on a Gate Card to take it or move onto it remains.
        for a in self.session.legal_actions():
            if isinstance(a, TakeGate | MoveBakugan) and self.card_rect(a.slot).collidepoint(pos):
                self.do(a)
                return

    def _hand_choice(self, kind: str, ident: str) -> None:
        """A playable card in hand was chosen: a Gate Card to place, an Ability to play."""
        legal = self.session.legal_actions()
        if kind == "gates":
            sets = [a for a in legal if isinstance(a, SetGate) and a.gate == ident]
            if len({a.slot for a in sets}) == 1:
                self.do(sets[0])
            else:
                self.selected_gate = ident
                self._invalidate()
            return
        plays = [a for a in legal if isinstance(a, PlayAbility) and a.card == ident]
        if len(plays) == 1:
            self.do(plays[0])
        else:
            self.targets = list(plays)
            self._invalidate()

    def _place(self, slot: tuple[int, int]) -> None:
        p = self.session.to_act()
        if p is not None and self.selected_gate is not None:
            self.do(SetGate(p, self.selected_gate, slot))

    def slots_for_selected(self) -> list[tuple[int, int]]:
        if self.selected_gate is None:
            return []
        return [
            a.slot
            for a in self.session.legal_actions()
            if isinstance(a, SetGate) and a.gate == self.selected_gate
        ]

    _slots_for_selected = slots_for_selected

    def table_choices(self) -> list[Action]:
        """What the person to act may click on the table now (taking, moving)."""
        p = self.session.to_act()
        if p is None or not self.humans[p] or self._busy() or self.viewer != p:
            return []
        return self.session.legal_actions()

    def _throw(self, throw: physics.Throw) -> None:
        p = self.session.to_act()
        assert p is not None
        problem = self.session.check_throw(p, throw)
        if problem is not None:
            assert self.throw_input is not None
            self.throw_input.refuse(self.tr("throw.too_close"))
            return
        self.throw_input = None
        self.camera.held = False
        self._thrown(p, throw, self.session.throw(p, throw, self.recorder))

    def _thrown(self, p: int, throw: physics.Throw, entries: list[Entry]) -> None:
        done = next((e for e in entries if isinstance(e, ThrowDone)), None)
        if done is not None:
            landing = done.result.landing
            self.last_throw = {
                "power": round(min(throw.speed / MAX_HAND_SPEED, 1.0), 4),
                "player": p,
                "landing": {
                    "card": list(landing.card) if isinstance(landing.card, tuple) else None,
                    "partial": landing.partial,
                    "reason": landing.reason,
                },
            }
        self._after_step(entries)

    # ------------------------------------------------------------------ update

    def update(self, dt: float) -> None:
        self.live_replay.tick(self)
        self.t += dt
        for part in self.particles:
            part[0] += part[2] * dt
            part[1] += part[3] * dt
            part[4] -= dt
        self.particles = [q for q in self.particles if q[4] > 0]
        self.shake = max(0.0, self.shake - dt)
        self._update_side()
        self.camera.aim(self._frame())
        self.camera.update(dt)
        if self.anims:
            a = self.anims[0]
            if a.t == 0.0:
                self._begin(a)
            before = a.t
            a.t += dt
            if a.kind == "roll" and isinstance(a.entry, ThrowDone):
                self._rolling_sound(a.entry, before, a.t)
            if a.t >= a.duration:
                self.anims.pop(0)
                if a.kind == "aim":
                    throw = a.data["throw"]
                    assert isinstance(throw, physics.Throw)
                    thrower = int(str(a.data["player"]))
                    entries = self.session.throw(thrower, throw, self.recorder)
                    self._thrown(thrower, throw, entries)
                elif not self.anims:
                    self._catch_up()
            return
        if self.session.over:
            self.on_over()
            return
        p = self.session.to_act()
        if p is None:
            return
        if not self.humans[p]:
            self.think += dt
            if self.think >= THINK_TIME:
                self.think = 0.0
                self._bot_step(p)
            return
        if self.curtain.needed(p):
            if not self.curtain.down:
                self.curtain.lower(p)  # the next person's turn: the curtain first
                self.throw_input = None
                self.hover_piece = None
            return
        if self.session.awaiting_throw() and self.throw_input is None:
            self.throw_input = ThrowInput(self, p, self.session.zone(p))
        if self._dirty:
            self._build_buttons()
        self._offer_hint(p)
        if self.hints.showing is not None:
            return
        if self.throw_input is not None:
            self.throw_input.update(dt)

    def _update_side(self) -> None:
        """The side panel shows while the person at the screen has a hand to look at,
        and makes way for a throw and its roll."""
        rolling = bool(self.anims) and self.anims[0].kind in ("aim", "roll")
        throwing = self.throw_input is not None and not self.curtain.down
        person = any(self.humans)
        self.side.shown = person and self.viewer is not None and not rolling and not throwing

    def _offer_hint(self, p: int) -> None:
        """The first-match hint for what the person faces now, once each (the choices
        are built first, so the hint can point at them)."""
        state = self.session.state
        step = "throw" if self.session.awaiting_throw() else state.phase
        self.hints.offer(step)

    def _hint_target(self, step: str) -> pygame.Rect:
        """The thing a hint talks about, on screen."""
        if step == "throw" and self.throw_input is not None:
            sx, sy = self.table_view.px(self.throw_input.origin())
            return pygame.Rect(sx - 30, sy - 30, 60, 60)
        if step == "battle":
            return hud.BATTLE.copy()
        faces = [b.rect for b in self.buttons if not b.ghost]
        cards = [rect for kind, _, rect, _ in self._hand_items() if kind == "gates"]
        if step == "setup" and cards:
            return cards[0].unionall(cards[1:])
        if faces:
            return faces[0].unionall(faces[1:])
        return self.side.rect()

    def _hint_clear(self) -> tuple[pygame.Rect, ...]:
        """What a hint must leave in sight: the battle's card, the sphere to throw."""
        shot = self.battle_shot_now()
        keep = [self.card_rect(shot.slot).inflate(20, 20)] if shot is not None else []
        if self.throw_input is not None:
            sx, sy = self.table_view.px(self.throw_input.origin())
            keep.append(pygame.Rect(sx - 40, sy - 40, 80, 80))
        return tuple(keep)

    def on_over(self) -> None:
        """The match ended and its last animation played: show the results."""
        self.app.audio.roll(0.0)
        self.app.replace(ResultsScene(self.app, self))

    def _bot_step(self, p: int) -> None:
        bot = self.bots[p]
        obs = self.session.observation(p)
        waiting = self.session.awaiting_throw()
        if waiting is not None:
            # Aim first, at a person's pace, then let go.
            t = bot.throw(obs, waiting[1], self.session.table(), self.session.zone(p))
            self.anims.append(Anim("aim", 0.9, None, data={"throw": t, "player": p}))
        else:
            self.do(bot.choose(obs, self.session.legal_actions()))

    def _burst(self, e: ThrowDone) -> None:
        from . import art

        level = self.app.settings.effects_level
        if level == "off":
            return
        x, y = self.table_view.px(e.result.landing.position)
        count = 26 if level == "full" else 10
        for dx, dy, speed, life in art.burst_particles(len(self.session.timeline), count):
            self.particles.append([x, y, dx * speed, dy * speed, life])

    _SOUNDS: ClassVar[dict[type, str]] = {
        ev.GateOpened: "flip",
        ev.GateSet: "flip",
        ev.AbilityPlayed: "ability",
        ev.TrapOpened: "pop",
        ev.GearOpened: "ability",
        ev.Evolved: "victory",
        ev.Missed: "miss",
        ev.GateCaptured: "capture",
        ev.GameWon: "victory",
        ev.BattleResolved: "battle_win",
    }

    def _begin(self, a: Anim) -> None:
        """An animation starts: its sound, and the pop's particles."""
        audio = self.app.audio
        if a.kind == "roll":
            audio.play("throw")
        elif a.kind == "pop" and isinstance(a.entry, ThrowDone):
            audio.roll(0.0)
            audio.play("pop")
            self._burst(a.entry)
        elif a.entry is not None and type(a.entry) in self._SOUNDS:
            audio.play(self._SOUNDS[type(a.entry)])

    def _rolling_sound(self, e: ThrowDone, t0: float, t1: float) -> None:
        """The roll's loudness follows the speed; contacts knock, hard ones shake the view."""
        traj = e.result.trajectory
        if not len(traj) or t1 >= traj.duration:
            self.app.audio.roll(0.0)
            return
        (x0, y0, _), (x1, y1, _) = traj.at(t0), traj.at(t1)
        self.app.audio.roll(math.hypot(x1 - x0, y1 - y0) / max(t1 - t0, 1e-6))
        for contact in e.result.contacts:
            if t0 < contact.time <= t1:
                self.app.audio.hit(contact.impulse)
                if contact.impulse > 500 and self.app.settings.effects_level != "off":
                    self.shake = 0.25 if self.app.settings.effects_level == "full" else 0.12

    # ------------------------------------------------------------------ camera

    def _frame(self) -> camera.Frame:
        """What the camera should show now."""
        layout = self.session.layout
        field = camera.field_box(layout, self.view.field)
        a = self.anims[0] if self.anims else None
        thrower: int | None = None
        if a is not None and a.kind == "aim":
            thrower = int(str(a.data["player"]))
        elif a is None and self.throw_input is not None and not self.curtain.down:
            thrower = self.throw_input.player
        if thrower is not None:
            line = throw_line(self.session.width, self.session.height, self.session.zone(thrower))
            cards = camera.cards_box(layout, self.view.field)
            side = self.session.side(thrower)
            frame = camera.throw_frame(cards, line, hud.throw_area(side))
            left = frame.origin()[0]
            right = left + self.session.width * frame.scale
            if max(left, hud.SCREEN.w - right) >= match_draw.HINT_MARGIN:
                return frame  # the throw's hint goes beside the table
            return camera.throw_frame(cards, line, hud.throw_area(side, hint=True))
        wide = pygame.Rect(10, hud.TOP_BAR_H + 6, 1260, 720 - hud.TOP_BAR_H - 12)
        if a is not None and a.kind in ("roll", "pop") and isinstance(a.entry, ThrowDone):
            traj = a.entry.result.trajectory
            if a.kind == "roll" and len(traj):
                x, y, _ = traj.at(min(a.t, traj.duration))
            else:
                x, y = a.entry.result.landing.position
            x = min(max(x, 0.0), self.session.width)
            y = min(max(y, 0.0), self.session.height)
            return camera.fit(camera.union(field, camera.around((x, y), 70.0)), wide)
        shot = self.battle_shot_now()
        if shot is not None:
            box = camera.slots_box(layout, [shot.slot], spread=1)
            assert box is not None
            return camera.fit(box, hud.battle_area(self.side.open))
        return camera.fit(field, hud.field_area(self.side.open))

    # ------------------------------------------------------------------ buttons

    def _label(self, a: Action) -> str:
        return action_label(a, self.catalog, self.app.lang, self.tr)

    def _choices(self) -> list[Action]:
        """The choices shown as buttons (the cancel marker is Pass(-1))."""
        legal = self.session.legal_actions()
        shown: list[Action] = list(self.targets)
        if not shown:
            shown = [a for a in legal if isinstance(a, BUTTON_KINDS)]
        if self.targets or self.selected_gate:
            shown.append(Pass(-1))  # "cancel" marker
        return shown

    def page_size(self) -> int:
        ps = self.view.players[self.viewer] if self.viewer is not None else None
        cards = len(ps.gates) + len(ps.abilities) if ps is not None else 0
        return self.side.page_size(cards)

    def _build_buttons(self) -> None:
        self._dirty = False
        self.buttons = []
        p = self.session.to_act()
        if p is None or not self.humans[p] or self.session.awaiting_throw() or self.viewer != p:
            return
        for kind, ident, rect, playable in self._hand_items():
            if playable and not self.targets and self.selected_gate is None:
                choose = partial(self._hand_choice, kind, ident)
                self.buttons.append(w.Button(rect, ident, choose, ghost=True))
        for slot in self.slots_for_selected():
            place = partial(self._place, slot)
            self.buttons.append(w.Button(self.card_rect(slot), f"@{slot}", place, ghost=True))
        shown = self._choices()
        # Passing (or cancelling) stays in sight at the bottom; the other choices come a
        # page at a time when there are more than fit (the Big Game's six throws and
        # evolutions, a long list of moves).
        page = self.page_size()
        pinned = [a for a in shown if isinstance(a, Pass)]
        choices = [a for a in shown if not isinstance(a, Pass)]
        pages = max(1, math.ceil(len(choices) / page))
        self.button_page %= pages
        start = self.button_page * page
        rows: list[tuple[str, Callable[[], None], int | None]] = []
        for choice in choices[start : start + page]:
            rows.append((self._label(choice), partial(self.do, choice), None))
        if pages > 1:
            more = self.tr("ui.more_choices", page=self.button_page + 1, pages=pages)
            rows.append((more, self._next_page, None))
        for passing in pinned:
            if passing.player == -1:
                rows.append((self.tr("ui.cancel"), self._cancel, None))
            else:
                rows.append((self._label(passing), partial(self.do, passing), pygame.K_p))
        for rect, (label, fn, key) in zip(self.side.button_rects(len(rows)), rows, strict=True):
            self.buttons.append(w.Button(rect, label, fn, key=key))

    def _next_page(self) -> None:
        self.button_page += 1
        self._invalidate()

    def _cancel(self) -> None:
        self.button_page = 0
        self.targets = []
        self.selected_gate = None
        self._invalidate()

    # ------------------------------------------------------------------ hand layout

    def _hand_items(self) -> list[HandItem]:
        """The viewer's Gate and Ability Cards in hand: (kind, id, rect, playable now)."""
        viewer = self.viewer
        if viewer is None or not self.side.open:
            return []
        ps = self.view.players[viewer]
        # (lit under a hint too: the hint talks about the lit cards)
        legal = self.session.legal_actions() if not self.anims and not self.curtain.down else []
        mine = self.session.to_act() == viewer and self.humans[viewer]
        rects = self.side.card_rects(len(ps.gates), len(ps.abilities), self.page_size() + 2)
        out: list[HandItem] = []
        for g, rect in zip(ps.gates, rects, strict=False):
            ok = mine and any(isinstance(a, SetGate) and a.gate == g for a in legal)
            out.append(("gates", g, rect, ok))
        for c, rect in zip(ps.abilities, rects[len(ps.gates) :], strict=False):
            ok = mine and any(isinstance(a, PlayAbility) and a.card == c for a in legal)
            out.append(("abilities", c, rect, ok))
        return out

    def wasted(self, card: str) -> bool:
        """Playing `card` now would change nothing in the battle (`card_effects`)."""
        viewer = self.viewer
        key = (viewer, card)
        if key not in self._wasted:  # (asked every frame; the answer waits for a step)
            self._wasted[key] = viewer is not None and changes_nothing(
                self.session.state, viewer, card
            )
        return self._wasted[key]

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        if self.curtain.down:  # nothing but the curtain: no table, no hand, no hint
            p = self.curtain.down_for or 0
            draw_curtain(surface, p, self.tr, self.colour(p))
            return
        from .table_layer import draw_table

        draw_table(self, surface)
        for x, y, _, _, life in self.particles:
            pygame.draw.circle(
                surface, (255, 230, 140), (int(x), int(y)), max(1, int(4 * life / 0.6))
            )
        if self.throw_input is not None and not self.anims:  # (under a hint about it too)
            self.throw_input.draw(surface)
        if self.anims and self.anims[0].kind not in ("banner", "result"):
            anims.draw(self, surface, self.anims[0])
        match_draw.overlays(self, surface)
        if self.anims and self.anims[0].kind in ("banner", "result"):
            anims.draw(self, surface, self.anims[0])
        if self.hints.showing is not None:
            step = self.hints.showing
            draw_hint(surface, step, self._hint_target(step), self.tr, self._hint_clear())
        if self.shake > 0:
            k = self.shake / 0.25
            surface.scroll(int(6 * k * math.sin(self.t * 90)), int(4 * k * math.cos(self.t * 70)))

    def banner_area(self) -> pygame.Rect:
        """Where the calls go: over the table, clear of the panels."""
        if self.battle_shot_now() is not None:
            return hud.battle_area(self.side.open)
        return hud.field_area(self.side.open)

    def draw_battle(self, surface: pygame.Surface) -> None:
        model = self.battle_panel()
        if model is None:
            return

        def species(ident: str) -> str:
            return self.catalog.bakugan[ident].species

        draw_panel(surface, model, hud.BATTLE, self.tr, PLAYER_COLOURS, species)

    def _prompt(self) -> str:
        """What the screen waits for, said to the right person, and only when it does."""
        if self.session.over:
            return self.tr("match.over")
        p = self.session.to_act()
        if p is None or self.anims:
            return ""
        if not self.humans[p]:
            return self.tr("match.ai_thinking")
        if self.viewer != p:
            return ""
        if self.hotseat:
            return self.tr("match.your_move", player=p + 1)
        return self.tr("match.your_move_you")

    def _hint(self) -> str:
        s = self.session.state
        p = self.session.to_act()
        if p is None or not self.humans[p] or self.anims or self.viewer != p:
            return ""
        if self.session.awaiting_throw():
            return self.tr("hint.throw", **throw_keys(self.app.settings.keys, self.tr))
        if s.phase == "setup":
            return self.tr("hint.setup")
        if self.selected_gate:
            return self.tr("hint.place")
        if self.targets:
            return self.tr("hint.target")
        if s.phase == "main":
            return self.tr("hint.main")
        if s.phase == "own":
            return self.tr("hint.own")
        if s.phase == "battle" and s.battle is not None:
            return (
                self.tr("hint.attribute")
                if s.battle.window == "attribute"
                else self.tr(f"hint.window_{s.battle.window}")
            )
        return ""

    def param_text(self, value: object) -> str:
        """A reason's parameter in the screen's language (timings, attributes)."""
        if isinstance(value, str) and ("," in value or value in ("before", "during", "after")):
            return ", ".join(self.tr(f"timing.{t}") for t in str(value).split(","))
        if isinstance(value, str) and value in (
            "pyrus",
            "aquos",
            "subterra",
            "haos",
            "darkus",
            "ventus",
        ):
            return self.tr(f"attr.{value}")
        return str(value)

    def reason_text(self, card: str) -> str:
        """Why the hovered Ability Card is dimmed (or that it would change nothing)."""
        viewer = self.viewer
        if viewer is None or self._busy():
            return ""
        reason = self.view.ability_problem(viewer, card)
        if reason is None:
            return self.tr("why.no_effect") if self.wasted(card) else ""
        return self.tr(
            f"why.{reason.code}", **{k: self.param_text(v) for k, v in reason.params.items()}
        )

    # ------------------------------------------------------------------ status

    def status(self) -> dict[str, object]:
        """For `BAKUGAN_STATUS`: the throw the person at the screen may make now."""
        out: dict[str, object] = {"to_act": self.session.to_act(), "over": self.session.over}
        if self.curtain.down:
            out["curtain"] = self.curtain.down_for  # waiting for this person's click
        shot = self.battle_shot_now()
        if shot is not None:
            out["battle"] = {"slot": list(shot.slot), "decided": shot.decided}
        ti = self.throw_input
        if (
            ti is not None
            and not self._busy()
            and self.viewer == ti.player
            and self.camera.target == self._frame()  # framed for this throw, and still
            and self.camera.settled()
        ):
            out["sphere_px"] = self.app.to_window(self.table_view.fpx(ti.origin()))
            bx, by = ti.back()
            out["back_px"] = [round(bx, 4), round(by, 4)]
            # The table in window pixels: where its origin lies, how many px a mm is.
            v = self.table_view
            origin = self.app.to_window((v.ox, v.oy))
            far = self.app.to_window((v.ox + 100 * v.scale, v.oy))
            out["table_px"] = {"origin": origin, "scale": round((far[0] - origin[0]) / 100, 5)}
        if self.last_throw is not None:
            out["last_throw"] = self.last_throw
        if not self._busy() and self.buttons:  # what may be clicked (a card: by its id)
            out["buttons"] = [
                {"label": b.label, "center": self.app.to_window(b.rect.center)}
                for b in self.buttons
                if b.enabled
            ]
        return out

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
