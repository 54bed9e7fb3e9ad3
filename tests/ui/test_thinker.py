"""The computers think off the screen's thread, the same way in every game (issue 26.1):
each decision a seat makes on screen runs in the one worker thread, the screen's
thread carries its answer out, and no screen changes the interpreter's settings for
the whole process (Battle Planet's used to shorten the switch interval while it
thought)."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from game.rules.attack import Phase
from game.ui.app import App
from game.ui.attack.demo import demo_match
from game.ui.attack.table import AttackTableScene
from game.ui.classic.demo import DemoScene
from game.ui.planet.demo import PlanetDemoScene
from game.ui.scene import Scene
from game.ui.thinker import Thinker


def test_an_answer_comes_from_the_worker_thread_once_it_is_done() -> None:
    gate = threading.Event()
    thinker: Thinker[str] = Thinker()
    thinker.start(3, lambda: (gate.wait(5), threading.current_thread().name)[1])
    assert thinker.busy and thinker.who == 3
    assert thinker.answer() is None  # still thinking: the frame goes on
    with pytest.raises(RuntimeError, match="seat 3 is still thinking"):
        thinker.start(1, lambda: "")
    gate.set()
    thinker.settle()  # finished, its answer kept for the next frame
    assert thinker.busy
    done = thinker.answer()
    assert done is not None and done[0] == 3
    assert done[1].startswith("computer") and done[1] != threading.current_thread().name
    assert not thinker.busy and thinker.answer() is None


def test_an_error_in_the_thinking_is_raised_in_the_screens_thread_once() -> None:
    thinker: Thinker[int] = Thinker()
    thinker.start(0, lambda: 1 // 0)
    with pytest.raises(ZeroDivisionError):
        thinker.answer(wait=True)
    assert not thinker.busy
    thinker.start(0, lambda: 1 // 0)
    thinker.forget(wait=True)  # dropped: never raised, never carried out
    assert not thinker.busy and thinker.answer() is None


def _seats(scene: Scene) -> Iterator[Any]:
    """Each computer seat of a demo scene, whatever its game calls them."""
    bots = getattr(scene, "bots", None)
    if isinstance(bots, dict):
        yield from bots.values()
    match = getattr(scene, "match", None)
    yield from getattr(match, "bots", {}).values()
    yield from (s for s in getattr(match, "seats", ()) if s is not None and not isinstance(s, str))


def _attack_at_play(app: App) -> Scene:
    """Four computers at Bakugan Attack!, the dice already rolled (they take 1,500
    frames, and a die is thrown by the tray, not thought out)."""
    match = demo_match(3)
    while match.state.phase is not Phase.PLAY:
        match.step_without_people()
    return AttackTableScene(app, match)


DEMOS: dict[str, Callable[[App], Scene]] = {
    "classic": lambda app: DemoScene(app, 3),
    "attack": _attack_at_play,
    "planet": lambda app: PlanetDemoScene(app, 3),
}


@pytest.mark.parametrize("game", DEMOS)
def test_every_computer_decision_on_screen_is_thought_out_in_the_worker_thread(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def untouched(interval: float) -> None:
        raise AssertionError(f"a screen set the switch interval to {interval}")

    monkeypatch.setattr(sys, "setswitchinterval", untouched)
    app = App("en", fast=True)
    scene = DEMOS[game](app)
    app.push(scene)
    threads: list[str] = []
    for seat in list(_seats(scene)):
        for name in ("choose", "throw"):
            method = getattr(seat, name, None)
            if method is None:
                continue

            def wrapped(*args: Any, _method: Any = method, **kw: Any) -> Any:
                threads.append(threading.current_thread().name)
                return _method(*args, **kw)

            monkeypatch.setattr(seat, name, wrapped)
    for _ in range(1500):
        app.step()
        if len(threads) >= 6:
            break
    assert len(threads) >= 6, f"{game}: the computers made {len(threads)} decisions"
    assert all(t.startswith("computer") for t in threads), threads
