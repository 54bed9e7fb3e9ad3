"""Battle Planet's replay viewer: a recorded match played back on the Planet match
screen (`PlanetMatchScene`, reused whole: no copy of it).

Both seats are replay seats (`game.match.planet.replay`): each hands out the next
recorded choice, or its half of a roll (both throws released together through the
real physics, so the spheres fly as they flew); the batch, the B-Power and the damage
breakdowns show as in the match. On top of it, the classic viewer's controls:

- Space plays and pauses; → steps one record (a choice or a roll), Shift+→ to the end
  of the next roll; ↑ / ↓ change the speed (x0.5, x1, x2, x4);
- PageDown / PageUp (or N / B) jump to the next / previous battle (a roll and what it
  decided), ] / [ to the next / previous turn; Home to the start;
- V changes the view: the spectator's (both hands, every Character and core face up:
  the default) -> player 1's -> player 2's (only what that player saw: the other's
  hand as backs and a count, his face-down Characters as backs) -> the spectator's;
- Esc leaves.

No curtain: nobody plays here. A roll whose judged run differs from the recorded
digest stops the playback with a line saying so (the replay drifted).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

import pygame

from game.content.planet import shipped_catalog
from game.match.planet.play import MatchSetup
from game.match.planet.recording import kit_of
from game.match.planet.replay import (
    PlanetFeed,
    PlanetIndex,
    PlanetReplayMatch,
    index_replay,
    session_at,
    view_of,
)
from game.match.planet.seats import DEFAULT_LEVEL
from game.match.planet.session import Entry
from game.match.replay_check import why
from game.match.rerun import RerunError
from game.persist.replay_file import Replay, ReplayError
from game.rules.api import GameError
from game.rules.planet import Observation, Settings

from ..replay_bar import BAR
from ..replay_controls import ReplayControls
from ..replay_open import check_game
from .match import PlanetMatchScene
from .replay_draw import draw_bar, draw_hands

if TYPE_CHECKING:
    from ..app import App

VIEWS: tuple[int | None, ...] = (None, 0, 1)
"""The spectator, player 1, player 2: what V goes through."""


def _setup(replay: Replay) -> tuple[MatchSetup, tuple[bool, bool]]:
    """The match the header describes (ReplayError for one that does not fit)."""
    header = replay.header
    try:
        kits = [kit_of(k) for k in header["kits"]]
        seats = header["seats"]
        people = tuple(bool(s.get("human")) for s in seats)
        if len(kits) != 2 or len(people) != 2:
            raise ValueError("two players expected")
        names = header.get("deck_names")
        if not (isinstance(names, list) and len(names) == 2):
            names = ["", ""]
        computers = [str(s.get("name")) for s in seats if not s.get("human")]
        setup = MatchSetup(
            (kits[0], kits[1]),
            (str(names[0]), str(names[1])),
            (False, False),
            computers[0] if computers else DEFAULT_LEVEL,
            int(header["seed"]),
            Settings.from_json(header["settings"]),
        )
    except Exception as e:
        raise ReplayError("inputs", why(e)[:120], replay.path) from None
    return setup, (people[0], people[1])


class PlanetReplayScene(ReplayControls, PlanetMatchScene):
    status_name = "replay"
    prompts: ClassVar[dict[str, str]] = {
        "thinking": "planet_replay.choosing",
        "computer_aims": "planet_replay.aiming",
        "flying": "planet_replay.flying",
    }
    floor = BAR.top - 2  # the bottom side's last line above the bar
    DRIFTED = "planet_replay.drifted"
    DRIFT_CHARS = 90
    PAUSED = "planet_replay.paused"
    PLAYING = "planet_replay.playing"

    def __init__(self, app: App, replay: Replay, start: int = 0) -> None:
        """Raises `ReplayError` for a replay this build cannot play (not Planet, other
        cards or physics, inputs refused)."""
        check_game(replay, "planet")
        header = replay.header
        catalog = shipped_catalog()
        self.setup, self.people = _setup(replay)
        try:
            self.index: PlanetIndex = index_replay(header, replay.records, catalog)
        except RerunError as e:
            raise ReplayError(e.reason, e.detail, replay.path) from None
        self.replay = replay
        self.init_controls()
        self.finishing = False  # paused: a step's roll and shows still playing
        self.seat_view: int | None = None
        self.problem: str | None = None
        self._start(app, start)

    # ------------------------------------------------------------------ playback

    def _start(self, app: App, at: int) -> None:
        """The match screen anew on the match before record `at` (a jump)."""
        feed = PlanetFeed(self.replay.records, at)
        catalog = shipped_catalog()
        session = session_at(self.replay.header, catalog, self.index, at)
        match = PlanetReplayMatch(catalog, self.setup, session, feed, self.people)
        PlanetMatchScene.__init__(self, app, match, demo=True)  # every part of it afresh
        self.feed = feed

    @property
    def replay_match(self) -> PlanetReplayMatch:
        assert isinstance(self.match, PlanetReplayMatch)
        return self.match

    @property
    def position(self) -> int:
        """The next record to play."""
        return self.feed.index

    def jump(self, at: int) -> None:
        at = max(0, min(at, len(self.replay.records)))
        self.thinker.forget(wait=True)  # a replay seat answers at once; an error in
        # a damaged record was said at the drift line
        self._start(self.app, at)
        self.problem = None

    def mark_indices(self, kind: str) -> list[int]:
        return [m.index for m in self.index.marks if m.kind == kind]

    def jump_busy(self) -> bool:
        return self._busy()

    def _busy(self) -> bool:
        """A step still showing: a roll half handed out, the spheres, a staged moment."""
        return self.anim is not None or bool(self.shows) or self.thinker.busy or self.feed.rolling

    def _run(self, dt: float) -> None:
        """The match screen's own update at the chosen speed, the seats handing out the
        records; whatever goes wrong on the way is the replay drifting, never a crash."""
        try:
            super().update(dt * self.speed)
        except (RerunError, GameError, ValueError) as e:
            self._stop(str(e))
        drift = self.replay_match.check.drift
        if drift is not None and self.problem is None:
            self._stop(drift)

    @property
    def wait_thinking(self) -> bool:
        return True  # a replay seat answers at once: the step is seen at its frame

    def update(self, dt: float) -> None:
        if self.problem is not None:
            return  # drifted: what follows would not be the match
        if not self.paused:
            self._run(dt)
            return
        if self.steps_left > 0 or self.until_throw:
            before = self.feed.index
            self._run(dt)
            if self.feed.index > before:  # the step's record was taken: show it to its end
                self.steps_left = max(0, self.steps_left - 1)
                taken = self.replay.records[before : self.feed.index]
                if any(r.get("t") == "roll" for r in taken):
                    self.until_throw = False
                self.finishing = True
        elif self.finishing and self._busy():
            self._run(dt)
        else:
            self.finishing = False

    def _finish(self) -> None:
        self.paused = True  # the end: stay on the last picture, Esc leaves

    # ------------------------------------------------------------------ who sees what

    def viewer(self) -> int | None:
        return self.seat_view

    def event_viewer(self, entry: Entry) -> int | None:
        if self.seat_view is not None:
            return self.seat_view
        player = getattr(entry, "player", None)  # the spectator: its own player's eyes
        return player if isinstance(player, int) else None

    def observation(self) -> Observation:
        if self.frozen is not None:
            return self.frozen
        return view_of(self.match.state, self.seat_view)

    def cycle_view(self) -> None:
        self.seat_view = VIEWS[(VIEWS.index(self.seat_view) + 1) % len(VIEWS)]
        before = self.replay_match.before_roll
        if self.frozen is not None and before is not None:
            self.frozen = view_of(before, self.seat_view)  # the flight, as this seat saw it
        held = {id(e) for e in self.held}
        self.log = []
        for entry in self.match.session.timeline:  # the log told again for these eyes
            if id(entry) not in held:  # (a roll is kept for the why of what follows it)
                self._tell(entry, stage=False)
        self.regions.forget()
        self._dirty = True
        self._stale = True

    # ------------------------------------------------------------------ input

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = event.pos
            return
        self.replay_key(event)

    def leave(self) -> None:
        self.app.pop()

    # ------------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        draw_hands(self, surface)
        draw_bar(self, surface)

    def status(self) -> dict[str, Any]:
        """What the viewer shows, for tests and BAKUGAN_STATUS."""
        out = dict(super().status())
        out.update(self.playback_status())
        return out


__all__ = ["VIEWS", "PlanetReplayScene"]
