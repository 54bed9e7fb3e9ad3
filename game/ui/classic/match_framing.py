"""What the match camera should show now (`camera` moves there), and what lies over the
table meanwhile:

- a throw: the thrower's line and the cards, with room behind the sphere to pull;
- the roll: the field and the path the sphere has rolled so far and will roll in the
  next `LOOKAHEAD` s (the physics recorded it: the view widens ahead of the sphere), in
  the screen clear of the chips and of the battle panel (the side panel makes way);
- while the sphere pops open, and while a miss shows where it went (`anims.MISSED`), the
  roll's last frame: the view waits for the sphere to stop before closing in;
- a battle's card up close, else the field.

`covers` is what is drawn over the table now (the chips, the side panel or its tab, the
battle panel, the throw's hint); `sphere_shown` the sphere on the table and how it
shows (rolling, opening, gone: a miss). `keep_in_sight` holds that sphere clear of the
covers whatever the camera's easing; tests read the same three as data.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game import physics
from game.match.classic.session import ThrowDone

from .. import miss_mark
from ..hand_throw import throw_line
from . import anims, camera, hud, match_draw

if TYPE_CHECKING:
    from .match import MatchScene

LOOKAHEAD = 0.35
"""seconds of the recorded path ahead of the sphere the roll's view takes in"""
ROLL_MARGIN = 40.0
"""mm of table framed around the path (the sphere, a miss's mark)"""
SAMPLE = 1 / 30
"""seconds between two points of a path read for its box"""
SPHERE_KINDS = ("roll", "pop", "missed")
"""The animations during which a thrown sphere lies on the table"""
CLEAR = 4
"""px between the sphere's edge and anything drawn over the table"""


@dataclass(frozen=True, slots=True)
class Shown:
    """The thrown sphere on the table now: `at` (table mm), and how it shows: ``rolling``,
    ``opening`` where it came to rest, or ``gone`` (a miss: at rest off the cards, or
    where it left the table)."""

    at: physics.Point
    how: str
    throw: ThrowDone


def bar_edge(scene: MatchScene) -> str:
    """Where the chips' bar lies now (`move_bar` moves it)."""
    return scene.bar


def move_bar(scene: MatchScene) -> None:
    """The chips' bar goes where no pull covers it: along the bottom while the person at
    the top seat aims (his pull goes up, to the window's edge), and while another's
    pull reaches up into the top strip (a side seat pulling steeply up), until a pull
    reaches down into the bottom one; along the top the rest of the time."""
    ti = scene.throw_input
    if ti is None or scene.anims or scene.curtain.down:
        scene.bar = hud.TOP
    elif scene.session.side(ti.player) == hud.TOP:
        scene.bar = hud.BOTTOM
    elif not ti.dragging:
        scene.bar = hud.TOP
    elif ti.hand.at[1] < hud.TOP_BAR_H + CLEAR:
        scene.bar = hud.BOTTOM
    elif ti.hand.at[1] > hud.SCREEN.h - hud.TOP_BAR_H - CLEAR:
        scene.bar = hud.TOP


def sphere_shown(scene: MatchScene) -> Shown | None:
    """The thrown sphere as the screen shows it now, or None."""
    a = scene.anims[0] if scene.anims else None
    if a is None or a.kind not in SPHERE_KINDS:
        return None
    entry = a.entry if a.kind != "missed" else a.data.get("roll")
    if not isinstance(entry, ThrowDone):
        return None
    traj = entry.result.trajectory
    if a.kind == "roll" and len(traj):
        x, y, _ = traj.at(min(a.t, traj.duration))
        return Shown((x, y), "rolling", entry)
    if a.kind == "pop":
        return Shown(entry.result.landing.position, "opening", entry)
    end = traj.at(traj.duration)[:2] if len(traj) else entry.result.landing.position
    return Shown(end, "gone", entry)


def battle_shown(scene: MatchScene) -> bool:
    """The battle panel is drawn now."""
    return scene.battle_shot_now() is not None


