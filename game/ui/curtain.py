"""The hot-seat curtain: who is at the screen, and whose hidden things it may show.

Several people share one screen, so a hand is shown only to the person who lifted the
curtain last, and only while no other person is about to act. The rule, in full:

- whenever the person who must act changes, the curtain comes first (computers
  playing in between do not lower it: the same person is still at the screen);
- from the moment a step hands the turn to another person (the roll, the banners,
  a battle his throw started), nothing hidden is drawn at all: the one leaving must
  not leave his hand open to the one coming, nor see the one coming's;
- while the curtain is down nothing but the curtain is drawn (no hint boxes either).

With one person at the screen (or none: the computer playing itself) there is no
curtain and the screen shows that person's things (player 0's for a computer match).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from . import widgets as w


class Curtain:
    def __init__(self, humans: Sequence[bool]) -> None:
        self.humans = tuple(humans)
        self.hotseat = sum(self.humans) >= 2
        self.at_screen: int | None = None  # who lifted the curtain last
        self.down_for: int | None = None  # the curtain is down, waiting for this person

    @property
    def down(self) -> bool:
        return self.down_for is not None

    def viewer(self, to_act: int | None) -> int | None:
        """Whose hidden things may be drawn now (`to_act`: who must act next, as the
        rules have it), or None for nobody's."""
        if not self.hotseat:
            return next((q for q, human in enumerate(self.humans) if human), 0)
        if self.down_for is not None or self.at_screen is None:
            return None
        if to_act is not None and self.humans[to_act] and to_act != self.at_screen:
            return None  # another person is coming to the screen
        return self.at_screen

    def needed(self, to_act: int | None) -> bool:
        """The person who must act now is not the one at the screen."""
        return (
            self.hotseat and to_act is not None and self.humans[to_act] and to_act != self.at_screen
        )

    def lower(self, person: int) -> None:
        self.down_for = person

    def lift(self) -> None:
        self.at_screen = self.down_for
        self.down_for = None


def draw_curtain(
    surface: pygame.Surface,
    person: int,
    tr: Callable[..., str],
    colour: tuple[int, int, int],
) -> None:
    """The whole screen, opaque: nothing of the last person's shows through."""
    surface.fill((5, 8, 16))
    width = surface.get_width() - 80
    title = pygame.Rect(40, 280, width, 76)
    w.fit_text(surface, tr("match.handover", player=person + 1), title, 56, colour, "center")
    hint = pygame.Rect(40, 370, width, 40)
    w.fit_text(surface, tr("match.handover_hint"), hint, 28, w.INK, "center")
