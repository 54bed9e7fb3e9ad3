"""Who acts next in a match on screen, and how a throw is made: a computer thinks for a
moment, then aims at a person's pace and lets go; a person gets the curtain first in a
hot-seat match, then the slingshot or the buttons; a person's throw is checked before
it goes; the last throw is kept for drivers (`match_status`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game import physics
from game.match.classic.session import Entry, ThrowDone

from . import match_guide
from .anims import Anim
from .throwing import MAX_HAND_SPEED, ThrowInput

if TYPE_CHECKING:
    from .match import MatchScene

THINK_TIME = 0.55
"""Seconds a computer player waits before each choice."""
AIM_TIME = 0.9
"""Seconds a computer player aims before it lets go."""


def next_turn(scene: MatchScene, dt: float) -> None:
    """Nothing is playing: the match is over, or its player to act gets his turn."""
    session = scene.session
    if session.over:
        scene.on_over()
        return
    p = session.to_act()
    if p is None:
        return
    if not scene.humans[p]:
        scene.think += dt
        if scene.think >= THINK_TIME:
            scene.think = 0.0
            bot_step(scene, p)
        return
    if scene.curtain.needed(p):
        if not scene.curtain.down:
            scene.curtain.lower(p)  # the next person's turn: the curtain first
            if scene.throw_input is not None:
                scene.throw_input.cancel()  # a pull held does not outlive the turn
            scene.throw_input = None
            scene.hover_piece = None
        return
    if session.awaiting_throw() and scene.throw_input is None:
        scene.throw_input = ThrowInput(scene, p, session.zone(p))
    if scene._dirty:
        scene._build_buttons()
    match_guide.offer_hint(scene)
    if scene.hints.showing is not None:
        return
    if scene.throw_input is not None:
        scene.throw_input.update(dt)


def bot_step(scene: MatchScene, p: int) -> None:
    """A computer player's choice; a throw is aimed first (an "aim" animation)."""
    session = scene.session
    bot = scene.bots[p]
    obs = session.observation(p)
    waiting = session.awaiting_throw()
    if waiting is not None:
        # Aim first, at a person's pace, then let go.
        t = bot.throw(obs, waiting[1], session.table(), session.zone(p))
        scene.anims.append(Anim("aim", AIM_TIME, None, data={"throw": t, "player": p}))
    else:
        scene.do(bot.choose(obs, session.legal_actions()))


def aimed(scene: MatchScene, a: Anim) -> None:
    """A computer player's aim played out: the throw goes."""
    throw = a.data["throw"]
    assert isinstance(throw, physics.Throw)
    thrower = int(str(a.data["player"]))
    thrown(scene, thrower, throw, scene.session.throw(thrower, throw, scene.recorder))


def person_throws(scene: MatchScene, throw: physics.Throw) -> None:
    """The person to act let the sphere go: thrown, or refused (too close to a piece)."""
    p = scene.session.to_act()
    assert p is not None
    problem = scene.session.check_throw(p, throw)
    if problem is not None:
        assert scene.throw_input is not None
        scene.throw_input.refuse(scene.tr("throw.too_close"))
        return
    scene.throw_input = None
    scene.camera.held = False
    thrown(scene, p, throw, scene.session.throw(p, throw, scene.recorder))


def thrown(scene: MatchScene, p: int, throw: physics.Throw, entries: list[Entry]) -> None:
    """A throw was made: kept as the last throw, and its step goes to the screen."""
    done = next((e for e in entries if isinstance(e, ThrowDone)), None)
    if done is not None:
        landing = done.result.landing
        scene.last_throw = {
            "power": round(min(throw.speed / MAX_HAND_SPEED, 1.0), 4),
            "player": p,
            "landing": {
                "card": list(landing.card) if isinstance(landing.card, tuple) else None,
                "partial": landing.partial,
                "reason": landing.reason,
            },
        }
    scene._after_step(entries)
