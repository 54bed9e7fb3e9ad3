"""Who acts next in a match on screen, and how a throw is made: a computer thinks for a
moment, then aims at a person's pace and lets go; a person gets the curtain first in a
hot-seat match, then the slingshot or the buttons; a person's throw is checked before
it goes; the last throw is kept for drivers (`match_status`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game import physics
from game.match.classic.session import Entry, ThrowDone
from game.rules.classic import Action

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
    p = session.actor()
    if p is None:
        return
    if not scene.humans[p]:
        bot_turn(scene, p, dt)
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


def bot_turn(scene: MatchScene, p: int, dt: float) -> None:
    """A computer player's step: after `THINK_TIME` it is thought out in the worker
    thread (`game.ui.thinker`) while the screen goes on drawing, then carried out; a
    throw is aimed first (an "aim" animation)."""
    if not scene.thinker.busy:
        scene.think += dt
        if scene.think < THINK_TIME:
            return
        scene.think = 0.0
        scene.thinker.start(p, _decision(scene, p))
    done = scene.thinker.answer(wait=scene.wait_thinking)
    if done is None:
        return
    answer = done[1]
    if isinstance(answer, physics.Throw):  # aim at a person's pace, then let go
        scene.anims.append(Anim("aim", AIM_TIME, None, data={"throw": answer, "player": p}))
    else:
        scene.do(answer)


def _decision(scene: MatchScene, p: int) -> Callable[[], Action | physics.Throw]:
    """What the computer in seat `p` decides now, as work for the worker thread: what it
    reads (its observation, the legal actions, the table) is taken here, in the
    screen's thread."""
    session = scene.session
    bot = scene.bots[p]
    obs = session.observation(p)
    waiting = session.awaiting_throw()
    if waiting is not None:
        bakugan, table, zone = waiting[1], session.table(), session.zone(p)
        return lambda: bot.throw(obs, bakugan, table, zone)
    legal = session.legal_actions()
    return lambda: bot.choose(obs, legal)


def aimed(scene: MatchScene, a: Anim) -> None:
    """A computer player's aim played out: the throw goes."""
    throw = a.data["throw"]
    assert isinstance(throw, physics.Throw)
    thrower = int(str(a.data["player"]))
    thrown(scene, thrower, throw, scene.session.throw(thrower, throw, scene.recorder))


def person_throws(scene: MatchScene, throw: physics.Throw) -> None:
    """The person to act let the sphere go: thrown, or refused (too close to a piece)."""
    p = scene.session.actor()
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
