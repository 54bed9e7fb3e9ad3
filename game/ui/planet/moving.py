"""What moves over the Battle Planet table: both spheres in flight along the paths the
physics recorded (a sphere that rolled off the table marked where it left, while the
table shows where they came to rest: `miss_mark`), and, before a roll, the sphere the
person at the screen aims. The core a sphere opens on lights in its player's colour
from the moment its disc touches it (the judge's step, `physics.Verdict.opened_at`);
two touched at once both light, in the colour of a roll that keeps no core; a core the
sphere rolled over too fast to be held flashes white for a moment as it passes
(`physics.Verdict.fast`), so the eye sees why it did not stop there."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from game.match.planet.layout import CIRCUMRADIUS
from game.physics import DT
from game.physics.tuning import SPHERE_RADIUS

from .. import aim_guide, miss_mark
from ..controls import throw_keys
from .board import PLAYER_COLOURS, hexagon, sphere_image

if TYPE_CHECKING:
    from .match import PlanetMatchScene


def sphere_radius(scene: PlanetMatchScene) -> int:
    """A sphere's radius on screen at the view's scale (its collision circle)."""
    return max(1, scene.view.length(SPHERE_RADIUS))


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
    scene.outlines.start("moving")
    if scene.anim is not None:
        t = min(scene.anim_t, scene.anim_length())
        draw_lit_cores(scene, surface, t)
        pulse = 0.5 + 0.5 * math.sin(scene.anim_t * 9)
        for mark in gone(scene):
            miss_mark.draw(surface, mark, scene.view.px, sphere_radius(scene), pulse)
        for roller in (0, 1):
            radius = scene.view.length(scene.anim.throws[roller].radius)  # as it collides
            x, y, angle = scene.anim.track(roller).at(t)
            # the sphere's colour shows its faction once its Character is known (both
            # rolls are out: a face-up one's name is seen, a face-down one's is not)
            character: str | None = scene.anim.bakugan[roller]
            if scene.frozen is not None and roller != scene.frozen.viewer:
                seen = {b.character for b in scene.frozen.side(roller).bakugan if b.face_up}
                character = character if character in seen else None
            img = sphere_image(scene.catalog, character, radius, angle)
            at = scene.view.px((x, y))
            surface.blit(img, img.get_rect(center=at))
            scene.outlines.circle("moving", "sphere", roller, at, img.get_width() / 2)
        return
    p = scene.person()
    if p is not None and p in scene.aims:
        side = scene.match.observation(p).side(p)
        img = sphere_image(scene.catalog, side.picked, scene.view.length(SPHERE_RADIUS), 0.0)
        label = scene.tr("planet_ui.aim_hint", **throw_keys(scene.app.settings.keys, scene.tr))
        aim = scene.aims[p]
        guide = scene.app.settings.aim_guide
        path: list[tuple[int, int]] = []
        if aim_guide.shows(guide) and aim.throws():
            path = [scene.view.px(q) for q in aim.preview(scene.match.session.scene(), guide)]
        aim.draw(surface, img, PLAYER_COLOURS[p], label, path, guide)
        scene.outlines.circle("moving", "sphere", "aimed", aim.sphere_px(), img.get_width() / 2)


NO_CORE = (255, 150, 80)
"""The outline of two cores touched at once (the roll keeps neither)."""
FAST_FLASH = (255, 255, 255)
"""The outline of a core a sphere rolled over too fast to be held."""
FAST_FLASH_S = 0.35
"""s: how long that outline shows from the touch."""


def draw_lit_cores(scene: PlanetMatchScene, surface: pygame.Surface, t: float) -> None:
    """The cores the spheres opened on, lit from the moment each opened (t seconds into
    the roll), and the cores they rolled over too fast, flashed as they passed."""
    done = scene.anim
    assert done is not None
    layout = scene.match.session.layout
    targets = done.outcome.run.scene.targets
    size = max(8, scene.view.length(CIRCUMRADIUS))

    def centre(core: int) -> tuple[int, int]:
        h = targets[core].target.id
        assert isinstance(h, tuple)
        return scene.view.px(layout.core_centre((int(h[0]), int(h[1]))))

    for roller, verdict in enumerate(done.verdicts):
        for step, core in verdict.fast:
            if 0.0 <= t - step * DT <= FAST_FLASH_S:
                at = centre(core)
                pygame.draw.polygon(surface, FAST_FLASH, hexagon(at, size + 3), 2)
                ident = (roller, targets[core].target.id)
                scene.outlines.polygon("moving", "fast", ident, hexagon(at, size))
        if verdict.opened_at is None or verdict.opened_at * DT > t:
            continue
        colour = PLAYER_COLOURS[roller] if len(verdict.cores) == 1 else NO_CORE
        for core in verdict.cores:
            at = centre(core)
            pygame.draw.polygon(surface, colour, hexagon(at, size + 3), 4)
            h = targets[core].target.id
            scene.outlines.polygon("moving", "lit", (roller, h), hexagon(at, size))
