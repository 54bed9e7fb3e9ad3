"""What moves over the Battle Planet table: both spheres in flight along the paths the
physics recorded (a sphere that rolled off the table marked where it left, while the
table shows where they came to rest: `miss_mark`), and, before a roll, the sphere the
person at the screen aims."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from .. import aim_guide, miss_mark
from .board import PLAYER_COLOURS, sphere_image

if TYPE_CHECKING:
    from .match import PlanetMatchScene


def sphere_radius(scene: PlanetMatchScene) -> int:
    """A sphere's radius on screen at the view's scale."""
    return max(6, scene.view.length(14.0))


def spheres(scene: PlanetMatchScene) -> list[tuple[float, float]]:
    """Where both rolled spheres are drawn now (table mm); none without a roll."""
    if scene.anim is None:
        return []
    t = min(scene.anim_t, scene.anim_length())
    return [scene.anim.track(roller).at(t)[:2] for roller in (0, 1)]


def gone(scene: PlanetMatchScene) -> list[miss_mark.Gone]:
    """The marks of the spheres that rolled off the table, once they have: each where
    it left the table."""
    if scene.anim is None:
        return []
    out = []
    layout = scene.match.session.layout
    for roller in (0, 1):
        track = scene.anim.track(roller)
        if scene.anim.verdicts[roller].exited and scene.anim_t >= track.duration:
            out.append(miss_mark.where(track, True, layout.width, layout.height))
    return out


def draw_moving(scene: PlanetMatchScene, surface: pygame.Surface) -> None:
    """Both spheres along their recorded paths while a roll plays, else the sphere the
    person at the screen aims (never the other one's)."""
    radius = sphere_radius(scene)
    if scene.anim is not None:
        t = min(scene.anim_t, scene.anim_length())
        pulse = 0.5 + 0.5 * math.sin(scene.anim_t * 9)
        for mark in gone(scene):
            miss_mark.draw(surface, mark, scene.view.px, radius, pulse)
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
        label = scene.tr("planet_ui.aim_hint")
        aim = scene.aims[p]
        guide = scene.app.settings.aim_guide
        path: list[tuple[int, int]] = []
        if aim_guide.shows(guide) and aim.power > 0.05:
            path = [scene.view.px(q) for q in aim.preview(scene.match.session.scene(), guide)]
        aim.draw(surface, img, PLAYER_COLOURS[p], label, path, guide)
