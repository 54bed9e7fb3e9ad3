"""The Bakugan Attack! table: the match screen.

It reads the match (`game.match.attack.session.AttackMatch`) and hands it choices; the
rules are the core's. A step of the game happens only when the show of the last one
is over (`view.Beat`s): a die is thrown into the tray (by the person with the
slingshot gesture or keys, by a computer after a moment), a card is chosen (from the
fanned hand: mouse, keys or controller; the computers after a visible moment of
thought), chance draws Runo's card or deals. In hot-seat the curtain comes down
whenever another person must act, and Julie's blind choices are made behind it one
person after the other. The game is saved after every step (Continue on the title),
and a game with a person in it is kept as a replay as it goes (`replay_live`).
"""

from __future__ import annotations

import logging
import random
from collections import deque
from functools import partial
from typing import TYPE_CHECKING, Any

import pygame

from game.games import REGISTRY
from game.match.attack.session import AttackMatch
from game.rules.attack import CHANCE, Action, Phase
from game.rules.attack import events as ev

from .. import saved_log
from .. import widgets as w
from ..curtain import Curtain
from ..scene import Scene
from ..status import button_row, button_rows
from ..thinker import Thinker
from .art import CARD
from .dice_tray import DiceTray
from .layout import fan, seat_places
from .replay_live import AttackLiveReplay
from .table_draw import draw_table
from .view import Beat, ShownCard, TableView, log_json

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)

GAME = "attack"
THINK_SECONDS = (0.7, 1.2)  # a computer's visible moment of thought
DIE_THINK_SECONDS = (0.5, 0.9)
PICK_SECONDS = 0.7  # Runo: the card drawn at random from a hand
DIE_HAND = 9.0  # px: a die thrown by a seat with no level record (Easy's hand)


