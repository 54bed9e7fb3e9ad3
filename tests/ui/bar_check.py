"""What every replay viewer's test asks of its bar (issue 25.8): no text of the screen
under it lies under the bar at the bottom (`game.ui.replay_bar.BAR`)."""

from __future__ import annotations

import pygame

from game.ui import text_fit
from game.ui.replay_bar import BAR, TEXT
from game.ui.scene import Scene


def text_under_the_bar(
    screen: pygame.Surface, scene: Scene, kept: pygame.Surface | None = None
) -> list[str]:
    """The screen's own text the replay bar covers, drawing `scene` now; `kept`: a
    surface the scene draws its board into and lays whole over the screen (Battle
    Planet's), whose text counts as the screen's."""
    with text_fit.recording() as ledger:
        scene.draw(screen)
    mine = {id(screen)} | ({id(kept)} if kept is not None else set())
    return [
        f"{d.text!r} at {d.rect}"
        for d in ledger.visible()
        if d.surface in mine and d.rect.colliderect(BAR) and d.box != TEXT
    ]
