"""The menus' backdrop: the felt with the six attributes' spheres circling on it."""

from __future__ import annotations

import math

import pygame

from . import art

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
