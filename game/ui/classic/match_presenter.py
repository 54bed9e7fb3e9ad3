"""The match's presenter: the timeline's animations played in order, with their sounds
(a table from event to sound), the pop's particles, the roll's loudness and the shake
of a hard knock. It reads the entries the scene queued (`anims.queue`); what the rules
do next is the scene's."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from game.match.classic.session import ThrowDone
from game.rules.classic import events as ev

from .. import art
from .anims import Anim

if TYPE_CHECKING:
    from .match import MatchScene

SOUNDS: dict[type, str] = {
    ev.GateOpened: "flip",
    ev.GateSet: "flip",
    ev.AbilityPlayed: "ability",
    ev.TrapOpened: "pop",
    ev.GearOpened: "ability",
    ev.Evolved: "victory",
    ev.Missed: "miss",
    ev.GateCaptured: "capture",
    ev.GameWon: "victory",
    ev.BattleResolved: "battle_win",
}
"""The sound an event's animation starts with."""


def advance(scene: MatchScene, dt: float) -> Anim | None:
    """Play the first animation on by `dt`; the animation that just ended, if one did
    (it is taken off the queue)."""
    a = scene.anims[0]
    if a.t == 0.0:
        begin(scene, a)
    before = a.t
    a.t += dt
    if a.kind == "roll" and isinstance(a.entry, ThrowDone):
        rolling_sound(scene, a.entry, before, a.t)
    if a.t >= a.duration:
        scene.anims.pop(0)
        return a
    return None


def effects(scene: MatchScene, dt: float) -> None:
    """The particles fly and fade, the shake settles."""
    for part in scene.particles:
        part[0] += part[2] * dt
        part[1] += part[3] * dt
        part[4] -= dt
    scene.particles = [q for q in scene.particles if q[4] > 0]
    scene.shake = max(0.0, scene.shake - dt)


def begin(scene: MatchScene, a: Anim) -> None:
    """An animation starts: its sound, and the pop's particles."""
    audio = scene.app.audio
    if a.kind == "roll":
        audio.play("throw")
    elif a.kind == "pop" and isinstance(a.entry, ThrowDone):
        audio.roll(0.0)
        audio.play("pop")
        burst(scene, a.entry)
    elif a.entry is not None and type(a.entry) in SOUNDS:
        audio.play(SOUNDS[type(a.entry)])


def burst(scene: MatchScene, e: ThrowDone) -> None:
    """The sphere pops open: particles where it lies (fewer, or none, by the effects
    setting)."""
    level = scene.app.settings.effects_level
    if level == "off":
        return
    x, y = scene.table_view.px(e.result.landing.position)
    count = 26 if level == "full" else 10
    for dx, dy, speed, life in art.burst_particles(len(scene.session.timeline), count):
        scene.particles.append([x, y, dx * speed, dy * speed, life])


def rolling_sound(scene: MatchScene, e: ThrowDone, t0: float, t1: float) -> None:
    """The roll's loudness follows the speed; contacts knock, hard ones shake the view."""
    audio = scene.app.audio
    traj = e.result.trajectory
    if not len(traj) or t1 >= traj.duration:
        audio.roll(0.0)
        return
    (x0, y0, _), (x1, y1, _) = traj.at(t0), traj.at(t1)
    audio.roll(math.hypot(x1 - x0, y1 - y0) / max(t1 - t0, 1e-6))
    for contact in e.result.contacts:
        if t0 < contact.time <= t1:
            audio.hit(contact.impulse)
            effects_level = scene.app.settings.effects_level
            if contact.impulse > 500 and effects_level != "off":
                scene.shake = 0.25 if effects_level == "full" else 0.12
