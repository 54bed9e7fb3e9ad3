"""What the match camera should show now (`camera` moves there): the thrower's line and
the cards for a throw, the field and the rolling sphere for a roll, the battle's card up
close, or the field."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.match.classic.session import ThrowDone

from ..hand_throw import throw_line
from . import camera, hud, match_draw

if TYPE_CHECKING:
    from .match import MatchScene


def frame(scene: MatchScene) -> camera.Frame:
    """The frame for what is going on in the match now."""
    session = scene.session
    layout = session.layout
    field = camera.field_box(layout, scene.view.field)
    a = scene.anims[0] if scene.anims else None
    thrower: int | None = None
    if a is not None and a.kind == "aim":
        thrower = int(str(a.data["player"]))
    elif a is None and scene.throw_input is not None and not scene.curtain.down:
        thrower = scene.throw_input.player
    if thrower is not None:
        line = throw_line(session.width, session.height, session.zone(thrower))
        cards = camera.cards_box(layout, scene.view.field)
        side = session.side(thrower)
        throw = camera.throw_frame(cards, line, hud.throw_area(side))
        left = throw.origin()[0]
        right = left + session.width * throw.scale
        if max(left, hud.SCREEN.w - right) >= match_draw.HINT_MARGIN:
            return throw  # the throw's hint goes beside the table
        return camera.throw_frame(cards, line, hud.throw_area(side, hint=True))
    wide = pygame.Rect(10, hud.TOP_BAR_H + 6, 1260, 720 - hud.TOP_BAR_H - 12)
    if a is not None and a.kind in ("roll", "pop") and isinstance(a.entry, ThrowDone):
        traj = a.entry.result.trajectory
        if a.kind == "roll" and len(traj):
            x, y, _ = traj.at(min(a.t, traj.duration))
        else:
            x, y = a.entry.result.landing.position
        x = min(max(x, 0.0), session.width)
        y = min(max(y, 0.0), session.height)
        return camera.fit(camera.union(field, camera.around((x, y), 70.0)), wide)
    shot = scene.battle_shot_now()
    if shot is not None:
        box = camera.slots_box(layout, [shot.slot], spread=1)
        assert box is not None
        return camera.fit(box, hud.battle_area(scene.side.open))
    return camera.fit(field, hud.field_area(scene.side.open))