class AttackTableScene(Scene):
    status_name = "attack"
    footer = "attack_ui.pause_hint"  # the side panel's last line: what Esc does
    reveals_all = False  # every card's face shows, hidden or not (a replay's spectator)
    leave_label = "attack_ui.main_menu"  # the final ranking's button (`leave`)

    def __init__(self, app: App, match: AttackMatch) -> None:
        super().__init__(app)
        self.match = match
        self.deck = match.deck
        self.curtain = Curtain(match.humans)
        self.tray = DiceTray()
        self.rng = random.Random(f"attack-ui:{match.seed}:{match.state.draws}")
        self.bottom = next((p for p, h in enumerate(match.humans) if h), 0)
        self.places = seat_places(match.players, self.bottom)
        caught = [len(pile) for pile in match.state.caught]
        self.view = TableView(self.deck, caught, self._spot, self._pile, self._seat)
        state = match.state
        self.view.shown_from(state.deal_no, state.round_no, state.dealer, state.points)
        self.beats: deque[Beat] = deque()
        self.think = 0.0
        self.pondering: int | None = None  # the seat shown thinking
        self.thinker: Thinker[Action] = Thinker()  # its decision, in the worker thread
        self.focus = 0
        self.hover: int | None = None
        self.table_hover: ShownCard | None = None  # the card on the table under the pointer
        self.buttons: list[w.Button] = []
        self.finished = False
        self.live_replay = AttackLiveReplay()  # the game kept as a replay (a person plays)
        self._restore_table()

    @classmethod
    def resume(cls, app: App, payload: dict[str, Any]) -> AttackTableScene:
        """The table of an autosave payload where it stood; raises AttackSaveError (a
        ValueError) with the reason for a payload that does not fit."""
        from game.content.attack import shipped_deck
        from game.games.attack import shipped_levels

        from .view import log_read

        match = AttackMatch.from_json(payload, shipped_deck(), shipped_levels())
        scene = cls(app, match)
        scene.view.log[:0] = saved_log.take(payload, log_read)  # what was said before the save
        return scene

    # --- places --------------------------------------------------------------------

    def _spot(self, p: int) -> tuple[float, float]:
        return self.places[p].spot

    def _pile(self, p: int) -> tuple[float, float]:
        return self.places[p].pile

    def _seat(self, p: int) -> tuple[float, float]:
        return self.places[p].plate.center

    def _restore_table(self) -> None:
        """A resumed game: the cards already face up this round, the blind choices."""
        state = self.match.state
        for p, card in state.table:
            self.view.cards.append(ShownCard(p, card, True, "down", t=1.0))
        for p, chosen in enumerate(state.pending):
            if chosen is not None:
                self.view.cards.append(ShownCard(p, "", False, "down", t=1.0))
        if state.mode == "random" and state.table:
            self.view.hide_drawn(state.table[0][0])
        if state.draws:  # a game that had begun: it goes on where it stood
            self.view.say("attack_ui.resumed")

    # --- who is at the screen ------------------------------------------------------

    def person_to_act(self) -> int | None:
        """The person who must act now (a die to throw or a card to choose)."""
        die = self.match.die_due()
        if die is not None:
            return die if self.match.human(die) else None
        for p in self.match.to_act():
            if p != CHANCE and self.match.human(p):
                return p
        return None

    def viewer(self) -> int | None:
        """Whose hand is drawn (None: nobody's, in hot-seat between people)."""
        if self.match.die_due() is not None and self.curtain.hotseat:
            return None  # a die hides nothing and waits for nobody's hand
        return self.curtain.viewer(self.person_to_act())

    def prompt_key(self, key: str) -> str:
        """The catalog key of the prompt above the hand (a replay words it for an
        onlooker, not for the person asked)."""
        return key

    def idle(self) -> bool:
        return not self.beats and not self.tray.rolling and self.view.sheet is None

    # --- the flow ------------------------------------------------------------------

    def exit(self) -> None:
        self.live_replay.close()  # left for the title, or the window closed: the file too

    def update(self, dt: float) -> None:
        self.live_replay.tick(self.match)
        self.tray.charge_tick(dt)
        if self.beats:
            self._run_beats(dt)
            return
        if self.tray.rolling:
            if self.tray.update(dt):
                self._apply_chance()
            return
        if self.match.state.is_over() or self.curtain.down:
            return
        die = self.match.die_due()
        if die is not None:
            self._die_turn(die, dt)
            return
        if self.match.chance_due():
            self._chance_step()
            return
        bot = self.match.bot_to_act()
        person = self.person_to_act()
        if bot is not None and (person is None or self.match.state.phase is Phase.BLIND):
            self._bot_turn(bot, dt)
            return
        if person is not None and self.curtain.needed(person):
            self.curtain.lower(person)

    def _run_beats(self, dt: float) -> None:
        beat = self.beats[0]
        if not beat.started:
            beat.started = True
            if beat.start is not None:
                beat.start()
        if beat.hold and not beat.released:
            return
        beat.t += dt
        if beat.tick is not None and beat.seconds > 0:
            beat.tick(min(1.0, beat.t / beat.seconds))
        if beat.t >= beat.seconds:
            self.beats.popleft()
            if beat.finish is not None:
                beat.finish()
            if not self.beats:
                self._autosave()  # the show is over: the log as told goes with the state

    def _die_turn(self, die: int, dt: float) -> None:
        if self.tray.waiting != die:
            self.tray.offer(die, self.places[die].plate.centerx)
            self.think = self.rng.uniform(*DIE_THINK_SECONDS)
            if self.match.human(die) and self.curtain.hotseat:
                self.curtain.at_screen = die  # a die hides nothing: no curtain for it
        if not self.match.human(die):
            self.pondering = die
            self.think -= dt
            if self.think <= 0:
                self.pondering = None
                self.tray.bot_throw(self.rng, self.match.die_face(), self._hand(die))

    def _hand(self, player: int) -> float:
        """The computer's hand at the tray: its level's `hand_sigma` (a replay's seats
        carry no level records: `DIE_HAND`, the look of a throw whose face the record
        decides anyway)."""
        level = self.match.levels.get(self.match.seats[player])
        return level.hand_sigma if level is not None else DIE_HAND

    def _chance_step(self) -> None:
        state = self.match.state
        if state.phase is Phase.RANDOM_PICK:
            holder = state.turn
            self.beats.append(
                Beat(PICK_SECONDS, start=lambda: self.view.say("attack_ui.picking", player=holder))
            )
            self.beats.append(Beat(0.0, start=self._apply_chance))
            return
        self._apply_chance()

    def _apply_chance(self) -> None:
        self._push(self.match.apply_chance())

    def _bot_turn(self, bot: int, dt: float) -> None:
        """A computer's card: it "thinks" a moment (`THINK_SECONDS`), then its choice
        is thought out in the worker thread (`game.ui.thinker`) and played."""
        if not self.thinker.busy:
            if self.pondering != bot:
                self.pondering = bot
                self.think = self.rng.uniform(*THINK_SECONDS)
                return
            self.think -= dt
            if self.think > 0:
                return
            self.thinker.start(bot, self.match.bot_decision(bot))
        done = self.thinker.answer(wait=self.wait_thinking)
        if done is None:
            return
        self.pondering = None
        if done[0] in self.match.to_act():  # (still its to make)
            self._push(self.match.act(done[1]))

    @property
    def wait_thinking(self) -> bool:
        """Frames wait for the computer's answer (an app run `fast`: see `thinker`)."""
        return self.app.fast

    def _push(self, events: list[ev.Event]) -> None:
        for event in events:
            self.beats.extend(self.view.beats_for([event]))
            if isinstance(event, ev.DealPassed):  # the house variant gathers the caught cards
                counts = [len(pile) for pile in self.match.state.caught]
                self.beats.append(Beat(0.0, start=partial(self._show_caught, counts)))
            if isinstance(event, ev.RollOffTied | ev.Dealt) or (
                isinstance(event, ev.RoundStarted) and event.round == 1
            ):
                self.beats.append(Beat(0.0, start=self.tray.clear))
            elif isinstance(event, ev.GameOver):
                self.finished = True
        self._autosave()  # the state now (a window closed mid-show goes on from here)

    def _show_caught(self, counts: list[int]) -> None:
        self.view.caught[:] = counts

    def _autosave(self) -> None:
        from game.persist.saves import SaveError, clear_save, save_match

        try:
            if self.match.state.is_over():
                clear_save(GAME)
            else:
                lines = [log_json(line) for line in self.view.log]
                payload = saved_log.put(self.match.to_json(), lines)
                save_match(payload, GAME, REGISTRY[GAME].save_version)
        except (SaveError, OSError) as e:
            log.warning("autosave: %s", e)

    # --- a person's choices --------------------------------------------------------

    def hand_cards(self) -> list[str]:
        viewer = self.viewer()
        return list(self.match.state.hands[viewer]) if viewer is not None else []

    def can_choose(self) -> int | None:
        """The person at the screen who may play a card now."""
        viewer = self.viewer()
        if viewer is None or not self.idle() or self.curtain.down:
            return None
        return viewer if self.match.choosing(viewer) else None

    def play(self, index: int) -> bool:
        player = self.can_choose()
        cards = self.hand_cards()
        if player is None or not 0 <= index < len(cards):
            return False
        card = cards[index]
        if self.match.why_not(player, card) is not None:
            return False
        self._push(self.match.play(player, card))
        self.focus = min(self.focus, max(0, len(self.hand_cards()) - 1))
        return True

    def card_at(self, pos: tuple[int, int]) -> ShownCard | None:
        """The card lying on the table at `pos` whose face the screen shows (the top one)."""
        viewer = self.viewer()
        for card in reversed(self.view.cards):
            if card.state not in ("down", "cracked") or not (
                card.face_for(viewer) or (self.reveals_all and card.card)
            ):
                continue
            x, y = self._spot(card.player)
            rect = pygame.Rect(0, 0, *CARD)
            rect.center = (round(x), round(y))
            if rect.collidepoint(pos):
                return card
        return None

    def hand_rects(self) -> list[pygame.Rect]:
        return [rect for rect, _ in fan(len(self.hand_cards()), self.focus)]

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            from .pause import AttackPauseScene

            self.app.push(AttackPauseScene(self.app))
            return
        if self.curtain.down:
            if event.type == pygame.MOUSEBUTTONUP or (
                event.type == pygame.KEYDOWN
                and event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER)
            ):
                self.curtain.lift()
                if self.curtain.at_screen is not None:
                    self.bottom = self.curtain.at_screen
                    self.places = seat_places(self.match.players, self.bottom)
            return
        if event.type == pygame.MOUSEMOTION:
            self.table_hover = self.card_at(event.pos)
        if self.buttons and w.handle_buttons(self.buttons, event):
            return
        if self.beats or self.view.sheet is not None:
            return
        if self.tray.rolling:
            if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
                self.tray.skip()
            return
        die = self.match.die_due()
        if die is not None:
            face = self.match.die_face() if self.match.human(die) else None
            self.tray.handle(event, face)
            return
        self._hand_input(event)

    def _hand_input(self, event: pygame.event.Event) -> None:
        rects = self.hand_rects()
        if event.type == pygame.MOUSEMOTION:
            self.hover = next(
                (i for i in reversed(range(len(rects))) if rects[i].collidepoint(event.pos)), None
            )
            if self.hover is not None:
                self.focus = self.hover
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            hit = next(
                (i for i in reversed(range(len(rects))) if rects[i].collidepoint(event.pos)), None
            )
            if hit is not None:
                self.focus = hit
                self.play(hit)
        elif event.type == pygame.KEYDOWN and rects:
            if event.key in (pygame.K_LEFT, pygame.K_a):
                self.focus = (self.focus - 1) % len(rects)
            elif event.key in (pygame.K_RIGHT, pygame.K_d):
                self.focus = (self.focus + 1) % len(rects)
            elif event.key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
                self.play(self.focus)

    def continue_sheet(self) -> None:
        if self.beats and self.beats[0].hold and self.view.sheet is not None:
            self.beats[0].release()

    def leave(self) -> None:
        self.app.go_home()

    # --- drawing -------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self.buttons = draw_table(surface, self)

    def name(self, player: int) -> str:
        seat = self.match.seats[player]
        if seat == "human":
            return self.tr("attack_ui.player", n=player + 1)
        return self.tr("attack_ui.computer", n=player + 1, level=self.tr(f"attack_ui.level.{seat}"))

    def text_of(self, key: str, fields: dict[str, object]) -> str:
        """A catalog text with its fields told as the player reads them."""
        lang = self.app.lang
        out: dict[str, object] = {}
        for k, v in fields.items():
            if k in ("player", "leader", "dealer") and isinstance(v, int):
                out[k] = self.name(v)
            elif k == "players" and isinstance(v, tuple):
                out[k] = ", ".join(self.name(p) for p in v)
            elif k in ("card", "by") and isinstance(v, str) and v in self.deck.by_id:
                out[k] = self.deck.by_id[v].name.get(lang)
            else:
                out[k] = v
        return self.tr(key, **out)

    def status(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "to_act": list(self.match.to_act()),
            "phase": self.match.state.phase.value,
            "over": self.match.state.is_over(),
            "winners": list(self.match.result_winners()),
            "busy": not self.idle(),
        }
        if self.curtain.down:
            out["curtain"] = self.curtain.down_for
        die = self.match.die_due()
        if die is not None and self.tray.waiting == die and self.match.human(die):
            out["die_px"] = self.app.to_window(self.tray.origin_px())
        if self.can_choose() is not None:
            out["buttons"] = [
                button_row(self.app, card, rect)
                for card, rect in zip(self.hand_cards(), self.hand_rects(), strict=True)
            ]
        if self.buttons:
            out.setdefault("buttons", [])
            out["buttons"] += button_rows(self.app, self.buttons)
        if self.view.sheet is not None:
            out["sheet"] = self.view.sheet.deal
        return out
