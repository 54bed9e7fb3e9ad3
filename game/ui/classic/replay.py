"""The classic game's replay viewer: a recorded match played back on the match screen.

The viewer is the match screen with every seat a `ReplaySeat` (`game.match.
replay_seats`): each hands out the next recorded choice or throw, so the throws roll,
the calls and the battle breakdowns show exactly as in the match. On top of it:

- Space plays and pauses; → steps one record (a choice or a throw), Shift+→ to the
  next throw; ↑ / ↓ change the speed (x0.5, x1, x2, x4);
- PageDown / PageUp (or N / B) jump to the next / previous battle, ] / [ to the next /
  previous turn; Home to the start;
- V changes the view: the spectator's first (every hidden card face up: the face-down
  Gate Cards on the field under a veil, and in the side panel the hand of the player
  who acts, or whose turn it is), then each seat's own (only what that player saw:
  his hand, his face-down cards' colours), then the spectator's again; the bar says
  which;
- Esc leaves.

A throw whose result differs from the recorded digest stops the playback with a line
saying so (the replay drifted); the rest is not shown as if it were the match.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.content.classic import shipped_catalog
from game.match.classic.recording import catalog_hash
from game.match.classic.replay_seats import (
    Mark,
    ReplayFeed,
    ReplaySeat,
    ThrowCheck,
    marks,
    session_at,
)
from game.match.replay_check import why
from game.match.rerun import RerunError, check_build
from game.persist.replay_file import Replay, ReplayError
from game.rules.api import GameError
from game.rules.classic import Action, Kit, Settings

from ..replay_bar import BAR, draw_bar, draw_problem
from ..replay_controls import ReplayControls
from ..replay_names import PERSON, header_players, seat_names
from ..replay_open import check_game
from . import match_framing
from .match import MatchScene

if TYPE_CHECKING:
    from ..app import App

log = logging.getLogger(__name__)


class ReplayScene(ReplayControls, MatchScene):
    status_name = "replay"
    floor = BAR.top - 2  # the panels' last lines above the bar

    def __init__(self, app: App, replay: Replay, start: int = 0) -> None:
        """Raises `ReplayError` for a replay this build cannot play (not classic, other
        cards or physics, inputs refused)."""
        check_game(replay, "classic")
        header = replay.header
        catalog = shipped_catalog()
        try:
            check_build(header, catalog_hash(catalog))
            settings = Settings.from_json(header["settings"])
            kits = [Kit.from_json(k) for k in header["kits"]]
        except RerunError as e:
            raise ReplayError(e.reason, e.detail, replay.path) from None
        except Exception as e:
            raise ReplayError("inputs", why(e)[:120], replay.path) from None
        n = len(kits)
        self.players = header_players(header)  # each seat's name in the header
        self.names = seat_names(app.tr, "classic", self.players, app.lang)
        super().__init__(
            app,
            kits,
            [False] * n,
            settings.first_player,
            int(header["seed"]),
            settings=settings,
            levels=["easy"] * n,  # (replaced below: the seats play what was recorded)
            hints=False,
        )
        self.replay = replay
        self.init_controls()
        self.seat_view: int | None = None  # None: the spectator's view
        self.problem: str | None = None
        self.marks: list[Mark] = marks(header, replay.records, catalog)
        self.feed = ReplayFeed(replay.records)
        self.check = ThrowCheck(self.feed)
        self.finishing = False  # paused: a step's animations still playing
        self.jump(start)

    # ------------------------------------------------------------------ playback

    @property
    def viewer(self) -> int | None:
        """Whose hand the side panel shows: the seat viewed, or (spectator) the player
        who acts now, else the one whose turn it is."""
        if self.seat_view is not None:
            return self.seat_view
        p = self.session.actor()
        return p if p is not None else self.view.turn_player

    def sees(self, owner: int) -> bool:
        return self.seat_view is None or owner == self.seat_view

    @property
    def all_revealed(self) -> bool:
        return self.seat_view is None

    def who(self, p: int) -> str:
        """Seat `p` named as the match named it (`replay_names`: "You", "Player N", a
        computer by its level), not as the viewer's replay seats would be."""
        return self.names[p] if p < len(self.names) else self.tr("match.player", player=p + 1)

    def said(self, key: str, p: int, **fields: object) -> str:
        """A call about seat `p`, in the second person for the one person who played."""
        if self._yours(p):
            return self.tr(f"{key}_you", **fields)
        return self.tr(key, name=self.who(p), **fields)

    def _yours(self, p: int | None) -> bool:
        """Seat `p` is the one person of a match against computers."""
        return (
            p is not None
            and p < len(self.players)
            and self.players[p] == PERSON
            and (self.players.count(PERSON) == 1)
        )

    def _hint(self) -> str:
        """Over the hand in the side panel: whose it is."""
        if self.viewer is None:
            return ""
        if self._yours(self.viewer):
            return self.tr("replay.hand_yours")
        return self.tr("replay.hand_of", name=self.who(self.viewer))

    @property
    def position(self) -> int:
        """The next record to play."""
        return self.feed.index

    def jump(self, index: int) -> None:
        """Start the playback at record `index` (the match as it stood before it)."""
        index = max(0, min(index, len(self.replay.records)))
        self.thinker.forget(wait=True)  # its seat reads the feed replaced here
        try:
            session = session_at(self.replay.header, self.replay.records, self.catalog, index)
        except RerunError as e:
            self.problem = self.tr("replay.drifted", detail=e.detail)
            return
        self.session = session
        self.feed = ReplayFeed(self.replay.records, index)
        self.check = ThrowCheck(self.feed)
        session.recorder = self.check  # each throw must roll as it was recorded
        seat = ReplaySeat(self.feed)
        self.bots = {p: seat for p in range(len(self.kits))}  # type: ignore[misc]
        self.anims.clear()
        self.think = 0.0
        self._catch_up()
        self._reset_view()

    def _update_side(self) -> None:
        """The hand of the view shows in the side panel (not while a throw rolls)."""
        rolling = bool(self.anims) and self.anims[0].kind in ("aim", *match_framing.SPHERE_KINDS)
        self.side.shown = not rolling

    def mark_indices(self, kind: str) -> list[int]:
        return [m.index for m in self.marks if m.kind == kind]

    def do(self, action: Action) -> None:
        problem = self.session.state.why_illegal(action)
        if problem is not None:  # the recorded choice does not fit: the replay drifted
            self._stop(f"{action}: {problem}")
            return
        super().do(action)

    @property
    def wait_thinking(self) -> bool:
        return True  # a replay seat answers at once: its record is taken at its frame

    def _run(self, dt: float) -> None:
        """The match screen's own update, the seats handing out the records; what goes
        wrong on the way is the replay drifting, never a crash."""
        try:
            super().update(dt * self.speed)
        except (RerunError, GameError, ValueError) as e:
            self._stop(str(e))
        if self.check.drift is not None and self.problem is None:
            self._stop(self.check.drift)

    def update(self, dt: float) -> None:
        """Playing: the match screen runs at the chosen speed. Paused: nothing moves,
        but a step runs until its record has been taken and its animations played."""
        if self.problem is not None:
            return  # drifted: what follows would not be the match
        if self.feed.done and not self.anims and not self.session.over:
            return  # an unfinished replay: the crash cut it here
        if not self.paused:
            self._run(dt)
            return
        if self.steps_left > 0 or self.until_throw:
            before = self.feed.index
            throwing = self.session.awaiting_throw() is not None
            self._run(dt)
            if self.feed.index > before:  # the step's record was taken: show it to its end
                self.steps_left = max(0, self.steps_left - 1)
                if throwing:
                    self.until_throw = False
                self.finishing = True
        elif self.finishing and self.anims:
            self._run(dt)
        else:
            self.finishing = False

    def on_over(self) -> None:
        if not self.anims:
            self.paused = True  # the end: stay on the last picture, Esc leaves

    def handle(self, event: pygame.event.Event) -> None:
        self.replay_key(event)

    def leave(self) -> None:
        self.app.audio.roll(0.0)
        self.app.pop()

    def cycle_view(self) -> None:
        """The spectator's view, then each seat's own, then the spectator's again."""
        after = 0 if self.seat_view is None else self.seat_view + 1
        self.seat_view = None if after >= len(self.kits) else after
        self._update_side()
        self._invalidate()

    # ------------------------------------------------------------------ drawing

    def status(self) -> dict[str, Any]:
        """What the viewer shows, for tests and BAKUGAN_STATUS."""
        return {**self.playback_status(), "turn": self.session.state.turn}

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        who = (
            self.tr("replay.view_spectator")
            if self.seat_view is None
            else self.tr("replay.view_seat_yours")
            if self._yours(self.seat_view)
            else self.tr("replay.view_seat_only", name=self.who(self.seat_view))
        )
        draw_bar(surface, self.bar_line("replay.bar", turn=self.session.state.turn, view=who))
        if self.problem is not None:
            draw_problem(surface, self.problem, pygame.Rect(240, 640, 800, 40), 22)
