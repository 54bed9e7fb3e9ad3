"""The Bakugan Attack! replay viewer: a recorded game played back on the Attack table.

The viewer is the table screen (`table.AttackTableScene`) playing a `ReplayMatch`
(`game.match.attack.recording`): every seat and chance hands out the recorded actions,
so the dice roll in the tray to the recorded face, the computers "think" as in the
match, the cards fly, collide and are caught, and the score sheets show as they did.
On top of it (the keys of the classic viewer):

- Space plays and pauses; → steps one record (a card, a die, a pick or a deal),
  Shift+→ to the next "throw" of Attack: a die rolled or a round judged (the
  collision and the catch); ↑ / ↓ change the speed (x0.5, x1, x2, x4);
- PageDown / PageUp (or N / B) jump to the next / previous deal, ] / [ to the next /
  previous round of play; Home to the start;
- V changes the view: the spectator's (every hand face up, the default), then each
  seat's (only that hand face up, as that player saw it), then the spectator's again;
- Esc leaves.

A recorded action the rules refuse here stops the playback with a line saying so (the
replay drifted); an unfinished replay stops at its last record. A score sheet is shown
for a moment (at the playing speed) and turned; a step moves past it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

from game.content.attack import shipped_deck
from game.match.attack.recording import Mark, ReplayMatch, marks
from game.match.rerun import RerunError
from game.persist.replay_file import Replay, ReplayError
from game.rules.api import GameError

from .. import widgets as w
from ..replay_controls import ReplayControls
from ..replay_open import check_game
from .layout import seat_places
from .replay_draw import draw_hands, draw_replay_bar
from .table import AttackTableScene

if TYPE_CHECKING:
    from ..app import App

ONLOOKER_PROMPTS = ("your_lead", "your_turn", "choose_blind")
SHEET_SECONDS = 3.0  # a score sheet stays up this long (at x1) before it turns


class AttackReplayScene(ReplayControls, AttackTableScene):
    status_name = "attack_replay"
    footer = "attack_replay.footer"
    leave_label = "attack_replay.back"
    BATTLE = "deal"  # N / B, PageDown / PageUp: deal by deal
    TURN = "round"  # ] / [: round by round

    def __init__(
        self,
        app: App,
        replay: Replay,
        start: int = 0,
        *,
        speed_index: int = 1,
        paused: bool = False,
        seat_view: int | None = None,
    ) -> None:
        """Raises `ReplayError` for a replay this build cannot play (not Attack, other
        cards, inputs refused, a drift before `start`)."""
        deck = shipped_deck()
        try:
            match = ReplayMatch(deck, dict(replay.header), replay.records, start)
        except RerunError as e:
            raise ReplayError(e.reason, e.detail, replay.path) from None
        super().__init__(app, match)
        self.match: ReplayMatch = match
        self.replay = replay
        self.view.log.clear()  # (not "resumed": a replay starts where it is asked)
        self.init_controls()
        self.speed_index = speed_index
        self.paused = paused
        self.finishing = False  # paused: a step's show still playing
        self.problem: str | None = None
        self.sheet_t = 0.0
        self.marks: list[Mark] = marks(dict(replay.header), replay.records, deck)
        people = [p for p, human in enumerate(match.people) if human]
        self.home_seat = people[0] if people else 0
        self.seat_view = seat_view
        self._seat_at_bottom()

    # ------------------------------------------------------------------ the view

    @property
    def over(self) -> bool:
        """Played to its end record."""
        return self.match.feed.done and self.match.state.is_over()

    @property
    def position(self) -> int:
        """The next record to play (at the end: past the end record)."""
        return len(self.replay.records) if self.over else self.match.feed.index

    @property
    def reveals_all(self) -> bool:  # type: ignore[override]
        """The spectator sees every card's face, a Runo draw lying face down too."""
        return self.seat_view is None

    def prompt_key(self, key: str) -> str:
        """Who was choosing, told to an onlooker ("Player 1 leads: any card"), not
        "your lead"."""
        ask = key.removeprefix("attack_ui.")
        return f"attack_replay.{ask}" if ask in ONLOOKER_PROMPTS else key

    def viewer(self) -> int | None:
        """The hand drawn in the fan: the viewed seat's, or (spectator) the bottom one."""
        return self.seat_view if self.seat_view is not None else self.home_seat

    def can_choose(self) -> int | None:
        """Nobody plays here; the viewed hand is lit when its player was choosing."""
        viewer = self.viewer()
        if viewer is None or not self.idle() or self.problem is not None:
            return None
        return viewer if self.match.choosing(viewer) else None

    def face_up_hands(self) -> dict[int, list[str]]:
        """Every hand drawn face up now, by seat: all of them as a spectator, else only
        the viewed seat's (what that player saw)."""
        hands = self.match.state.hands
        if self.seat_view is None:
            return {p: list(hand) for p, hand in enumerate(hands)}
        return {self.seat_view: list(hands[self.seat_view])}

    def _seat_at_bottom(self) -> None:
        self.bottom = self.viewer() or 0
        self.places = seat_places(self.match.players, self.bottom)

    @property
    def wait_thinking(self) -> bool:
        return True  # a replay seat answers at once: its record is taken at its frame

    def _autosave(self) -> None:
        """A replay is never the player's game to continue: nothing is saved."""

    # ------------------------------------------------------------------ playback

    def jump(self, index: int) -> None:
        """Start again at record `index` (the game as it stood before it)."""
        index = max(0, min(index, len(self.replay.records)))
        try:
            scene = AttackReplayScene(
                self.app,
                self.replay,
                index,
                speed_index=self.speed_index,
                paused=self.paused,
                seat_view=self.seat_view,
            )
        except ReplayError as e:
            self._stop(e.detail or str(e))
            return
        self.app.replace(scene)

    def mark_indices(self, kind: str) -> list[int]:
        return [m.index for m in self.marks if m.kind == kind]

    def _turn_sheet(self, dt: float) -> None:
        """Playing: a score sheet turns after a moment."""
        if self.beats and self.beats[0].hold and self.view.sheet is not None:
            self.sheet_t += dt
            if self.sheet_t >= SHEET_SECONDS:
                self.sheet_t = 0.0
                self.continue_sheet()

    def _run(self, dt: float) -> None:
        """The table's own update at the chosen speed, the seats handing out the
        records; what goes wrong on the way is the replay drifting, never a crash."""
        dt *= self.speed
        if self.match.feed.done:
            drift = self.match.end_drift()
            if drift is not None:
                self._stop(drift)
                return
            if not self.beats and not self.tray.rolling:
                return  # the end (or the last record of an unfinished replay)
        if self.idle() and not self.match.state.is_over():
            drift = self.match.mismatch()
            if drift is not None:
                self._stop(drift)
                return
        try:
            super().update(dt)
        except (RerunError, GameError, ValueError) as e:
            self._stop(str(e))

    def _throw_taken(self, before: int) -> bool:
        """A record in [before, position) was a die or a round judged."""
        return any(m.kind == "throw" and before <= m.index < self.position for m in self.marks)

    def update(self, dt: float) -> None:
        """Playing: the table runs at the chosen speed. Paused: nothing moves, but a
        step runs until its record has been taken and its show played."""
        if self.problem is not None:
            return
        if not self.paused:
            self._turn_sheet(dt * self.speed)
            self._run(dt)
            if self.over and self.view.over is not None:
                self.paused = True  # the end: the final ranking stays, Esc leaves
            return
        if self.steps_left > 0 or self.until_throw:
            self.continue_sheet()  # a step moves past a score sheet
            before = self.position
            self._run(dt)
            if self.position > before:  # the step's record was taken: show it to its end
                self.steps_left = max(0, self.steps_left - 1)
                if self._throw_taken(before):
                    self.until_throw = False
                self.finishing = True
            elif self.match.feed.done:
                self.steps_left, self.until_throw = 0, False
        elif self.finishing and not self.idle() and not self._held():
            self._run(dt)
        else:
            self.finishing = False

    def _held(self) -> bool:
        return bool(self.beats) and self.beats[0].hold and not self.beats[0].released

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            if self.buttons:  # the score sheet's Continue, the final ranking's button
                w.handle_buttons(self.buttons, event)
            return
        self.replay_key(event)

    def leave(self) -> None:
        """Esc, and the final ranking's button: back to where the replay was opened."""
        self.app.pop()

    def cycle_view(self) -> None:
        """Every hand face up, then each seat's own view, then every hand again."""
        n = self.match.players
        self.seat_view = (
            None
            if self.seat_view == n - 1
            else (0 if self.seat_view is None else self.seat_view + 1)
        )
        self.focus = 0
        self._seat_at_bottom()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.seat_view is None:
            hands = self.face_up_hands()
            draw_hands(surface, self, {p: h for p, h in hands.items() if p != self.bottom})
        draw_replay_bar(surface, self)

    def view_text(self) -> str:
        if self.seat_view is None:
            return self.tr("attack_replay.view_all")
        return self.tr("attack_replay.view_seat", player=self.name(self.seat_view))

    def status(self) -> dict[str, Any]:
        out = super().status()
        out.pop("buttons", None)  # nothing here is played by clicking
        out.update(
            {
                **self.playback_status(),
                "deal": self.match.state.deal_no,
                "round": self.match.state.round_no,
                "face_up": {str(p): h for p, h in self.face_up_hands().items()},
            }
        )
        return out


def open_replay(app: App, replay: Replay) -> AttackReplayScene:
    """`SCENES.replay`: the viewer of one Attack replay."""
    check_game(replay, "attack")
    return AttackReplayScene(app, replay)
