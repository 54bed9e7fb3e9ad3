"""The hand during a pull (game.ui.pointer): captured near the window's edge, the pull
goes on with the motion; nothing stays captured - not after letting go, not when the
window loses focus, not when Esc opens the pause, not when the hot-seat curtain falls,
not when the pull's slingshot is simply dropped."""

from __future__ import annotations

import gc
import math
import random
from collections.abc import Iterator

import pygame
import pytest

from game import physics
from game.content.classic import shipped_catalog
from game.rules.classic import Throw, random_kit
from game.ui import pointer
from game.ui.app import App
from game.ui.classic.match import MatchScene
from game.ui.classic.results import PauseScene

CAT = shipped_catalog()


def _event(kind: int, pos: tuple[int, int], **more: object) -> pygame.event.Event:
    """An event as the app hands it on: a 1280 x 720 window, one logical px a pixel."""
    data: dict[str, object] = {"pos": pos, "window_pos": pos, "window_size": (1280, 720)}
    data["scale"] = 1.0
    data.update(more)
    return pygame.event.Event(kind, data)


def _motion(pos: tuple[int, int], rel: tuple[int, int]) -> pygame.event.Event:
    return _event(pygame.MOUSEMOTION, pos, rel=rel, window_rel=rel, buttons=(1, 0, 0))


@pytest.fixture()
def video() -> Iterator[None]:
    pygame.init()
    pygame.display.set_mode((1280, 720))
    yield
    pointer.free()
    pygame.quit()


def test_inside_the_window_the_pull_is_the_pointer(video: None) -> None:
    pull = pointer.Pull()
    pull.press(_event(pygame.MOUSEBUTTONDOWN, (600, 400), button=1))
    pull.move(_motion((620, 460), (20, 60)))
    assert pull.vector() == (20.0, 60.0) and not pull.capturing
    assert pull.release(_event(pygame.MOUSEBUTTONUP, (610, 470), button=1)) == (10.0, 70.0)
    assert not pull.active and not pointer.captured()


def test_near_the_edge_the_mouse_is_captured_and_the_pull_goes_on_with_the_motion(
    video: None,
) -> None:
    pull = pointer.Pull()
    pull.press(_event(pygame.MOUSEBUTTONDOWN, (600, 640), button=1))
    pull.move(_motion((600, 700), (0, 60)))  # within the margin of the bottom edge
    assert pull.capturing and pointer.captured() and pygame.mouse.get_relative_mode()
    for _ in range(10):  # the pointer held, the hand goes on down
        pull.move(_motion((600, 700), (1, 30)))
    assert pull.vector() == (10.0, 360.0)
    assert pull.at == (610.0, 1000.0)  # off the screen: drawn as a mark on its edge
    # the button comes up where the held pointer is; the pull is where the hand went
    assert pull.release(_event(pygame.MOUSEBUTTONUP, (600, 700), button=1)) == (10.0, 360.0)
    assert not pointer.captured() and not pygame.mouse.get_relative_mode()


def test_the_scale_of_the_window_is_the_scale_of_the_pull(video: None) -> None:
    """In a window 1.5 times the logical screen, 150 of its pixels are a 100 px pull."""
    pull = pointer.Pull()
    press = {"window_pos": (900, 500), "scale": 2 / 3, "window_size": (1920, 1080)}
    pull.press(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(600, 333), button=1, **press))
    up = {"window_pos": (900, 650), "scale": 2 / 3, "window_size": (1920, 1080)}
    assert pull.release(
        pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(600, 433), button=1, **up)
    ) == (
        0.0,
        pytest.approx(100.0),
    )


def test_a_dropped_pull_lets_the_mouse_go_at_the_next_frame(video: None) -> None:
    pull = pointer.Pull()
    pull.press(_event(pygame.MOUSEBUTTONDOWN, (600, 640), button=1))
    pull.move(_motion((600, 710), (0, 70)))
    assert pointer.captured()
    pointer.tick()
    assert pointer.captured()  # still pulling
    del pull
    gc.collect()
    pointer.tick()
    assert not pointer.captured() and not pygame.mouse.get_relative_mode()


