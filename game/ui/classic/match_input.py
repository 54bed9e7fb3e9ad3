"""The match's input: what a click, a key or the pointer does, in order of who has the
screen - the curtain, a first-match hint, the side panel's tab, an animation (skipped
with Space or a click), the throw, the buttons, the table. (Escape, to the pause, is the
scene's own.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import widgets as w
from . import match_choices

if TYPE_CHECKING:
    from .match import MatchScene


def handle(scene: MatchScene, event: pygame.event.Event) -> None:
    if scene.curtain.down:
        if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            scene.curtain.lift()
            scene.hover_piece = None  # the last person's card must not stay in view
            scene._invalidate()
        return
    if scene.hints.showing is not None:
        if event.type in (pygame.MOUSEBUTTONUP, pygame.KEYDOWN):
            if event.type == pygame.KEYDOWN and event.key == pygame.K_t:
                scene.hints.stop()
                scene.app.change_settings(tutorial=False)  # no more hints, now or later
            else:
                scene.hints.dismiss()
            scene._invalidate()
        return
    if (
        event.type == pygame.MOUSEBUTTONUP
        and event.button == 1
        and scene.side.shown
        and scene.side.tab().collidepoint(event.pos)
    ):
        scene.side.toggle()
        scene._invalidate()
        return
    if event.type == pygame.MOUSEMOTION:
        match_choices.hover(scene, event.pos)
    if scene._busy():
        skip = (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE) or (
            event.type == pygame.MOUSEBUTTONUP and event.button == 1
        )
        if skip and scene.anims and scene.anims[0].kind != "aim":
            scene.anims[0].t = scene.anims[0].duration  # short and skippable
        return
    if scene.throw_input is not None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            scene.aim_assist = not scene.aim_assist
            return
        thrown = scene.throw_input.handle(event)
        scene.camera.held = scene.throw_input.dragging
        if thrown is not None:
            scene._throw(thrown)
        return
    if w.handle_buttons(scene.buttons, event):
        return
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        match_choices.click(scene, event.pos)
