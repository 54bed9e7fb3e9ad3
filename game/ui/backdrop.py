"""The menus' backdrop: the felt with the six attributes' spheres circling on it, and
the screens drawn on it (`BackdropScene`)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from . import art
from . import widgets as w
from .scene import Scene

if TYPE_CHECKING:
    from .app import App

ATTRIBUTES = ("pyrus", "aquos", "subterra", "haos", "darkus", "ventus")


def backdrop(surface: pygame.Surface, t: float) -> None:
    """The backdrop at time `t` seconds (the spheres go round slowly)."""
    surface.blit(art.table_felt(surface.get_size()), (0, 0))
    for i, attr in enumerate(ATTRIBUTES):
        a = t * 0.4 + i * math.tau / 6
        x = 640 + math.cos(a) * 470
        y = 380 + math.sin(a) * 250
        img = art.closed_sphere(attr, 26, t * 2 + i)
        surface.blit(img, img.get_rect(center=(int(x), int(y))))


class BackdropScene(Scene):
    """A screen on the backdrop (the title, Settings, Controls, About, the rules, a game
    still to come, the question before a save is replaced, the crash screen): its spheres
    go round with the time the screen has been up, `t`; what it does not take itself
    goes to its `buttons`, which it sets."""

    buttons: list[w.Button]

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.t = 0.0

    def handle(self, event: pygame.event.Event) -> None:
        w.handle_buttons(self.buttons, event)

    def update(self, dt: float) -> None:
        self.t += dt

    def draw(self, surface: pygame.Surface) -> None:
        backdrop(surface, self.t)