def test_an_interrupted_pull_is_void(video: None) -> None:
    pull = pointer.Pull()
    pull.press(_event(pygame.MOUSEBUTTONDOWN, (600, 640), button=1))
    pull.move(_motion((600, 710), (0, 70)))
    pointer.interrupt()  # the window lost focus
    assert not pointer.captured() and pull.interrupted()


# --------------------------------------------------------------------------- in a match


def _pulling(app: App) -> MatchScene:
    """A two-person match, player 0 pulling far down past the bottom edge, captured."""
    rng = random.Random(5)
    kits = [random_kit(CAT, rng) for _ in range(2)]
    scene = MatchScene(app, kits, (True, True), 0, seed=11)
    app.reset(scene)
    session = scene.session
    while not (session.awaiting_throw() and session.actor() == 0):
        p = session.actor()
        assert p is not None
        if session.awaiting_throw():
            session.throw(p, physics.Throw(session.zone(p).centre, -math.pi / 2, 700.0))
            continue
        legal = session.legal_actions()
        throws = [a for a in legal if isinstance(a, Throw)]
        session.act(throws[0] if throws else rng.choice(legal))
    scene.anims.clear()
    scene._catch_up()
    scene.curtain_for = None
    scene.last_human = 0
    for _ in range(200):
        app.step()
        if "sphere_px" in scene.status():
            break
    sx, sy = scene.status()["sphere_px"]  # type: ignore[misc]
    press = (round(sx), round(sy))
    post = pygame.event.post
    post(pygame.event.Event(pygame.MOUSEMOTION, pos=press, rel=(0, 0), buttons=(0, 0, 0)))
    post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1))
    edge = (press[0], 710)
    post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=edge, rel=(0, edge[1] - press[1]), buttons=(1, 0, 0)
        )
    )
    for _ in range(5):
        post(pygame.event.Event(pygame.MOUSEMOTION, pos=edge, rel=(0, 20), buttons=(1, 0, 0)))
    app.step()
    assert scene.throw_input is not None and scene.throw_input.dragging
    assert pointer.captured()
    return scene


def _thrown(scene: MatchScene) -> int:
    from game.match.classic.session import ThrowDone

    return sum(isinstance(e, ThrowDone) for e in scene.session.timeline)


@pytest.fixture()
def app() -> Iterator[App]:
    a = App("en", fast=True)
    a.time_scale = 4.0
    pygame.event.clear()
    yield a
    pygame.quit()


def test_losing_focus_mid_pull_lets_go_and_throws_nothing(app: App) -> None:
    scene = _pulling(app)
    before = _thrown(scene)
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    app.step()
    assert not pointer.captured() and not pygame.mouse.get_relative_mode()
    # back in the window, the button comes up: the pull was void, nothing flies
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 710), button=1))
    app.step()
    assert _thrown(scene) == before
    assert scene.throw_input is not None and not scene.throw_input.dragging


def test_esc_mid_pull_lets_go_and_the_pull_does_not_outlive_the_pause(app: App) -> None:
    scene = _pulling(app)
    before = _thrown(scene)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.step()
    assert isinstance(app.top, PauseScene) and not pointer.captured()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(640, 710), button=1))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    app.step()
    assert app.top is scene
    for _ in range(10):
        app.step()
    assert _thrown(scene) == before and not pointer.captured()


def test_the_curtain_falling_mid_pull_lets_go(app: App) -> None:
    """A hot-seat curtain that falls while a pull is held (the slingshot is dropped with
    the turn) leaves the mouse free."""
    scene = _pulling(app)
    scene.curtain.lower(1)
    scene.throw_input = None
    gc.collect()
    app.step()
    assert not pointer.captured() and not pygame.mouse.get_relative_mode()
