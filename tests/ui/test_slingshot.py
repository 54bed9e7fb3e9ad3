"""A straight pull from the sphere back to the window's edge throws at full power, from
every seat, in a 1280 x 720 window, full screen and a 1024 x 600 window; the throw
challenges' slingshot too. The drags are posted in window pixels, as the window
gets them, and go through the app's mapping to the logical screen."""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from functools import partial

import pygame
import pytest

from game import physics
from game.content.classic import shipped_catalog
from game.content.levels import discover
from game.rules.classic import Settings, Throw, random_kit
from game.ui import slingshot
from game.ui.app import App
from game.ui.challenges import Aim, ChallengeScene
from game.ui.classic.match import MatchScene

CAT = shipped_catalog()
SIZES = [(1280, 720), (1024, 600), "full", (1280, 800)]
TABLES = [(2, False), (3, False), (4, False), (4, True)]


def _app(size: tuple[int, int] | str) -> App:
    if size == "full":
        app = App("en", fast=True)
        app.toggle_fullscreen()
    else:
        assert isinstance(size, tuple)
        app = App("en", fast=True, size=size)
    app.time_scale = 4.0
    pygame.event.clear()
    return app


def _edge_drag(
    app: App,
    start: tuple[float, float],
    back: tuple[float, float],
    before_release: Callable[[], None] | None = None,
) -> None:
    """Press at `start` (window pixels), move in steps along `back` to the window's last
    pixel, release there."""
    width, height = app.window.get_size()
    reach = slingshot.room(start, back, (0.0, 0.0, width - 1.0, height - 1.0))
    press = (round(start[0]), round(start[1]))
    events = [
        pygame.event.Event(pygame.MOUSEMOTION, pos=press, rel=(0, 0), buttons=(0, 0, 0)),
        pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=press, button=1),
    ]
    end = press
    for k in range(1, 11):
        end = (
            round(start[0] + back[0] * reach * k / 10),
            round(start[1] + back[1] * reach * k / 10),
        )
        events.append(
            pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0))
        )
    for e in events:
        pygame.event.post(e)
        app.step()
    if before_release is not None:
        before_release()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.step()


def _to_throw(scene: MatchScene, seat: int, rng: random.Random) -> None:
    """Play on (every seat a person) until `seat` is to throw."""
    session = scene.session
    for _ in range(400):
        if session.awaiting_throw() and session.to_act() == seat:
            return
        p = session.to_act()
        assert p is not None
        if session.awaiting_throw():
            zone = session.zone(p)
            mid = (session.width / 2, session.height / 2)
            angle = math.atan2(mid[1] - zone.centre[1], mid[0] - zone.centre[0])
            session.throw(p, physics.Throw(zone.centre, angle, 300.0))
            continue
        legal = session.legal_actions()
        throws = [a for a in legal if isinstance(a, Throw)]
        session.act(throws[0] if throws and p == seat else rng.choice(legal))
    raise AssertionError(f"seat {seat} never came to throw")


@pytest.mark.parametrize("size", SIZES)
def test_a_straight_pull_to_the_window_edge_is_full_power_from_every_seat(size) -> None:  # type: ignore[no-untyped-def]
    app = _app(size)
    seen = 0
    for players, big in TABLES:
        rules = Settings.preset(players, big)
        rng = random.Random(players * 10 + big)
        kits = [random_kit(CAT, rng, rules) for _ in range(players)]
        for seat in range(players):
            scene = MatchScene(app, kits, (True,) * players, 0, seed=seat, settings=rules)
            app.reset(scene)
            _to_throw(scene, seat, rng)
            scene.anims.clear()
            scene._catch_up()
            scene.curtain_for = None
            scene.last_human = seat
            for _ in range(200):
                app.step()
                if "sphere_px" in scene.status():  # framed for the throw, and still
                    break
            status = scene.status()
            assert "sphere_px" in status, (players, big, seat, status)
            start = status["sphere_px"]
            back = status["back_px"]
            assert isinstance(start, list) and isinstance(back, list)
            thrown_before = len(scene.session.timeline)
            _edge_drag(app, (start[0], start[1]), (back[0], back[1]))
            assert scene.last_throw is not None, (size, players, big, seat)
            power = scene.last_throw["power"]
            assert isinstance(power, float) and power >= 0.95, (size, players, big, seat, power)
            assert len(scene.session.timeline) > thrown_before  # the match went on
            seen += 1
    assert seen == sum(p for p, _ in TABLES)
    pygame.quit()


def _keep_power(powers: list[float], aim: Aim) -> None:
    powers.append(aim.power)


