"""What moves over the Battle Planet table: both spheres in flight along the paths the
physics recorded, and, before a roll, the sphere the person at the screen aims."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..controls import throw_keys
from .board import PLAYER_COLOURS, sphere_image

if TYPE_CHECKING:
    from .match import PlanetMatchScene


def draw_moving(scene: PlanetMatchScene, surface: pygame.Surface) -> None:
    """Both spheres along their recorded paths while a roll plays, else the sphere the
    person at the screen aims (never the other one's)."""
    radius = max(6, scene.view.length(14.0))
    if scene.anim is not None:
        t = min(scene.anim_t, scene.anim_length())
        for roller in (0, 1):
            x, y, angle = scene.anim.track(roller).at(t)
            # the sphere's colour shows its faction once its Character is known
            character: str | None = scene.anim.bakugan[roller]
            if scene.frozen is not None and roller != scene.frozen.viewer:
                character = scene.frozen.side(roller).picked
            img = sphere_image(scene.catalog, character, radius, angle)
            surface.blit(img, img.get_rect(center=scene.view.px((x, y))))
        return
    p = scene.person()
    if p is not None and p in scene.aims:
        side = scene.match.observation(p).side(p)
        img = sphere_image(scene.catalog, side.picked, radius, 0.0)
        label = scene.tr("planet_ui.aim_hint", **throw_keys(scene.app.settings.keys, scene.tr))
        aim = scene.aims[p]
        path: list[tuple[int, int]] = []
        if scene.app.aim_assist and aim.throws():
            path = aim.preview(scene.match.session.scene())
        aim.draw(surface, img, PLAYER_COLOURS[p], label, path)
