"""The match: the table top-down, the piles, the hands, throwing by hand, the battle.

The scene reads the session and hands it choices; every clickable choice comes from the
rules core's legal actions, so nothing the rules forbid can be clicked. Each step's
timeline entries are animated in order (the roll, the pop, the seed's calls as banners)
while the table is drawn from a snapshot taken before the step; the snapshot catches up
when the animations end.
"""

from __future__ import annotations

import dataclasses
import logging
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, ClassVar

import pygame

from game import physics
from game.content.classic import shipped_catalog
from game.games.classic import shipped_levels
from game.match.seats import BotSeat
from game.match.session import Entry, MatchSession, ThrowDone
from game.rules.classic import (
    Action,
    ChooseAttribute,
    Evolve,
    Kit,
    MatchState,
    MoveBakugan,
    Pass,
    PlayAbility,
    PlayGear,
    PlayTrap,
    SetGate,
    Settings,
    TakeGate,
    Throw,
)
from game.rules.classic import events as ev

from . import widgets as w
from .controls import throw_keys
from .scene import Scene
from .table_view import TableView
from .throwing import ThrowInput

if TYPE_CHECKING:
    from .app import App

log = logging.getLogger(__name__)

PLAYER_COLOURS = ((80, 170, 255), (255, 110, 90), (110, 215, 120), (235, 195, 70))
THINK_TIME = 0.55


@dataclass
class Anim:
    kind: str
    duration: float
    entry: Entry | None = None
    text: str = ""
    sub: str = ""
    t: float = 0.0
    data: dict[str, object] = field(default_factory=dict)


