"""The keys of every replay viewer, the same in all three games.

A viewer (the classic `replay_scene.ReplayScene`, the Attack and Planet ones) is its
game's match screen playing recorded records; `ReplayControls` is what it adds on top
the same way for each: the playback state (playing or paused, the speed, the records
still to step, whether to play to the next throw) and the keys that change it.

- Space plays and pauses; → steps one record, Shift+→ to the end of the next throw
  (a roll, a die or a judged round: whatever the game calls its throw);
- ↑ / ↓ change the speed (x0.5, x1, x2, x4);
- PageDown / PageUp (or N / B) jump to the next / previous *battle*, ] / [ to the next
  / previous *turn* (each game names its marks: `BATTLE`, `TURN`); Home to the start;
- V changes the view (the spectator's, then each seat's own: `cycle_view`);
- Esc leaves.

A viewer gives `position`, `jump`, `cycle_view`, `mark_indices` and `leave`; the rest
is here, with the stop of a playback that drifted (`_stop`: the line saying why, the
playback paused), the bar's line of where the playback stands (`bar_line`, each game
adding where its game stands) and the playback's part of the viewer's status.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.persist.replay_file import Replay

SPEEDS = (0.5, 1.0, 2.0, 4.0)

NEXT_BATTLE = (pygame.K_PAGEDOWN, pygame.K_n)
PREVIOUS_BATTLE = (pygame.K_PAGEUP, pygame.K_b)


def target(marks: Sequence[int], here: int, forward: bool, busy: bool = False) -> int | None:
    """Where a jump lands among the record indices `marks` (sorted) from record `here`
    (the next to play): forward, the first mark past it (None: no more); back, the
    mark before the one being shown (the start when there is none). `busy`: the step
    at `here - 1` is still being shown, so its mark counts as "before"."""
    if forward:
        return next((i for i in marks if i > here), None)
    back = [i for i in marks if i < here - 1 or (busy and i < here)]
    return back[-1] if back else 0


class ReplayControls:
    """The playback state and the keys of a replay viewer (a mixin for a scene)."""

    BATTLE = "battle"
    TURN = "turn"
    DRIFTED = "replay.drifted"  # the catalog's line of a playback that stopped
    DRIFT_CHARS = 80  # how much of why it stopped that line shows
    PAUSED = "replay.paused"  # the bar's word for the state, paused or playing
    PLAYING = "replay.playing"

    speed_index: int
    paused: bool
    steps_left: int  # paused: records still to play before it stops again
    until_throw: bool  # paused: play to the end of the next throw
    problem: str | None  # why the playback stopped, or None
    seat_view: int | None  # the seat whose view is shown; None: the spectator's
    replay: Replay

    if TYPE_CHECKING:

        def tr(self, key: str, **fields: object) -> str: ...  # the scene's

    def init_controls(self) -> None:
        self.speed_index = 1
        self.paused = False
        self.steps_left = 0
        self.until_throw = False

    @property
    def speed(self) -> float:
        return SPEEDS[self.speed_index]

    def _stop(self, detail: str) -> None:
        """The playback drifted (or a record is damaged): say why and stay paused."""
        self.problem = self.tr(self.DRIFTED, detail=detail[: self.DRIFT_CHARS])
        self.paused = True
        self.steps_left = 0
        self.until_throw = False

    def bar_line(self, key: str, **where: object) -> str:
        """The bar's line `key` of the catalog: playing or paused, the speed, the record
        of how many, and `where` (where the game stands, the view)."""
        return self.tr(
            key,
            state=self.tr(self.PAUSED if self.paused else self.PLAYING),
            speed=f"{self.speed:g}",
            at=self.position,
            of=len(self.replay.records),
            **where,
        )

    def playback_status(self) -> dict[str, object]:
        """The playback as the viewer's status reports it (tests, BAKUGAN_STATUS)."""
        return {
            "position": self.position,
            "records": len(self.replay.records),
            "speed": self.speed,
            "paused": self.paused,
            "seat_view": self.seat_view,
            "problem": self.problem,
        }

    # -- what each viewer gives

    def jump(self, index: int) -> None:
        raise NotImplementedError

    def cycle_view(self) -> None:
        raise NotImplementedError

    def mark_indices(self, kind: str) -> list[int]:
        """The record indices of the marks of `kind`, in order."""
        raise NotImplementedError

    def jump_busy(self) -> bool:
        """Whether the record before the one to play is still being shown."""
        return False

    def leave(self) -> None:
        raise NotImplementedError

    @property
    def position(self) -> int:
        """The next record to play."""
        raise NotImplementedError

    # -- the keys

    def jump_to(self, kind: str, forward: bool) -> None:
        at = target(self.mark_indices(kind), self.position, forward, self.jump_busy())
        if at is not None:
            self.jump(at)

    def replay_key(self, event: pygame.event.Event) -> bool:
        """Carry out a viewer's key; False when `event` is none of them."""
        if event.type != pygame.KEYDOWN:
            return False
        key, shift = event.key, bool(event.mod & pygame.KMOD_SHIFT)
        if key == pygame.K_ESCAPE:
            self.leave()
        elif key == pygame.K_SPACE:
            self.paused = not self.paused
            self.steps_left = 0
            self.until_throw = False
        elif key == pygame.K_RIGHT:
            self.paused = True
            if shift:
                self.until_throw = True
            else:
                self.steps_left = 1
        elif key == pygame.K_UP:
            self.speed_index = min(len(SPEEDS) - 1, self.speed_index + 1)
        elif key == pygame.K_DOWN:
            self.speed_index = max(0, self.speed_index - 1)
        elif key in NEXT_BATTLE or key in PREVIOUS_BATTLE:
            self.jump_to(self.BATTLE, key in NEXT_BATTLE)
        elif key in (pygame.K_RIGHTBRACKET, pygame.K_LEFTBRACKET):
            self.jump_to(self.TURN, key == pygame.K_RIGHTBRACKET)
        elif key == pygame.K_HOME:
            self.jump(0)
        elif key == pygame.K_v:
            self.cycle_view()
        else:
            return False
        return True