def covers(scene: MatchScene) -> list[pygame.Rect]:
    """What is drawn over the table now, in screen px (as `match_draw` draws it)."""
    out = hud.chip_rects(len(scene.humans), bar_edge(scene))
    if scene.side.shown:
        out.append(scene.side.tab())
        if scene.side.open:
            out.append(scene.side.rect())
    if battle_shown(scene):
        out.append(hud.BATTLE.copy())
    box = match_draw.throw_hint_box(scene)
    if box is not None:
        out.append(box)
    return out


def clear_area(scene: MatchScene) -> pygame.Rect:
    """Where a thrown sphere on the table may be drawn: clear of every cover."""
    return hud.roll_area(battle_shown(scene), bar_edge(scene))


_boxes: dict[int, tuple[physics.Trajectory, list[camera.Box]]] = {}


def path_box(traj: physics.Trajectory, until: float) -> camera.Box:
    """The box of the recorded path from its start to `until` s (read every `SAMPLE`
    s, the next reading included; the whole path past its end)."""
    kept = _boxes.get(id(traj))
    if kept is None or kept[0] is not traj:
        _boxes.clear()  # one throw rolls at a time
        steps = max(1, math.ceil(traj.duration / SAMPLE))
        x, y, _ = traj.at(0.0)
        box = (x, y, x, y)
        boxes = [box]
        for k in range(1, steps + 1):
            x, y, _ = traj.at(min(k * SAMPLE, traj.duration))
            box = (min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y))
            boxes.append(box)
        kept = _boxes[id(traj)] = (traj, boxes)
    boxes = kept[1]
    return boxes[min(len(boxes) - 1, max(0, math.ceil(until / SAMPLE)))]


def _roll_frame(scene: MatchScene, shown: Shown, t: float, field: camera.Box) -> camera.Frame:
    traj = shown.throw.result.trajectory
    x, y = shown.at
    box: camera.Box = (x, y, x, y)
    if len(traj):
        box = camera.union(box, path_box(traj, t + LOOKAHEAD))
    m = ROLL_MARGIN
    box = (box[0] - m, box[1] - m, box[2] + m, box[3] + m)
    return camera.fit(camera.union(field, box), clear_area(scene))


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
        bar = bar_edge(scene)
        throw = camera.throw_frame(cards, line, hud.throw_area(side, bar=bar))
        left = throw.origin()[0]
        right = left + session.width * throw.scale
        beside = [left if side != "left" else 0.0, hud.SCREEN.w - right if side != "right" else 0.0]
        if max(beside) >= match_draw.HINT_MARGIN:
            return throw  # the throw's hint goes beside the table, away from the pull
        return camera.throw_frame(cards, line, hud.throw_area(side, hint=True, bar=bar))
    shown = sphere_shown(scene)
    if shown is not None and a is not None:
        traj = shown.throw.result.trajectory
        return _roll_frame(scene, shown, a.t if a.kind == "roll" else traj.duration, field)
    shot = scene.battle_shot_now()
    if shot is not None:
        box = camera.slots_box(layout, [shot.slot], spread=1)
        assert box is not None
        return camera.fit(box, hud.battle_area(scene.side.open))
    return camera.fit(field, hud.field_area(scene.side.open))


def keep_in_sight(scene: MatchScene) -> None:
    """The thrown sphere on the table, and a miss's mark, stay in the clear area (the
    camera eases toward a frame that holds them, and is moved at once where the
    easing lags)."""
    shown = sphere_shown(scene)
    if shown is None:
        return
    area = clear_area(scene)
    radius = scene.sphere_radius()
    scene.camera.keep(shown.at, radius + CLEAR, area)
    if shown.how == "gone":
        mark = gone(scene, shown)
        if mark.edge is not None:
            scene.camera.keep(mark.edge, radius + miss_mark.REACH + CLEAR, area)
            # and the arrow leading to it, on the table
            inside = miss_mark.tail(mark, radius, scene.table_view.scale)
            scene.camera.keep(inside, CLEAR, area)


def gone(scene: MatchScene, shown: Shown) -> miss_mark.Gone:
    """Where a missed sphere went (`miss_mark`): at rest off the cards, or where it left
    the table."""
    return anims.gone_of(scene, shown.throw)