class MatchScene(Scene):
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
    ) -> None:
        """A match of `len(kits)` players; `humans[p]` says who plays at this computer,
        the others are bots of `levels[p]` (or `level`). `settings` are the rule options
        (default: the preset of that many players); `first` starts."""
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
        self.table_view = TableView(self.session.width, self.session.height)
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
        self.curtain_for: int | None = None
        self.last_human: int | None = None
        self.particles: list[list[float]] = []
        self.shake = 0.0
        # First-match coach marks: each situation explained once, dismissable (T skips all).
        self.coach_seen: set[str] = set()
        self.coach: str | None = None
        self._queue(self.session.timeline)
        self._invalidate()

    @classmethod
    def resume(cls, app: App, payload: dict[str, object]) -> MatchScene:
        """The autosaved match, exactly where it stood (raises on a payload that does not fit)."""
        from game.match.persist import session_from_json

        data = payload["session"]
        humans_raw = payload["humans"]
        levels_raw = payload.get("levels", [])
        assert isinstance(data, dict) and isinstance(humans_raw, list)
        assert isinstance(levels_raw, list)
        session = session_from_json(data, shipped_catalog())
        state = session.state
        humans = tuple(bool(h) for h in humans_raw)
        if len(humans) != len(state.players):
            raise ValueError(f"humans: {len(humans)} seats for {len(state.players)} players")
        seed = int(str(payload["seed"]))
        level = str(payload.get("level", "normal"))
        scene = cls(
            app,
            list(state.kits),
            humans,
            state.settings.first_player,
            seed,
            level,
            settings=state.settings,
            levels=[str(v) for v in levels_raw],
        )
        scene.session = session
        scene.table_view = TableView(session.width, session.height)
        scene.anims.clear()
        scene._catch_up()
        return scene

    def _autosave(self, entries: list[Entry]) -> None:
        """After each turn (and never for computer-only matches) the match is saved."""
        if not any(self.humans):
            return
        from game.match.persist import session_to_json
        from game.persist.saves import clear_save, save_match

        try:
            if self.session.over:
                clear_save()
            elif any(isinstance(e, ev.TurnStarted) for e in entries):
                payload = {
                    "session": session_to_json(self.session),
                    "humans": list(self.humans),
                    "seed": self.seed,
                    "level": self.level,
                    "levels": list(self.levels),
                }
                save_match(payload)
        except (OSError, ValueError) as e:  # a full disk must not end the match
            log.warning("autosave failed: %s", e)

    # ------------------------------------------------------------------ helpers

    @property
    def viewer(self) -> int | None:
        """Whose hidden cards the screen shows, or None for nobody's.

        With one person at the screen (or none: the computer plays itself), his (else
        player 0's). When several share it, only the one who last lifted the curtain:
        he is the one looking, also while the step before the next person's turn plays
        out and while computers play; before anyone has lifted it, nobody's.
        """
        if self.hotseat:
            return self.last_human
        return next((q for q, human in enumerate(self.humans) if human), 0)

    @property
    def hotseat(self) -> bool:
        """Several people share this screen: hidden cards wait behind a curtain."""
        return sum(self.humans) >= 2

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

    def card_rect(self, slot: tuple[int, int]) -> pygame.Rect:
        """Where the Gate Card slot `slot` lies on screen."""
        centre = self.session.layout.slot_center(slot)
        return self.table_view.box(centre, physics.CARD_WIDTH - 3, physics.CARD_LENGTH - 3)

    def bname(self, ident: str) -> str:
        return self.catalog.bakugan[ident].name.get(self.app.lang)

    def _busy(self) -> bool:
        return bool(self.anims) or self.curtain_for is not None or self.coach is not None

    # ------------------------------------------------------------------ timeline

    def _queue(self, entries: list[Entry]) -> None:
        tr = self.tr
        for e in entries:
            if isinstance(e, ThrowDone):
                dur = max(e.result.trajectory.duration, 0.2)
                self.anims.append(Anim("roll", dur, e))
                if e.result.landing.opened:
                    self.anims.append(Anim("pop", 0.45, e))
            elif isinstance(e, ev.MatchStarted):
                self.anims.append(Anim("banner", 1.3, e, tr("call.field_open")))
            elif isinstance(e, ev.GateSet):
                self.anims.append(Anim("banner", 0.8, e, tr("call.gate_set")))
            elif isinstance(e, ev.Thrown):
                self.anims.append(Anim("banner", 0.7, e, tr("call.brawl"), self.bname(e.bakugan)))
            elif isinstance(e, ev.Missed):
                self.anims.append(
                    Anim("banner", 0.9, e, tr("match.missed", bakugan=self.bname(e.bakugan)))
                )
            elif isinstance(e, ev.BattleStarted):
                sub = f"{self.bname(e.attacker[1])} — {self.bname(e.defender[1])}"
                self.anims.append(Anim("banner", 1.0, e, tr("match.battle"), sub))
            elif isinstance(e, ev.GateOpened):
                name = self.catalog.gates[e.gate].name.get(self.app.lang)
                self.anims.append(Anim("banner", 1.2, e, tr("call.gate_open"), name))
            elif isinstance(e, ev.AbilityPlayed):
                name = self.catalog.abilities[e.card].name.get(self.app.lang)
                self.anims.append(Anim("banner", 1.2, e, tr("call.ability"), name))
            elif isinstance(e, ev.AbilityWasted):
                name = self.catalog.abilities[e.card].name.get(self.app.lang)
                params = {k: self._param(v) for k, v in e.params}
                why = tr(f"why.{e.code}", **params) if e.code else ""
                sub = tr("match.wasted_why", card=name, why=why) if why else name
                self.anims.append(Anim("banner", 1.2, e, tr("match.wasted"), sub))
            elif isinstance(e, ev.AbilityCancelled):
                name = self.catalog.abilities[e.card].name.get(self.app.lang)
                self.anims.append(Anim("banner", 0.9, e, tr("match.cancelled", card=name)))
            elif isinstance(e, ev.TrapOpened):
                self.anims.append(Anim("trap", 1.1, e))  # set onto the card, then it opens
                name = self.catalog.traps[e.trap].name.get(self.app.lang)
                shown = self.tr(f"attr.{e.attribute.value}") if e.attribute else f"{e.g:+d} G"
                self.anims.append(
                    Anim("banner", 1.3, e, self.tr("match.trap_opened", name=name), shown)
                )
            elif isinstance(e, ev.GearOpened):
                name = self.catalog.gear[e.gear].name.get(self.app.lang)
                self.anims.append(
                    Anim("banner", 1.3, e, self.tr("match.gear_opened", name=name), f"{e.g:+d} G")
                )
            elif isinstance(e, ev.Evolved):
                sub = f"{self.bname(e.bakugan)} → {self.bname(e.evolved)}"
                self.anims.append(Anim("banner", 1.6, e, self.tr("match.evolved"), sub))
            elif isinstance(e, ev.BattleResolved):
                self.anims.append(Anim("result", 2.4, e))
            elif isinstance(e, ev.GateCaptured):
                gate = self.catalog.gates[e.gate].name.get(self.app.lang)
                self.anims.append(
                    Anim("banner", 1.0, e, self.said("match.captured", e.player, gate=gate))
                )
            elif isinstance(e, ev.Recycled):
                self.anims.append(Anim("banner", 0.8, e, self.said("match.recycled", e.player)))
            elif isinstance(e, ev.FieldEmpty):
                self.anims.append(Anim("banner", 1.0, e, tr("match.field_empty")))
            elif isinstance(e, ev.GameWon):
                self.anims.append(Anim("banner", 1.6, e, self.said("match.won", e.player)))

    def _after_step(self, entries: list[Entry]) -> None:
        self.hover_piece = None  # a card just set face down must not stay in view
        self.button_page = 0
        self._queue(entries)
        self._autosave(entries)
        self.selected_gate = None
        self.targets = []
        self._invalidate()
        if not self.anims:
            self._catch_up()

    def _catch_up(self) -> None:
        self.view = self.session.state.clone()
        self.view_resting = dict(self.session.resting)
        self._invalidate()

    def _invalidate(self) -> None:
        """The choices on screen are stale: take them away until they are rebuilt."""
        self._dirty = True
        self.buttons = []

    def do(self, action: Action) -> None:
        if self.session.state.why_illegal(action) is not None:
            self._invalidate()  # a stale click: rebuild the choices, change nothing
            return
        self._after_step(self.session.act(action))

    def enter(self) -> None:
        self.app.audio.music(False)

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from .results import PauseScene

            self.app.push(PauseScene(self.app))
            return
        if self.coach is not None and event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_t:
                self.app.change_settings(tutorial=False)  # no more hints, now or later
            self.coach_seen.add(self.coach)
            self.coach = None
            self._invalidate()
            return
        if self.curtain_for is not None:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                self.last_human = self.curtain_for
                self.curtain_for = None
                self.hover_piece = None  # the last person's card must not stay in view
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
            if thrown is not None:
                self._throw(thrown)
            return
        if w.handle_buttons(self.buttons, event):
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self._click(event.pos)

    def _hover(self, pos: tuple[int, int]) -> None:
        self.hover_piece = None
        for kind, ident, rect, _ in self._hand_items():
            if rect.collidepoint(pos):
                self.hover_piece = (kind, ident)
        for slot, fg in self.view.field.items():
            if self.card_rect(slot).collidepoint(pos):
                visible = fg.owner == self.viewer or (
                    self.view.battle is not None
                    and self.view.battle.slot == slot
                    and self.view.battle.gate_open
                )
                if visible:
                    self.hover_piece = ("gates", fg.gate)

    def _click(self, pos: tuple[int, int]) -> None:
        p = self.session.to_act()
        if p is None or not self.humans[p]:
            return
        legal = self.session.legal_actions()
        # Hand cards and glowing places are ghost buttons (so keys and pads reach them
        # too); here only a click on a Gate Card to take it or move onto it remains.
        for a in legal:
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

    def _slots_for_selected(self) -> list[tuple[int, int]]:
        if self.selected_gate is None:
            return []
        return [
            a.slot
            for a in self.session.legal_actions()
            if isinstance(a, SetGate) and a.gate == self.selected_gate
        ]

    def _throw(self, throw: physics.Throw) -> None:
        p = self.session.to_act()
        assert p is not None
        problem = self.session.check_throw(p, throw)
        if problem is not None:
            assert self.throw_input is not None
            self.throw_input.refuse(self.tr("throw.too_close"))
            return
        self.throw_input = None
        self._after_step(self.session.throw(p, throw))

    # ------------------------------------------------------------------ update

    def update(self, dt: float) -> None:
        self.t += dt
        for part in self.particles:
            part[0] += part[2] * dt
            part[1] += part[3] * dt
            part[4] -= dt
        self.particles = [q for q in self.particles if q[4] > 0]
        self.shake = max(0.0, self.shake - dt)
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
                    self._after_step(self.session.throw(int(str(a.data["player"])), throw))
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
        if self.hotseat and self.last_human != p and self.curtain_for is None:
            self.curtain_for = p
            return
        self.last_human = p
        self._coach_for(p)
        if self.coach is not None:
            return
        if self.session.awaiting_throw() and self.throw_input is None:
            zone = self.session.zone(p)
            self.throw_input = ThrowInput(self, p, zone)
        if self.throw_input is not None:
            self.throw_input.update(dt)
        if self._dirty:
            self._build_buttons()

    COACH_STEPS = ("setup", "main", "throw", "battle", "own")

    def _coach_for(self, p: int) -> None:
        """Show the first-match hint for what the player faces now, once each."""
        if not self.app.settings.tutorial or self.coach is not None:
            return
        state = self.session.state
        step = "throw" if self.session.awaiting_throw() else state.phase
        if step in self.COACH_STEPS and step not in self.coach_seen:
            self.coach = step
            if self.coach_seen | {step} >= set(self.COACH_STEPS):
                self.app.change_settings(tutorial=False)  # all seen: done for good

    def on_over(self) -> None:
        """The match ended and its last animation played: show the results."""
        self.app.audio.roll(0.0)
        from .results import ResultsScene

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

    # ------------------------------------------------------------------ buttons

    def _label(self, a: Action) -> str:
        tr = self.tr
        if isinstance(a, Pass):
            return tr("match.pass")
        if isinstance(a, Throw):
            return tr("match.throw", bakugan=self.bname(a.bakugan))
        if isinstance(a, TakeGate):
            return tr("match.take", slot=f"{a.slot[0] + 1}:{a.slot[1] + 1}")
        if isinstance(a, MoveBakugan):
            return tr(
                "match.move", bakugan=self.bname(a.bakugan), slot=f"{a.slot[0] + 1}:{a.slot[1] + 1}"
            )
        if isinstance(a, ChooseAttribute):
            return tr(f"attr.{a.attribute.value}")
        if isinstance(a, PlayTrap):
            return tr("match.trap", name=self.catalog.traps[a.trap].name.get(self.app.lang))
        if isinstance(a, PlayGear):  # one button per choice of the gear's abilities
            gear = self.catalog.gear[a.gear]
            name = gear.name.get(self.app.lang)
            chosen = [ab.name.get(self.app.lang) for ab in gear.abilities if ab.id in a.abilities]
            if not chosen:
                return tr("match.gear", name=name)
            return tr("match.gear_with", name=name, abilities=" + ".join(chosen))
        if isinstance(a, Evolve):
            card = next(c for c in self.catalog.evolutions.values() if c.base == a.bakugan)
            return tr(
                "match.evolve", bakugan=self.bname(a.bakugan), evolved=self.bname(card.evolved)
            )
        if isinstance(a, PlayAbility):
            name = self.catalog.abilities[a.card].name.get(self.app.lang)
            if a.bakugan and a.slot:
                return tr(
                    "match.ability_move",
                    card=name,
                    bakugan=self.bname(a.bakugan),
                    slot=f"{a.slot[0] + 1}:{a.slot[1] + 1}",
                )
            if a.bakugan:
                return tr("match.ability_target", card=name, bakugan=self.bname(a.bakugan))
            return name
        return str(a)

    def _build_buttons(self) -> None:
        self._dirty = False
        self.buttons = []
        p = self.session.to_act()
        if p is None or not self.humans[p] or self.session.awaiting_throw():
            return
        for kind, ident, rect, playable in self._hand_items():
            if playable and not self.targets and self.selected_gate is None:
                choose = partial(self._hand_choice, kind, ident)
                self.buttons.append(w.Button(rect, ident, choose, ghost=True))
        for slot in self._slots_for_selected():
            place = partial(self._place, slot)
            self.buttons.append(w.Button(self.card_rect(slot), f"@{slot}", place, ghost=True))
        legal = self.session.legal_actions()
        shown: list[Action] = list(self.targets)
        if not shown:
            shown = [
                a
                for a in legal
                if isinstance(
                    a,
                    Pass
                    | Throw
                    | TakeGate
                    | MoveBakugan
                    | ChooseAttribute
                    | PlayTrap
                    | PlayGear
                    | Evolve,
                )
            ]
        if self.targets or self.selected_gate:
            shown.append(Pass(-1))  # "cancel" marker
        # Passing (or cancelling) stays in sight at the bottom; the other choices come a
        # page at a time when there are more than fit (the Big Game's six throws and
        # evolutions, a long list of moves).
        pinned = [a for a in shown if isinstance(a, Pass)]
        choices = [a for a in shown if not isinstance(a, Pass)]
        pages = max(1, math.ceil(len(choices) / self.PAGE))
        self.button_page %= pages
        start = self.button_page * self.PAGE
        rows: list[tuple[str, Callable[[], None], int | None]] = []
        for choice in choices[start : start + self.PAGE]:
            rows.append((self._label(choice), partial(self.do, choice), None))
        if pages > 1:
            more = self.tr("ui.more_choices", page=self.button_page + 1, pages=pages)
            rows.append((more, self._next_page, None))
        for passing in pinned:
            if passing.player == -1:
                rows.append((self.tr("ui.cancel"), self._cancel, None))
            else:
                rows.append((self._label(passing), partial(self.do, passing), pygame.K_p))
        y = 430
        for label, fn, key in rows:
            self.buttons.append(w.Button(pygame.Rect(950, y, 310, 32), label, fn, key=key))
            y += 36

    PAGE = 5  # choices a page of buttons shows (with "more" and pass: 7 rows)

    def _next_page(self) -> None:
        self.button_page += 1
        self._invalidate()

    def _cancel(self) -> None:
        self.button_page = 0
        self.targets = []
        self.selected_gate = None
        self._invalidate()

    # ------------------------------------------------------------------ hand layout

    def _hand_items(self) -> list[tuple[str, str, pygame.Rect, bool]]:
        """The viewer's Gate and Ability Cards in hand: (kind, id, rect, playable now)."""
        viewer = self.viewer
        if viewer is None:
            return []
        ps = self.view.players[viewer]
        legal = self.session.legal_actions() if not self._busy() else []
        mine = self.session.to_act() == viewer and self.humans[viewer]
        out = []
        # Three cards a row at full size; the Big Game's six share the row.
        most = max(3, len(ps.gates), len(ps.abilities))
        step = 312 // most
        cw, ch = step - 8, (step - 8) * 134 // 96
        for i, g in enumerate(ps.gates):
            ok = mine and any(isinstance(a, SetGate) and a.gate == g for a in legal)
            out.append(("gates", g, pygame.Rect(950 + i * step, 150, cw, ch), ok))
        for i, c in enumerate(ps.abilities):
            ok = mine and any(isinstance(a, PlayAbility) and a.card == c for a in legal)
            out.append(("abilities", c, pygame.Rect(950 + i * step, 156 + ch, cw, ch), ok))
        return out

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        from . import art

        surface.blit(art.table_felt(surface.get_size()), (0, 0))
        self._draw_table(surface)
        for p, rect in self._panel_rects():
            self._draw_player_panel(surface, p, rect)
        self._draw_side(surface)
        if self.throw_input is not None and not self._busy():
            self.throw_input.draw(surface)
        for x, y, _, _, life in self.particles:
            pygame.draw.circle(
                surface, (255, 230, 140), (int(x), int(y)), max(1, int(4 * life / 0.6))
            )
        if self.anims:
            self._draw_anim(surface, self.anims[0])
        if self.curtain_for is not None:
            self._draw_curtain(surface)
        if self.coach is not None:
            self._draw_coach(surface)
        if self.shake > 0:
            k = self.shake / 0.25
            surface.scroll(int(6 * k * math.sin(self.t * 90)), int(4 * k * math.cos(self.t * 70)))

    def _draw_table(self, surface: pygame.Surface) -> None:
        from . import art

        tv = self.table_view
        pygame.draw.rect(surface, (60, 40, 26), tv.rect.inflate(12, 12), border_radius=10)
        surface.blit(art.table_felt(tv.rect.size), tv.rect)
        for p in range(len(self.humans)):
            band = tv.zone_rect(self.session.zone(p).box)
            shade = pygame.Surface(band.size, pygame.SRCALPHA)
            shade.fill((*PLAYER_COLOURS[p], 38))
            surface.blit(shade, band)
            # Who sits there, written along the edge of his band.
            tag = w.font(16).render(self.who(p), True, PLAYER_COLOURS[p])
            side = self.session.side(p)
            if side in ("left", "right"):
                tag = pygame.transform.rotate(tag, 90 if side == "left" else -90)
            # At the far end of the band, clear of the sphere (which starts mid-band)
            # and of the power meter.
            end_x = band.right - 20 - tag.get_width() // 2
            end_y = band.top + 20 + tag.get_height() // 2
            edge = {
                "bottom": (end_x, band.bottom),
                "top": (end_x, band.top),
                "left": (band.left, end_y),
                "right": (band.right, end_y),
            }[side]
            inward = {"bottom": (0, -12), "top": (0, 12), "left": (12, 0), "right": (-12, 0)}
            dx, dy = inward[side]
            surface.blit(tag, tag.get_rect(center=(edge[0] + dx, edge[1] + dy)))
        to_act = self.session.to_act()
        for slot in self._slots_for_selected():
            r = self.card_rect(slot)
            pulse = 120 + int(80 * math.sin(self.t * 6))
            pygame.draw.rect(surface, (255, 220, 90), r, 3, border_radius=4)
            glow = pygame.Surface(r.size, pygame.SRCALPHA)
            glow.fill((255, 220, 90, pulse // 3))
            surface.blit(glow, r)
        battle = self.view.battle
        for slot, fg in self.view.field.items():
            r = self.card_rect(slot)
            face_up = battle is not None and battle.slot == slot and battle.gate_open
            known = face_up or fg.owner == self.viewer
            gate = self.catalog.gates[fg.gate]
            colour = gate.colour.value if known else "back"
            bonuses = {a.value: v for a, v in gate.bonuses.items()} if face_up else None
            img = art.gate_card(colour, r.size, face_up, bonuses)
            surface.blit(img, r)
            pygame.draw.rect(surface, PLAYER_COLOURS[fg.owner], r.inflate(4, 4), 2, border_radius=5)
            on_card = list(fg.standing)
            if battle is not None and battle.slot == slot:  # the two battling are there too
                on_card += battle.sides
            for i, (q, b) in enumerate(on_card):
                pos = self.view_resting.get((q, b), self.session.layout.slot_center(slot))
                d = self.catalog.bakugan[b]
                sprite = art.open_bakugan(d.species, d.attribute.value if d.attribute else None, 44)
                c = self.table_view.px(pos)
                c = (c[0] + i * 14, c[1] - i * 8)
                pygame.draw.circle(surface, PLAYER_COLOURS[q], c, 24, 3)
                surface.blit(sprite, sprite.get_rect(center=c))
        if battle is not None:
            for i, support in enumerate(s for s in battle.supports if s.kind == "trap"):
                self._draw_trap(surface, support.player, support.piece, battle.slot, i, 1.0)
        legal = (
            self.session.legal_actions()
            if to_act is not None and self.humans[to_act] and not self._busy()
            else []
        )
        for a in legal:
            if isinstance(a, TakeGate | MoveBakugan):
                pygame.draw.rect(
                    surface,
                    (255, 240, 160),
                    self.card_rect(a.slot).inflate(8, 8),
                    2,
                    border_radius=6,
                )

    def _panel_rects(self) -> list[tuple[int, pygame.Rect]]:
        """Each player's panel down the left column, as they sit: seat position 0 (the
        bottom of the table) at the bottom."""
        order = list(reversed(self.view.seating))
        gap = 10
        h = (700 - gap * (len(order) - 1)) // len(order)
        return [(p, pygame.Rect(10, 10 + i * (h + gap), 350, h)) for i, p in enumerate(order)]

    def _draw_player_panel(self, surface: pygame.Surface, p: int, rect: pygame.Rect) -> None:
        from . import art

        w.panel(surface, rect, 200, PLAYER_COLOURS[p])
        ps = self.view.players[p]
        compact = rect.h < 300  # three or four players share the column
        turn = self.view.turn_player == p and not self.view.is_over()
        w.text(
            surface,
            self.who(p),
            (rect.x + 16, rect.y + 10),
            28 if compact else 32,
            PLAYER_COLOURS[p],
        )
        if turn:
            w.text(
                surface,
                self.tr("match.turn"),
                (rect.right - 16, rect.y + 14),
                22,
                w.ACCENT,
                "topright",
            )
        need = self.view.settings.gates_to_win
        y = rect.y + (40 if compact else 50)
        label = w.text(
            surface,
            self.tr("match.captured_n", n=len(ps.captured), need=need),
            (rect.x + 16, y),
            20 if compact else 24,
        )
        # The captured cards after the count, as many as fit the rest of the line.
        room = rect.right - 16 - (label.right + 10)
        mini_w = max(8, min(26 if compact else 34, room // max(need, 1) - 4))
        mini = (mini_w, mini_w * 48 // 34)
        for i, (_, g) in enumerate(ps.captured):
            gate = self.catalog.gates[g]
            img = art.gate_card(gate.colour.value, mini, False)
            surface.blit(img, (label.right + 10 + i * (mini_w + 4), label.centery - mini[1] // 2))
        # The Bakugan still to throw, with their G-Power; the used ones faded.
        y = rect.y + (90 if compact else 150)
        if not compact:
            w.text(surface, self.tr("match.unused"), (rect.x + 16, rect.y + 104), 22, w.MUTED)
        radius = 15 if compact else 20
        step = min(60, (rect.w - 40) // max(1, len(ps.unused)))
        for i, b in enumerate(ps.unused):
            d = self.catalog.bakugan[b]
            img = art.closed_sphere(d.attribute.value if d.attribute else None, radius, 0.0)
            c = (rect.x + 16 + radius + i * step, y)
            surface.blit(img, img.get_rect(center=c))
            w.text(
                surface,
                str(d.g_power),
                (c[0], c[1] + radius + 10),
                16 if compact else 18,
                w.INK,
                "center",
            )
        # The used ones faded after them, on the same row.
        x = rect.x + 16 + len(ps.unused) * step + (12 if ps.unused else 0)
        small = 9 if compact else 13
        for i, b in enumerate(ps.used):
            d = self.catalog.bakugan[b]
            img = art.closed_sphere(d.attribute.value if d.attribute else None, small, 0.0)
            img.set_alpha(140)
            surface.blit(img, img.get_rect(center=(x + small + i * (2 * small + 6), y)))
        hand = self.tr("match.hand", gates=len(ps.gates), abilities=len(ps.abilities))
        support = ""
        if ps.traps or ps.gear or ps.used_traps or ps.used_gear:
            support = self.tr("match.support", traps=len(ps.traps), gear=len(ps.gear))
        if compact:
            if support:
                where = (rect.right - 16, rect.bottom - 30)
                w.text(surface, support, where, 17, w.MUTED, "bottomright")
            w.text(surface, hand, (rect.x + 16, rect.bottom - 10), 17, w.MUTED, "bottomleft")
            return
        if support:
            w.text(surface, support, (rect.x + 16, rect.y + 200), 20, w.MUTED)
        w.text(surface, hand, (rect.x + 16, rect.y + 228), 22, w.MUTED)
        used = ", ".join(
            self.catalog.abilities[c].name.get(self.app.lang) for c in ps.used_abilities
        )
        if used:
            w.paragraph(
                surface,
                self.tr("match.played", cards=used),
                pygame.Rect(rect.x + 16, rect.y + 258, rect.w - 32, 76),
                18,
                w.MUTED,
            )

    def _draw_side(self, surface: pygame.Surface) -> None:
        from .pieces import draw_piece_detail, piece_thumb

        side = pygame.Rect(940, 10, 330, 700)
        w.panel(surface, side, 200)
        w.text(surface, self._prompt(), (side.x + 12, side.y + 10), 24, w.ACCENT)
        level = self.tr("match.game_level", level=self.view.game_level())
        w.text(surface, level, (side.right - 12, side.bottom - 12), 20, w.MUTED, "bottomright")
        w.paragraph(
            surface,
            self._hint(),
            pygame.Rect(side.x + 12, side.y + 40, side.w - 24, 100),
            20,
            w.INK,
        )
        for kind, ident, rect, playable in self._hand_items():
            surface.blit(
                piece_thumb(
                    self.catalog, kind, ident, rect.size, self.app.lang, dimmed=not playable
                ),
                rect,
            )
            if playable:
                pygame.draw.rect(surface, w.ACCENT, rect.inflate(4, 4), 2, border_radius=8)
            if self.selected_gate == ident:
                pygame.draw.rect(surface, (255, 255, 255), rect.inflate(6, 6), 3, border_radius=8)
        for b in self.buttons:
            b.draw(surface, 22)
        if self.view.battle is not None:
            self._draw_battle(surface)
        elif self.hover_piece is not None:
            box = pygame.Rect(10, 360, 600, 250)
            w.panel(surface, box, 245, w.ACCENT)
            draw_piece_detail(
                surface, box.inflate(-24, -24), self.catalog, *self.hover_piece, self.app.lang
            )
        self._draw_reason(surface)

    def _draw_reason(self, surface: pygame.Surface) -> None:
        """Why the hovered Ability Card is dimmed, in the player's language."""
        if self.hover_piece is None or self.hover_piece[0] != "abilities":
            return
        card = self.hover_piece[1]
        viewer = self.viewer
        if viewer is None or self._busy():
            return
        reason = self.view.ability_problem(viewer, card)
        if reason is None:
            return
        text = self.tr(
            f"why.{reason.code}", **{k: self._param(v) for k, v in reason.params.items()}
        )
        box = pygame.Rect(950, 640, 310, 60)
        w.panel(surface, box, 240, (200, 120, 60))
        w.paragraph(surface, text, box.inflate(-16, -12), 19)

    def _param(self, value: object) -> str:
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

    def _prompt(self) -> str:
        p = self.session.to_act()
        if self.session.over:
            return self.tr("match.over")
        if p is None:
            return ""
        if not self.humans[p]:
            return self.tr("match.ai_thinking")
        if self.hotseat:
            return self.tr("match.your_move", player=p + 1)
        return self.tr("match.your_move_you")

    def _hint(self) -> str:
        s = self.view
        p = self.session.to_act()
        if p is None or not self.humans[p]:
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

    def _draw_battle(self, surface: pygame.Surface) -> None:
        """The battle, over the piles column: each side's Bakugan, G-Power and its layers."""
        from . import art

        b = self.view.battle
        assert b is not None
        box = pygame.Rect(10, 150, 350, 420)
        w.panel(surface, box, 255, w.ACCENT)
        w.text(
            surface, self.tr(f"window.{b.window}"), (box.centerx, box.y + 10), 22, w.MUTED, "midtop"
        )
        evaluation = self.view.evaluate_battle()
        for i, side in enumerate(evaluation.sides):
            y = box.y + 40 + i * 185
            d = self.catalog.bakugan[side.bakugan]
            img = art.open_bakugan(d.species, side.attribute.value if side.attribute else None, 76)
            surface.blit(img, (box.x + 12, y))
            w.text(
                surface,
                self.bname(side.bakugan),
                (box.x + 100, y + 2),
                22,
                PLAYER_COLOURS[side.player],
            )
            w.text(surface, f"{side.total} G", (box.x + 100, y + 26), 44, w.ACCENT)
            lines = [self._layer(label, amount) for label, amount in side.parts]
            for j, line in enumerate(lines[:4]):
                w.text(surface, line, (box.x + 100, y + 72 + j * 21), 19, w.INK)
            if evaluation.winner == i and b.gate_open:
                w.text(surface, "★", (box.right - 16, y + 30), 40, w.ACCENT, "topright")
        if evaluation.lower_wins:
            w.text(
                surface,
                self.tr("match.lower_wins"),
                (box.centerx, box.bottom - 12),
                20,
                (255, 140, 140),
                "midbottom",
            )

    def _source_name(self, source: str) -> str:
        """The name of what a G-Power layer came from: an Ability Card, a Trap, a Battle
        Gear or one of its property card's abilities (``gear.ability``)."""
        lang = self.app.lang
        if source in self.catalog.abilities:
            return self.catalog.abilities[source].name.get(lang)
        if source in self.catalog.traps:
            return self.catalog.traps[source].name.get(lang)
        piece, _, ability = source.partition(".")
        if piece in self.catalog.gear:
            gear = self.catalog.gear[piece]
            found = next((ab for ab in gear.abilities if ab.id == ability), None)
            return gear.name.get(lang) if found is None else found.name.get(lang)
        return source

    def _layer(self, label: str, amount: int) -> str:
        if label == "base":
            return self.tr("layer.base", g=amount)
        if label == "swap":
            return self.tr("layer.swap", g=amount)
        if label.startswith("gate "):
            return self.tr("layer.gate_bonus", attribute=self.tr(f"attr.{label[5:]}"), g=amount)
        if label == "gate":
            return self.tr("layer.gate", g=amount)
        if label.startswith("x2 "):
            src = label[3:]
            name = self.tr("layer.the_gate") if src == "gate" else self._source_name(src)
            return self.tr("layer.double", source=name, g=amount)
        return self.tr("layer.card", card=self._source_name(label), g=amount)

    def _draw_anim(self, surface: pygame.Surface, a: Anim) -> None:
        from . import art

        if a.kind == "aim":
            throw = a.data["throw"]
            assert isinstance(throw, physics.Throw)
            player = int(str(a.data["player"]))
            k = min(a.t / a.duration, 1.0)
            sx, sy = self.table_view.px(throw.origin)
            length = 40 + 160 * k * throw.speed / physics.MAX_SPEED
            end = (sx + math.cos(throw.angle) * length, sy - math.sin(throw.angle) * length)
            pygame.draw.line(surface, PLAYER_COLOURS[player], (sx, sy), end, 3)
            waiting = self.session.awaiting_throw()
            attr = None
            if waiting is not None:
                d = self.catalog.bakugan[waiting[1]]
                attr = d.attribute.value if d.attribute else None
            img = art.closed_sphere(attr, 11, 0.0)
            surface.blit(img, img.get_rect(center=(sx, sy)))
        elif a.kind == "roll" and isinstance(a.entry, ThrowDone):
            traj = a.entry.result.trajectory
            if len(traj):
                pts = [
                    self.table_view.px(traj.at(min(a.t, traj.duration) * k / 12)[:2])
                    for k in range(13)
                ]
                if len(pts) > 1:
                    pygame.draw.lines(surface, (255, 255, 255), False, pts, 1)
                x, y, angle = traj.at(a.t)
                d = self.catalog.bakugan[a.entry.bakugan]
                q = round(angle / (math.tau / 32)) * (math.tau / 32)
                img = art.closed_sphere(d.attribute.value if d.attribute else None, 11, q)
                surface.blit(img, img.get_rect(center=self.table_view.px((x, y))))
        elif a.kind == "pop" and isinstance(a.entry, ThrowDone):
            d = self.catalog.bakugan[a.entry.bakugan]
            k = min(a.t / a.duration, 1.0)
            size = int(20 + 28 * (1 - (1 - k) ** 3))
            img = art.open_bakugan(d.species, d.attribute.value if d.attribute else None, size)
            surface.blit(
                img, img.get_rect(center=self.table_view.px(a.entry.result.landing.position))
            )
        elif a.kind == "trap" and isinstance(a.entry, ev.TrapOpened):
            self._draw_trap_set(surface, a.entry, min(a.t / a.duration, 1.0))
        elif a.kind == "banner":
            self._banner(surface, a.text, a.sub, a.t / a.duration)
        elif a.kind == "result" and isinstance(a.entry, ev.BattleResolved):
            e = a.entry
            winner = self.bname(e.bakugan)
            sub = "  ·  ".join(f"{self.bname(bk)} {total} G" for _, bk, total, _ in e.sides)
            self._banner(
                surface, self.tr("match.battle_won", bakugan=winner), sub, a.t / a.duration
            )

    def _trap_spot(self, slot: tuple[int, int], index: int) -> tuple[int, int]:
        """Where the `index`-th Trap of a battle lies: against the card's lower corner,
        clear of the Bakugan standing on it (the first right, the second left)."""
        r = self.card_rect(slot)
        half = int(r.w * 0.31) + 2
        x = r.right + half if index % 2 == 0 else r.left - half
        return (x, r.bottom - half)

    def _draw_trap(
        self,
        surface: pygame.Surface,
        player: int,
        trap: str,
        slot: tuple[int, int],
        index: int,
        unfold: float,
        at: tuple[int, int] | None = None,
        scale: float = 1.0,
    ) -> None:
        from . import art

        attribute = self.catalog.traps[trap].attribute.value
        size = max(12, int(self.card_rect(slot).w * 0.62 * scale))
        centre = at if at is not None else self._trap_spot(slot, index)
        pygame.draw.circle(surface, PLAYER_COLOURS[player], centre, size // 2 + 2, 2)
        img = art.trap_piece(attribute, size, unfold)
        surface.blit(img, img.get_rect(center=centre))

    def _draw_trap_set(self, surface: pygame.Surface, e: ev.TrapOpened, k: float) -> None:
        """A Trap flies from its owner's side onto the battle's card, lands, and opens."""
        battle = self.view.battle
        index = 0 if battle is None else sum(s.kind == "trap" for s in battle.supports)
        end = self._trap_spot(e.slot, index)
        start = self.table_view.zone_rect(self.session.zone(e.player).box).center
        fly = min(k / 0.55, 1.0)
        ease = 1 - (1 - fly) ** 2
        x = start[0] + (end[0] - start[0]) * ease
        y = start[1] + (end[1] - start[1]) * ease
        lift = math.sin(math.pi * fly)  # it is carried above the table, then set down
        unfold = max(0.0, (k - 0.6) / 0.4)
        at = (round(x), round(y - 30 * lift))
        if fly < 1.0:
            shadow = pygame.Surface((24, 10), pygame.SRCALPHA)
            pygame.draw.ellipse(shadow, (0, 0, 0, 90), shadow.get_rect())
            surface.blit(shadow, shadow.get_rect(center=(round(x), round(y) + 6)))
        self._draw_trap(surface, e.player, e.trap, e.slot, index, unfold, at, 1.0 + 0.5 * lift)
        if unfold >= 0.9:  # its face: the attribute it gives, or the G it adds
            from . import art

            r = self.card_rect(e.slot)
            if e.attribute is not None:
                sym = art.attribute_symbol(e.attribute.value, max(14, r.w // 2))
                surface.blit(sym, sym.get_rect(midbottom=(end[0], end[1] - r.w // 3)))
            else:
                w.text(
                    surface,
                    f"{e.g:+d} G",
                    (end[0], end[1] - r.w // 3),
                    18,
                    w.ACCENT,
                    "midbottom",
                    shadow=True,
                )

    def _banner(self, surface: pygame.Surface, title: str, sub: str, k: float) -> None:
        ease = min(1.0, k * 6) if k < 0.8 else max(0.0, (1 - k) * 5)
        band = pygame.Rect(0, 0, 900, 120 if sub else 90)
        band.center = (self.table_view.rect.centerx, 300)
        shade = pygame.Surface(band.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, int(190 * ease)))
        surface.blit(shade, band)
        img = w.font(58).render(title, True, w.ACCENT)
        img.set_alpha(int(255 * ease))
        surface.blit(img, img.get_rect(center=(band.centerx, band.y + 44)))
        if sub:
            img = w.font(28).render(sub, True, w.INK)
            img.set_alpha(int(255 * ease))
            surface.blit(img, img.get_rect(center=(band.centerx, band.y + 92)))

    COACH_TARGET: ClassVar[dict[str, tuple[int, int]]] = {
        "setup": (1000, 220),
        "main": (1100, 450),
        "throw": (650, 640),  # (the band of the seat to throw, when known)
        "battle": (185, 360),
        "own": (1100, 450),
    }

    def _draw_coach(self, surface: pygame.Surface) -> None:
        assert self.coach is not None
        box = pygame.Rect(390, 200, 520, 190)
        target = self.COACH_TARGET[self.coach]
        p = self.session.to_act()
        if self.coach == "throw" and p is not None:  # the thrower's own band
            target = self.table_view.zone_rect(self.session.zone(p).box).center
        pygame.draw.line(surface, w.ACCENT, box.center, target, 4)
        pygame.draw.circle(surface, w.ACCENT, target, 10, 4)
        w.panel(surface, box, 250, w.ACCENT)
        w.text(surface, self.tr("coach.title"), (box.x + 18, box.y + 12), 26, w.ACCENT)
        w.paragraph(
            surface,
            self.tr(f"coach.{self.coach}"),
            pygame.Rect(box.x + 18, box.y + 46, box.w - 36, 110),
            22,
        )
        w.text(
            surface,
            self.tr("coach.dismiss"),
            (box.centerx, box.bottom - 14),
            18,
            w.MUTED,
            "midbottom",
        )

    def _draw_curtain(self, surface: pygame.Surface) -> None:
        surface.fill((5, 8, 16))  # opaque: nothing of the last person's shows through
        p = self.curtain_for or 0
        w.text(
            surface,
            self.tr("match.handover", player=p + 1),
            (640, 320),
            56,
            PLAYER_COLOURS[p],
            "center",
        )
        w.text(surface, self.tr("match.handover_hint"), (640, 390), 28, w.INK, "center")

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
        )