@pytest.mark.parametrize("size", [(1280, 720), (1024, 600), "full"])
def test_the_challenges_slingshot_reaches_full_power_the_same_way(size) -> None:  # type: ignore[no-untyped-def]
    app = _app(size)
    for entry in discover():
        if entry.level is None:
            continue
        scene = ChallengeScene(app, entry.level)
        app.reset(scene)
        app.step()
        aim = scene.aim
        start = app.to_window(scene.art.view.fpx(aim.origin()))
        back = (-math.cos(aim.angle), math.sin(aim.angle))
        powers: list[float] = []
        _edge_drag(app, (start[0], start[1]), back, partial(_keep_power, powers, aim))
        assert powers[0] >= 0.95, (size, entry.ident, powers)
        assert scene.roll is not None, entry.ident  # and it was thrown
    pygame.quit()


# --------------------------------------------------------------------------- one input


class _Hand(slingshot.Slingshot):
    """A slingshot on a sphere that stays at (640, 360), for its own behaviour."""

    def __init__(self, feel: slingshot.Feel) -> None:
        super().__init__(feel, {pygame.K_SPACE: "throw_charge", pygame.K_q: "spin_left"})
        self.hovered: list[tuple[int, int]] = []

    def sphere_px(self) -> tuple[float, float]:
        return (640.0, 360.0)

    def hover(self, pos: tuple[int, int]) -> None:
        self.hovered.append(pos)

    def key(self, action: str | None, event: pygame.event.Event) -> None:
        pass


def _pull_to(hand: _Hand, pos: tuple[int, int]) -> bool:
    hand.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(641, 362), button=1))
    hand.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    return hand.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_the_match_and_the_challenges_throw_with_one_slingshot() -> None:
    from game.ui.classic.throwing import ThrowInput

    assert issubclass(ThrowInput, slingshot.Slingshot) and issubclass(Aim, slingshot.Slingshot)
    # The challenges' hand reaches every speed the level solver proves stars with.
    from game.challenges.solver import SPEEDS, SWEEP_SPEEDS

    assert slingshot.CHALLENGE.full_speed >= max(*SPEEDS, *SWEEP_SPEEDS)
    assert slingshot.MATCH.full_speed <= physics.MAX_SPEED


@pytest.mark.parametrize("feel", [slingshot.MATCH, slingshot.CHALLENGE])
def test_a_full_pull_throws_at_the_feels_full_speed_the_other_way(feel: slingshot.Feel) -> None:
    hand = _Hand(feel)
    assert _pull_to(hand, (640 - 400, 360))  # pulled left, past full power
    assert hand.power == 1.0 and hand.speed() == feel.full_speed
    assert abs(hand.angle) < 0.01  # thrown to the right (table angle 0)
    assert not hand.dragging


@pytest.mark.parametrize("feel", [slingshot.MATCH, slingshot.CHALLENGE])
def test_letting_go_below_the_release_power_throws_nothing(feel: slingshot.Feel) -> None:
    full = slingshot.full_pull((640.0, 360.0), (0.0, 1.0), slingshot.DEFAULT_BOUNDS)
    short = round(full * feel.release * 0.5)
    hand = _Hand(feel)
    assert not _pull_to(hand, (640, 360 + short))
    assert hand.power == 0.0
    longer = math.ceil(full * feel.release * 2)
    assert _pull_to(hand, (640, 360 + longer))
    # a press away from the sphere takes no hold: the pointer only moves it
    far = _Hand(feel)
    far.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(700, 360), button=1))
    far.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 360), rel=(0, 0), buttons=(1, 0, 0)))
    assert not far.dragging and far.hovered == [(300, 360)] and far.power == 0.0


@pytest.mark.parametrize("feel", [slingshot.MATCH, slingshot.CHALLENGE])
def test_holding_the_charge_key_fills_the_power_in_the_feels_time(feel: slingshot.Feel) -> None:
    hand = _Hand(feel)
    hand.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0))
    steps = 60
    for _ in range(steps // 2):
        hand.update(feel.charge_seconds / steps)
    assert abs(hand.power - 0.5) < 1e-9
    for _ in range(steps):
        hand.update(feel.charge_seconds / steps)
    assert hand.power == 1.0
    assert hand.feed(pygame.event.Event(pygame.KEYUP, key=pygame.K_SPACE, mod=0))
    assert not hand.charging
    hand.cancel()
    assert hand.power == 0.0


def test_spin_moves_in_tenths_and_stays_exact() -> None:
    hand = _Hand(slingshot.MATCH)
    for _ in range(3):
        hand.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1))
    assert hand.spin == 0.3
    hand.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0))
    assert hand.spin == 0.4
    for _ in range(4):
        hand.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1))
    assert hand.spin == 0.0  # back where it started: no spin left over to curve the throw
    hand.feed(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=30))
    assert hand.spin == 1.0
