"""The keys every replay viewer shares (game/ui/replay_controls.py): where a jump lands,
and what each key does to the playback, the same in all three games."""

from __future__ import annotations

import pygame

from game.ui.replay_controls import ReplayControls, target


def test_a_jump_lands_on_the_next_mark_or_the_one_before_the_shown_step() -> None:
    marks = [3, 10, 20]
    assert target(marks, 0, True) == 3
    assert target(marks, 10, True) == 20
    assert target(marks, 20, True) is None  # no battle after the last
    assert target(marks, 11, False) == 3  # record 10 is being shown: back to the one before
    assert target(marks, 11, False, busy=True) == 10  # still showing 10: back to its start
    assert target(marks, 2, False) == 0  # before the first: the start


class _Viewer(ReplayControls):
    def __init__(self) -> None:
        self.init_controls()
        self.at = 5
        self.jumps: list[int] = []
        self.views = 0
        self.left = False

    @property
    def position(self) -> int:
        return self.at

    def jump(self, index: int) -> None:
        self.jumps.append(index)

    def cycle_view(self) -> None:
        self.views += 1

    def mark_indices(self, kind: str) -> list[int]:
        return {"battle": [2, 8], "turn": [1, 4, 9]}[kind]

    def leave(self) -> None:
        self.left = True


def _key(viewer: _Viewer, key: int, mod: int = 0) -> bool:
    return viewer.replay_key(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=""))


def test_each_key_does_what_the_bar_says() -> None:
    v = _Viewer()
    assert v.speed == 1.0 and not v.paused
    assert _key(v, pygame.K_SPACE) and v.paused
    assert _key(v, pygame.K_RIGHT) and v.steps_left == 1
    assert _key(v, pygame.K_RIGHT, pygame.KMOD_LSHIFT) and v.until_throw
    assert _key(v, pygame.K_SPACE) and not v.paused and v.steps_left == 0 and not v.until_throw
    for _ in range(5):
        _key(v, pygame.K_UP)
    assert v.speed == 4.0
    for _ in range(5):
        _key(v, pygame.K_DOWN)
    assert v.speed == 0.5
    _key(v, pygame.K_n)
    _key(v, pygame.K_PAGEUP)
    _key(v, pygame.K_RIGHTBRACKET)
    _key(v, pygame.K_LEFTBRACKET)
    _key(v, pygame.K_HOME)
    assert v.jumps == [8, 2, 9, 1, 0]
    assert _key(v, pygame.K_v) and v.views == 1
    assert _key(v, pygame.K_ESCAPE) and v.left
    assert not _key(v, pygame.K_q)  # not a viewer's key: the screen may take it
    assert not v.replay_key(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0))
